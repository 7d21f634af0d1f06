//! From the syntax tree to the checked game (`Checked`). The checker resolves names, checks
//! types, arity and ranges, inlines defines, and keeps going after a mistake so that one
//! run reports every problem in a file. It checks for one choice of option values: the
//! board's size, say, is only known once the options are. It builds no table the engine
//! runs on: that is `compile`'s work, from the checked game.
//!
//! The work is split by concern: `options` (options, variants and the user's choices),
//! `names` (players, pieces, directions, zones, the board), `expr` (expressions and their
//! types), `range` (what values an expression can take), `setup`, `stacks`, `sowing`, and
//! `rules` (move rules, priorities, the end); `checked` is the result, as data.

mod checked;
mod counters;
mod dice;
mod end_words;
mod expr;
pub(crate) use expr::overflow;
mod names;
mod options;
mod paths;
pub mod range;
mod rules;
mod setup;
mod sowing;
mod stacks;

use crate::diagnostic::Span;
use crate::diagnostic::{did_you_mean, Kind, Problem};
use crate::ir;
use crate::syntax::ast::{self, GameFile, Item, Value};
use indexmap::{IndexMap, IndexSet};

pub use checked::{Checked, ReadIn, Rule, SowAction, Sowing};
pub use options::Choices;

/// Why a file could not be compiled.
#[derive(Debug)]
pub enum Failure {
    /// Problems in the file (errors, and any warnings found along the way).
    Problems(Vec<Problem>),
    /// The user's choice of options or variant does not fit the file: one message.
    Choice(String),
}

/// Checks a parsed file with the given choices: the checked game and the warnings its
/// file earned, or every problem.
pub fn check(file: &GameFile, choices: &Choices) -> Result<(Checked, Vec<Problem>), Failure> {
    let mut checker = Checker::new(file);
    checker.options(choices)?;
    let checked = checker.run();
    let problems = checker.finish();
    match checked {
        Some(checked) if !problems.iter().any(Problem::is_error) => Ok((checked, problems)),
        _ => Err(Failure::Problems(problems)),
    }
}

/// What makes two problems the same problem: their kind, where they are, and their message.
pub fn problem_key(p: &Problem) -> (Kind, Option<Span>, String) {
    (p.kind, p.labels.first().map(|l| l.span), p.message.clone())
}

/// Puts problems in source order, each once.
pub fn dedupe(problems: &mut Vec<Problem>) {
    let mut seen = IndexSet::new();
    problems.retain(|p| seen.insert(problem_key(p)));
    problems.sort_by_key(|p| (p.position(), p.severity()));
}

/// Where the file first brings in a neutral piece: a setup that puts one, or a rule that
/// places one.
fn neutral_brought_in(file: &GameFile) -> Option<Span> {
    file.items.iter().find_map(|item| match item {
        Item::Setup(setup) => setup
            .placements
            .iter()
            .find_map(|p| p.neutral.then_some(p.span)),
        Item::Move(m) => m.clauses.iter().find_map(|c| match c {
            ast::Clause::Place(_, true, span) => Some(*span),
            _ => None,
        }),
        _ => None,
    })
}

/// Whether an expression reads `attacked(…)`.
fn reads_attacked(e: &ir::Expr) -> bool {
    matches!(e, ir::Expr::Attacked(..) | ir::Expr::AttackedAny(..))
        || e.children().into_iter().any(reads_attacked)
}

/// How a direction name resolves.
#[derive(Clone, Debug)]
pub(crate) enum DirRef {
    /// An absolute direction id.
    Absolute(ir::DirId),
    /// A player-relative direction, as a rotation of the player's facing: `(forward, left)`
    /// components, e.g. forward-left is `(1, 1)`.
    Relative(i32, i32),
    /// A declared `relative` direction: the absolute direction for each player.
    PerPlayer(Vec<ir::DirId>),
    Group(Vec<DirRef>),
}

