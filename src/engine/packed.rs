//! A move packed into 16 bytes, for keeping many of them: a search tree's edges. A `Move`
//! has room for the longest chain (`MAX_CHAIN` steps), which the generator needs while it
//! follows one; a tree keeps hundreds of thousands of moves, nearly all of one or two
//! steps. A packed move keeps up to `PackedMove::IN_PLACE` steps in place and a longer
//! move's steps aside, in the `MoveStore` it was packed into.

use super::moves::{Move, Step};
use crate::ir::{RuleId, Sq};

/// A `Move` in 16 bytes: its fields, and its steps in place when there are at most
/// `IN_PLACE` of them; otherwise where they start in the `MoveStore` it was packed into
/// (read it back with `MoveStore::unpack`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PackedMove {
    from: Sq,
    rule: RuleId,
    len: u8,
    split: u8,
    takes: bool,
    promote: u8,
    die: u8,
    /// The steps, or, for a move of more than `IN_PLACE` steps, the place of its first
    /// step in the store (low half first).
    steps: [Step; PackedMove::IN_PLACE],
}

const _: () = assert!(std::mem::size_of::<PackedMove>() == 16);

impl PackedMove {
    /// The most steps a packed move holds in place.
    pub const IN_PLACE: usize = 3;

    /// Whether the move is a roll of the dice (see `Move::is_roll`).
    pub fn is_roll(&self) -> bool {
        self.rule == Move::ROLL_RULE
    }
}

/// The steps of the packed moves too long to hold them in place. It only grows: a tree
/// and its store are dropped together.
#[derive(Clone, Debug, Default)]
pub struct MoveStore {
    steps: Vec<Step>,
}

impl MoveStore {
    /// `m`, packed: its steps in place if they fit, or else kept in this store.
    #[inline]
    pub fn pack(&mut self, m: &Move) -> PackedMove {
        let len = m.len as usize;
        // Step by step over a length known when compiled: a copy of `len` steps would be a
        // call to `memcpy`.
        let mut steps: [Step; PackedMove::IN_PLACE] =
            std::array::from_fn(|i| if i < len { m.steps[i] } else { Step(0) });
        if len > PackedMove::IN_PLACE {
            let at = u32::try_from(self.steps.len()).expect("fewer than 2^32 steps kept aside");
            steps[0] = Step(at as u16);
            steps[1] = Step((at >> 16) as u16);
            self.steps.extend_from_slice(&m.steps[..len]);
        }
        PackedMove {
            from: m.from,
            rule: m.rule,
            len: m.len,
            split: m.split,
            takes: m.takes,
            promote: m.promote,
            die: m.die,
            steps,
        }
    }

    /// The move `p` was packed from (packed into this store).
    #[inline]
    pub fn unpack(&self, p: &PackedMove) -> Move {
        let len = p.len as usize;
        let mut m = Move {
            from: p.from,
            rule: p.rule,
            len: p.len,
            split: p.split,
            takes: p.takes,
            promote: p.promote,
            die: p.die,
            ..Move::PASS
        };
        if len <= PackedMove::IN_PLACE {
            for i in 0..PackedMove::IN_PLACE {
                m.steps[i] = if i < len { p.steps[i] } else { Step(0) };
            }
        } else {
            let at = p.steps[0].0 as usize | (p.steps[1].0 as usize) << 16;
            m.steps[..len].copy_from_slice(&self.steps[at..at + len]);
        }
        m
    }

    /// The steps kept aside so far.
    pub fn kept(&self) -> usize {
        self.steps.len()
    }
}
