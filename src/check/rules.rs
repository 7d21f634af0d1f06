//! Move rules, priorities, what happens with no move, and the end of the game.

use super::expr::{value, Scope, Ty};
use super::Checker;
use crate::diagnostic::Problem;
use crate::diagnostic::Span;
use crate::ir::expr::{Env, Expr as IExpr};
use crate::ir::{
    Chain, Code, DirId, EndRule, MaskTable, MoveRule, Program, RuleId, Run, Sq, SquareSet, Verdict,
    Walk, MAX_CHAIN, MAX_CODES, MAX_PLAYERS, MAX_RULES, NO_SQUARE,
};
use crate::syntax::ast::{Clause, Item, MoveDecl, OutcomeWord, PatternWord};
use indexmap::IndexMap;

impl Checker<'_> {
    pub(super) fn rules(&mut self, setup: Option<&[Code]>) -> (Vec<MoveRule>, Vec<Vec<RuleId>>) {
        let decls = self.items(|i| match i {
            Item::Move(m) => Some(m),
            _ => None,
        });
        if decls.len() > MAX_RULES {
            self.report(
                Problem::error(
                    "too_many_rules",
                    format!(
                        "a game has at most {MAX_RULES} move rules, this one has {}",
                        decls.len()
                    ),
                )
                .label(decls[MAX_RULES].name.span, "one too many")
                .help("merge rules that differ only in their directions or pieces"),
            );
            return (Vec::new(), Vec::new());
        }
        let mut names: IndexMap<String, Span> = IndexMap::new();
        let mut rules = Vec::new();
        let mut moving_types = 0u64;
        for d in decls {
            let earlier = names.get(&d.name.name).copied();
            if self.declare("move rule", &d.name, earlier) {
                names.insert(d.name.name.clone(), d.name.span);
            }
            if let Some(rule) = self.move_rule(d) {
                self.chain_fits(&rule, d, setup);
                moving_types |= rule.piece_mask;
                rules.push(rule);
            }
        }
        // A piece type no rule moves is suspicious.
        let pieces: Vec<_> = self.pieces.values().cloned().collect();
        for (t, p) in pieces.iter().enumerate() {
            if !self.has_errors() && !names.is_empty() && moving_types & (1 << t) == 0 {
                self.report(
                    Problem::warning(
                        "piece_cannot_move",
                        format!("no move rule moves a {}", p.name.name),
                    )
                    .label(p.name.span, "this piece type never moves")
                    .help(format!(
                        "add `piece {}` to a move rule, or remove the piece type",
                        p.name.name
                    )),
                );
            }
        }
        let tiers = self
            .tiers(&names)
            .into_iter()
            .map(|t| t.into_iter().map(|r| r as RuleId).collect())
            .collect();
        (rules, tiers)
    }

    /// A chain is one move, and a move holds at most `MAX_CHAIN` steps: a chain rule must
    /// take a piece at every step, so that the pieces on the board bound its length, and
    /// that bound must fit.
    fn chain_fits(&mut self, rule: &MoveRule, d: &MoveDecl, setup: Option<&[Code]>) {
        if rule.chain.is_none() {
            return;
        }
        let Some(board) = &self.board else {
            return;
        };
        let used = board.used.iter().filter(|&&u| u).count();
        let setup = setup.unwrap_or_default();
        let players = self.players.len().min(MAX_PLAYERS);
        let types = self.pieces.len().max(1);
        // The pattern each step takes a piece of: the run's, when it is taken and at
        // least one square long and never empty; or the landing's, when it is taken and
        // never empty.
        let takes = match &rule.run {
            Some(run) if rule.takes_run && run.min >= 1 => Some(run.pattern),
            _ => None,
        }
        .filter(|p| p.masks.iter().all(|m| m & 1 == 0))
        .or(Some(rule.onto).filter(|p| rule.takes_landing && p.masks.iter().all(|m| m & 1 == 0)));
        let chain_span = d
            .clauses
            .iter()
            .find_map(|c| match c {
                Clause::Chain { span, .. } => Some(*span),
                _ => None,
            })
            .unwrap_or(d.name.span);
        let Some(pattern) = takes else {
            self.report(
                Problem::error(
                    "endless_chain",
                    format!("the chain of `{}` could go on forever", d.name.name),
                )
                .label(chain_span, "its steps need not take anything")
                .help("a chain goes on by steps that take what they pass over (`over 1 enemy … capture over`) or where they land (`onto enemy`)"),
            );
            return;
        };
        // Every step takes a piece the pattern matches, whose owner stays its owner (a
        // promotion changes only the type), and the setup puts every piece there is.
        let bound = (0..players)
            .map(|viewer| {
                let owners_matched = |owner: usize| {
                    (0..types).any(|t| {
                        let code = 1 + owner * types + t;
                        code < MAX_CODES && (pattern.masks[viewer] >> code) & 1 != 0
                    })
                };
                setup
                    .iter()
                    .filter(|&&c| c != 0 && owners_matched((c as usize - 1) / types))
                    .count()
                    .min(used.saturating_sub(1))
            })
            .max()
            .unwrap_or(0);
        if bound > MAX_CHAIN {
            self.report(
                Problem::error(
                    "chain_too_long",
                    format!(
                        "a chain of `{}` could make up to {bound} steps, but a move holds at most {MAX_CHAIN}",
                        d.name.name
                    ),
                )
                .label(chain_span, format!("up to {bound} pieces could be taken in a row"))
                .help("use fewer pieces, or a smaller board"),
            );
        }
    }

    fn tiers(&mut self, names: &IndexMap<String, Span>) -> Vec<Vec<usize>> {
        let decls = self.items(|i| match i {
            Item::Priority(p) => Some(p),
            _ => None,
        });
        let mut tiers: Vec<Vec<usize>> = Vec::new();
        let mut placed: IndexMap<usize, Span> = IndexMap::new();
        if let Some(decl) = self.single(&decls, |d| d.span, "priority") {
            for tier in &decl.tiers {
                let mut ids = Vec::new();
                for name in tier {
                    match names.get_index_of(&name.name) {
                        None => {
                            let known: Vec<&str> = names.keys().map(String::as_str).collect();
                            self.unknown("move rule", name, known);
                        }
                        Some(i) => {
                            if let Some(&first) = placed.get(&i) {
                                self.report(
                                    Problem::error(
                                        "duplicate_priority",
                                        format!("`{}` is given two priorities", name.name),
                                    )
                                    .label(name.span, "named again here")
                                    .label(first, "first named here")
                                    .help("name each move rule once in `priority`"),
                                );
                            } else {
                                placed.insert(i, name.span);
                                ids.push(i);
                            }
                        }
                    }
                }
                tiers.push(ids);
            }
        }
        // Rules the priority does not name share the lowest tier.
        let rest: Vec<usize> = (0..names.len())
            .filter(|i| !placed.contains_key(i))
            .collect();
        match tiers.last_mut() {
            Some(last) => last.extend(rest),
            None => tiers.push(rest),
        }
        tiers.retain(|t| !t.is_empty());
        tiers
    }

    fn duplicate_clause(&mut self, kind: &str, again: Span, first: Span) {
        self.report(
            Problem::error(
                "duplicate_clause",
                format!("a move rule has one `{kind}` clause"),
            )
            .label(again, "given again here")
            .label(first, "first given here")
            .help(format!("merge the two `{kind}` clauses into one")),
        );
    }

    fn move_rule(&mut self, d: &MoveDecl) -> Option<MoveRule> {
        let players = self.players.len();
        let mut piece_mask = None;
        let mut along: Option<(Vec<Vec<u8>>, Span)> = None;
        let mut run: Option<(Run, Span)> = None;
        let mut onto = None;
        let mut takes_run: Option<Span> = None;
        let mut under = false;
        let mut chain = None;
        let mut statics = Vec::new();
        let mut dynamics = Vec::new();
        let mut seen: IndexMap<&'static str, Span> = IndexMap::new();
        let mut once = |this: &mut Self, kind: &'static str, span: Span| -> bool {
            if let Some(&first) = seen.get(kind) {
                this.duplicate_clause(kind, span, first);
                return false;
            }
            seen.insert(kind, span);
            true
        };
        for clause in &d.clauses {
            match clause {
                Clause::Piece(types, span) => {
                    if !once(self, "piece", *span) {
                        continue;
                    }
                    let mut mask = 0u64;
                    for t in types {
                        match self.pieces.get_index_of(&t.name) {
                            // Beyond 64 types the game is refused (`too_many_kinds`).
                            Some(i) => mask |= 1u64.checked_shl(i as u32).unwrap_or(0),
                            None => {
                                let known: Vec<String> = self.pieces.keys().cloned().collect();
                                self.unknown("piece type", t, known.iter().map(String::as_str));
                            }
                        }
                    }
                    piece_mask = Some(mask);
                }
                Clause::Along(dirs, span) => {
                    if !once(self, "along", *span) {
                        continue;
                    }
                    let mut per_player = vec![Vec::new(); players];
                    for dir in dirs {
                        match self.dir_names.get(&dir.name).cloned() {
                            Some(r) => {
                                for (p, out) in per_player.iter_mut().enumerate() {
                                    self.resolve_direction(&r, p, out);
                                }
                            }
                            None => {
                                let known: Vec<String> = self.dir_names.keys().cloned().collect();
                                self.unknown("direction", dir, known.iter().map(String::as_str));
                            }
                        }
                    }
                    along = Some((per_player, *span));
                }
                Clause::Over(count, pattern, span) => {
                    if !once(self, "over", *span) {
                        continue;
                    }
                    let max = count.max.unwrap_or(u16::MAX as i64);
                    if count.min > max || max > u16::MAX as i64 {
                        self.report(
                            Problem::error(
                                "bad_run",
                                format!("a run of {}..{} squares cannot be", count.min, max),
                            )
                            .label(count.span, "empty or too long a range")
                            .help(
                                "write `1`, `2+` or `1..3`: at least the first, at most the second",
                            ),
                        );
                        continue;
                    }
                    let pattern = self.lower_pattern(pattern);
                    run = Some((
                        Run {
                            pattern,
                            min: count.min as u16,
                            max: max as u16,
                        },
                        *span,
                    ));
                }
                Clause::Onto(pattern, span) => {
                    if !once(self, "onto", *span) {
                        continue;
                    }
                    let takes = !matches!(pattern.word, PatternWord::Empty);
                    onto = Some((self.lower_pattern(pattern), takes));
                }
                Clause::CaptureOver { under: u, span } => {
                    if once(self, "capture", *span) {
                        takes_run = Some(*span);
                        under = *u;
                        if *u && !self.stacks {
                            self.report(
                                Problem::error(
                                    "under_without_stacks",
                                    "`capture over under` needs columns of pieces",
                                )
                                .label(*span, "nothing to put a piece under")
                                .help("declare `stacks` so that squares hold columns"),
                            );
                        }
                    }
                }
                Clause::Chain {
                    must,
                    condition,
                    span,
                } => {
                    if !once(self, "chain", *span) {
                        continue;
                    }
                    // `chain must if EXPR`: an option decides, once, whether it is a must.
                    let must = *must
                        && match condition {
                            None => true,
                            Some(c) => self.constant_bool(c).unwrap_or(false),
                        };
                    chain = Some(if must { Chain::Must } else { Chain::May });
                }
                Clause::If(cond, _) => {
                    if let Some(e) = self.lower_as(cond, Ty::Bool, Scope::MOVE) {
                        if e.reads_state() {
                            self.check_range(&e, cond.span);
                            dynamics.push(e);
                        } else {
                            statics.push((e, cond.span));
                        }
                    }
                }
            }
        }
        let mut complete = true;
        for (kind, example) in [("along", "along all"), ("onto", "onto empty")] {
            if !seen.contains_key(kind) {
                self.report(
                    Problem::error(
                        "missing_clause",
                        format!("the move rule `{}` has no `{kind}` clause", d.name.name),
                    )
                    .label(d.name.span, format!("needs `{kind}`"))
                    .help(format!("add a clause such as `{example}`")),
                );
                complete = false;
            }
        }
        if let (Some(span), None) = (takes_run, &run) {
            self.report(
                Problem::error(
                    "capture_without_run",
                    "`capture over` needs an `over` clause",
                )
                .label(span, "nothing is passed over")
                .help("add a clause such as `over 1 enemy`"),
            );
            complete = false;
        }
        let (directions, _) = along?;
        let (onto, takes_landing) = onto?;
        if !complete {
            return None;
        }
        let geometry = self.geometry(&statics);
        let walks = self.walks(&directions, geometry.as_ref())?;
        Some(MoveRule {
            name: d.name.name.clone(),
            piece_mask: piece_mask.unwrap_or(u64::MAX >> (64 - self.pieces.len().clamp(1, 64))),
            walks,
            run: run.map(|(r, _)| r),
            onto,
            takes_landing,
            takes_run: takes_run.is_some(),
            under,
            chain,
            condition: Program::all(&dynamics),
            conditions: dynamics,
        })
    }

    /// Each player's walks: a direction, its step, and, where the rule has conditions on
    /// squares, the squares each distance along it may land on.
    fn walks(
        &self,
        directions: &[Vec<DirId>],
        geometry: Option<&MaskTable>,
    ) -> Option<Vec<Vec<Walk>>> {
        let board = self.board.as_ref()?;
        let n = board.cells();
        let walks = directions
            .iter()
            .enumerate()
            .map(|(p, dirs)| {
                dirs.iter()
                    .map(|&d| {
                        let allowed = geometry.map(|g| {
                            let mut allowed: Vec<SquareSet> = Vec::new();
                            for from in board.squares() {
                                let to_ok = g.get(p * n + from as usize);
                                let mut sq = board.next(from, d);
                                let mut k = 0;
                                while sq != NO_SQUARE {
                                    if allowed.len() <= k {
                                        allowed.push(SquareSet::default());
                                    }
                                    if to_ok.contains(sq) {
                                        allowed[k].insert(sq);
                                    }
                                    k += 1;
                                    sq = board.next(sq, d);
                                }
                            }
                            allowed
                        });
                        Walk {
                            dir: d,
                            delta: board.delta[d as usize],
                            steps_from: board.steps_from.get(d as usize),
                            allowed,
                        }
                    })
                    .collect()
            })
            .collect();
        Some(walks)
    }

    /// Decides the conditions that read no state once, for every player and pair of
    /// squares: for each player and square `from`, the set of squares `to` where they hold.
    fn geometry(&mut self, statics: &[(IExpr, Span)]) -> Option<MaskTable> {
        if statics.is_empty() {
            return None;
        }
        let env = self.square_env()?;
        let n = env.cells;
        let mut table = MaskTable::new(MaskTable::words_for(n));
        // The first condition that overflows, and for which move.
        let mut overflow: Option<(Span, usize, usize)> = None;
        for p in 0..self.players.len() {
            for from in 0..n {
                let mut set = SquareSet::default();
                for to in 0..n {
                    if !env.used[from] || !env.used[to] {
                        continue;
                    }
                    let e = Env {
                        player: p as u8,
                        from: from as u16,
                        to: to as u16,
                        ..env
                    };
                    let holds = statics.iter().all(|(c, span)| {
                        let mut bad = None;
                        let v = value(c, &e, to, &mut bad);
                        if bad.is_some() && overflow.is_none() {
                            overflow = Some((*span, from, to));
                        }
                        v != 0
                    });
                    if holds {
                        set.insert(to as Sq);
                    }
                }
                table.push(&set);
            }
        }
        if let Some((span, from, to)) = overflow {
            let names = &self.board.as_ref()?.names;
            let what = format!("its value for a move from {} to {}", names[from], names[to]);
            self.overflow(span, what);
        }
        Some(table)
    }

    /// `after move require …`: conditions on the position after each move.
    pub(super) fn after_move(&mut self) -> Vec<IExpr> {
        let decls = self.items(|i| match i {
            Item::AfterMove(a) => Some(a),
            _ => None,
        });
        decls
            .into_iter()
            .filter_map(|d| {
                let e = self.lower_as(&d.condition, Ty::Bool, Scope::MOVE)?;
                self.check_range(&e, d.condition.span);
                Some(e)
            })
            .collect()
    }

    pub(super) fn end(&mut self) -> (Verdict, Vec<EndRule>) {
        let decls = self.items(|i| match i {
            Item::NoMove(n) => Some(n),
            _ => None,
        });
        let no_move = self
            .single(&decls, |d| d.span, "no-move rule")
            .map_or(Verdict::Lose, |d| verdict(d.outcome));
        let blocks = self.items(|i| match i {
            Item::End(e) => Some(e),
            _ => None,
        });
        let mut rules = Vec::new();
        if let Some(block) = self.single(&blocks, |b| b.span, "end block") {
            for r in &block.rules {
                if r.outcome == OutcomeWord::Pass {
                    self.report(
                        Problem::error(
                            "bad_outcome",
                            "an end rule says who wins; `pass` is not an outcome",
                        )
                        .label(r.outcome_span, "not an outcome")
                        .help("write `win`, `lose` or `draw` (passing belongs in `no move: pass`)"),
                    );
                    continue;
                }
                if let Some(condition) = self.lower_as(&r.condition, Ty::Bool, Scope::END) {
                    self.check_range(&condition, r.condition.span);
                    rules.push(EndRule {
                        text: r.text.clone(),
                        verdict: verdict(r.outcome),
                        program: Program::of(&condition),
                        condition,
                    });
                }
            }
        }
        (no_move, rules)
    }
}

fn verdict(w: OutcomeWord) -> Verdict {
    match w {
        OutcomeWord::Pass => Verdict::Pass,
        OutcomeWord::Lose => Verdict::Lose,
        OutcomeWord::Win => Verdict::Win,
        OutcomeWord::Draw => Verdict::Draw,
        OutcomeWord::Score => Verdict::Score,
    }
}
