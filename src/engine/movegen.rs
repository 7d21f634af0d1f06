//! Legal moves, applying a move, and the end of the game.
//!
//! The hot path: for each piece of the player to move, for each rule of the current
//! priority tier that the piece may use, for each of the rule's directions, walk the
//! neighbour table over the run and test the landing square against bitmask patterns and
//! the precomputed geometry table. Nothing is allocated and no name is looked up; moves go
//! into a caller's buffer that is reused from call to call.

use super::state::{Move, State};
use crate::ir::expr::{eval, Env};
use crate::ir::{Game, MoveRule, Verdict, NO_SQUARE};

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
    /// The result of `verdict` befalling `player`.
    fn verdict_outcome(&self, verdict: Verdict, player: u8) -> Option<Outcome> {
        let next = ((player as usize + 1) % self.players.len()) as u8;
        match verdict {
            Verdict::Pass => None,
            Verdict::Win => Some(Outcome::Win(player)),
            // With two players the other one wins; with more, the next in turn order.
            Verdict::Lose => Some(Outcome::Win(next)),
            Verdict::Draw => Some(Outcome::Draw),
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

    /// Fills `out` with the legal moves of `s` (a pass, when passing is the rule and there
    /// is no other move), or says how the game has ended.
    pub fn generate(&self, s: &State, out: &mut Vec<Move>) -> Generated {
        out.clear();
        if !self.end_rules.is_empty() {
            let env = self.env(s);
            for r in &self.end_rules {
                if eval(&r.condition, &env) != 0 {
                    if let Some(o) = self.verdict_outcome(r.verdict, s.to_move) {
                        return Generated::Over(o);
                    }
                }
            }
        }
        for tier in &self.tiers {
            self.generate_tier(tier, s, out);
            if !out.is_empty() {
                return Generated::Moves;
            }
        }
        match self.verdict_outcome(self.no_move, s.to_move) {
            Some(o) => Generated::Over(o),
            None => {
                out.push(Move::PASS);
                Generated::Moves
            }
        }
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
                if rule.piece_mask & (1 << own) != 0 {
                    self.piece_moves(rule, rule_id as u8, from as u16, s, out);
                }
            }
        }
    }

    /// The moves of the piece on `from` by one rule.
    ///
    /// Cells are indexed with `sq & 0xFF`: every square is below `MAX_CELLS` (256), and the
    /// mask lets the compiler see it, so the hot loop has no bounds checks.
    #[inline]
    fn piece_moves(&self, rule: &MoveRule, rule_id: u8, from: u16, s: &State, out: &mut Vec<Move>) {
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
                    out.push(Move {
                        from,
                        to,
                        rule: rule_id,
                        dir: d,
                    });
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
                    out.push(Move {
                        from,
                        to: sq,
                        rule: rule_id,
                        dir: d,
                    });
                }
                if len == run.max || !run.pattern.matches(p, code) {
                    break;
                }
                len += 1;
                sq = self.board.next(sq, d);
            }
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
        if !m.is_pass() {
            let rule = &self.rules[m.rule as usize];
            let code = s.cells[m.from as usize];
            s.cells[m.from as usize] = 0;
            if rule.takes_run {
                let mut sq = self.board.next(m.from, m.dir);
                while sq != m.to && sq != NO_SQUARE {
                    self.take(s, sq);
                    sq = self.board.next(sq, m.dir);
                }
            }
            if rule.takes_landing {
                self.take(s, m.to);
            }
            s.cells[m.to as usize] = code;
        }
        s.to_move = ((s.to_move as usize + 1) % self.players.len()) as u8;
    }

    fn take(&self, s: &mut State, sq: u16) {
        let c = s.cells[sq as usize];
        if c != 0 {
            s.pieces[self.decode(c).0] -= 1;
            s.cells[sq as usize] = 0;
        }
    }
}
