//! Move rules, priorities, what happens with no move, and the end of the game.

use super::expr::{Scope, Ty};
use super::setup::Supply;
use super::{Checker, Rule};
use crate::diagnostic::Span;
use crate::diagnostic::{Kind, Problem};
use crate::ir::expr::Expr as IExpr;
use crate::ir::{BinOp, ClockRule, Effect, EffectLines, EffectVerb, EndScope, NoMove};
use crate::ir::{
    Chain, DirId, EndRule, RuleId, Run, Verdict, MAX_CHAIN, MAX_CODES, MAX_PLAYERS, MAX_RULES,
};
use crate::ir::{RunParts, MAX_RUN_ITEMS, MAX_RUN_PARTS};
use crate::syntax::ast::{
    self, Clause, ClockEvent, EffectDecl, Ident, Item, MoveDecl, OutcomeWord, PatternWord, RunCount,
};
use indexmap::IndexMap;

impl Checker<'_> {
    pub(super) fn rules(&mut self, supply: &Supply) -> (Vec<Rule>, Vec<Vec<RuleId>>) {
        let decls = self.items(|i| match i {
            Item::Move(m) => Some(m),
            _ => None,
        });
        if decls.len() > MAX_RULES {
            self.report(
                Problem::new(
                    Kind::TooManyRules,
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
            if let Some(mut rule) = self.move_rule(d) {
                rule.hops = self.chain_fits(&rule, d, supply);
                moving_types |= match rule.place {
                    Some(t) => 1 << t,
                    None if rule.removes || rule.passes => 0,
                    None => rule.piece_mask,
                };
                rules.push(rule);
            }
        }
        self.second_parts(&mut rules, &names);
        for r in rules.iter_mut() {
            r.plain = r.place.is_none()
                && !r.removes
                && !r.passes
                && !r.anywhere
                && r.then.is_none()
                && !r.second_part
                && r.effects.is_empty()
                && r.carries.is_empty()
                && r.adds.is_empty()
                && !r.by_die
                && r.later_runs.is_empty()
                && r.require.is_none();
        }
        // A piece type no rule moves is suspicious.
        let pieces: Vec<_> = self.pieces.values().cloned().collect();
        for (t, p) in pieces.iter().enumerate() {
            if !self.has_errors() && !names.is_empty() && moving_types & (1 << t) == 0 {
                self.report(
                    Problem::new(
                        Kind::PieceCannotMove,
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
            .map(|t| t.into_iter().map(|r| RuleId(r as u16)).collect())
            .collect();
        (rules, tiers)
    }

    /// Resolves each rule's `then`: the rule it names is made only as a second part.
    /// (Rules are found by name: a rule that failed to compile is not in `rules`.)
    fn second_parts(&mut self, rules: &mut [Rule], names: &IndexMap<String, Span>) {
        let pending = std::mem::take(&mut self.pending_then);
        for (i, then) in pending.into_iter().enumerate() {
            let Some(name) = then else {
                continue;
            };
            if !names.contains_key(&name.name) {
                let known: Vec<&str> = names.keys().map(String::as_str).collect();
                self.unknown("move rule", &name, known);
                continue;
            }
            // A rule that failed to compile has been reported.
            let Some(target) = rules.iter().position(|r| r.name == name.name) else {
                continue;
            };
            if target == i {
                self.report(
                    Problem::new(
                        Kind::BadThen,
                        format!("`{}` cannot be its own second part", name.name),
                    )
                    .label(name.span, "the same rule")
                    .help("a second part is another rule, made from where the first landed"),
                );
                continue;
            }
            rules[i].then = Some(RuleId(target as u16));
            rules[target].second_part = true;
        }
        for rule in rules.iter() {
            let span = names
                .get(&rule.name)
                .copied()
                .unwrap_or(self.file.title_span);
            let along = rule
                .directions
                .as_ref()
                .is_some_and(|d| d.iter().any(|w| !w.is_empty()));
            if (rule.place.is_some() || rule.removes) && along && !rule.second_part && !rule.by_die
            {
                let verb = if rule.removes { "removes" } else { "places" };
                self.report(
                    Problem::new(
                        Kind::PlaceAlongAlone,
                        format!("`{}` {verb} a piece along lines, but from where?", rule.name),
                    )
                    .label(span, "no first part lands before it")
                    .help(format!(
                        "name it in another rule's `then` (`then {}`), or leave out `along` to place anywhere",
                        rule.name
                    )),
                );
            }
            if rule.second_part && !rule.later_runs.is_empty() {
                self.report(runs_in_turn_alone(span, "then"));
            }
            if let Some(t) = rule.then {
                if rule.chain.is_some() || rules[t.index()].chain.is_some() {
                    self.report(
                        Problem::new(
                            Kind::BadThen,
                            "a move in two parts has no chain in either part",
                        )
                        .label(
                            span,
                            format!(
                                "`{}` and `{}` make one move",
                                rule.name,
                                rules[t.index()].name
                            ),
                        )
                        .help("remove `chain` from the parts"),
                    );
                }
            }
            if let (true, Some(t)) = (rule.second_part, rule.then) {
                self.report(
                    Problem::new(
                        Kind::BadThen,
                        format!(
                            "`{}` is a second part, and has a second part of its own",
                            rule.name
                        ),
                    )
                    .label(
                        span,
                        format!("its `then` names `{}`", rules[t.index()].name),
                    )
                    .help("a move has at most two parts"),
                );
            }
        }
    }

    /// A chain is one move, and a move holds at most `MAX_CHAIN` steps. A chain that takes
    /// a piece at every step is bounded by the pieces on the board; one whose steps need
    /// not take anything is a chain of hops, which never lands twice on a square, and is
    /// bounded by the squares its steps can reach. That bound must fit. Says whether the
    /// chain is one of hops.
    fn chain_fits(&mut self, rule: &Rule, d: &MoveDecl, supply: &Supply) -> bool {
        if rule.chain.is_none() {
            return false;
        }
        let Some(board) = &self.board else {
            return false;
        };
        let used = board.used.iter().filter(|&&u| u).count();
        let setup = &supply.setup;
        let players = self.players.len().min(MAX_PLAYERS);
        let types = self.pieces.len().max(1);
        // The pattern each step takes a piece of: a run's (the first of runs passed in turn
        // that will do), when it is taken and at least one square long and never empty; or
        // the landing's, when it is taken and never empty.
        let never_empty = |p: &crate::ir::Pattern| p.masks.iter().all(|m| m & 1 == 0);
        let takes = rule
            .run
            .iter()
            .chain(&rule.later_runs)
            .filter(|run| rule.takes_run && run.min >= 1)
            .map(|run| run.pattern)
            .find(never_empty)
            .or(Some(rule.onto).filter(|p| rule.takes_landing && never_empty(p)));
        let chain_span = d
            .clauses
            .iter()
            .find_map(|c| match c {
                Clause::Chain { span, .. } => Some(*span),
                _ => None,
            })
            .unwrap_or(d.name.span);
        // Every step takes a piece the pattern matches, whose owner stays its owner (a
        // promotion changes only the type; where an effect turns pieces, any piece may
        // come to be matched), and the setup and the hands hold every piece there is
        // (unless placements bring in pieces with no bound).
        let pieces_bound = |pattern: crate::ir::Pattern| {
            (0..players)
                .map(|viewer| {
                    let owners_matched = |owner: usize| {
                        supply.turns
                            || (0..types).any(|t| {
                                let code = 1 + owner * types + t;
                                code < MAX_CODES && (pattern.masks[viewer] >> code) & 1 != 0
                            })
                    };
                    let pieces = setup
                        .iter()
                        .filter(|&&c| c != 0 && owners_matched((c as usize - 1) / types))
                        .count()
                        + supply.from_hands;
                    if supply.unbounded.is_some() {
                        used.saturating_sub(1)
                    } else {
                        pieces.min(used.saturating_sub(1))
                    }
                })
                .max()
                .unwrap_or(0)
        };
        let too_long = |bound: usize, label: String| {
            Problem::new(
                Kind::ChainTooLong,
                format!(
                    "a chain of `{}` could make up to {bound} steps, but a move holds at most {MAX_CHAIN}",
                    d.name.name
                ),
            )
            .label(chain_span, label)
        };
        let Some(pattern) = takes else {
            if rule.takes_run {
                // Its steps may pass over squares to take them, or over none: a chain of
                // hops that also takes has no rule for squares passed twice.
                self.report(
                    Problem::new(
                        Kind::EndlessChain,
                        format!("the chain of `{}` could go on forever", d.name.name),
                    )
                    .label(chain_span, "its steps need not take anything, yet take what they pass over")
                    .help("a chain that takes what it passes over must take at every step (`over 1 enemy … capture over`), so that the pieces on the board bound it; a chain of hops takes nothing it passes (`over 1 occupied onto empty`)"),
                );
                return false;
            }
            // A chain of hops: bounded by the squares one of its pieces could land on, and
            // with `taking`, by the pieces its effects could take, one or more a step.
            let bound = hop_bound(board, rule);
            let taken_by_effects = rule
                .effects
                .iter()
                .filter(|e| e.verb == EffectVerb::Take)
                .map(|e| e.run.map(|r| r.pattern).or(e.closer))
                .collect::<Option<Vec<_>>>()
                .filter(|p| rule.taking && !p.is_empty() && p.iter().all(never_empty))
                .map(|p| p.into_iter().map(pieces_bound).sum::<usize>());
            let label = match taken_by_effects {
                Some(pieces) if pieces < bound => {
                    format!("every step takes a piece, and up to {pieces} could be taken in a row")
                }
                _ => format!("its steps need not take anything, and a piece could land on {bound} squares in a row, never twice on one"),
            };
            let bound = taken_by_effects.map_or(bound, |pieces| pieces.min(bound));
            if bound > MAX_CHAIN {
                self.report(too_long(bound, label).help("a chain of hops is bounded by the squares it can land on, and with `taking` by the pieces its effects take: use a smaller board, or fewer pieces"));
            }
            return true;
        };
        let bound = pieces_bound(pattern);
        if bound > MAX_CHAIN {
            let label = format!("up to {bound} pieces could be taken in a row");
            self.report(too_long(bound, label).help("use fewer pieces, or a smaller board"));
        }
        false
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
                                    Problem::new(
                                        Kind::DuplicatePriority,
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
            Problem::new(
                Kind::DuplicateClause,
                format!("a move rule has one `{kind}` clause"),
            )
            .label(again, "given again here")
            .label(first, "first given here")
            .help(match kind {
                "along" => "name every direction in one clause: `along n, ne, e`".to_string(),
                "piece" => "name every type in one clause: `piece man, officer`".to_string(),
                "onto" => {
                    "a rule lands on one square: keep one `onto`, and test more with `if to is …`"
                        .to_string()
                }
                "chain" => "keep one: `chain must`, `chain may` or `chain must if …`".to_string(),
                _ => format!("merge the two `{kind}` clauses into one"),
            }),
        );
    }

    /// The absolute directions some names stand for, for each player (none where a name is
    /// unknown, which is reported).
    fn lower_dirs(&mut self, dirs: &[Ident]) -> Vec<Vec<DirId>> {
        self.direction_lists(Some(dirs))
            .unwrap_or_else(|| vec![Vec::new(); self.players.len()])
    }

    /// `over COUNT PATTERN`, checked.
    fn lower_run(&mut self, count: &RunCount, pattern: &ast::Pattern) -> Option<Run> {
        let max = count.max.unwrap_or(u16::MAX as i64);
        if count.min > max || max > u16::MAX as i64 {
            self.report(
                Problem::new(
                    Kind::BadRun,
                    format!("a run of {}..{} squares cannot be", count.min, max),
                )
                .label(count.span, "empty or too long a range")
                .help("write `1`, `2+` or `1..3`: at least the first, at most the second"),
            );
            return None;
        }
        let pattern = self.lower_pattern(pattern);
        Some(Run {
            pattern,
            min: count.min as u16,
            max: max as u16,
        })
    }

    /// A piece type by name, reporting an unknown one.
    fn piece_type(&mut self, id: &Ident) -> Option<u8> {
        let found = self.pieces.get_index_of(&id.name);
        if found.is_none() {
            let known: Vec<String> = self.pieces.keys().cloned().collect();
            self.unknown("piece type", id, known.iter().map(String::as_str));
        }
        found.map(|t| t as u8)
    }

    fn move_rule(&mut self, d: &MoveDecl) -> Option<Rule> {
        // A placement puts a new piece, a removal takes one: neither has a `from`, and
        // their conditions say so.
        let placing = d.clauses.iter().find_map(|c| match c {
            Clause::Place(_, _, span) | Clause::Remove(_, span) | Clause::Rotate { span, .. } => {
                Some(*span)
            }
            _ => None,
        });
        let anywhere = d.clauses.iter().any(|c| matches!(c, Clause::Anywhere(_)));
        let passing = d.clauses.iter().any(|c| matches!(c, Clause::Pass(_)));
        let mut c = Clauses {
            placing: placing.is_some(),
            is_pass: passing,
            goes_by_no_line: placing.is_some() || anywhere,
            ..Clauses::default()
        };
        for clause in &d.clauses {
            self.clause(clause, &mut c);
        }
        if !self.clauses_complete(d, &c, placing) {
            return None;
        }
        let (onto, takes_landing) = match (c.onto, c.passing) {
            (Some(onto), _) => onto,
            (None, Some(_)) => (crate::ir::Pattern::default(), false),
            (None, None) => return None,
        };
        let captures = takes_landing || c.takes_run.is_some();
        let require_any = match c.place {
            Some(_) => c
                .require
                .as_ref()
                .and_then(|r| at_least_one(r, &c.effects, captures)),
            None => None,
        };
        self.pending_then.push(c.then);
        // A piece that goes anywhere goes by no line: its conditions are read move by
        // move, `from` and `to` both known.
        // A piece placed by a die enters its path at no distance from a square: its
        // conditions on squares are read move by move too.
        let (statics, conditions) =
            if c.anywhere.is_some() || (c.place.is_some() && c.by_die.is_some()) {
                let mut all = c.dynamics;
                all.extend(c.statics.into_iter().map(|(e, _)| e));
                (Vec::new(), all)
            } else {
                (c.statics, c.dynamics)
            };
        Some(Rule {
            name: d.name.name.clone(),
            written: d.written.clone(),
            name_span: d.name.span,
            piece_mask: c
                .piece_mask
                .unwrap_or(u64::MAX >> (64 - self.pieces.len().clamp(1, 64))),
            directions: c.along.map(|(dirs, _)| dirs),
            run: c.run.map(|(r, _)| r),
            later_runs: c.later_runs.iter().map(|&(r, _)| r).collect(),
            onto,
            takes_landing,
            takes_run: c.takes_run.is_some(),
            under: c.under,
            chain: c.chain,
            hops: false,
            turning: c.turning,
            taking: c.taking,
            rotate: c.rotating.map(|(r, _)| r),
            statics,
            conditions,
            place: c.place,
            neutral: c.neutral.is_some(),
            removes: c.removing.is_some(),
            anywhere: c.anywhere.is_some(),
            passes: c.passing.is_some(),
            then: None,
            then_when: c.then_when,
            second_part: false,
            effects: c.effects,
            carries: c.carries,
            adds: c.adds,
            by_die: c.by_die.is_some(),
            die_past_end: c.past_end,
            require: c.require,
            require_text: c.require_text,
            require_words: c.require_words,
            again: c.again,
            require_any,
            plain: false,
        })
    }

    /// Whether every direction a rule goes along is a path (`path NAME`).
    fn along_paths(&self, c: &Clauses) -> bool {
        let (Some((dirs, _)), Some(board)) = (&c.along, &self.board) else {
            return false;
        };
        dirs.iter().flatten().all(|&d| board.is_path(d)) && dirs.iter().any(|d| !d.is_empty())
    }

    /// Whether a clause that a rule has once is new; reports it given again.
    fn once(&mut self, c: &mut Clauses, kind: &'static str, span: Span) -> bool {
        if let Some(&first) = c.seen.get(kind) {
            self.duplicate_clause(kind, span, first);
            return false;
        }
        c.seen.insert(kind, span);
        true
    }

    /// Reads one clause of a move rule into `c`.
    fn clause(&mut self, clause: &Clause, c: &mut Clauses) {
        let scope = c.scope();
        match clause {
            Clause::Piece(types, neutral, span) => {
                if self.once(c, "piece", *span) {
                    // `piece neutral` names no type: every type.
                    c.piece_mask = (!types.is_empty()).then(|| self.piece_mask(types));
                    if *neutral {
                        self.no_neutral_pieces(*span);
                        c.neutral = Some(*span);
                    }
                }
            }
            Clause::Along(dirs, span) => {
                if self.once(c, "along", *span) {
                    c.along = Some((self.lower_dirs(dirs), *span));
                }
            }
            Clause::Over(count, pattern, span) => {
                // Several `over` clauses are runs passed in turn.
                c.seen.entry("over").or_insert(*span);
                if let Some(r) = self.lower_run(count, pattern) {
                    if c.run.is_none() {
                        c.run = Some((r, *span));
                    } else {
                        c.later_runs.push((r, *span));
                    }
                }
            }
            Clause::Place(t, neutral, span) => {
                if self.once(c, "place", *span) {
                    c.place = self.piece_type(t);
                    if *neutral {
                        c.neutral = Some(*span);
                    }
                }
            }
            Clause::Then(name, when, span) => {
                if self.once(c, "then", *span) {
                    c.then = Some(name.clone());
                    if let Some(when) = when {
                        if let Some(e) = self.lower_as(when, Ty::Bool, scope) {
                            self.check_range(&e, when.span);
                            c.then_when = Some(e);
                        }
                    }
                }
            }
            Clause::Remove(pattern, span) => {
                if self.once(c, "remove", *span) && self.once(c, "onto", *span) {
                    c.onto = Some((self.lower_pattern(pattern), true));
                    c.removing = Some(*span);
                }
            }
            Clause::Rotate {
                width,
                height,
                clockwise,
                anticlockwise,
                span,
            } => {
                if self.once(c, "rotate", *span) && self.once(c, "onto", *span) {
                    let cells = self.board.as_ref().map_or(0, |b| b.width.min(b.height));
                    let why = if width != height {
                        Some(format!("a {width} x {height} block turned a quarter turn is no longer {width} x {height}"))
                    } else if *width < 2 || *width as usize > cells {
                        Some(format!(
                            "a block is from 2 x 2 up to the board's {cells} x {cells}"
                        ))
                    } else if self.stacks || self.piles || self.counters {
                        Some(
                            "only a board whose squares hold one piece each can be turned"
                                .to_string(),
                        )
                    } else {
                        None
                    };
                    if let Some(why) = why {
                        self.report(
                            Problem::new(Kind::BadRotate, "this block cannot be turned")
                                .label(*span, why)
                                .help("write `rotate N x N clockwise` (or `anticlockwise`), N from 2 to the board's size"),
                        );
                        return;
                    }
                    let any = crate::ir::Pattern {
                        masks: [u64::MAX; MAX_PLAYERS],
                    };
                    c.onto = Some((any, false));
                    let rotation = crate::ir::Rotation {
                        size: *width as u8,
                        clockwise: *clockwise,
                        anticlockwise: *anticlockwise,
                    };
                    c.rotating = Some((rotation, *span));
                }
            }
            Clause::Anywhere(span) => {
                if self.once(c, "anywhere", *span) {
                    c.anywhere = Some(*span);
                }
            }
            Clause::Pass(span) => {
                if self.once(c, "pass", *span) {
                    c.passing = Some(*span);
                }
            }
            Clause::Effect(e) => {
                if let Some(e) = self.effect(e, c.placing, c.goes_by_no_line) {
                    c.effects.push(e);
                }
            }
            Clause::Carry(piece, onto, span) => self.carry_clause(c, piece, onto, *span),
            Clause::ByDie(span, past_end) => {
                if self.once(c, "by die", *span) {
                    c.by_die = Some(*span);
                    c.past_end = *past_end;
                }
            }
            Clause::Add {
                amount,
                counter,
                when,
                span: _,
            } => self.add_clause(c, amount, counter, when.as_ref()),
            Clause::Again(when, span) => {
                if !self.once(c, "again", *span) {
                    return;
                }
                if self.has_dice() {
                    self.report(
                        Problem::new(
                            Kind::BadDice,
                            "in a game of dice, the dice say who moves next",
                        )
                        .label(*span, "another turn")
                        .help(
                            "a player moves again while a die is left to play; leave out `again`",
                        ),
                    );
                    return;
                }
                let again_scope = Scope {
                    no_from: c.placing,
                    after: false,
                    ..Scope::REQUIRE
                };
                c.again = match when {
                    None => Some(IExpr::Int(1)),
                    Some(cond) => {
                        let e = self.lower_as(cond, Ty::Bool, again_scope);
                        if let Some(e) = &e {
                            self.check_range(e, cond.span);
                        }
                        e
                    }
                };
            }
            Clause::Require(cond, span, text, words) => {
                if !self.once(c, "require", *span) {
                    return;
                }
                let req_scope = Scope {
                    no_from: c.placing,
                    ..Scope::REQUIRE
                };
                if let Some(e) = self.lower_as(cond, Ty::Bool, req_scope) {
                    self.check_range(&e, cond.span);
                    c.require = Some(e);
                    c.require_text = Some(text.clone());
                    c.require_words = words.clone();
                }
            }
            Clause::Onto(pattern, span) => {
                if self.once(c, "onto", *span) {
                    let takes = !matches!(pattern.word, PatternWord::Empty);
                    c.onto = Some((self.lower_pattern(pattern), takes));
                }
            }
            Clause::CaptureOver { under, span } => {
                if self.once(c, "capture", *span) {
                    self.capture_over(c, *under, *span);
                }
            }
            Clause::Chain {
                must,
                turning,
                taking,
                condition,
                span,
            } => {
                if !self.once(c, "chain", *span) {
                    return;
                }
                // `chain must if EXPR`: an option decides, once, whether it is a must.
                let must = *must
                    && match condition {
                        None => true,
                        Some(cond) => self.constant_bool(cond).unwrap_or(false),
                    };
                c.chain = Some(if must { Chain::Must } else { Chain::May });
                c.turning = *turning;
                c.taking = *taking;
            }
            Clause::If(cond, _) => {
                if let Some(e) = self.lower_as(cond, Ty::Bool, scope) {
                    // Written false (not made false by an option, which may be on purpose).
                    if e == IExpr::Int(0) && literal(cond) {
                        self.report(
                            Problem::new(Kind::NeverHolds, "this condition is always false")
                                .label(cond.span, "never holds")
                                .help("the rule gives no move: remove it, or write the condition it should have"),
                        );
                    }
                    if e.reads_state() {
                        self.check_range(&e, cond.span);
                        c.dynamics.push(e);
                    } else {
                        c.statics.push((e, cond.span));
                    }
                }
            }
        }
    }

    /// `piece TYPE, …`: the types as a bitmask.
    fn piece_mask(&mut self, types: &[Ident]) -> u64 {
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
        mask
    }

    /// `carry SQ to SQ`.
    fn carry_clause(&mut self, c: &mut Clauses, piece: &ast::Expr, onto: &ast::Expr, span: Span) {
        if c.placing {
            self.report(
                Problem::new(Kind::CarryInPlacement, "a placement carries no piece")
                    .label(span, "this rule puts a new piece")
                    .help("carry pieces in a rule that moves one, with `piece …`"),
            );
            return;
        }
        let a = self.lower_as(piece, Ty::Square, c.scope());
        let b = self.lower_as(onto, Ty::Square, c.scope());
        if let (Some(a), Some(b)) = (a, b) {
            self.check_range(&a, piece.span);
            self.check_range(&b, onto.span);
            c.carries.push(crate::ir::Carry {
                from: a,
                to: b,
                squares: None,
            });
        }
    }

    /// `add EXPR to COUNTER [when COND]`: read like `require`, once the move has landed.
    fn add_clause(
        &mut self,
        c: &mut Clauses,
        amount: &ast::Expr,
        counter: &ast::Ident,
        when: Option<&ast::Expr>,
    ) {
        let scope = Scope {
            no_from: c.placing,
            place: "a move's `add`",
            after: false,
            ..Scope::REQUIRE
        };
        let target = self.counter(&counter.name).cloned();
        if target.is_none() {
            let known: Vec<String> = self
                .counter_decls
                .iter()
                .map(|(c, _)| c.name.clone())
                .collect();
            self.unknown("counter", counter, known.iter().map(String::as_str));
        }
        let value = self.lower_as(amount, Ty::Int, scope);
        let when = match when {
            Some(w) => match self.lower_as(w, Ty::Bool, scope) {
                Some(e) => {
                    self.check_range(&e, w.span);
                    Some(Some(e))
                }
                None => None,
            },
            None => Some(None),
        };
        if let (Some(t), Some(value), Some(when)) = (target, value, when) {
            self.check_range(&value, amount.span);
            c.adds.push(crate::ir::Add {
                slot: t.slot,
                shared: t.shared,
                amount: value,
                when,
            });
        }
    }

    /// `capture over` (`under`: the commanders passed go under the mover).
    fn capture_over(&mut self, c: &mut Clauses, under: bool, span: Span) {
        c.takes_run = Some(span);
        c.under = under;
        if under && (!self.stacks || self.piles) {
            self.report(
                Problem::new(
                    Kind::UnderWithoutStacks,
                    "`capture over under` needs columns of pieces",
                )
                .label(span, "nothing to put a piece under")
                .help("declare `stacks` so that squares hold columns"),
            );
        }
    }

    /// Whether a rule's clauses make a move: a placement names no moving piece, a move
    /// has `along` and `onto`, `capture over` has an `over`; reports what is missing.
    fn clauses_complete(&mut self, d: &MoveDecl, c: &Clauses, placing: Option<Span>) -> bool {
        let mut complete = true;
        if let (Some(span), Some(&piece_span)) = (placing, c.seen.get("piece")) {
            self.report(
                Problem::new(Kind::PlaceAndPiece, "a placement moves no piece")
                    .label(piece_span, "`piece` says which pieces move")
                    .label(span, "this rule puts a new piece")
                    .help("remove `piece`: the new piece is the one `place` names"),
            );
            complete = false;
        }
        if let Some((_, rotate)) = c.rotating {
            // A rotation turns a block: it has conditions, a `require` and a second part.
            if let Some((other, span)) =
                c.other_clause(&["rotate", "onto", "then", "if", "require"])
            {
                self.report(
                    Problem::new(Kind::BadRotate, "a rotation moves no piece of its own")
                        .label(span, format!("`{other}` says how a piece moves"))
                        .label(rotate, "this rule turns a block")
                        .help("a rule that rotates has `rotate …`, its conditions (`if …`, `require …`) and a `then`, nothing else"),
                );
                return false;
            }
        }
        if let Some(pass) = c.passing {
            // A pass moves nothing: it has conditions, and nothing else.
            if let Some((other, span)) = c.other_clause(&["pass", "then"]) {
                self.report(
                    Problem::new(Kind::DuplicateClause, "a pass moves nothing")
                        .label(span, format!("`{other}` says how a piece moves"))
                        .label(pass, "this rule passes")
                        .help("a rule that passes has `pass` and its conditions (`if …`), nothing else"),
                );
                return false;
            }
            return true;
        }
        if let (Some(place), Some(remove)) = (c.seen.get("place"), c.removing) {
            self.report(
                Problem::new(
                    Kind::PlaceAndPiece,
                    "a rule places a piece or removes one, not both",
                )
                .label(remove, "this rule removes a piece")
                .label(*place, "and puts one")
                .help("make them two parts of a move: `then RULE`"),
            );
            complete = false;
        }
        if let Some(by_die) = c.by_die {
            let why = if !self.has_dice() {
                Some("the game has no dice: declare them, `dice 2 faces 1..6`")
            } else if c.removing.is_some() || c.anywhere.is_some() {
                Some("a move by a die goes along lines: give it `along DIRECTIONS`")
            } else if c.place.is_some() && !self.along_paths(c) {
                Some("a piece placed by a die enters a path: give it `along PATH`")
            } else if c.place.is_some() && c.past_end {
                Some("a piece placed by a die enters a path where the die says: leave out `past the end`")
            } else if c.seen.contains_key("over") || c.seen.contains_key("chain") {
                Some("a die says how far the piece goes: leave out `over` and `chain`")
            } else {
                None
            };
            if let Some(help) = why {
                self.report(
                    Problem::new(Kind::BadDice, "this rule cannot move by a die")
                        .label(by_die, "by die")
                        .help(help),
                );
                complete = false;
            }
        }
        if let (Some(anywhere), Some(&along)) = (c.anywhere, c.seen.get("along")) {
            self.report(
                Problem::new(
                    Kind::DuplicateClause,
                    "a piece goes along lines or anywhere, not both",
                )
                .label(anywhere, "anywhere")
                .label(along, "along lines")
                .help("keep `along …` for moves along lines, `anywhere` for a move to any square"),
            );
            complete = false;
        }
        if let (Some(anywhere), Some(&chain)) = (c.anywhere, c.seen.get("chain")) {
            self.report(
                Problem::new(
                    Kind::DuplicateClause,
                    "a chain goes on along lines, and `anywhere` goes by none",
                )
                .label(chain, "chain")
                .label(anywhere, "anywhere")
                .help("chain a rule that moves `along` directions"),
            );
            complete = false;
        }
        if let (Some(anywhere), Some(_)) = (c.anywhere, placing) {
            self.report(
                Problem::new(
                    Kind::DuplicateClause,
                    "`anywhere` says where a moving piece goes; a placement or removal goes anywhere already",
                )
                .label(anywhere, "not needed")
                .help("leave out `anywhere`"),
            );
            complete = false;
        }
        let needed: &[(&str, &str)] = if placing.is_some() || c.anywhere.is_some() {
            &[("onto", "onto empty")]
        } else {
            &[("along", "along all"), ("onto", "onto empty")]
        };
        for &(kind, example) in needed {
            if !c.seen.contains_key(kind) {
                self.report(
                    Problem::new(
                        Kind::MissingClause,
                        format!("the move rule `{}` has no `{kind}` clause", d.name.name),
                    )
                    .label(d.name.span, format!("needs `{kind}`"))
                    .help(format!("add a clause such as `{example}`")),
                );
                complete = false;
            }
        }
        let alone = ["place", "remove", "anywhere", "pass", "chain", "then"]
            .into_iter()
            .find(|k| c.seen.contains_key(k));
        if let (Some(&(_, span)), Some(clause)) = (c.later_runs.first(), alone) {
            self.report(runs_in_turn_alone(span, clause));
            complete = false;
        } else if let Some(&(_, span)) = c.later_runs.get(MAX_RUN_PARTS - 1) {
            self.report(
                Problem::new(
                    Kind::BadRun,
                    format!("a rule passes over at most {MAX_RUN_PARTS} runs in turn"),
                )
                .label(span, "one run too many")
                .help("test the squares further on with `if SQ is …`"),
            );
            complete = false;
        } else if let (Some((first, _)), Some(&(_, last))) = (c.run, c.later_runs.last()) {
            let runs: Vec<Run> = std::iter::once(first)
                .chain(c.later_runs.iter().map(|&(r, _)| r))
                .collect();
            let cells = self.board.as_ref().map_or(0, |b| b.cells()) as u16;
            if RunParts::of(&runs, cells).is_none() {
                self.report(
                    Problem::new(
                        Kind::BadRun,
                        format!("runs passed in turn spell out at most {MAX_RUN_ITEMS} squares"),
                    )
                    .label(last, "the runs up to here count too many")
                    .help("write a long run as `N+`: `over 2+ empty` is two squares and a repeat"),
                );
                complete = false;
            }
        }
        if let (Some(span), None) = (c.takes_run, &c.run) {
            self.report(
                Problem::new(
                    Kind::CaptureWithoutRun,
                    "`capture over` needs an `over` clause",
                )
                .label(span, "nothing is passed over")
                .help("add a clause such as `over 1 enemy`"),
            );
            complete = false;
        }
        complete
    }

    /// An effect clause, checked.
    /// Along which lines an effect reaches: named directions, or `onward`/`reverse`
    /// (which a placement, going no way, cannot follow: then `ok` becomes false).
    fn effect_lines(
        &mut self,
        e: &EffectDecl,
        placing: bool,
        ok: &mut bool,
    ) -> Option<EffectLines> {
        match &e.along {
            // `at to` (or `at from`) and no direction: the square itself.
            None if e.at_from.is_some() && e.over.is_none() && e.groups.is_none() => {
                Some(EffectLines::Itself)
            }
            None => {
                self.report(
                    Problem::new(
                        Kind::MissingClause,
                        "an effect says along which directions it reaches",
                    )
                    .label(e.verb_span, "needs `along`")
                    .help("add `along all` (or `along onward`, the way the piece moved; `at to` alone reaches the square itself)"),
                );
                None
            }
            Some((dirs, span)) => match &dirs[..] {
                [one]
                    if matches!(one.name.as_str(), "onward" | "reverse")
                        && !self.dir_names.contains_key(&one.name) =>
                {
                    if placing {
                        self.report(
                            Problem::new(Kind::OutOfScope, "a placement goes no way")
                                .label(*span, "no step to follow")
                                .help("name the directions: `along all`"),
                        );
                        *ok = false;
                    }
                    Some(if one.name == "onward" {
                        EffectLines::Onward
                    } else {
                        EffectLines::Reverse
                    })
                }
                _ => Some(EffectLines::Along(self.lower_dirs(dirs))),
            },
        }
    }

    fn effect(&mut self, e: &EffectDecl, placing: bool, by_no_line: bool) -> Option<Effect<IExpr>> {
        let mut ok = true;
        let at_from = e.at_from.is_some_and(|(from, _)| from);
        if let (true, Some((_, span))) = (at_from && placing, e.at_from) {
            self.report(
                Problem::new(Kind::OutOfScope, "a placement has no `from`")
                    .label(span, "the new piece comes from no square")
                    .help("an effect of a placement reaches from where it lands: leave out `at`"),
            );
            ok = false;
        }
        let lines = self.effect_lines(e, by_no_line, &mut ok)?;
        let run = match &e.over {
            Some((count, pattern, _)) => Some(self.lower_run(count, pattern)?),
            None => None,
        };
        let closer = e.onto.as_ref().map(|(p, _)| self.lower_pattern(p));
        if let Some(groups) = &e.groups {
            return self.group_effect(e, groups, at_from, lines, placing, ok);
        }
        if run.is_none() && closer.is_none() {
            self.report(
                Problem::new(Kind::MissingClause, "an effect reaches a run of squares or the square next to its own")
                    .label(e.verb_span, "needs `over` or `onto`")
                    .help("write `over 1+ enemy onto friend` (a run closed by a friend) or `onto enemy` (the square next to it)"),
            );
            return None;
        }
        // What the effect acts on: the run's squares, or the square next to its own. It acts
        // on pieces: an empty square it reached would be turned into a piece from nothing.
        let (reached, reached_span) = match (&run, &e.over, &closer, &e.onto) {
            (Some(run), Some((_, _, span)), _, _) => (run.pattern, *span),
            (None, _, Some(closer), Some((_, span))) => (*closer, *span),
            _ => unreachable!("an effect has a run or an `onto`"),
        };
        if reached.masks.iter().any(|m| m & 1 != 0) {
            self.report(
                Problem::new(
                    Kind::BadEffect,
                    "an effect acts on pieces, and this may reach an empty square",
                )
                .label(reached_span, "matches an empty square")
                .help("name what it acts on: `onto enemy`, `onto occupied`, `over 1+ enemy`"),
            );
            ok = false;
        }
        let (verb, into, when) = self.effect_verb(e, placing, &mut ok)?;
        if let Some(only) = &e.only {
            self.report(
                Problem::new(Kind::BadEffect, "`where` picks groups, with `groups`")
                    .label(only.span, "no groups here")
                    .help("for a condition on the effect as a whole, write `when`"),
            );
            ok = false;
        }
        ok.then_some(Effect {
            verb,
            into,
            at_from,
            lines,
            run,
            closer,
            when,
            groups: false,
            only: None,
        })
    }

    /// What an effect does (its verb, and with `into` the type the pieces become) and its
    /// `when`, checked alike for every kind of effect: `change` needs `into`, `take` takes
    /// none. `ok` is cleared where something is wrong but the rest can still be read.
    fn effect_verb(
        &mut self,
        e: &EffectDecl,
        placing: bool,
        ok: &mut bool,
    ) -> Option<(EffectVerb, Option<u8>, Option<IExpr>)> {
        let into = match &e.into {
            Some(t) => Some(self.piece_type(t)?),
            None => None,
        };
        let verb = match e.verb {
            ast::EffectVerb::Turn => EffectVerb::Turn,
            ast::EffectVerb::Take => EffectVerb::Take,
            ast::EffectVerb::Change => EffectVerb::Change,
        };
        if verb == EffectVerb::Change && into.is_none() {
            self.report(
                Problem::new(Kind::MissingClause, "`change` says what the pieces become")
                    .label(e.verb_span, "needs `into TYPE`")
                    .help("write `change { along all onto enemy into stone }`"),
            );
            *ok = false;
        }
        if verb == EffectVerb::Take && e.into.is_some() {
            self.report(
                Problem::new(Kind::BadEffect, "taken pieces become nothing")
                    .label(e.verb_span, "`take` with `into`")
                    .help("use `turn … into TYPE` or `change … into TYPE`"),
            );
            *ok = false;
        }
        let scope = Scope {
            no_from: placing,
            ..Scope::MOVE
        };
        let when = match &e.when {
            Some(c) => {
                let lowered = self.lower_as(c, Ty::Bool, scope)?;
                self.check_range(&lowered, c.span);
                Some(lowered)
            }
            None => None,
        };
        Some((verb, into, when))
    }

    /// An effect on whole groups: `take { along orthogonal groups enemy where
    /// liberties(here along orthogonal) == 0 }`.
    fn group_effect(
        &mut self,
        e: &EffectDecl,
        groups: &ast::Pattern,
        at_from: bool,
        lines: EffectLines,
        placing: bool,
        mut ok: bool,
    ) -> Option<Effect<IExpr>> {
        if let Some((_, _, span)) = &e.over {
            self.report(
                Problem::new(
                    Kind::BadEffect,
                    "an effect on groups takes them whole, with no run",
                )
                .label(*span, "`over` with `groups`")
                .help("leave out `over`: the groups next to the square are reached"),
            );
            ok = false;
        }
        if let Some((_, span)) = &e.onto {
            self.report(
                Problem::new(
                    Kind::BadEffect,
                    "an effect on groups names them by `groups`, not `onto`",
                )
                .label(*span, "`onto` with `groups`")
                .help("leave out `onto`"),
            );
            ok = false;
        }
        if !matches!(lines, EffectLines::Along(_)) {
            self.report(
                Problem::new(
                    Kind::BadEffect,
                    "the groups next to a square are along named directions",
                )
                .label(e.verb_span, "`onward` or `reverse`")
                .help("write `along orthogonal`: the neighbours, and how their groups are joined"),
            );
            ok = false;
        }
        let pattern = self.lower_pattern(groups);
        if pattern.masks.iter().any(|m| m & 1 != 0) {
            self.report(
                Problem::new(
                    Kind::BadEffect,
                    "an effect acts on pieces, and this may reach an empty square",
                )
                .label(e.span, "groups of empty squares")
                .help("name the pieces: `groups enemy`"),
            );
            ok = false;
        }
        let (verb, into, when) = self.effect_verb(e, placing, &mut ok)?;
        let only = match &e.only {
            Some(c) => {
                let inner = Scope {
                    here: true,
                    no_from: placing,
                    ..Scope::MOVE
                };
                let lowered = self.lower_as(c, Ty::Bool, inner)?;
                self.check_range(&lowered, c.span);
                Some(lowered)
            }
            None => None,
        };
        ok.then_some(Effect {
            verb,
            into,
            at_from,
            lines,
            run: None,
            closer: Some(pattern),
            when,
            groups: true,
            only,
        })
    }

    /// `after move require …`: conditions on the position after each move, each with its
    /// text.
    /// `say WORDS when COND`, read for the player to move.
    pub(super) fn sayings(&mut self) -> Vec<(String, IExpr)> {
        let decls = self.items(|i| match i {
            Item::Say(s) => Some(s),
            _ => None,
        });
        decls
            .into_iter()
            .filter_map(|d| {
                let e = self.lower_as(&d.condition, Ty::Bool, Scope::END)?;
                self.check_range(&e, d.condition.span);
                Some((d.words.clone(), e))
            })
            .collect()
    }

    pub(super) fn after_move(&mut self) -> Vec<(IExpr, String, Option<String>)> {
        let decls = self.items(|i| match i {
            Item::AfterMove(a) => Some(a),
            _ => None,
        });
        decls
            .into_iter()
            .filter_map(|d| {
                let scope = if self.counters {
                    Scope::SOWN_AFTER
                } else {
                    Scope::AFTER
                };
                let e = self.lower_as(&d.condition, Ty::Bool, scope)?;
                self.check_range(&e, d.condition.span);
                Some((e, d.text.clone(), d.words.clone()))
            })
            .collect()
    }

    /// `clock resets on …`.
    pub(super) fn clock(&mut self, rules: &[Rule]) -> Option<ClockRule> {
        let decls = self.items(|i| match i {
            Item::Clock(c) => Some(c),
            _ => None,
        });
        let decl = self.single(&decls, |d| d.span, "clock")?;
        let mut clock = ClockRule::default();
        for event in &decl.events {
            match event {
                ClockEvent::Capture(_) => clock.on_capture = true,
                ClockEvent::Rule(name) => match rules.iter().position(|r| r.name == name.name) {
                    Some(i) => clock.rules.push(RuleId(i as u16)),
                    None => {
                        let known: Vec<String> = rules.iter().map(|r| r.name.clone()).collect();
                        self.unknown("move rule", name, known.iter().map(String::as_str));
                    }
                },
            }
        }
        Some(clock)
    }

    /// `score = EXPR`: a player's score, read from their side.
    pub(super) fn score(&mut self) -> Option<IExpr> {
        let decls = self.items(|i| match i {
            Item::Score(s) => Some(s),
            _ => None,
        });
        let decl = self.single(&decls, |d| d.span, "score")?;
        let scope = Scope {
            end: false,
            place: "a score",
            ..Scope::END
        };
        let e = self.lower_as(&decl.value, Ty::Int, scope)?;
        self.check_range(&e, decl.value.span);
        Some(e)
    }

    /// `bonus N to PLAYER`: hundredths of a point for each player (all 0 without one).
    pub(super) fn bonus(&mut self) -> Vec<i64> {
        let mut bonus = vec![0i64; self.players.len()];
        let decls = self.items(|i| match i {
            Item::Bonus(b) => Some(b),
            _ => None,
        });
        for decl in decls {
            let amount = match &decl.amount {
                Ok(h) => Some(*h),
                Err(name) => match self.values.get(&name.name).cloned() {
                    Some(v) => {
                        self.options_read.insert(name.name.clone());
                        v.hundredths()
                    }
                    None => {
                        let known: Vec<String> = self.values.keys().cloned().collect();
                        self.unknown("option", name, known.iter().map(String::as_str));
                        continue;
                    }
                },
            };
            let Some(amount) = amount.filter(|h| h.abs() <= 1_000_000_000) else {
                self.report(
                    Problem::new(Kind::BadValue, "a bonus is a number of points")
                        .label(decl.amount_span, "not a number of points, or too large")
                        .help("write `bonus 7.5 to White`, or name an option holding a number"),
                );
                continue;
            };
            match self.players.get_index_of(&decl.player.name) {
                Some(p) => bonus[p] += amount,
                None => {
                    let known: Vec<String> = self.players.keys().cloned().collect();
                    self.unknown("player", &decl.player, known.iter().map(String::as_str));
                }
            }
        }
        bonus
    }

    pub(super) fn end(&mut self) -> (NoMove<IExpr>, Vec<EndRule<()>>) {
        let decls = self.items(|i| match i {
            Item::NoMove(n) => Some(n),
            _ => None,
        });
        let mut no_move = NoMove {
            cases: Vec::new(),
            otherwise: Verdict::Lose,
            words: Vec::new(),
            otherwise_words: None,
        };
        if let Some(decl) = self.single(&decls, |d| d.span, "no-move rule") {
            for (i, case) in decl.cases.iter().enumerate() {
                let Some(c) = &case.condition else {
                    no_move.otherwise = verdict(case.outcome);
                    no_move.otherwise_words = case.words.clone();
                    if let Some(later) = decl.cases.get(i + 1) {
                        self.report(
                            Problem::new(
                                Kind::UnreachableCase,
                                "a case after one without a condition is never read",
                            )
                            .label(later.span, "never read")
                            .label(case.span, "this case always applies")
                            .help("put the cases with `when` first, and the one without last"),
                        );
                    }
                    break;
                };
                if let Some(e) = self.lower_as(c, Ty::Bool, Scope::END) {
                    self.check_range(&e, c.span);
                    no_move.cases.push((e, verdict(case.outcome)));
                    no_move.words.push(case.words.clone());
                }
            }
        }
        let mut rules = Vec::new();
        for before_turn in [false, true] {
            let blocks = self.items(|i| match i {
                Item::End(e) if e.before_turn == before_turn => Some(e),
                _ => None,
            });
            let what = if before_turn {
                "`end before turn` block"
            } else {
                "end block"
            };
            let Some(block) = self.single(&blocks, |b| b.span, what) else {
                continue;
            };
            for r in &block.rules {
                if let Some(rule) = self.end_rule(r, before_turn) {
                    rules.push((r.span.start, rule));
                }
            }
        }
        // Read in the order written.
        rules.sort_by_key(|(at, _)| *at);
        let rules = rules.into_iter().map(|(_, r)| r).collect();
        (no_move, rules)
    }

    fn end_rule(&mut self, r: &ast::EndRule, before_turn: bool) -> Option<EndRule<()>> {
        if r.outcome == OutcomeWord::Pass {
            self.report(
                Problem::new(
                    Kind::BadOutcome,
                    "an end rule says who wins; `pass` is not an outcome",
                )
                .label(r.outcome_span, "not an outcome")
                .help("write `win`, `lose` or `draw` (passing belongs in `no move: pass`)"),
            );
            return None;
        }
        let condition = self.lower_as(&r.condition, Ty::Bool, Scope::END)?;
        self.check_range(&condition, r.condition.span);
        if !before_turn && condition.reads(&crate::ir::Expr::CaptureReachable) {
            self.report(
                Problem::new(
                    Kind::ReachableBeforeTurn,
                    "`reachable(capture)` searches the moves of the player about to move",
                )
                .label(r.condition.span, "read for every player in `end { … }`")
                .help("put this rule in `end before turn { … }`, read for the player to move only"),
            );
            return None;
        }
        Some(EndRule {
            shape: crate::ir::EndShape::General,
            text: r.text.clone(),
            words: match &r.words {
                Some(w) => Some(crate::ir::EndWords::Given(w.clone())),
                None => super::end_words::end_words(&r.condition, &|name| {
                    self.counter(name).map(|c| !c.shared)
                }),
            },
            scope: if before_turn {
                EndScope::BeforeTurn
            } else {
                EndScope::Every
            },
            verdict: verdict(r.outcome),
            program: (),
            condition,
        })
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

/// The effect a `require` asks to reach at least one piece, when that is all it asks
/// (`require turned > 0`, `require taken >= 1`) of a placement, and that effect is the
/// first, the only one that turns (or takes), unconditional, along directions, with a run
/// closed by a pattern that the run's own pattern never matches: the generator can then
/// find the squares where it reaches a piece for all squares at once, from the position
/// before the placement (the placed piece is not on any line from its own square).
fn at_least_one(require: &IExpr, effects: &[Effect<IExpr>], captures: bool) -> Option<usize> {
    let counted = match require {
        IExpr::Binary(BinOp::Gt, a, b) if **b == IExpr::Int(0) => a,
        IExpr::Binary(BinOp::Ge, a, b) if **b == IExpr::Int(1) => a,
        _ => return None,
    };
    let counts = |verb: EffectVerb| match **counted {
        IExpr::Turned => verb != EffectVerb::Take,
        IExpr::Taken => verb == EffectVerb::Take,
        _ => false,
    };
    if matches!(**counted, IExpr::Taken) && captures {
        return None;
    }
    let mut counting = effects.iter().enumerate().filter(|(_, e)| counts(e.verb));
    let (i, e) = counting.next()?;
    let disjoint = match (e.run, e.closer) {
        (Some(run), Some(closer)) => run
            .pattern
            .masks
            .iter()
            .zip(closer.masks.iter())
            .all(|(a, b)| a & b == 0),
        _ => false,
    };
    let simple = i == 0
        && counting.next().is_none()
        && e.when.is_none()
        && !e.at_from
        && matches!(e.lines, EffectLines::Along(_))
        && disjoint
        && e.run.is_some_and(|r| r.min >= 1);
    simple.then_some(i)
}

/// What a move rule's clauses say, as they are read.
#[derive(Default)]
struct Clauses {
    /// Whether the rule moves no piece: it places a new one (`place TYPE`) or removes one
    /// (`remove PATTERN`).
    placing: bool,
    /// Whether the move goes by no line (a placement, a removal, `anywhere`): effects
    /// cannot follow its way.
    goes_by_no_line: bool,
    piece_mask: Option<u64>,
    place: Option<u8>,
    /// `piece neutral …` or `place neutral …`: the rule moves or places pieces owned by
    /// nobody.
    neutral: Option<Span>,
    /// `remove PATTERN`.
    removing: Option<Span>,
    /// `rotate …`: the block turned, and where it is written.
    rotating: Option<(crate::ir::Rotation, Span)>,
    /// `anywhere`.
    anywhere: Option<Span>,
    /// `pass`.
    passing: Option<Span>,
    /// Whether the rule passes (known before its clauses are read: its conditions have no
    /// squares to read).
    is_pass: bool,
    then: Option<Ident>,
    /// `then RULE when COND`: the condition.
    then_when: Option<IExpr>,
    effects: Vec<Effect<IExpr>>,
    carries: Vec<crate::ir::Carry<IExpr>>,
    adds: Vec<crate::ir::Add<IExpr>>,
    require: Option<IExpr>,
    require_text: Option<String>,
    /// The words after the `require`'s `else`.
    require_words: Option<String>,
    /// `chain … turning`.
    turning: bool,
    /// `chain … taking`.
    taking: bool,
    /// `again [when COND]`: the condition (`1` when none is given).
    again: Option<IExpr>,
    along: Option<(Vec<Vec<DirId>>, Span)>,
    run: Option<(Run, Span)>,
    /// The runs after the first, passed in turn (`over 1 occupied` after `over 0+ empty`).
    later_runs: Vec<(Run, Span)>,
    onto: Option<(crate::ir::Pattern, bool)>,
    takes_run: Option<Span>,
    under: bool,
    chain: Option<Chain>,
    statics: Vec<(IExpr, Span)>,
    dynamics: Vec<IExpr>,
    /// The clauses a rule has once, with where each was first given.
    seen: IndexMap<&'static str, Span>,
    /// `by die`.
    by_die: Option<Span>,
    /// `by die past the end`.
    past_end: bool,
}

impl Clauses {
    /// What the rule's conditions may read: a placement has no `from`.
    fn scope(&self) -> Scope {
        if self.is_pass {
            Scope {
                from_to: false,
                place: "a rule that passes",
                ..Scope::MOVE
            }
        } else if self.placing {
            Scope::PLACE
        } else {
            Scope::MOVE
        }
    }

    /// The first clause written that is none of `allowed`, and where: for a rule that
    /// moves no piece of its own (a pass, a rotation), which takes only some clauses.
    fn other_clause(&self, allowed: &[&str]) -> Option<(&'static str, Span)> {
        self.seen
            .iter()
            .find(|(k, _)| !allowed.contains(k))
            .map(|(k, span)| (*k, *span))
    }
}

/// Runs passed in turn make a move of one step: no chain goes on from it, it is no part
/// of a move in two parts, and it moves a piece (no placement, removal or `anywhere`).
fn runs_in_turn_alone(span: Span, clause: &str) -> Problem {
    Problem::new(
        Kind::BadRun,
        format!("a rule that passes several runs in turn cannot have `{clause}`"),
    )
    .label(span, "a second run")
    .help("runs passed in turn make a move of one step along a line: keep one `over` in this rule")
}

/// Whether `e` is written with numbers and truth values alone (`false`, `1 > 2`).
fn literal(e: &crate::syntax::ast::Expr) -> bool {
    use crate::syntax::ast::ExprKind;
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) => true,
        ExprKind::Unary(_, a) => literal(a),
        ExprKind::Binary(_, a, b) => literal(a) && literal(b),
        _ => false,
    }
}

/// The most squares a chain of hops by `rule` could land on after its start, never twice on
/// one: the most squares its steps reach from one square, by any number of steps over any
/// squares (the pieces on the board aside), in any player's directions, less the start.
fn hop_bound(board: &crate::ir::Board, rule: &Rule) -> usize {
    use crate::ir::Wide;
    // The board's tables are kept at its width.
    match board.words() {
        1 => hops_reached::<u64>(board, rule),
        4 => hops_reached::<Wide<4>>(board, rule),
        _ => hops_reached::<Wide<16>>(board, rule),
    }
}

fn hops_reached<M: crate::ir::Mask>(board: &crate::ir::Board, rule: &Rule) -> usize {
    let used = M::from_set(&board.used_set);
    let dirs: Vec<crate::ir::DirId> = rule
        .directions
        .iter()
        .flatten()
        .flatten()
        .copied()
        .collect();
    let (min, max) = rule
        .run
        .map_or((0, 0), |r| (r.min as usize, r.max as usize));
    let max = max.min(board.cells());
    let mut seen = M::default();
    let mut most = 0;
    for start in used.squares() {
        if seen.has(start) {
            continue;
        }
        // The squares reachable from `start`. What a square it reaches can reach, it
        // reaches too: such a square need not be started from.
        let mut reached = M::bit(start);
        let mut frontier = reached;
        while !frontier.is_empty() {
            let mut next = M::default();
            for &d in &dirs {
                let mut walkers = frontier;
                for k in 1..=max + 1 {
                    walkers = board.step(walkers, d) & used;
                    if walkers.is_empty() {
                        break;
                    }
                    if k > min {
                        next |= walkers;
                    }
                }
            }
            frontier = next & !reached;
            reached |= next;
        }
        seen |= reached;
        most = most.max(reached.count() as usize - 1);
    }
    most
}
