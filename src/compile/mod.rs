//! From the checked game to the tables the engine runs on. `check` has resolved every
//! name and checked every type; here nothing is looked up by name and no mistake of the
//! file is found: conditions read during play become programs (`eval`), and what can be
//! worked out before play (which look-backs matter, what an after-move condition reads,
//! who may attack with which rule, promotions by cell code) becomes tables.
//!
//! This is also the front end as a whole: `compile_source` parses, checks and compiles;
//! `validate` checks a file for every variant, as `tabula validate` does.

mod attacks;
mod fold;
mod footprint;
pub mod lookback;
mod moved;
pub mod pinned;
mod plan;
mod promotions;
pub mod reads;
mod rules;
mod settle;
mod sowing;

pub use crate::check::{Choices, Failure};

use crate::check::{self, Checked};
use crate::diagnostic::{Kind, Problem, Span};
use crate::eval::Env;
use crate::ir::{self, Board, DirId, Game, MaskTable, Sq, SquareSet, NO_SQUARE};
use crate::syntax::ast::{self, GameFile, Item};

/// A compiled game and the warnings its file earned.
#[derive(Debug)]
pub struct Compiled {
    pub game: Game,
    pub warnings: Vec<Problem>,
}

/// Parses, checks and compiles a source text with the given choices.
pub fn compile_source(source: &str, choices: &Choices) -> Result<Compiled, Failure> {
    let file = crate::syntax::parse(source).map_err(Failure::Problems)?;
    compile_file(&file, choices)
}

/// Checks and compiles a parsed file with the given choices.
pub fn compile_file(file: &GameFile, choices: &Choices) -> Result<Compiled, Failure> {
    let (checked, warnings) = check::check(file, choices)?;
    let game = compile(checked).map_err(|mut problems| {
        problems.extend(warnings.iter().cloned());
        check::dedupe(&mut problems);
        Failure::Problems(problems)
    })?;
    Ok(Compiled { game, warnings })
}

/// Every problem in a source text: its syntax error, or what `validate` finds.
pub fn validate_source(source: &str) -> Vec<Problem> {
    validate_source_with(source, VARIANTS_CHECKED)
}

/// `validate_source`, checking at most `variants` variants.
pub fn validate_source_with(source: &str, variants: usize) -> Vec<Problem> {
    match crate::syntax::parse(source) {
        Err(ps) => ps,
        Ok(file) => validate_with(&file, variants),
    }
}

/// How many variants `validate` checks unless told otherwise: each is a whole check of the
/// file, so that a file of thousands of variants would take minutes.
pub const VARIANTS_CHECKED: usize = 256;

/// Checks a file as `validate` does: with the default options, and again with each
/// variant (up to `VARIANTS_CHECKED`), so that a variant that breaks the file is caught
/// too. Returns every problem once, in source order.
pub fn validate(file: &GameFile) -> Vec<Problem> {
    validate_with(file, VARIANTS_CHECKED)
}

/// `validate`, checking at most `variants` variants; a warning names the first variant left
/// unchecked.
pub fn validate_with(file: &GameFile, variants: usize) -> Vec<Problem> {
    let declared: Vec<&ast::VariantDecl> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Variant(v) => Some(v),
            _ => None,
        })
        .collect();
    let runs = std::iter::once(Choices::default()).chain(declared.iter().take(variants).map(|v| {
        Choices {
            variant: Some(v.name.name.clone()),
            options: Vec::new(),
        }
    }));
    // Each problem once as it is found: a problem of the file is found again with every
    // variant, and thousands of copies would not fit in memory.
    let mut seen = indexmap::IndexSet::new();
    let mut all = Vec::new();
    for choices in runs {
        let found = match compile_file(file, &choices) {
            Ok(compiled) => compiled.warnings,
            Err(Failure::Problems(ps)) => ps,
            // A variant that the file itself declares wrongly was reported as a problem in
            // the default run already.
            Err(Failure::Choice(_)) => Vec::new(),
        };
        for p in found {
            if seen.insert(check::problem_key(&p)) {
                all.push(p);
            }
        }
    }
    if let Some(first) = declared.get(variants) {
        all.push(
            Problem::new(
                Kind::VariantsUnchecked,
                format!(
                    "{} of the {} variants were not checked",
                    declared.len() - variants,
                    declared.len()
                ),
            )
            .label(first.name.span, "the first variant not checked")
            .help(format!(
                "validate checks the defaults and the first {variants} variants; check them all with `tabula validate --variants {}`",
                declared.len()
            )),
        );
    }
    check::dedupe(&mut all);
    all
}

