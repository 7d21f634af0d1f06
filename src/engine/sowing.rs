//! Sowing: lifting the seeds of a pit and sowing them one by one along a track, with relays
//! and captures decided by where each lap's last seed falls (see `ir::Sowing`). A move is
//! simulated in full to know whether it is legal (it must end, and it may be a forbidden
//! sowing back), so the generator hands out the state after each move too.

use super::state::{Move, State, MAX_SLOTS, NO_PIT};
use crate::ir::{Game, LastSeed, Sowing, NO_LAP};

/// What one sowing did.
#[derive(Clone, Copy, Debug)]
pub struct Sown {
    /// The seeds taken into the mover's store.
    pub captured: u64,
    /// Laps made: 1 without a relay.
    pub laps: u32,
    /// The pit where the last seed fell, and whether it was empty before.
    pub last: u8,
    pub was_empty: bool,
}

impl Game {
    /// Calls `found(move, state after it)` for every legal sowing of the player to move, in
    /// pit order.
    #[inline]
    pub(super) fn sowings(&self, sw: &Sowing, s: &State, mut found: impl FnMut(Move, &State)) {
        for pit in 0..sw.count() {
            if let Some((m, after)) = self.sowing_from(sw, s, pit) {
                found(m, &after);
            }
        }
    }

    /// The sowing from `pit` and the state after it, if it is a legal move.
    #[inline]
    fn sowing_from(&self, sw: &Sowing, s: &State, pit: usize) -> Option<(Move, State)> {
        let p = s.to_move as usize;
        let n = sw.count();
        let track = sw.first[p * n + pit];
        if track == NO_LAP || s.slots[pit] == 0 {
            return None;
        }
        let mut after = *s;
        // `None`: its relays never end, so it is not a move.
        let sown = self.sow(sw, &mut after, pit as u8, track)?;
        let single = s.slots[pit] == 1;
        if let Some(unless_capture) = sw.no_sowing_back {
            let first = sw.next[track as usize * n + pit].0;
            if single && s.back == [pit as u8, first] && !(unless_capture && sown.captured > 0) {
                return None;
            }
        }
        // A single seed sown into an empty pit, capturing nothing, may not come straight
        // back on the next turn.
        after.back = if single && sown.laps == 1 && sown.was_empty && sown.captured == 0 {
            [sown.last, pit as u8]
        } else {
            [NO_PIT; 2]
        };
        after.to_move = ((p + 1) % self.players.len()) as u8;
        Some((Move::start(sw.pits[pit], 0, sown.captured > 0), after))
    }

    /// Sows the seeds of `origin` along `track` on `s`, relays included, and takes what a
    /// lap's end captures. `None` when the relays would never end: the laps come back to
    /// the same pits, pit and track (found by Brent's cycle detection, which keeps one
    /// snapshot).
    pub(super) fn sow(&self, sw: &Sowing, s: &mut State, origin: u8, track: u8) -> Option<Sown> {
        let p = s.to_move;
        let n = sw.count();
        let mut hand = std::mem::take(&mut s.slots[origin as usize]);
        let (mut pit, mut t) = (origin, track);
        let mut laps = 0u32;
        // Brent: the lap start saved, and how many laps until the next save.
        let mut saved: Option<([u64; MAX_SLOTS], u8, u8, u64)> = None;
        let (mut power, mut lambda) = (1u32, 0u32);
        loop {
            laps += 1;
            for _ in 0..hand {
                (pit, t) = sw.next[t as usize * n + pit as usize];
                s.slots[pit as usize] += 1;
            }
            let was_empty = s.slots[pit as usize] == 1;
            let sown = |captured| Sown {
                captured,
                laps,
                last: pit,
                was_empty,
            };
            match sw.last_seed(p, pit, was_empty) {
                LastSeed::Stop => return Some(sown(0)),
                LastSeed::Capture(from) => {
                    let taken = std::mem::take(&mut s.slots[from as usize]);
                    if taken > 0 {
                        s.stores[p as usize] += taken as u16;
                        s.capturer = p;
                    }
                    return Some(sown(taken));
                }
                LastSeed::Relay => {
                    hand = std::mem::take(&mut s.slots[pit as usize]);
                    match &saved {
                        Some((slots, sp, st, sh))
                            if *sp == pit && *st == t && *sh == hand && slots[..n] == s.slots[..n] =>
                        {
                            return None;
                        }
                        _ => {}
                    }
                    lambda += 1;
                    if saved.is_none() || lambda == power {
                        saved = Some((s.slots, pit, t, hand));
                        power = power.saturating_mul(2);
                        lambda = 0;
                    }
                }
            }
        }
    }

    /// Plays the sowing `m` on `s` (the player to move changes). `m` must be legal.
    pub(super) fn apply_sowing(&self, sw: &Sowing, s: &mut State, m: Move) {
        let pit = sw.pit_of[m.from as usize] as usize;
        let played = self.sowing_from(sw, s, pit);
        debug_assert!(played.is_some(), "a legal sowing");
        if let Some((_, after)) = played {
            *s = after;
        }
    }
}
