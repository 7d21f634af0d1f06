//! Legal moves, applying a move, and the end of the game.
//!
//! The hot path: for each piece of the player to move, for each rule of the current
//! priority tier that the piece may use, for each of the directions worth walking from its
//! square, walk the neighbour table over the run and test the landing square against
//! bitmask patterns and the precomputed geometry table. Nothing is allocated and no name is
//! looked up; moves go into a caller's buffer that is reused from call to call.
//!
//! A rule with a chain extends each landing by a depth-first search on a copy of the state
//! with the step made, so captures are taken at once and the same square is never passed
//! over twice by a capturing chain.

use super::column;
use super::state::{Move, State, Step, NOBODY, NO_PIT};
use crate::ir::expr::{eval, Env};
use crate::ir::{Chain, EndRule, Game, MoveRule, SquareSet, Verdict, NO_SQUARE};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(u8),
    Draw,
}

/// What `Game::generate` found: moves in the buffer, or the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generated {
    Moves,
    Over(Outcome),
}

impl Game {
    /// The result of `verdict` befalling the player to move at `s`.
    fn verdict_outcome(&self, verdict: Verdict, s: &State) -> Option<Outcome> {
        let player = s.to_move;
        let next = ((player as usize + 1) % self.players.len()) as u8;
        match verdict {
            Verdict::Pass => None,
            Verdict::Win => Some(Outcome::Win(player)),
            // With two players the other one wins; with more, the next in turn order.
            Verdict::Lose => Some(Outcome::Win(next)),
            Verdict::Draw => Some(Outcome::Draw),
            Verdict::Score => Some(self.score_outcome(s)),
        }
    }

    /// The final stores: each player's store, and with `leftover to last capturer` the
    /// seeds still on the board go to the last player who captured (to no one if nobody
    /// has).
    pub fn final_stores(&self, s: &State) -> Vec<u64> {
        let mut stores: Vec<u64> = s.stores[..self.players.len()]
            .iter()
            .map(|&n| n as u64)
            .collect();
        if let Some(sw) = &self.sowing {
            if sw.leftover_to_last_capturer && s.capturer != NOBODY {
                stores[s.capturer as usize] += s.slots[..sw.count()].iter().sum::<u64>();
            }
        }
        stores
    }

    /// The larger store wins; a tie for the largest is a draw.
    fn score_outcome(&self, s: &State) -> Outcome {
        let stores = self.final_stores(s);
        let best = stores.iter().copied().max().unwrap_or(0);
        let mut leaders = (0..stores.len()).filter(|&p| stores[p] == best);
        match (leaders.next(), leaders.next()) {
            (Some(p), None) => Outcome::Win(p as u8),
            _ => Outcome::Draw,
        }
    }

    fn env<'a>(&'a self, s: &'a State) -> Env<'a> {
        Env {
            width: self.board.width,
            cells: self.board.cells(),
            rows: &self.rows,
            used: &self.board.used,
            zones: &self.zones,
            state: &s.cells[..self.board.cells()],
            pieces: &s.pieces[..self.players.len()],
            player: s.to_move,
            ..Env::constant()
        }
    }

    /// The first end rule that decides the game at `s`, read for the player to move;
    /// `reachable` is the value of `reachable(capture)` there.
    fn end_rule(&self, s: &State, reachable: bool) -> Option<(Outcome, &EndRule)> {
        if self.end_rules.is_empty() {
            return None;
        }
        let env = Env {
            reachable,
            ..self.env(s)
        };
        self.end_rules.iter().find_map(|r| {
            if eval(&r.condition, &env) == 0 {
                return None;
            }
            self.verdict_outcome(r.verdict, s).map(|o| (o, r))
        })
    }

    /// Fills `out` with the legal moves of `s` (a pass, when passing is the rule and there
    /// is no other move), or says how the game has ended.
    pub fn generate(&self, s: &State, out: &mut Vec<Move>) -> Generated {
        out.clear();
        if !self.reads_reachable {
            if let Some((o, _)) = self.end_rule(s, false) {
                return Generated::Over(o);
            }
            return self.generate_unended(s, out);
        }
        // The end rules search ahead from the moves of `s`, so those come first.
        let generated = self.generate_unended(s, out);
        let reachable = self.capture_reachable(s, out);
        if let Some((o, _)) = self.end_rule(s, reachable) {
            out.clear();
            return Generated::Over(o);
        }
        generated
    }

