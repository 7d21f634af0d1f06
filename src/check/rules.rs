//! Move rules, priorities, what happens with no move, and the end of the game.

use super::expr::{Scope, Ty};
use super::Checker;
use crate::diagnostic::Problem;
use crate::ir::expr::{eval, Env, Expr as IExpr};
use crate::ir::{Chain, EndRule, MoveRule, Run, Verdict};
use crate::syntax::ast::{Clause, Item, MoveDecl, OutcomeWord, PatternWord};
use crate::syntax::span::Span;
use indexmap::IndexMap;

impl Checker<'_> {
    pub(super) fn rules(&mut self) -> (Vec<MoveRule>, Vec<Vec<usize>>) {
        let decls = self.items(|i| match i {
            Item::Move(m) => Some(m),
            _ => None,
        });
        let mut names: IndexMap<String, Span> = IndexMap::new();
        let mut rules = Vec::new();
        let mut moving_types = 0u64;
        for d in decls {
            let earlier = names.get(&d.name.name).copied();
            if self.declare("move rule", &d.name, earlier) {
                names.insert(d.name.name.clone(), d.name.span);
            }
            if let Some(rule) = self.move_rule(d) {
                moving_types |= rule.piece_mask;
                rules.push(rule);
            }
        }
        // A piece type no rule moves is suspicious.
        let pieces: Vec<_> = self.pieces.values().cloned().collect();
        for (t, p) in pieces.iter().enumerate() {
            if !names.is_empty() && moving_types & (1 << t) == 0 && !self.has_errors() {
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
        let tiers = self.tiers(&names);
        (rules, tiers)
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
                            Some(i) => mask |= 1 << i,
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
                            Some(c) => self
                                .lower_constant_bool(c)
                                .is_some_and(|e| eval(&e, &Env::constant()) != 0),
                        };
                    chain = Some(if must { Chain::Must } else { Chain::May });
                }
                Clause::If(cond, _) => {
                    if let Some(e) = self.lower_as(cond, Ty::Bool, Scope::MOVE) {
                        if e.reads_state() {
                            dynamics.push(e);
                        } else {
                            statics.push(e);
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
        let (steps, step_start) = self.first_steps(
            &directions,
            run.as_ref().map(|(r, _)| r),
            geometry.as_deref(),
        );
        Some(MoveRule {
            name: d.name.name.clone(),
            piece_mask: piece_mask.unwrap_or(u64::MAX >> (64 - self.pieces.len().clamp(1, 64))),
            directions,
            run: run.map(|(r, _)| r),
            onto,
            takes_landing,
            takes_run: takes_run.is_some(),
            under,
            chain,
            geometry,
            conditions: dynamics,
            steps,
            step_start,
        })
    }

    /// For each player and square, the directions along which the geometry lets some
    /// landing pass: the adjacent square for a rule without a run, any square of the ray
    /// for one with a run.
    fn first_steps(
        &self,
        directions: &[Vec<u8>],
        run: Option<&Run>,
        geometry: Option<&[bool]>,
    ) -> (Vec<(u8, u16)>, Vec<u32>) {
        let Some(board) = &self.board else {
            return (Vec::new(), vec![0]);
        };
        let n = board.cells();
        let mut lists = Vec::new();
        let mut starts = vec![0u32];
        for (p, dirs) in directions.iter().enumerate() {
            for from in 0..n {
                for &d in dirs {
                    let passes =
                        |to: u16| geometry.is_none_or(|g| g[(p * n + from) * n + to as usize]);
                    // A landing comes after at least `min` squares of the run, and no
                    // further than `max`.
                    let (min, max) = run.map_or((0, 0), |r| (r.min as usize, r.max as usize));
                    let first = board.next(from as u16, d);
                    let mut sq = first;
                    let mut worth = false;
                    let mut passed = 0usize;
                    while sq != crate::ir::NO_SQUARE && passed <= max {
                        if passed >= min && passes(sq) {
                            worth = true;
                            break;
                        }
                        passed += 1;
                        sq = board.next(sq, d);
                    }
                    if worth && board.used[from] {
                        lists.push((d, first));
                    }
                }
                starts.push(lists.len() as u32);
            }
        }
        (lists, starts)
    }

    /// Decides the conditions that read no state once, for every player and pair of squares.
    fn geometry(&self, statics: &[IExpr]) -> Option<Vec<bool>> {
        if statics.is_empty() {
            return None;
        }
        let env = self.square_env()?;
        let n = env.cells;
        let mut table = vec![false; self.players.len() * n * n];
        for p in 0..self.players.len() {
            for from in 0..n {
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
                    table[(p * n + from) * n + to] = statics.iter().all(|c| eval(c, &e) != 0);
                }
            }
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
            .filter_map(|d| self.lower_as(&d.condition, Ty::Bool, Scope::MOVE))
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
                    rules.push(EndRule {
                        text: r.text.clone(),
                        verdict: verdict(r.outcome),
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
