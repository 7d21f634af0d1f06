//! Sowing: lifting the seeds of a pit and sowing them one by one along a track, with relays
//! and captures decided by where each lap's last seed falls (see `ir::Sowing`). A move is
//! simulated in full to know whether it is legal (it must end, and it may be a forbidden
//! sowing back), so the generator hands out the state after each move too.

use super::moves::Move;
use super::state::{State, NO_PIT};
use crate::ir::{Game, LastSeed, Sowing, MAX_SLOTS, NO_LAP};

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

/// Where a lap starts, for spotting relays that never end: the pits, the pit, the track and
/// the seeds in hand.
type LapStart = ([u64; MAX_SLOTS], u8, u8, u64);

/// Calls `found(move, state after it)` for every legal sowing of the player to move, in
/// pit order, until it returns `true`. `after` is where the sowings are made: any state of
/// this game (sowing writes the pits, stores, capturer, look-back and player to move, and
/// nothing else differs between two positions of a counting game).
#[inline]
pub(super) fn sowings(
    game: &Game,
    sw: &Sowing,
    s: &State,
    after: &mut State,
    mut found: impl FnMut(Move, &State) -> bool,
) {
    for pit in 0..sw.count() {
        if let Some(m) = sowing_into(game, sw, s, pit, after) {
            if found(m, after) {
                return;
            }
        }
    }
}

/// The sowing from `pit`, if it is a legal move, with `after` made the state after it.
/// `after` must equal `s` everywhere but in the pits, stores, capturer, look-back and
/// player to move (sowing changes nothing else).
#[inline]
fn sowing_into(game: &Game, sw: &Sowing, s: &State, pit: usize, after: &mut State) -> Option<Move> {
    let p = s.to_move as usize;
    let n = sw.count();
    let track = sw.first[p * n + pit];
    if track == NO_LAP || s.slots[pit] == 0 {
        return None;
    }
    after.slots[..n].copy_from_slice(&s.slots[..n]);
    after.stores = s.stores;
    after.capturer = s.capturer;
    after.to_move = s.to_move;
    // `None`: its relays never end, so it is not a move.
    let sown = sow(sw, after, pit as u8, track)?;
    let single = s.slots[pit] == 1;
    if let Some(unless_capture) = sw.no_sowing_back {
        let first = sw.next[track as usize * n + pit].0;
        if single && s.back == [pit as u8, first] && !(unless_capture && sown.captured > 0) {
            return None;
        }
    }
    // A single seed sown into an empty pit, capturing nothing, may not come straight
    // back on the next turn.
    let watched = sw.no_sowing_back.is_some();
    after.back = if watched && single && sown.laps == 1 && sown.was_empty && sown.captured == 0 {
        [sown.last, pit as u8]
    } else {
        [NO_PIT; 2]
    };
    after.to_move = game.next_player(p as u8);
    Some(Move::start(sw.pits[pit], 0, sown.captured > 0))
}

/// Sows the seeds of `origin` along `track` on `s`, relays included, and takes what a
/// lap's end captures. `None` when the relays would never end: the laps come back to
/// the same pits, pit, track and seeds in hand. After `FREE_LAPS` laps, Brent's cycle
/// detection watches the lap starts (it keeps one snapshot), so a move with few relays
/// pays nothing for it.
pub(super) fn sow(sw: &Sowing, s: &mut State, origin: u8, track: u8) -> Option<Sown> {
    const FREE_LAPS: u32 = 16;
    let p = s.to_move;
    let n = sw.count();
    let mut hand = std::mem::take(&mut s.slots[origin as usize]);
    let (mut pit, mut t) = (origin, track);
    let mut laps = 0u32;
    let mut saved: Option<Box<LapStart>> = None;
    let (mut power, mut lambda) = (1u32, 0u32);
    loop {
        laps += 1;
        for _ in 0..hand {
            (pit, t) = sw.next[t as usize * n + pit as usize];
            // Pits are below MAX_SLOTS (64): the mask spares a bounds check.
            s.slots[pit as usize & 63] += 1;
        }
        let was_empty = s.slots[pit as usize & 63] == 1;
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
                if laps < FREE_LAPS {
                    continue;
                }
                if let Some(b) = &saved {
                    if b.1 == pit && b.2 == t && b.3 == hand && b.0[..n] == s.slots[..n] {
                        return None;
                    }
                }
                lambda += 1;
                if saved.is_none() || lambda == power {
                    saved = Some(Box::new((s.slots, pit, t, hand)));
                    power = power.saturating_mul(2);
                    lambda = 0;
                }
            }
        }
    }
}

/// Plays the sowing `m` on `s` (the player to move changes). `m` must be legal.
pub(super) fn apply_sowing(game: &Game, sw: &Sowing, s: &mut State, m: Move) {
    let before = *s;
    let pit = sw.pit_of[m.from as usize] as usize;
    let played = sowing_into(game, sw, &before, pit, s);
    debug_assert!(played.is_some(), "a legal sowing");
}