    /// The moves of `s` by the rules of play alone, with no end rule read.
    pub(super) fn generate_unended(&self, s: &State, out: &mut Vec<Move>) -> Generated {
        out.clear();
        if let Some(sw) = &self.sowing {
            self.sowings(sw, s, |m, _| out.push(m));
            if !out.is_empty() {
                return Generated::Moves;
            }
        }
        for tier in &self.tiers {
            self.generate_tier(tier, s, out);
            if !self.after_move.is_empty() {
                self.keep_allowed_after(s, out);
            }
            if !out.is_empty() {
                return Generated::Moves;
            }
        }
        match self.verdict_outcome(self.no_move, s) {
            Some(o) => Generated::Over(o),
            None => {
                out.push(Move::PASS);
                Generated::Moves
            }
        }
    }

    /// Keeps the moves after which every `after move require` condition holds. Where the
    /// conditions read a fixed set of squares, they are evaluated once on `s`, and only the
    /// moves that change what those squares match are made and checked.
    fn keep_allowed_after(&self, s: &State, out: &mut Vec<Move>) {
        let Some(footprint) = &self.after_footprint else {
            out.retain(|m| self.allowed_after(s, m));
            return;
        };
        let watched = &footprint[s.to_move as usize];
        let before = self.after_move.iter().all(|c| eval(c, &self.env(s)) != 0);
        out.retain(|m| {
            if self.changes_watched(s, m, watched) {
                self.allowed_after(s, m)
            } else {
                before
            }
        });
    }

    /// Whether `m` changes, on some watched square, whether it matches the mask watching
    /// it. Every square a move touches (its start, its landings, the squares its steps
    /// take) ends up holding the moving piece if it is the last landing, and nothing
    /// otherwise; this must stay in step with `make_step`.
    fn changes_watched(&self, s: &State, m: &Move, watched: &[(SquareSet, u64)]) -> bool {
        if m.is_pass() {
            return false;
        }
        let mover = s.cells[m.from as usize];
        let last = m.to();
        let changes = |sq: u16| {
            let old = s.cells[sq as usize];
            let new = if sq == last { mover } else { 0 };
            watched
                .iter()
                .any(|(set, mask)| set.contains(sq) && (mask >> old) & 1 != (mask >> new) & 1)
        };
        let rule = &self.rules[m.rule as usize];
        let mut at = m.from;
        if changes(at) {
            return true;
        }
        for step in m.steps() {
            let to = step.to as u16;
            if changes(to) {
                return true;
            }
            if rule.takes_run {
                let mut sq = self.board.next(at, step.dir);
                while sq != to && sq != NO_SQUARE {
                    if changes(sq) {
                        return true;
                    }
                    sq = self.board.next(sq, step.dir);
                }
            }
            at = to;
        }
        false
    }

    /// Whether the position after `m` meets every `after move require` condition, read from
    /// the mover's side.
    fn allowed_after(&self, s: &State, m: &Move) -> bool {
        let mut after = *s;
        self.make(&mut after, m);
        let env = Env {
            from: m.from,
            to: m.to(),
            ..self.env(&after)
        };
        self.after_move.iter().all(|c| eval(c, &env) != 0)
    }

    /// How the game has ended at `s`, with the reason in words, if it has.
    pub fn ending(&self, s: &State) -> Option<(Outcome, String)> {
        let player = &self.players[s.to_move as usize].name;
        let mut moves = Vec::new();
        let generated = self.generate_unended(s, &mut moves);
        let reachable = self.reads_reachable && self.capture_reachable(s, &moves);
        if let Some((o, r)) = self.end_rule(s, reachable) {
            return Some((o, format!("{player}: {}", r.text)));
        }
        match generated {
            Generated::Over(o) => Some((o, format!("{player} has no legal move"))),
            Generated::Moves => None,
        }
    }

    /// The moves of each priority tier, highest first, with no priority applied and no
    /// `after move require` test: what the player might have meant, for explaining why a
    /// move is not legal.
    pub fn moves_by_tier(&self, s: &State) -> Vec<Vec<Move>> {
        self.tiers
            .iter()
            .map(|tier| {
                let mut out = Vec::new();
                self.generate_tier(tier, s, &mut out);
                out
            })
            .collect()
    }

    /// Whether `m` meets every `after move require` condition.
    pub fn meets_after_move(&self, s: &State, m: &Move) -> bool {
        self.after_move.is_empty() || self.allowed_after(s, m)
    }