/// The state of one compilation.
pub(crate) struct Checker<'f> {
    file: &'f GameFile,
    problems: Vec<Problem>,
    /// Option values for this compilation.
    values: IndexMap<String, Value>,
    option_infos: Vec<ir::OptionInfo>,
    variant_infos: Vec<ir::VariantInfo>,
    /// Every word any option may take, so that `jumps == forced` can name `forced`.
    words: IndexSet<String>,
    /// Options some expression reads.
    options_read: IndexSet<String>,
    /// Defines, zones and directions some part of the game reads.
    names_read: IndexSet<String>,
    players: IndexMap<String, ast::PlayerItem>,
    pieces: IndexMap<String, ast::PieceItem>,
    directions: Vec<ir::Direction>,
    dir_names: IndexMap<String, DirRef>,
    zones: IndexMap<String, usize>,
    zone_tables: Vec<ir::Zone>,
    defines: IndexMap<String, &'f ast::DefineDecl>,
    /// Defines being inlined right now, to catch one that calls itself.
    inlining: Vec<String>,
    /// Uses of defines inlined so far, and whether going past a limit was reported.
    inlined: usize,
    inlining_refused: bool,
    board: Option<ir::Board>,
    rows: Vec<u8>,
    /// Each player's facing: `n`, `e`, `s` or `w` and its step on a grid.
    facings: Vec<ir::Direction>,
    /// Whether squares hold columns (`stacks`, or `piles`).
    stacks: bool,
    /// Whether the columns are piles of one kind of piece (`piles`).
    piles: bool,
    /// How many pieces the setup puts on each square (more than 1 only in a pile).
    heights: Vec<u8>,
    /// Whether taken pieces go to a hand (`taken to hand`).
    taken_to_hand: bool,
    /// Whether that is the captor's hand (`taken to captor's hand`).
    taken_to_captor: bool,
    /// Whether squares are pits holding seeds (`counters`).
    counters: bool,
    /// With counters: the seeds the setup puts on each square.
    seeds: Vec<i64>,
    /// Whether the game declares a clock (`clock resets on …`).
    has_clock: bool,
    /// Each compiled move rule's `then`, resolved once every rule is known.
    pending_then: Vec<Option<ast::Ident>>,
    /// With `stores where`: each player's store square.
    store_squares: Vec<crate::ir::Sq>,
    /// Where expressions read `attacked(…)`, for the problems of attacks (what the game
    /// reads is found by `compile` from the checked trees).
    reads_attacked: Vec<Span>,
    /// `counter NAME`: each counter, with where its name is declared.
    counter_decls: Vec<(ir::Counter, Span)>,
    /// Where the file first brings in a piece owned by nobody (`neutral stone on d4`,
    /// `place neutral stone`): such a game has one owner more than it has players.
    neutral: Option<Span>,
}

