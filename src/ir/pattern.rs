//! What a square must hold, compiled to one bitmask over cell codes per player, so that a
//! test in the move generator is a shift and an and.

use super::MAX_PLAYERS;

/// Bit `code` of `masks[player]` is set when a cell holding `code` matches, seen by `player`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pattern {
    pub masks: [u64; MAX_PLAYERS],
}

impl Pattern {
    #[inline(always)]
    pub fn matches(&self, player: u8, code: u8) -> bool {
        (self.masks[player as usize] >> code) & 1 != 0
    }
}
