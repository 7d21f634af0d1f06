//! Counting games compiled: pits holding seeds, the tracks seeds are sown along, and what
//! happens where the last seed of a lap falls, all as tables by pit, so that sowing is a
//! table walk that reads no name and evaluates no expression.

use super::board::Sq;

/// A value of `Sowing::first` for a pit the player may not lift from.
pub const NO_LAP: u8 = u8::MAX;

/// What happens where the last seed of a lap falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastSeed {
    /// The turn ends.
    Stop,
    /// The mover lifts every seed of the pit, the last one included, and sows on along the
    /// track the lap ended on.
    Relay,
    /// The mover takes every seed (maybe none) of this pit into their store; the turn ends.
    Capture(u8),
}

#[derive(Clone, Debug)]
pub struct Sowing {
    /// The sowing rule's name, for messages.
    pub name: String,
    /// The pits, in square order: pit `i` is square `pits[i]`.
    pub pits: Vec<Sq>,
    /// `pit_of[sq]`: the pit of a square (the board's used squares are the pits).
    pub pit_of: Vec<u8>,
    /// The tracks' names, for messages.
    pub tracks: Vec<String>,
    /// `next[track * pits + pit]`: the pit a seed goes to after `pit` along `track`, and
    /// the track sowing goes on along from there.
    pub next: Vec<(u8, u8)>,
    /// `first[player * pits + pit]`: the track of the first lap from this pit, or `NO_LAP`
    /// when the player may not lift its seeds.
    pub first: Vec<u8>,
    /// `last[(player * pits + pit) * 2 + was_empty]`: what a lap ending there does.
    pub last: Vec<LastSeed>,
    /// `no sowing back`: `Some(true)` when a move that captures is allowed anyway.
    pub no_sowing_back: Option<bool>,
    /// At the end, the seeds left on the board go to the last player who captured.
    pub leftover_to_last_capturer: bool,
    /// The seeds in each pit at the start.
    pub start: Vec<u16>,
}

impl Sowing {
    pub fn count(&self) -> usize {
        self.pits.len()
    }

    #[inline(always)]
    pub fn last_seed(&self, player: u8, pit: u8, was_empty: bool) -> LastSeed {
        self.last[(player as usize * self.pits.len() + pit as usize) * 2 + was_empty as usize]
    }
}
