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

    /// Whether, seen by `player`, the pattern takes every piece type of each owner or none
    /// (of `types` types and `owners` owners), so that its squares are known from the
    /// occupied sets alone.
    pub fn by_owner(&self, player: u8, types: usize, owners: usize) -> bool {
        let codes = self.masks[player as usize];
        let types = types.max(1);
        let all = u64::MAX >> (64 - types);
        (0..owners).all(|owner| {
            let wanted = (codes >> (1 + owner * types)) & all;
            wanted == 0 || wanted == all
        })
    }

    /// Seen by `player`, the owners (a bit each) all of whose pieces the pattern takes,
    /// where it takes nothing else (no empty square, no owner's pieces in part): its
    /// squares are then those owners' occupied sets.
    pub fn whole_owners(&self, player: u8, types: usize, owners: usize) -> Option<u8> {
        self.of_owners(player, types, owners)
            .filter(|p| !p.empty)
            .map(|p| p.owners)
    }

    /// Seen by `player`, the pattern as whole owners' pieces and maybe the empty squares,
    /// where it takes no owner's pieces in part (`by_owner`).
    pub fn of_owners(&self, player: u8, types: usize, owners: usize) -> Option<OwnerPattern> {
        let codes = self.masks[player as usize];
        let types = types.max(1);
        let all = u64::MAX >> (64 - types);
        if !self.by_owner(player, types, owners) || 1 + owners * types > 64 {
            return None;
        }
        let taken = (0..owners).filter(|&owner| (codes >> (1 + owner * types)) & all == all);
        Some(OwnerPattern {
            empty: codes & 1 != 0,
            owners: taken.fold(0, |bits, owner| bits | 1 << owner),
        })
    }
}

/// A pattern that takes each owner's pieces whole or not at all (`Pattern::of_owners`):
/// its squares are a union of occupied sets, and the empty squares where `empty`, with no
/// cell read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OwnerPattern {
    pub empty: bool,
    /// Bit `o`: all of owner `o`'s pieces.
    pub owners: u8,
}

impl OwnerPattern {
    /// Its place among the eight patterns of a game of at most two owners: bit 0 for the
    /// empty squares, bits 1 and 2 for the two owners' pieces (`View::owner_table`).
    #[inline(always)]
    pub fn index(self) -> usize {
        self.empty as usize | (self.owners as usize & 3) << 1
    }
}