impl<'f> Checker<'f> {
    fn new(file: &'f GameFile) -> Checker<'f> {
        Checker {
            file,
            problems: Vec::new(),
            values: IndexMap::new(),
            option_infos: Vec::new(),
            variant_infos: Vec::new(),
            words: IndexSet::new(),
            options_read: IndexSet::new(),
            names_read: IndexSet::new(),
            players: IndexMap::new(),
            pieces: IndexMap::new(),
            directions: Vec::new(),
            dir_names: IndexMap::new(),
            zones: IndexMap::new(),
            zone_tables: Vec::new(),
            defines: IndexMap::new(),
            inlining: Vec::new(),
            inlined: 0,
            inlining_refused: false,
            board: None,
            rows: Vec::new(),
            facings: Vec::new(),
            stacks: false,
            piles: false,
            heights: Vec::new(),
            taken_to_hand: false,
            taken_to_captor: false,
            counters: false,
            seeds: Vec::new(),
            has_clock: file.items.iter().any(|i| matches!(i, Item::Clock(_))),
            pending_then: Vec::new(),
            store_squares: Vec::new(),
            reads_attacked: Vec::new(),
            counter_decls: Vec::new(),
            neutral: neutral_brought_in(file),
        }
    }

    /// Who can own a piece: the players, and nobody where the game has neutral pieces. A
    /// piece's cell code is `1 + owner × types + type`, the neutral owner last.
    fn owners(&self) -> usize {
        self.players.len() + usize::from(self.neutral.is_some())
    }

    fn report(&mut self, p: Problem) {
        self.problems.push(p);
    }

    fn has_errors(&self) -> bool {
        self.problems.iter().any(Problem::is_error)
    }

    /// Every declaration of one kind.
    fn items<T>(&self, pick: impl Fn(&'f Item) -> Option<&'f T>) -> Vec<&'f T> {
        self.file.items.iter().filter_map(pick).collect()
    }

    /// Reports a second declaration of something that may be declared once.
    fn single<T>(
        &mut self,
        found: &[&'f T],
        span: impl Fn(&T) -> Span,
        what: &str,
    ) -> Option<&'f T> {
        for extra in found.iter().skip(1) {
            let first = span(found[0]);
            self.report(
                Problem::new(
                    Kind::DuplicateDeclaration,
                    format!("the {what} is declared twice"),
                )
                .label(span(extra), "declared again here")
                .label(first, "first declared here")
                .help(format!("a game has one {what}; remove one of them")),
            );
        }
        found.first().copied()
    }

    /// Whether a one-word declaration (`stacks`, `counters`, …) is there, reporting a
    /// second one.
    fn flag(&mut self, pick: impl Fn(&'f Item) -> Option<&'f Span>, what: &str) -> bool {
        let found = self.items(pick);
        self.single(&found, |s| *s, what);
        !found.is_empty()
    }

    /// Reports a name declared twice in the same namespace; returns whether it is new.
    fn declare(&mut self, kind: &str, name: &ast::Ident, earlier: Option<Span>) -> bool {
        if let Some(first) = earlier {
            self.report(
                Problem::new(
                    Kind::DuplicateName,
                    format!("the {kind} `{}` is declared twice", name.name),
                )
                .label(name.span, "declared again here")
                .label(first, "first declared here")
                .help(format!("give each {kind} its own name")),
            );
            return false;
        }
        true
    }

    /// Reports an unknown name, suggesting the closest known one.
    fn unknown<'k>(
        &mut self,
        kind: &str,
        name: &ast::Ident,
        known: impl IntoIterator<Item = &'k str> + Clone,
    ) {
        let suggestion = did_you_mean(&name.name, known.clone()).or_else(|| {
            // `north` for `n`: a direction named by its compass word.
            let short = crate::diagnostic::compass_letters(&name.name)?;
            known.clone().into_iter().find(|k| *k == short)
        });
        let mut list: Vec<&str> = known.into_iter().collect();
        list.sort_unstable();
        list.dedup();
        let help = match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None if list.is_empty() => format!("no {kind} is declared"),
            None if list.len() <= 12 => format!("the known {kind}s are: {}", list.join(", ")),
            None => format!(
                "there are {} {kind}s; none is close to this name",
                list.len()
            ),
        };
        self.report(
            Problem::new(
                Kind::UnknownName,
                format!("there is no {kind} called `{}`", name.name),
            )
            .label(name.span, format!("unknown {kind}"))
            .help(help),
        );
    }

