//! A move: a small `Copy` value naming the piece's square, the rule, and each step's
//! landing and direction, so that move lists are flat arrays and applying a move reads
//! nothing but the move and the compiled game.

pub use crate::ir::MAX_CHAIN;
use crate::ir::{DirId, RuleId, Sq};

/// One step of a move: where it lands, and along which direction it went there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Step {
    /// The landing square (squares are below `MAX_CELLS`, 256, so a byte holds one).
    pub to: u8,
    pub dir: DirId,
}

/// One move: a piece going from its square through one or more steps by one rule, or a
/// pass. A chain (`c3xe5xc7`) is one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Sq,
    /// The rule's index in `Game::rules`, or `Move::PASS_RULE`.
    pub rule: RuleId,
    len: u8,
    /// Whether the move takes something: a piece, or at least one seed.
    pub takes: bool,
    steps: [Step; MAX_CHAIN],
}

impl Move {
    pub const PASS_RULE: RuleId = RuleId::MAX;
    pub const PASS: Move = Move {
        from: 0,
        rule: Move::PASS_RULE,
        len: 0,
        takes: false,
        steps: [Step { to: 0, dir: 0 }; MAX_CHAIN],
    };

    /// A move with no step yet, by a rule that takes something or not.
    pub fn start(from: Sq, rule: RuleId, takes: bool) -> Move {
        Move {
            from,
            rule,
            takes,
            ..Move::PASS
        }
    }

    /// A move of one step.
    #[inline(always)]
    pub fn step(from: Sq, rule: RuleId, takes: bool, dir: DirId, to: Sq) -> Move {
        let mut steps = [Step::default(); MAX_CHAIN];
        steps[0] = Step { to: to as u8, dir };
        Move {
            from,
            rule,
            len: 1,
            takes,
            steps,
        }
    }

    /// This move with one more step; `None` when the chain is at its longest.
    pub fn then(mut self, dir: DirId, to: Sq) -> Option<Move> {
        let slot = self.steps.get_mut(self.len as usize)?;
        *slot = Step { to: to as u8, dir };
        self.len += 1;
        Some(self)
    }

    pub fn is_pass(&self) -> bool {
        self.rule == Move::PASS_RULE
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The square the move ends on.
    pub fn to(&self) -> Sq {
        self.steps().last().map_or(self.from, |s| s.to as Sq)
    }
}
