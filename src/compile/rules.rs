//! A move rule's tables: its walks (each direction, with the squares its conditions on
//! squares allow at each distance), the squares a placement may use, and its conditions
//! on the position as sets of squares where they can be; then its conditions, `require`,
//! effects and carries as programs.

use super::Tables;
use crate::check::Rule;
use crate::diagnostic::Span;
use crate::eval::{value, Env};
use crate::ir::expr::Expr as IExpr;
use crate::ir::{
    BinOp, DirId, Jumps, LookField, MaskTable, MoveRule, Program, Run, RunParts, Sq, SquareRef,
    SquareSet, UnOp, Walk, Where, MAX_PLAYERS, NO_SQUARE,
};

impl Tables<'_> {
    /// A rule's runs passed in turn, spelt out (the checker has made sure they fit).
    fn run_parts(&self, r: &Rule) -> Option<Box<RunParts>> {
        if r.later_runs.is_empty() {
            return None;
        }
        let runs: Vec<Run> = r.run.iter().chain(&r.later_runs).copied().collect();
        let parts = RunParts::of(&runs, self.board.cells() as u16);
        Some(Box::new(
            parts.expect("the checker keeps a run in parts short"),
        ))
    }

    /// The compiled rule: its tables, and its conditions as programs.
    pub(super) fn move_rule(&mut self, r: Rule) -> MoveRule {
        let (walks, placeable) = match &r.directions {
            Some(directions) => {
                let geometry = self.geometry(&r.statics);
                (self.walks(directions, geometry.as_ref()), Vec::new())
            }
            None => {
                let mut placeable = self.placeable(&r.statics);
                // A rotation's square is the corner of a block that fits on the board.
                if let Some(rot) = r.rotate {
                    for set in &mut placeable {
                        for sq in (0..self.board.cells() as Sq).filter(|&sq| {
                            self.board
                                .turned_block(sq, rot.size as usize, true)
                                .is_none()
                        }) {
                            set.remove(sq);
                        }
                    }
                }
                (vec![Vec::new(); self.players], placeable)
            }
        };
        // Each part of an `and` goes where it belongs: `if all_home and file(from) > 2`
        // reads the position once a rule, and only its second part move by move.
        let mut parts = Vec::new();
        r.conditions.iter().for_each(|c| c.conjuncts(&mut parts));
        let (gate, per_move): (Vec<IExpr>, Vec<IExpr>) = parts
            .into_iter()
            .cloned()
            .partition(|c| !c.reads_move_squares());
        let parts = self.run_parts(&r);
        let then_when_line = match &r.then_when {
            Some(IExpr::LineThrough(pattern, n, dirs, sq))
                if **sq == IExpr::Square(SquareRef::To)
                    && pattern.masks.iter().all(|&m| m & 1 == 0)
                    && r.effects.is_empty()
                    && r.carries.is_empty() =>
            {
                Some((*pattern, *n, dirs.clone()))
            }
            _ => None,
        };
        let steps_apart = r.chain.is_none()
            && r.run.is_none()
            && parts.is_none()
            && r.then.is_none()
            && r.place.is_none()
            && self.steps_apart(&walks);
        // Not on the largest boards: a table a walk, a player and a square, of sets of 16
        // words, would be 2 MB for one rule of eight directions on 1,024 squares.
        let rays = match (r.chain, r.run) {
            (None, Some(run))
                if run.min == 0
                    && parts.is_none()
                    && r.then.is_none()
                    && r.place.is_none()
                    && self.board.cells() <= 256 =>
            {
                self.rays(&walks, run.max as usize)
            }
            _ => Vec::new(),
        };
        let first_steps = match r.chain.is_some() || steps_apart {
            true => self.first_steps(&walks),
            false => Vec::new(),
        };
        let jumps = match (r.chain, r.run) {
            (Some(_), Some(run)) if run.min == 1 && run.max == 1 && parts.is_none() => {
                self.jumps(&walks)
            }
            _ => Vec::new(),
        };
        let condition_sets = self.where_all(&per_move);
        // Read where `moves_of_rule` lists a rule's moves: one step, no chain, no parts.
        let one_step = r.chain.is_none() && parts.is_none() && r.then.is_none();
        let movers_moved = (one_step && !r.second_part && r.place.is_none())
            .then(|| per_move.iter().find_map(moved_from))
            .flatten();
        let mut rule = MoveRule {
            condition: Program::all(&r.conditions).map(Box::new),
            gate: Program::all(&gate).map(Box::new),
            per_move: Program::all(&per_move).map(Box::new),
            movers_moved,
            walks_within: r.place.is_none()
                && r.chain.is_none()
                && parts.is_none()
                && condition_sets.as_ref().is_some_and(Where::is_light),
            condition_sets,
            name: r.name,
            written: r.written,
            piece_mask: r.piece_mask,
            walks,
            first_steps,
            steps_apart,
            rays,
            jumps,
            parts,
            run: r.run,
            onto: r.onto,
            takes_landing: r.takes_landing,
            takes_run: r.takes_run,
            under: r.under,
            chain: r.chain,
            hops: r.hops,
            turning: r.turning,
            taking: r.taking,
            rotate: r.rotate,
            light_chain: 0,
            by_owner: 0,
            owner_reads: Vec::new(),
            twin: None,
            twinned: false,
            gate_shared_next: false,
            gate_shared_before: false,
            conditions: r.conditions,
            place: r.place,
            neutral: r.neutral,
            removes: r.removes,
            anywhere: r.anywhere,
            passes: r.passes,
            placeable,
            then: r.then,
            then_when: r.then_when.as_ref().map(|e| Box::new(Program::of(e))),
            then_when_rows: then_when_line
                .as_ref()
                .map_or(Vec::new(), |(_, n, dirs)| self.listed_rows(*n, dirs)),
            then_when_line,
            second_part: r.second_part,
            effects: r.effects.into_iter().map(|e| e.map(Program::of)).collect(),
            carries: r.carries.into_iter().map(|c| c.map(Program::of)).collect(),
            adds: r.adds.into_iter().map(|a| a.map(Program::of)).collect(),
            by_die: r.by_die,
            die_past_end: r.die_past_end,
            require: r.require.as_ref().map(|e| Box::new(Program::of(e))),
            require_text: r.require_text.clone(),
            require_words: r.require_words.clone(),
            again: r.again.as_ref().map(|e| Box::new(Program::of(e))),
            require_any: r.require_any,
            plain: r.plain,
            made_by_steps: false,
            writes_ends: false,
        };
        rule.settle_step_flags();
        rule
    }

    /// For each player, every row of `n` squares along one of its directions (`dirs`), as
    /// a set; nothing for any player where one has more than `MAX_LISTED_ROWS`.
    fn listed_rows(&self, n: usize, dirs: &[Vec<DirId>]) -> Vec<Vec<SquareSet>> {
        let board = &self.board;
        let mut all = Vec::new();
        for player_dirs in dirs {
            let mut rows: Vec<SquareSet> = Vec::new();
            for &d in player_dirs {
                for start in board.squares() {
                    let mut row = SquareSet::default();
                    let mut sq = start;
                    for k in 0..n {
                        if k > 0 {
                            sq = board.next(sq, d);
                        }
                        if sq == NO_SQUARE {
                            break;
                        }
                        row.insert(sq);
                    }
                    if sq != NO_SQUARE && !rows.contains(&row) {
                        rows.push(row);
                    }
                }
            }
            if rows.len() > crate::ir::rule::MAX_LISTED_ROWS {
                return Vec::new();
            }
            all.push(rows);
        }
        all
    }

    /// For a placement without `along`: for each player, the squares `to` where the
    /// conditions on squares hold.
    fn placeable(&mut self, statics: &[(IExpr, Span)]) -> Vec<SquareSet> {
        let env = self.square_env();
        let statics: Vec<(Program, Span)> =
            statics.iter().map(|(c, s)| (Program::of(c), *s)).collect();
        let n = env.cells;
        let mut overflow: Option<(Span, usize)> = None;
        let sets = (0..self.players)
            .map(|p| {
                let mut set = SquareSet::default();
                for to in (0..n).filter(|&sq| env.used[sq]) {
                    let e: Env = Env {
                        player: p as u8,
                        to: to as u16,
                        ..env
                    };
                    let (holds, bad) = all_hold(&statics, &e, to);
                    if let (Some(span), None) = (bad, overflow) {
                        overflow = Some((span, to));
                    }
                    if holds {
                        set.insert(to as Sq);
                    }
                }
                set
            })
            .collect();
        if let Some((span, sq)) = overflow {
            self.overflow_on(span, sq);
        }
        sets
    }

    /// The conditions that read the position as a formula over sets of squares, when each
    /// reads only what stands at fixed steps from `to`, and zones; what reads no position
    /// is folded into fixed sets of squares.
    fn where_all(&self, conditions: &[IExpr]) -> Option<Where> {
        if conditions.is_empty() {
            return None;
        }
        let parts: Option<Vec<Where>> = conditions.iter().map(|c| self.where_of(c)).collect();
        Some(self.fold(Where::And(parts?)))
    }

    /// The used squares, for each player.
    fn everywhere(&self) -> Vec<SquareSet> {
        let used = self.board.used_set;
        vec![used; self.players]
    }

    /// For a step of each player's (`to + (dx, dy)`): the squares whose square at the step
    /// is on the board, and the step as a change of index. A step that does not fit is off
    /// every board: no square has it (its set is empty) and its change is never read.
    fn step_sets(&self, steps: &[(i64, i64); MAX_PLAYERS]) -> (Vec<SquareSet>, [i32; MAX_PLAYERS]) {
        let board = &self.board;
        let w = board.width as i64;
        let h = board.height as i64;
        let onto: Vec<SquareSet> = (0..self.players)
            .map(|p| {
                let (dx, dy) = steps[p];
                let mut set = SquareSet::default();
                for sq in board.squares() {
                    let (Some(f), Some(r)) = (
                        (sq as i64 % w).checked_add(dx),
                        (sq as i64 / w).checked_add(dy),
                    ) else {
                        continue;
                    };
                    if (0..w).contains(&f)
                        && (0..h).contains(&r)
                        && board.used[(f + r * w) as usize]
                    {
                        set.insert(sq);
                    }
                }
                set
            })
            .collect();
        let delta = std::array::from_fn(|p| {
            let (dx, dy) = steps[p];
            dy.checked_mul(w)
                .and_then(|v| v.checked_add(dx))
                .and_then(|v| i32::try_from(v).ok())
                .unwrap_or(0)
        });
        (onto, delta)
    }

    fn where_of(&self, e: &IExpr) -> Option<Where> {
        self.where_at(e, SquareRef::To)
    }

    /// `where_of` for conditions on the square `at` (`to`, or `here` inside `count(… where
    /// …)`).
    fn where_at(&self, e: &IExpr, at: SquareRef) -> Option<Where> {
        let target = IExpr::Square(at);
        let board = &self.board;
        let players = self.players;
        let w = Some(match e {
            IExpr::Int(0) => Where::Squares(vec![SquareSet::default(); players]),
            IExpr::Int(_) => Where::Squares(self.everywhere()),
            IExpr::InZone(z, sq) if **sq == target => Where::Squares(self.zones[*z].sets.clone()),
            IExpr::Is(sq, pattern, off) => {
                let steps = match &**sq {
                    sq if *sq == target => [(0, 0); MAX_PLAYERS],
                    IExpr::Offset(inner, steps) if **inner == target => *steps,
                    _ => return None,
                };
                let (onto, delta) = self.step_sets(&steps);
                let at = Where::At {
                    pattern: *pattern,
                    onto: onto.clone(),
                    delta,
                };
                if *off {
                    let off_board = onto
                        .iter()
                        .map(|on| {
                            SquareSet(std::array::from_fn(|i| board.used_set.0[i] & !on.0[i]))
                        })
                        .collect();
                    Where::Or(vec![at, Where::Squares(off_board)])
                } else {
                    at
                }
            }
            IExpr::Binary(BinOp::And, a, b) => {
                Where::And(vec![self.where_at(a, at)?, self.where_at(b, at)?])
            }
            IExpr::Binary(BinOp::Or, a, b) => {
                Where::Or(vec![self.where_at(a, at)?, self.where_at(b, at)?])
            }
            IExpr::Unary(UnOp::Not, a) => Where::Not(Box::new(self.where_at(a, at)?)),
            IExpr::LineThrough(pattern, n, dirs, sq) if **sq == target => Where::Line {
                pattern: *pattern,
                n: *n,
                dirs: dirs.clone(),
                rows: self.listed_rows(*n, dirs),
            },
            IExpr::Binary(BinOp::Eq, a, b) if previous_step(a, b, &target).is_some() => {
                let (field, steps) = previous_step(a, b, &target).expect("checked");
                let (onto, delta) = self.step_sets(&steps);
                Where::Previous { field, onto, delta }
            }
            IExpr::Binary(op, a, b) if height_compared(*op, a, b, &target).is_some() => {
                let (op, n) = height_compared(*op, a, b, &target).expect("checked");
                let holds = |h: i64| crate::eval::arith::binary_holds(op, h, n);
                Where::Height {
                    heights: (0..128).filter(|&h| holds(h)).fold(0, |b, h| b | 1 << h),
                }
            }
            // No square of `PATTERN` where `COND` holds: one set, where `COND` is one.
            IExpr::Binary(BinOp::Eq, count, zero) if **zero == IExpr::Int(0) => match &**count {
                IExpr::CountWhere(pattern, zone, cond) if !reads(e, at) => {
                    match self.where_at(cond, SquareRef::Here) {
                        Some(inner) => Where::NoneWhere {
                            pattern: *pattern,
                            zone: *zone,
                            inner: Box::new(inner),
                        },
                        None => Where::Holds(Program::of(e)),
                    }
                }
                _ if !reads(e, at) => Where::Holds(Program::of(e)),
                _ => return None,
            },
            // Read once for all squares: it says all or nothing.
            e if !reads(e, at) => Where::Holds(Program::of(e)),
            _ => return None,
        });
        w.map(|w| self.fold(w))
    }

    /// `w` with what reads no position folded into fixed sets: a pattern that matches
    /// nothing, `and`/`or`/`not` of fixed sets, a conjunction or disjunction of one part.
    fn fold(&self, w: Where) -> Where {
        let everywhere = self.everywhere();
        let combine = |parts: Vec<Where>, and: bool| -> Where {
            let mut fixed: Option<Vec<SquareSet>> = None;
            let mut rest = Vec::new();
            for part in parts.into_iter().map(|p| self.fold(p)) {
                match part {
                    Where::Squares(s) => {
                        fixed = Some(match fixed {
                            None => s,
                            Some(f) => f
                                .iter()
                                .zip(&s)
                                .map(|(a, b)| if and { *a & *b } else { *a | *b })
                                .collect(),
                        })
                    }
                    other => rest.push(other),
                }
            }
            match (fixed, rest.len()) {
                (Some(f), 0) => Where::Squares(f),
                (None, 1) => rest.pop().expect("one part"),
                (None, _) => {
                    if and {
                        Where::And(rest)
                    } else {
                        Where::Or(rest)
                    }
                }
                (Some(f), _) => {
                    rest.push(Where::Squares(f));
                    if and {
                        Where::And(rest)
                    } else {
                        Where::Or(rest)
                    }
                }
            }
        };
        match w {
            Where::At { pattern, .. } if pattern.masks.iter().all(|&m| m == 0) => {
                Where::Squares(vec![SquareSet::default(); everywhere.len()])
            }
            Where::And(parts) => combine(parts, true),
            Where::Or(parts) => combine(parts, false),
            Where::Not(inner) => match self.fold(*inner) {
                Where::Squares(s) => Where::Squares(
                    s.iter()
                        .zip(&everywhere)
                        .map(|(x, u)| SquareSet(std::array::from_fn(|i| u.0[i] & !x.0[i])))
                        .collect(),
                ),
                other => Where::Not(Box::new(other)),
            },
            other => other,
        }
    }

    /// Each player's walks: a direction, its step, and, where the rule has conditions on
    /// squares, the squares each distance along it may land on.
    fn walks(&self, directions: &[Vec<DirId>], geometry: Option<&MaskTable>) -> Vec<Vec<Walk>> {
        let board = &self.board;
        let n = board.cells();
        // A direction no square has a neighbour along (a diagonal of a board whose lines
        // run along files and ranks) makes no move: its walk is left out, unless no
        // direction would be left (a rule without walks places anywhere).
        let leads = |d: &DirId| board.squares().any(|sq| board.next(sq, *d) != NO_SQUARE);
        let walks = directions
            .iter()
            .enumerate()
            .map(|(p, dirs)| {
                let dirs: Vec<DirId> = match dirs.iter().any(leads) {
                    true => dirs.iter().copied().filter(leads).collect(),
                    false => dirs.clone(),
                };
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
                            delta: board.delta[d.index()],
                            steps_from: board.steps_from.get(d.index()),
                            shifts: board.shifts[d.index()].clone(),
                            next: match board.shifts[d.index()].is_empty() {
                                true => Vec::new(),
                                false => (0..board.cells() as Sq)
                                    .map(|sq| board.next(sq, d))
                                    .collect(),
                            },
                            allowed,
                        }
                    })
                    .collect()
            })
            .collect();
        walks
    }

    /// For each player, the squares one step from each square along any of its walks
    /// (`MoveRule::first_steps`).
    fn first_steps(&self, walks: &[Vec<Walk>]) -> Vec<MaskTable> {
        let board = &self.board;
        walks
            .iter()
            .map(|walks| {
                let mut table = MaskTable::new(MaskTable::words_for(board.cells()));
                for sq in 0..board.cells() as Sq {
                    let mut next = SquareSet::default();
                    for w in walks {
                        let to = board.next(sq, w.dir);
                        if to != NO_SQUARE {
                            next.insert(to);
                        }
                    }
                    table.push(&next);
                }
                table
            })
            .collect()
    }

    /// Whether the walks land on any square they reach (no conditions on squares), and for
    /// each player, the walks from any one square reach different squares
    /// (`MoveRule::steps_apart`).
    fn steps_apart(&self, walks: &[Vec<Walk>]) -> bool {
        let board = &self.board;
        walks.iter().all(|walks| {
            walks.iter().all(|w| w.allowed.is_none())
                && (0..board.cells() as Sq).all(|sq| {
                    let mut reached = SquareSet::default();
                    walks.iter().all(|w| {
                        let to = board.next(sq, w.dir);
                        to == NO_SQUARE || {
                            let new = !reached.contains(to);
                            reached.insert(to);
                            new
                        }
                    })
                })
        })
    }

    /// For each player and walk, the squares up to `max + 1` steps from each square
    /// (`MoveRule::rays`); none where a walk has conditions on squares or steps by more
    /// than one shift.
    fn rays(&self, walks: &[Vec<Walk>], max: usize) -> Vec<Vec<MaskTable>> {
        let board = &self.board;
        let plain = walks
            .iter()
            .flatten()
            .all(|w| w.allowed.is_none() && w.shifts.is_empty());
        if !plain {
            return Vec::new();
        }
        walks
            .iter()
            .map(|walks| {
                walks
                    .iter()
                    .map(|w| {
                        let mut table = MaskTable::new(MaskTable::words_for(board.cells()));
                        for sq in 0..board.cells() as Sq {
                            let mut ray = SquareSet::default();
                            let mut at = sq;
                            for _ in 0..=max {
                                at = board.next(at, w.dir);
                                if at == NO_SQUARE {
                                    break;
                                }
                                ray.insert(at);
                            }
                            table.push(&ray);
                        }
                        table
                    })
                    .collect()
            })
            .collect()
    }

    /// For each player, the jumps from each square along its walks, where the walk may land
    /// two steps on (`MoveRule::jumps`).
    fn jumps(&self, walks: &[Vec<Walk>]) -> Vec<Jumps> {
        walks
            .iter()
            .map(|walks| {
                Jumps::of(self.board.cells(), walks, |walk, lands| {
                    walk.allowed
                        .as_ref()
                        .is_none_or(|allowed| allowed.get(1).is_some_and(|s| s.contains(lands)))
                })
            })
            .collect()
    }

    /// Decides the conditions that read no state once, for every player and pair of
    /// squares: for each player and square `from`, the set of squares `to` where they hold.
    fn geometry(&mut self, statics: &[(IExpr, Span)]) -> Option<MaskTable> {
        if statics.is_empty() {
            return None;
        }
        let env = self.square_env();
        let statics: Vec<(Program, Span)> =
            statics.iter().map(|(c, s)| (Program::of(c), *s)).collect();
        let n = env.cells;
        let mut table = MaskTable::new(MaskTable::words_for(n));
        // The first condition that overflows, and for which move.
        let mut overflow: Option<(Span, usize, usize)> = None;
        for p in 0..self.players {
            for from in 0..n {
                let mut set = SquareSet::default();
                for to in 0..n {
                    if !env.used[from] || !env.used[to] {
                        continue;
                    }
                    let e: Env = Env {
                        player: p as u8,
                        from: from as u16,
                        to: to as u16,
                        ..env
                    };
                    let (holds, bad) = all_hold(&statics, &e, to);
                    if let (Some(span), None) = (bad, overflow) {
                        overflow = Some((span, from, to));
                    }
                    if holds {
                        set.insert(to as Sq);
                    }
                }
                table.push(&set);
            }
        }
        if let Some((span, from, to)) = overflow {
            let names = &self.board.names;
            let what = format!("its value for a move from {} to {}", names[from], names[to]);
            self.overflow(span, what);
        }
        Some(table)
    }
}