/// What the tables of one game are built from, and the problems found building them (a
/// condition on squares that overflows on some square).
struct Tables<'c> {
    board: &'c ir::Board,
    zones: &'c [ir::Zone],
    rows: &'c [u8],
    players: usize,
    problems: Vec<Problem>,
}

impl Tables<'_> {
    /// The environment in which conditions on squares are read: the board and the zones,
    /// no position.
    fn square_env(&self) -> Env<'_> {
        Env {
            width: self.board.width,
            cells: self.board.cells(),
            rows: self.rows,
            used: &self.board.used,
            zones: self.zones,
            board: Some(self.board),
            ..Env::constant()
        }
    }

    fn overflow(&mut self, span: Span, what: String) {
        self.problems.push(check::overflow(span, what));
    }

    /// An expression read on the squares of the board that overflows on one of them.
    fn overflow_on(&mut self, span: Span, sq: usize) {
        let what = format!("its value on {}", self.board.names[sq]);
        self.overflow(span, what);
    }
}

/// The tables of a checked game; the problems found building them, if any.
pub fn compile(mut c: Checked) -> Result<Game, Vec<Problem>> {
    let players = c.players.len();
    let owners = players + usize::from(c.neutral);
    let types = c.pieces.len();
    let neutral_types = neutral_types(&c, players, types);
    let reads = reads::reads(&c);
    let mut tables = Tables {
        board: &c.board,
        zones: &c.zones,
        rows: &c.rows,
        players,
        problems: Vec::new(),
    };
    let rules: Vec<ir::MoveRule> = std::mem::take(&mut c.rules)
        .into_iter()
        .map(|r| tables.move_rule(r))
        .collect();
    let sowing = c.sowing.take().and_then(|s| tables.sowing(s));
    if !tables.problems.is_empty() {
        return Err(tables.problems);
    }
    let (promotions, promotion_choices) =
        promotions::promotions_by_code(&c.promotions, players, types);
    let moved_types = if reads.moved_elsewhere {
        u64::MAX
    } else {
        rules
            .iter()
            .fold(0, |acc, r| acc | moved::moved_types(r, types))
    };
    // When the look-back matters: read from every condition that reads it.
    let look_kept = if reads.previous_elsewhere {
        None
    } else {
        let mut read: Vec<ir::Expr> = c.after_move.clone();
        // A rule's conditions (its `if`s) hold together: one `and` chain, so that a guard
        // in one `if` guards what another reads.
        read.extend(rules.iter().filter_map(|r| {
            r.conditions
                .iter()
                .cloned()
                .reduce(|a, b| ir::Expr::Binary(ir::BinOp::And, Box::new(a), Box::new(b)))
        }));
        lookback::look_kept(&read)
    };
    let look_rules = lookback::kept_rules(look_kept.as_ref(), rules.len());
    let attacks = if reads.attacked {
        attacks::attack_rules(&rules, players, types)
    } else {
        Vec::new()
    };
    let after = after_move(&c.after_move, &c.zones, players, reads.previous);
    let piles = c.columns.as_ref().is_some_and(|c| c.piles);
    // As for the footprint, a pile's square keeps pieces when one leaves.
    let after_attacks = after_attacks(&c.after_move, &rules, &attacks).filter(|_| !piles);
    let attack_lines = after_attacks.as_ref().map(|after| ir::AttackLines {
        one_step_lands: one_step_lands(after, &promotions, players, owners, types),
        ..attack_lines(&c.board, &rules, &attacks, players)
    });
    let die_moves_at_once = c.after_move.is_empty()
        && promotion_choices.is_empty()
        && rules
            .iter()
            .all(|r| r.by_die && r.require.is_none() && r.then.is_none() && !r.second_part);
    let again = rules.iter().any(|r| r.again.is_some());
    let die_walks = c.dice.as_ref().map_or_else(Default::default, |d| {
        ir::dice::DieWalks::new(&c.board, d.most_played())
    });
    let most_seeds = sowing
        .as_ref()
        .map_or(0, |sw| sw.start.iter().map(|&n| u64::from(n)).sum());
    let mut game = Game {
        title: c.title,
        about: c.about,
        options: c.options,
        variants: c.variants,
        chosen: c.chosen,
        owner: std::array::from_fn(|code| match code {
            code if code == 0 || code > owners * types => u8::MAX,
            code => ((code - 1) / types) as u8,
        }),
        kind: std::array::from_fn(|code| match code {
            code if code == 0 || code > owners * types => 0,
            code => ((code - 1) % types) as u8,
        }),
        players: c.players,
        owners,
        neutral_types,
        pieces: c.pieces,
        board: c.board,
        zones: c.zones,
        rules,
        tiers: c.tiers,
        tier_plans: Vec::new(),
        setup: c.setup,
        setup_heights: c.setup_heights,
        no_move: c.no_move.map(ir::Program::of),
        end_rules: c
            .end_rules
            .into_iter()
            .map(|r| r.compiled(ir::Program::of, end_shape))
            .collect(),
        reads_previous: reads.previous,
        look_kept,
        look_rules,
        after_fresh: after.fresh,
        after_program: after.program,
        after_pinned: after.pinned,
        after_move: c.after_move,
        after_move_texts: c.after_move_texts,
        after_move_words: c.after_move_words,
        sayings: c
            .sayings
            .iter()
            .map(|(w, e)| (w.clone(), ir::Program::of(e)))
            .collect(),
        // A pile's square keeps pieces when one leaves: what a step writes is not known
        // from its plan.
        after_footprint: after.footprint.filter(|_| !piles),
        after_clear: after.clear,
        after_attacks,
        attack_lines,
        slots_used: match (&c.columns, &sowing) {
            (Some(cols), _) => cols.slot.iter().filter(|&&slot| slot != u8::MAX).count(),
            (None, Some(sw)) => sw.pits.len(),
            (None, None) => 0,
        },
        columns: c.columns,
        promotions,
        promotion_choices,
        promotes_leaving: (0..players)
            .flat_map(|p| (0..types).map(move |t| (p, t)))
            .filter(|&(_, t)| (c.promote_leaving >> t) & 1 != 0)
            .fold(0, |mask, (p, t)| mask | (1 << (1 + p * types + t))),
        attacks,
        reads_moved: reads.moved,
        moved_types,
        rows: c.rows,
        sowing,
        reads_reachable: c.reads_reachable,
        can_capture: c.can_capture,
        reads_repetition: reads.repetition,
        reads_seen: reads.seen,
        reads_repeated: reads.repeated,
        seen_back: reads.seen_back,
        reads_passes: reads.passes,
        clock: c.clock,
        score: c.score.as_ref().map(ir::Program::of),
        bonus: c.bonus.clone(),
        hands: c.hands,
        hand_types: c.hand_types,
        taken_to_hand: c.taken_to_hand,
        taken_to_captor: c.taken_to_captor,
        piles,
        again,
        die_moves_at_once,
        counters: c.counters,
        die_walks,
        dice: c.dice,
        estimated_values: Default::default(),
        step_counts: Default::default(),
        most_seeds,
        choice_landings: ir::SquareSet::default(),
        rules_choose: Vec::new(),
        choice_origins: Vec::new(),
        codes_written: Vec::new(),
        end_reads_position: false,
        end_watch: None,
    };
    if let Some(clock) = &mut game.clock {
        clock.resets = (game.rules.iter().enumerate())
            .map(|(i, r)| (clock.rules.iter()).any(|&c| c.index() == i || r.then == Some(c)))
            .collect();
    }
    // What each rule's walk reads as whole owners' pieces, for each player, and which
    // chains can be followed on those sets alone.
    let (types, owners) = (game.pieces.len(), game.owners);
    for rule in &mut game.rules {
        let reads: Vec<_> = (0..game.players.len())
            .map(|p| owner_reads(rule, p as u8, types, owners))
            .collect();
        // The players (a bit each) whose reads are whole owners' and pass `keep`.
        let players = |keep: &dyn Fn(&ir::OwnerReads) -> bool| {
            reads
                .iter()
                .enumerate()
                .filter(|(_, reads)| reads.as_ref().is_some_and(keep))
                .fold(0u8, |bits, (p, _)| bits | 1 << p)
        };
        rule.by_owner = players(&|_| true);
        // A chain that takes commanders from their columns reads the column under each
        // square it passes over as the chain began: its run must pass over no empty
        // square, where an earlier step of the chain may have stood. (The checker refuses
        // such a chain unless it is `taking`, which is not light.)
        let under = game.columns.is_some() && rule.takes_commanders();
        rule.light_chain = match light_chain(game.columns.as_ref(), rule) {
            true => players(&|r| !under || r.run.is_some_and(|run| !run.empty)),
            false => 0,
        };
        rule.owner_reads = reads.into_iter().map(Option::unwrap_or_default).collect();
    }
    game.choice_landings = choice_landings(&game);
    game.rules_choose = rules_choose(&game);
    game.choice_origins = choice_origins(&game);
    game.codes_written = (0..game.players.len())
        .map(|p| {
            game.rules
                .iter()
                .fold(0u64, |acc, r| acc | game.codes_written_by(r, p))
        })
        .collect();
    settle::settle_counts(&mut game);
    settle::settle_end_shapes(&mut game);
    settle::share_gates(&mut game);
    settle::pair_twins(&mut game);
    settle::tabulate(&mut game);
    settle::keep_tall(&mut game);
    game.end_reads_position = game
        .end_rules
        .iter()
        .any(|r| matches!(r.shape, ir::EndShape::General));
    game.end_watch = settle::watch_end(&game);
    // Last: it reads the rules as everything before has left them.
    game.tier_plans = plan::tier_plans(&game);
    Ok(game)
}