    /// The legal moves of `s`; empty when the game is over.
    pub fn legal_moves(&self, s: &State) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate(s, &mut out);
        out
    }

    /// How the game has ended at `s`, if it has.
    pub fn outcome(&self, s: &State) -> Option<Outcome> {
        match self.generate(s, &mut Vec::new()) {
            Generated::Over(o) => Some(o),
            Generated::Moves => None,
        }
    }

    /// The moves of one priority tier: one scan of the board, every rule of the tier for
    /// each piece of the player to move.
    fn generate_tier(&self, tier: &[usize], s: &State, out: &mut Vec<Move>) {
        let p = s.to_move;
        let types = self.pieces.len();
        let first_own = 1 + p as usize * types;
        for from in 0..self.board.cells() {
            let own = (s.cells[from] as usize).wrapping_sub(first_own);
            if own >= types {
                continue;
            }
            for &rule_id in tier {
                let rule = &self.rules[rule_id];
                if rule.piece_mask & (1 << own) == 0 {
                    continue;
                }
                let start = Move::start(from as u16, rule_id as u8, rule.captures());
                match rule.chain {
                    None => self.landings(rule, s, from as u16, &SquareSet::default(), |d, to| {
                        out.extend(start.then(d, to));
                    }),
                    Some(_) => {
                        self.landings(rule, s, from as u16, &SquareSet::default(), |d, to| {
                            if let Some(m) = start.then(d, to) {
                                self.extend_chain(
                                    rule,
                                    s,
                                    from as u16,
                                    m,
                                    SquareSet::default(),
                                    out,
                                );
                            }
                        })
                    }
                }
            }
        }
    }

    /// Calls `found(direction, landing)` for every landing of the piece on `from` by one
    /// rule, never passing over a square of `passed` in a capturing run.
    ///
    /// Cells are indexed with `sq & 0xFF`: every square is below `MAX_CELLS` (256), and the
    /// mask lets the compiler see it, so the hot loop has no bounds checks.
    #[inline(always)]
    fn landings(
        &self,
        rule: &MoveRule,
        s: &State,
        from: u16,
        passed: &SquareSet,
        mut found: impl FnMut(u8, u16),
    ) {
        const _: () = assert!(crate::ir::MAX_CELLS == 256);
        let p = s.to_move;
        let cells = self.board.cells();
        let steps = rule.steps_from(p, cells, from);
        let Some(run) = &rule.run else {
            // The landing is the adjacent square, and the geometry is settled already.
            for &(d, to) in steps {
                if rule.onto.matches(p, s.cells[(to & 0xFF) as usize])
                    && self.dynamic_ok(rule, s, from, to)
                {
                    found(d, to);
                }
            }
            return;
        };
        for &(d, first) in steps {
            // Every square reached after `min..=max` squares of the run's pattern is a
            // landing if it matches `onto`.
            let mut sq = first;
            let mut len = 0u16;
            while sq != NO_SQUARE {
                let code = s.cells[(sq & 0xFF) as usize];
                if len >= run.min
                    && rule.onto.matches(p, code)
                    && rule.geometry.as_ref().is_none_or(|g| {
                        g[(p as usize * cells + from as usize) * cells + sq as usize]
                    })
                    && self.dynamic_ok(rule, s, from, sq)
                {
                    found(d, sq);
                }
                if len == run.max
                    || !run.pattern.matches(p, code)
                    || (rule.takes_run && passed.contains(sq))
                {
                    break;
                }
                len += 1;
                sq = self.board.next(sq, d);
            }
        }
    }

    /// Emits `m` (whose last step starts on `at`, in state `s`) and the chains that go on
    /// from it.
    fn extend_chain(
        &self,
        rule: &MoveRule,
        s: &State,
        at: u16,
        m: Move,
        mut passed: SquareSet,
        out: &mut Vec<Move>,
    ) {
        let step = *m.steps().last().expect("a chain has a step");
        let mut after = *s;
        if self.make_step(&mut after, rule, at, step, &mut passed) {
            // A promotion ends the chain.
            out.push(m);
            return;
        }
        let mut went_on = false;
        self.landings(rule, &after, step.to as u16, &passed, |d, to| {
            if let Some(next) = m.then(d, to) {
                went_on = true;
                self.extend_chain(rule, &after, step.to as u16, next, passed, out);
            }
        });
        if !went_on || rule.chain == Some(Chain::May) {
            out.push(m);
        }
    }

    /// The rule's conditions that read the state.
    #[inline(always)]
    fn dynamic_ok(&self, rule: &MoveRule, s: &State, from: u16, to: u16) -> bool {
        if rule.conditions.is_empty() {
            return true;
        }
        let env = Env {
            from,
            to,
            ..self.env(s)
        };
        rule.conditions.iter().all(|c| eval(c, &env) != 0)
    }

    /// Plays `m` on `s`. `m` must be one of `s`'s legal moves.
    pub fn apply(&self, s: &mut State, m: Move) {
        match &self.sowing {
            Some(sw) if !m.is_pass() => self.apply_sowing(sw, s, m),
            _ => {
                self.make(s, &m);
                s.to_move = ((s.to_move as usize + 1) % self.players.len()) as u8;
            }
        }
    }

    /// The board after `m`, with the same player still to move.
    fn make(&self, s: &mut State, m: &Move) {
        if m.is_pass() {
            // A pass forgets what the move before it forbade.
            s.back = [NO_PIT; 2];
            return;
        }
        if let Some(sw) = &self.sowing {
            let mover = s.to_move;
            self.apply_sowing(sw, s, *m);
            s.to_move = mover;
            return;
        }
        let rule = &self.rules[m.rule as usize];
        let mut at = m.from;
        let mut passed = SquareSet::default();
        for &step in m.steps() {
            self.make_step(s, rule, at, step, &mut passed);
            at = step.to as u16;
        }
    }

    /// One step: the piece (or column) goes from `at` to the step's square, taking what
    /// the rule takes, and is promoted if it ends in its promotion zone. Returns whether it
    /// was promoted.
    fn make_step(
        &self,
        s: &mut State,
        rule: &MoveRule,
        at: u16,
        step: Step,
        passed: &mut SquareSet,
    ) -> bool {
        let to = step.to as u16;
        let code = s.cells[at as usize];
        s.cells[at as usize] = 0;
        let mut column = self.lift_column(s, at);
        if rule.takes_run {
            let mut sq = self.board.next(at, step.dir);
            while sq != to && sq != NO_SQUARE {
                if rule.under {
                    self.take_under(s, sq, &mut column);
                } else {
                    self.take(s, sq);
                }
                passed.insert(sq);
                sq = self.board.next(sq, step.dir);
            }
        }
        if rule.takes_landing {
            self.take(s, to);
        }
        s.cells[to as usize] = code;
        self.set_column(s, to, column);
        match self.promotions.get(code as usize) {
            Some(&Some((zone, into))) if self.in_zone(zone, self.decode(code).0 as u8, to) => {
                s.cells[to as usize] = into;
                true
            }
            _ => false,
        }
    }

    /// Takes the column under the commander on `sq` off the board, leaving it empty.
    fn lift_column(&self, s: &mut State, sq: u16) -> u64 {
        match &self.columns {
            None => 0,
            Some(c) => std::mem::take(&mut s.slots[c.slot[sq as usize] as usize]),
        }
    }

    fn set_column(&self, s: &mut State, sq: u16, column: u64) {
        if let Some(c) = &self.columns {
            s.slots[c.slot[sq as usize] as usize] = column;
        }
    }

    /// Takes the commander of the column on `sq` and puts it at the bottom of `column`; the
    /// next piece down, if any, commands what is left.
    fn take_under(&self, s: &mut State, sq: u16, column: &mut u64) {
        let (Some(c), taken) = (&self.columns, s.cells[sq as usize]) else {
            return;
        };
        if taken == 0 {
            return;
        }
        *column = column::push_bottom(*column, taken, c.bits);
        let slot = c.slot[sq as usize] as usize;
        s.pieces[self.decode(taken).0] -= 1;
        match column::pop_top(s.slots[slot], c.bits) {
            Some((next, rest)) => {
                s.cells[sq as usize] = next;
                s.slots[slot] = rest;
                s.pieces[self.decode(next).0] += 1;
            }
            None => s.cells[sq as usize] = 0,
        }
    }

    /// Takes what stands on `sq`, a whole column if it is one.
    fn take(&self, s: &mut State, sq: u16) {
        let c = s.cells[sq as usize];
        if c != 0 {
            s.pieces[self.decode(c).0] -= 1;
            s.cells[sq as usize] = 0;
            self.lift_column(s, sq);
        }
    }
}