/// Whether every compiled condition holds in `e` (about the square `sq`), and the first
/// condition that overflows there, if one does.
fn all_hold(conditions: &[(Program, Span)], e: &Env, sq: usize) -> (bool, Option<Span>) {
    let mut first_bad = None;
    let holds = conditions.iter().all(|(c, span)| {
        let mut bad = None;
        let v = value(c, e, sq, &mut bad);
        if bad.is_some() {
            first_bad.get_or_insert(*span);
        }
        v != 0
    });
    (holds, first_bad)
}

/// `previous(FIELD) == SQ + STEP` (either way round), `SQ` being `target` and `FIELD` a
/// square of the move before: the field and the step.
fn previous_step(
    a: &IExpr,
    b: &IExpr,
    target: &IExpr,
) -> Option<(LookField, [(i64, i64); MAX_PLAYERS])> {
    let one_way = |a: &IExpr, b: &IExpr| match (a, b) {
        (IExpr::Previous(f @ (LookField::From | LookField::To)), IExpr::Offset(sq, steps))
            if **sq == *target =>
        {
            Some((*f, *steps))
        }
        _ => None,
    };
    one_way(a, b).or_else(|| one_way(b, a))
}

/// `height(SQ) OP N`, or `N OP height(SQ)` read the other way round, where `SQ` is
/// `target`: the comparison and the number.
fn height_compared(op: BinOp, a: &IExpr, b: &IExpr, target: &IExpr) -> Option<(BinOp, i64)> {
    let is_height = |x: &IExpr| matches!(x, IExpr::Height(sq) if **sq == *target);
    match (a, b) {
        (h, IExpr::Int(n)) if is_height(h) => op.mirrored().map(|_| (op, *n)),
        (IExpr::Int(n), h) if is_height(h) => op.mirrored().map(|m| (m, *n)),
        _ => None,
    }
}

/// Whether `e` reads the square `at` or a square of the move (`from`, `to`): what a
/// condition on `at` cannot read once for all squares.
fn reads(e: &IExpr, at: SquareRef) -> bool {
    e.reads_move_squares() || e.reads(&IExpr::Square(at))
}

/// `Some(true)` for the condition `moved(from)`, `Some(false)` for `not moved(from)`, and
/// `None` for any other (`MoveRule::movers_moved`).
fn moved_from(condition: &IExpr) -> Option<bool> {
    let from = |e: &IExpr| *e == IExpr::Square(SquareRef::From);
    match condition {
        IExpr::Moved(sq) if from(sq) => Some(true),
        IExpr::Unary(UnOp::Not, inner) => match &**inner {
            IExpr::Moved(sq) if from(sq) => Some(false),
            _ => None,
        },
        _ => None,
    }
}