/// How an end rule's program is read (`EndRule::shape`).
fn end_shape(program: &ir::Program) -> ir::EndShape {
    use ir::program::{CountTest, Counted};
    match (program.counts.as_slice(), program.scalar_test()) {
        (
            [CountTest {
                counted: Counted::Pieces(own),
                op,
                k,
                ..
            }],
            _,
        ) => ir::EndShape::Pieces(*own, *op, *k),
        ([], Some((scalar, op, n))) => ir::EndShape::Scalar(scalar, op, n),
        ([], None) => ir::EndShape::General,
        _ => ir::EndShape::Counts,
    }
}

/// The promotion zone of the piece `code`, where its player chooses what it becomes.
fn choice_zone(game: &ir::Game, code: usize) -> Option<usize> {
    match (game.promotion_choices.get(code), game.promotions.get(code)) {
        (Some(choices), Some(&Some((zone, _)))) if !choices.is_empty() => Some(zone),
        _ => None,
    }
}

/// `Game::choice_landings`: every square where a piece whose player chooses what it
/// becomes is promoted by landing there; every square where one is promoted by leaving.
fn choice_landings(game: &ir::Game) -> ir::SquareSet {
    let mut set = ir::SquareSet::default();
    let cells = game.board.cells();
    for code in 0..game.promotion_choices.len() {
        let Some(zone) = choice_zone(game, code) else {
            continue;
        };
        let leaving = (game.promotes_leaving >> code) & 1 != 0;
        for sq in 0..cells as ir::Sq {
            if leaving || game.in_zone(zone, game.owner[code], sq) {
                set.insert(sq);
            }
        }
    }
    set
}