    fn run(&mut self) -> Option<Checked> {
        self.players_and_pieces();
        self.stacks = self.flag(
            |i| match i {
                Item::Stacks(s) => Some(s),
                _ => None,
            },
            "`stacks` declaration",
        );
        self.counters = self.flag(
            |i| match i {
                Item::Counters(s) => Some(s),
                _ => None,
            },
            "`counters` declaration",
        );
        self.piles_declared();
        self.taken_to_hand = self.flag(
            |i| match i {
                Item::TakenToHand(s, _) => Some(s),
                _ => None,
            },
            "`taken to hand` declaration",
        );
        self.taken_to_captor = self
            .file
            .items
            .iter()
            .any(|i| matches!(i, Item::TakenToHand(_, true)));
        self.directions();
        self.board();
        self.paths();
        self.stores();
        self.pit_names();
        self.zones_and_defines();
        self.counters_declared();
        let dice = self.dice();
        let setup = self.setup();
        let seeds = std::mem::take(&mut self.seeds);
        let sowing = self.sowing(&seeds);
        let (hands, hand_types) = self.hands_and_taken();
        let supply = self.supply(setup.as_deref(), &hands, hand_types);
        let columns = self.columns(&supply);
        let promotions = self.promotions();
        let promote_leaving = self.promote_leaving();
        let (rules, tiers) = self.rules(&supply);
        let (no_move, end_rules) = self.end();
        let reads_reachable = end_rules
            .iter()
            .any(|r| r.condition.reads(&ir::Expr::CaptureReachable));
        // Whether anything can be taken: a sowing that captures, or (to be safe) any game
        // of pieces.
        let can_capture = match &sowing {
            Some(sw) => sw
                .outcomes
                .iter()
                .any(|(_, a)| matches!(a, SowAction::Capture { .. })),
            None => !self.counters,
        };
        if reads_reachable && !can_capture {
            self.never_captures();
        }
        let clock = self.clock(&rules);
        let score = self.score();
        let bonus = self.bonus();
        let (after_move, (after_move_texts, after_move_words)): (Vec<_>, (Vec<_>, Vec<_>)) = self
            .after_move()
            .into_iter()
            .map(|(e, text, words)| (e, (text, words)))
            .unzip();
        let sayings = self.sayings();
        self.attacks(&rules);
        self.missing_parts();
        self.unused_options();
        self.unused_names();
        if self.has_errors() {
            return None;
        }
        let (players, pieces) = self.players_and_piece_types();
        Some(Checked {
            title: self.file.title.clone(),
            about: self.file.about.clone(),
            options: self.option_infos.clone(),
            variants: self.variant_infos.clone(),
            chosen: self
                .values
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            players,
            pieces,
            neutral: self.neutral.is_some(),
            board: self.board.clone()?,
            zones: std::mem::take(&mut self.zone_tables),
            rules,
            tiers,
            setup: setup?,
            setup_heights: match self.piles {
                true => std::mem::take(&mut self.heights),
                false => Vec::new(),
            },
            no_move,
            end_rules,
            after_move,
            after_move_texts,
            after_move_words,
            sayings,
            columns,
            promotions,
            promote_leaving,
            rows: std::mem::take(&mut self.rows),
            sowing,
            reads_reachable,
            can_capture,
            clock,
            score,
            bonus,
            hands,
            hand_types,
            taken_to_hand: self.taken_to_hand,
            taken_to_captor: self.taken_to_captor,
            counters: self.counter_decls.iter().map(|(c, _)| c.clone()).collect(),
            dice,
        })
    }

    /// `reachable(capture)` read in a game where nothing is ever taken.
    fn never_captures(&mut self) {
        if self.has_errors() {
            return;
        }
        let span = self.file.items.iter().find_map(|i| match i {
            Item::End(b) if b.before_turn => Some(b.span),
            _ => None,
        });
        if let Some(span) = span {
            self.report(
                Problem::new(
                    Kind::NeverCaptures,
                    "`reachable(capture)` is always false: no rule of this game captures",
                )
                .label(span, "this end rule reads it")
                .help("add a sowing outcome that captures, or drop the rule"),
            );
        }
    }

    /// The players and piece types as the engine names and draws them.
    fn players_and_piece_types(&self) -> (Vec<ir::Player>, Vec<ir::PieceType>) {
        let players = self
            .players
            .values()
            .zip(&self.facings)
            .map(|(p, facing)| ir::Player {
                name: p.name.name.clone(),
                facing: facing.clone(),
            })
            .collect();
        let pieces = self
            .pieces
            .values()
            .map(|p| ir::PieceType {
                name: p.name.name.clone(),
                letter: p
                    .letter
                    .map_or_else(|| p.name.name.chars().next().unwrap_or('?'), |(c, _)| c),
                value: p.value,
            })
            .collect();
        (players, pieces)
    }