/// `Game::rules_choose`: for each rule, whether one of the types it moves, of any owner,
/// is promoted by its player's choice.
fn rules_choose(game: &ir::Game) -> Vec<bool> {
    let types = game.pieces.len();
    game.rules
        .iter()
        .map(|rule| {
            (0..game.owners).any(|owner| {
                (0..types).any(|t| {
                    (rule.piece_mask >> t) & 1 != 0
                        && choice_zone(game, game.code(owner, t) as usize).is_some()
                })
            })
        })
        .collect()
}

/// `Game::choice_origins`: for each player, the squares from which a choosing rule's walk
/// ends on a square of `choice_landings`, where its conditions on squares allow it; none
/// (no player's) where a choosing rule's move is more than one walk of a piece of the
/// player's own, or a piece promotes on leaving.
fn choice_origins(game: &ir::Game) -> Vec<ir::SquareSet> {
    let cells = game.board.cells();
    let choosing: Vec<&ir::MoveRule> = game
        .rules
        .iter()
        .zip(&game.rules_choose)
        .filter_map(|(rule, &chooses)| chooses.then_some(rule))
        .collect();
    let leaving = (0..game.promotion_choices.len())
        .any(|code| choice_zone(game, code).is_some() && (game.promotes_leaving >> code) & 1 != 0);
    // Its effects (a capture in passing) and carried pieces leave the move's own squares
    // as they are.
    let along_a_line = |r: &ir::MoveRule| {
        r.place.is_none()
            && !r.removes
            && r.rotate.is_none()
            && r.then.is_none()
            && r.chain.is_none()
            && r.parts.is_none()
            && !r.second_part
            && !r.anywhere
            && !r.neutral
    };
    if leaving || choosing.is_empty() || !choosing.iter().all(|r| along_a_line(r)) {
        return Vec::new();
    }
    (0..game.players.len())
        .map(|p| {
            let mut origins = ir::SquareSet::default();
            for rule in &choosing {
                // A step lands one square on; a run passes up to `max` squares first.
                let farthest = rule.run.map_or(1, |run| run.max as usize + 1).min(cells);
                for walk in &rule.walks[p] {
                    for to in 0..cells as ir::Sq {
                        if !game.choice_landings.contains(to) {
                            continue;
                        }
                        let mut at = to;
                        for k in 0..farthest {
                            at = game.board.back(at, walk.dir, 1);
                            if at == NO_SQUARE {
                                break;
                            }
                            // Not where the rule's conditions on squares forbid landing
                            // there from so far (`if row(from) == 1` of a double step).
                            let allowed = walk
                                .allowed
                                .as_ref()
                                .is_none_or(|a| a.get(k).is_none_or(|a| a.contains(to)));
                            if allowed {
                                origins.insert(at);
                            }
                        }
                    }
                }
            }
            origins
        })
        .collect()
}

/// The types a neutral piece can be at the start or by a rule (see `Game::neutral_types`).
fn neutral_types(c: &Checked, players: usize, types: usize) -> u64 {
    let in_setup = c
        .setup
        .iter()
        .filter(|&&code| code as usize > players * types)
        .fold(0u64, |mask, &code| {
            mask | 1 << ((code as usize - 1) % types)
        });
    c.rules
        .iter()
        .filter(|r| r.neutral)
        .fold(in_setup, |mask, r| match r.place {
            Some(t) => mask | 1 << t,
            None => mask | r.piece_mask,
        })
}

/// `Game::attack_lines`: for each direction and square, the squares walking back from it
/// reaches (a walk that comes round to a square it has passed stops there), and whether
/// each direction's walks climb or fall in square number.
fn attack_lines(
    board: &Board,
    rules: &[ir::MoveRule],
    attacks: &ir::AttackRules,
    players: usize,
) -> ir::AttackLines {
    let cells = board.cells();
    let mut squares = MaskTable::new(MaskTable::words_for(cells));
    let mut rising = Vec::new();
    for d in 0..board.directions.len() {
        let dir = DirId(d as u8);
        // Every step back seen so far climbs (bit 0) or falls (bit 1).
        let mut seen = 0u8;
        for sq in 0..cells {
            let mut line = SquareSet::default();
            let mut from = sq as Sq;
            let mut at = board.back(from, dir, 1);
            while at != NO_SQUARE && !line.contains(at) {
                line.insert(at);
                seen |= if at > from { 1 } else { 2 };
                from = at;
                at = board.back(at, dir, 1);
            }
            if at != NO_SQUARE {
                // The walk came round: it would stop on a square already passed.
                seen = 3;
            }
            squares.push(&line);
        }
        rising.push(match seen {
            1 => Some(true),
            2 => Some(false),
            _ => None,
        });
    }
    let mut steps = Vec::new();
    // The table of a rule's steps, built once for all players.
    let mut step_table = vec![None; rules.len()];
    let mut open_lines = Vec::new();
    let mut plans = vec![Vec::new(); players];
    for (p, player_attacks) in attacks.iter().enumerate().take(players) {
        for &(r, codes) in player_attacks {
            let rule = &rules[r.index()];
            let walks = rule.walks.get(p).map_or(&[][..], Vec::as_slice);
            // Taking where it lands, with no condition on the move or its squares.
            let unconditional = rule.takes_landing
                && rule.parts.is_none()
                && rule.condition.is_none()
                && walks.iter().all(|w| w.allowed.is_none());
            let one_step = unconditional && rule.run.is_none();
            let open = unconditional
                && rule.run.is_some_and(|run| {
                    run.min == 0 && run.max as usize >= cells && run.pattern.masks[p] == 1
                })
                && walks.iter().all(|w| rising[w.dir.index()].is_some());
            let how = if let (true, Some(table)) = (one_step, step_table[r.index()]) {
                ir::AttackHow::Step(table)
            } else if one_step {
                let mut table = MaskTable::new(MaskTable::words_for(cells));
                for player in 0..players {
                    for sq in 0..cells {
                        let mut from = SquareSet::default();
                        for walk in rule.walks.get(player).into_iter().flatten() {
                            let at = board.back(sq as Sq, walk.dir, 1);
                            if at != NO_SQUARE {
                                from.insert(at);
                            }
                        }
                        table.push(&from);
                    }
                }
                steps.push(table);
                step_table[r.index()] = Some(steps.len() as u16 - 1);
                ir::AttackHow::Step(steps.len() as u16 - 1)
            } else if open {
                let first = open_lines.len() as u16;
                for walk in walks {
                    let d = walk.dir.index();
                    open_lines.push(((d * cells) as u32, rising[d] == Some(true)));
                }
                // The lines together, for the attacker alone (the other players' rows
                // are empty): where none of them holds an attacker, none is read.
                let mut reach = MaskTable::new(MaskTable::words_for(cells));
                for player in 0..players {
                    for sq in 0..cells {
                        let lines = walks.iter().filter(|_| player == p);
                        let all = lines.fold(SquareSet::default(), |all, walk| {
                            all | squares.get(walk.dir.index() * cells + sq)
                        });
                        reach.push(&all);
                    }
                }
                steps.push(reach);
                ir::AttackHow::Open {
                    first,
                    count: walks.len() as u16,
                    reach: steps.len() as u16 - 1,
                }
            } else {
                ir::AttackHow::Walk
            };
            plans[p].push(ir::AttackPlan {
                rule: r,
                codes,
                takes: rule.attack_takes(p),
                how,
            });
        }
    }
    // A victim is read by the tables where no other player's rule that could take it is
    // walked.
    let by_tables = (0..players)
        .map(|p| {
            let walked = plans
                .iter()
                .enumerate()
                .filter(|&(attacker, _)| attacker != p)
                .flat_map(|(_, plans)| plans)
                .filter(|plan: &&ir::AttackPlan| plan.how == ir::AttackHow::Walk)
                .fold(0u64, |codes, plan| codes | plan.takes);
            !walked
        })
        .collect();
    ir::AttackLines {
        squares,
        rising,
        steps,
        open_lines,
        by_tables,
        plans,
        one_step_lands: Vec::new(),
    }
}