    /// A capturing rule may not read `attacked` itself (one attack would ask for another),
    /// and a game that reads it without a rule that captures is told so.
    fn attacks(&mut self, rules: &[Rule]) {
        let Some(&first) = self.reads_attacked.first() else {
            return;
        };
        let attacking: Vec<&Rule> = rules.iter().filter(|r| r.captures_as_attack()).collect();
        for r in &attacking {
            if r.conditions.iter().any(reads_attacked) {
                let span = self.items(|i| match i {
                    Item::Move(m) if m.name.name == r.name => Some(&m.name),
                    _ => None,
                });
                self.report(
                    Problem::new(
                        Kind::AttackedInCapture,
                        format!("the capturing rule `{}` reads `attacked`", r.name),
                    )
                    .label(span.first().map_or(first, |n| n.span), "captures, and reads `attacked`")
                    .help("`attacked` reads the capturing rules; read it in a rule that does not capture, or in `after move require`"),
                );
            }
        }
        if attacking.is_empty() {
            self.report(
                Problem::new(
                    Kind::NeverAttacked,
                    "`attacked` is always false: no rule takes what it lands on or jumps",
                )
                .label(first, "read here")
                .help("give a rule `onto enemy`, or `over 1 enemy … capture over`"),
            );
        }
    }

    /// A game needs a board, players, pieces and a way to move.
    fn missing_parts(&mut self) {
        let title = self.file.title_span;
        let has = |f: fn(&Item) -> bool| self.file.items.iter().any(f);
        let mut missing = Vec::new();
        if !has(|i| matches!(i, Item::Board(_))) {
            missing.push(("board", "board 8 x 8"));
        }
        if !has(|i| matches!(i, Item::Players(_))) {
            missing.push(("players", "players White, Black"));
        }
        if self.counters {
            if !has(|i| matches!(i, Item::Sow(_))) {
                missing.push(("sow", "sow lift { from home lap right }"));
            }
        } else {
            if !has(|i| matches!(i, Item::Pieces(_))) {
                missing.push(("pieces", "pieces man"));
            }
            if !has(|i| matches!(i, Item::Move(_))) {
                missing.push(("move", "move step { along all onto empty }"));
            }
        }
        for (what, example) in missing {
            self.report(
                Problem::new(
                    Kind::MissingDeclaration,
                    format!("the game declares no `{what}`"),
                )
                .label(title, "in this game")
                .help(format!("add a declaration such as `{example}`")),
            );
        }
    }

    fn unused_options(&mut self) {
        for item in &self.file.items {
            if let Item::Option(o) = item {
                if !self.options_read.contains(&o.name.name) {
                    self.problems.push(
                        Problem::new(
                            Kind::UnusedOption,
                            format!("the option `{}` is never used", o.name.name),
                        )
                        .label(o.name.span, "declared here, read nowhere")
                        .help(
                            "use it in an expression (the board size, a condition…) or remove it",
                        ),
                    );
                }
            }
        }
    }

    /// Defines, zones and directions that nothing reads: a likely slip (a rule that names
    /// another, or a leftover). Not reported once the file has errors, where a name may be
    /// unread only because its reader failed.
    fn unused_names(&mut self) {
        if self.has_errors() {
            return;
        }
        for item in &self.file.items {
            let (code, what, name) = match item {
                Item::Define(d) => (Kind::UnusedDefine, "define", &d.name),
                Item::Zone(z) => (Kind::UnusedZone, "zone", &z.name),
                Item::Direction(d) => (Kind::UnusedDirection, "direction", &d.name),
                Item::DirectionGroup(g) => (Kind::UnusedDirection, "group of directions", &g.name),
                _ => continue,
            };
            if !self.names_read.contains(&name.name) {
                self.problems.push(
                    Problem::new(code, format!("the {what} `{}` is never used", name.name))
                        .label(name.span, "declared here, read nowhere")
                        .help("use it, or remove it if it is left over"),
                );
            }
        }
    }

    fn finish(mut self) -> Vec<Problem> {
        dedupe(&mut self.problems);
        self.problems
    }
}