/// `AttackLines::one_step_lands`, from the `after move require` attacks (`Game::
/// after_attacks`) and the promotions by cell code.
fn one_step_lands(
    attacks: &[(ir::Pattern, ir::AttackBy)],
    promotions: &[Option<(usize, ir::Code)>],
    players: usize,
    owners: usize,
    types: usize,
) -> Vec<Option<u64>> {
    use crate::eval::attack::attacker_codes;
    let neutral = match owners > players {
        true => attacker_codes(types, players, u64::MAX),
        false => 0,
    };
    (0..players)
        .map(|p| {
            let patterns = attacks
                .iter()
                .fold(0u64, |m, (pattern, _)| m | pattern.masks[p]);
            let matches = |code: ir::Code| (patterns >> code) & 1 != 0;
            let promotes_into = promotions.iter().enumerate().any(|(code, promotion)| {
                promotion.is_some_and(|(_, into)| matches(into) != matches(code as ir::Code))
            });
            let by_sets = attacks.iter().all(|(_, by)| *by == ir::AttackBy::Enemy)
                && !matches(0)
                && !promotes_into;
            by_sets.then(|| attacker_codes(types, p, u64::MAX) | neutral)
        })
        .collect()
}

/// `Game::after_attacks`: the patterns of conditions that are all `not attacked(PATTERN)`,
/// where every capturing rule reads no condition of its own.
fn after_attacks(
    conditions: &[ir::Expr],
    rules: &[ir::MoveRule],
    attacks: &ir::AttackRules,
) -> Option<Vec<(ir::Pattern, ir::AttackBy)>> {
    let plain = attacks
        .iter()
        .flatten()
        .all(|(r, _)| rules[r.index()].condition.is_none());
    if conditions.is_empty() || !plain {
        return None;
    }
    conditions
        .iter()
        .map(|e| match e {
            ir::Expr::Unary(ir::UnOp::Not, inner) => match &**inner {
                ir::Expr::AttackedAny(p, by) => Some((*p, *by)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The tables of `after move require`.
struct AfterMove {
    program: Option<ir::Program>,
    fresh: Option<Option<ir::Program>>,
    pinned: Option<ir::LookField>,
    footprint: Option<Vec<ir::expr::Watched>>,
    clear: Vec<Option<bool>>,
}

fn after_move(
    conditions: &[ir::Expr],
    zones: &[ir::Zone],
    players: usize,
    reads_previous: bool,
) -> AfterMove {
    // The squares the conditions read, when that is all they read.
    let footprint = conditions.iter().try_fold(
        vec![Vec::new(); players],
        |mut acc: Vec<ir::expr::Watched>, e| {
            let f = e.footprint(zones, players)?;
            for (a, b) in acc.iter_mut().zip(f) {
                a.extend(b);
            }
            Some(acc)
        },
    );
    // As they read with no move before: folded, and left out where they always hold.
    let fresh = if reads_previous {
        conditions
            .iter()
            .map(|e| e.with_previous(&ir::LookBack::NONE))
            .collect::<Option<Vec<_>>>()
            .map(|folded| {
                let left: Vec<_> = folded
                    .into_iter()
                    .filter(|e| !matches!(e, ir::Expr::Int(n) if *n != 0))
                    .collect();
                ir::Program::all(&left)
            })
    } else {
        None
    };
    AfterMove {
        program: ir::Program::all(conditions),
        fresh,
        // Every condition must need the same square for the rule to fail only there.
        pinned: conditions
            .first()
            .and_then(|e| e.fails_only_from())
            .filter(|f| conditions.iter().all(|e| e.fails_only_from() == Some(*f))),
        footprint,
        clear: (0..players as u8)
            .map(|reader| {
                let clear = conditions
                    .iter()
                    .map(|e| e.when_clear(reader))
                    .collect::<Option<Vec<_>>>()?;
                Some(ir::Program::all(&clear).is_none_or(|p| p.holds(&Env::<u64>::constant())))
            })
            .collect(),
    }
}

/// Whether the rule's chains, where its patterns take whole owners' pieces
/// (`MoveRule::by_owner`), can be followed on the occupied sets alone, as far as the game's
/// tables tell (`MoveRule::light_chain`): no piles (whose steps leave the rest of a pile
/// behind), no condition that reads the position, no `turning` or `taking`, and no
/// effects (which happen after each step). Columns are followed whole, and those that a
/// step takes the commander of are read as the chain began (`engine::chain::LightChain`).
fn light_chain(columns: Option<&ir::Columns>, rule: &crate::ir::MoveRule) -> bool {
    columns.is_none_or(|c| !c.piles)
        && !rule.turning
        && !rule.taking
        && rule.effects.is_empty()
        && rule.condition.is_none()
}

/// What `player`'s walks of `rule` read as whole owners' pieces (`MoveRule::owner_reads`):
/// its landing pattern and its run's, where both take all of an owner's piece types or
/// none (of `types` types and `owners` owners); `None` elsewhere.
fn owner_reads(
    rule: &crate::ir::MoveRule,
    player: u8,
    types: usize,
    owners: usize,
) -> Option<crate::ir::OwnerReads> {
    let whole = |p: &crate::ir::Pattern| p.of_owners(player, types, owners);
    Some(crate::ir::OwnerReads {
        onto: whole(&rule.onto)?,
        run: match &rule.run {
            Some(run) => Some(whole(&run.pattern)?),
            None => None,
        },
    })
}
