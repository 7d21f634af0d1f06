//! Sowing: lifting the seeds of a pit and sowing them one by one along a track, with what
//! each lap's last seed does decided by where it falls (see `ir::Sowing`). A move is
//! simulated in full to know whether it is legal (it must end, and the position after it
//! must meet `after move require`), so the generator hands out the state after each move
//! too.
//!
//! Two ways to sow, the same seed for seed (a test checks it): on a board of up to 16
//! pits holding under 256 seeds, the pits packed a byte each in one number, a lap one add
//! of a precomputed mask (`sow_packed`); otherwise over the slots, a seed at a time along
//! precomputed walks (`sow_slots`).

use super::env::env;
use super::layout::{Layout, Slot};
use super::moves::Move;
use super::state::State;
use crate::eval::Env;
use crate::ir::expr::LookBack;
use crate::ir::sowing::{Capture, PACKED_PITS};
use crate::ir::{Game, LastSeed, Program, Sowing, Sq, MAX_SLOTS, NO_LAP};

/// What one sowing did.
#[derive(Clone, Copy, Debug)]
pub struct Sown {
    /// The seeds taken into the mover's store.
    pub taken: u64,
    /// Laps made: 1 without a relay.
    pub laps: u32,
    /// The pit where the last seed fell.
    pub last: u8,
    /// Whether the same player moves again.
    pub again: bool,
}

/// The position after a sowing as far as sowing changes it (the pits apart): what the
/// generator keeps of each sowing it lists, so that the search ahead and a playout need not
/// sow it again, without copying whole states.
#[derive(Clone, Copy, Debug)]
pub struct AfterSowing {
    stores: [u16; crate::ir::MAX_PLAYERS],
    capturer: u8,
    to_move: u8,
    look: LookBack,
}

/// The positions after the sowings of one position, in the order listed: each one's
/// fields, and its pits one after another in `pits` (as many as the game has), slots of
/// the layout's kind `S`.
#[derive(Clone, Debug, Default)]
pub struct SownList<S: Slot = u64> {
    afters: Vec<AfterSowing>,
    pits: Vec<S>,
}

impl<S: Slot> SownList<S> {
    pub fn clear(&mut self) {
        self.afters.clear();
        self.pits.clear();
    }

    pub fn len(&self) -> usize {
        self.afters.len()
    }

    pub fn is_empty(&self) -> bool {
        self.afters.is_empty()
    }

    /// Keeps `after`, a position after a sowing in a game of `n` pits.
    #[inline]
    pub fn push<Z: Layout<Slot = S>>(&mut self, after: &State<Z>, n: usize) {
        self.afters.push(AfterSowing {
            stores: after.stores,
            capturer: after.capturer,
            to_move: after.to_move,
            look: after.look,
        });
        let slots = after.slots.as_ref();
        // Up to 16 pits, 16 slots each time: a copy of a fixed length is a few moves where
        // one of a length known only at run time is a call (the slots past the pits are
        // empty in every position of the game, so they are kept and written back as such).
        match n <= PACKED_PITS {
            true => self.pits.extend_from_slice(&slots[..PACKED_PITS]),
            false => self.pits.extend_from_slice(&slots[..n]),
        }
    }

    /// Makes `s` (a position of the game) the `i`th position kept.
    #[inline]
    pub fn write<Z: Layout<Slot = S>>(&self, i: usize, n: usize, s: &mut State<Z>) {
        let a = &self.afters[i];
        let slots = s.slots.as_mut();
        match n <= PACKED_PITS {
            true => slots[..PACKED_PITS]
                .copy_from_slice(&self.pits[i * PACKED_PITS..(i + 1) * PACKED_PITS]),
            false => slots[..n].copy_from_slice(&self.pits[i * n..(i + 1) * n]),
        }
        s.stores = a.stores;
        s.capturer = a.capturer;
        s.to_move = a.to_move;
        s.look = a.look;
    }
}

/// Where a lap starts, for spotting relays that never end: the pits, the pit, the track and
/// the seeds in hand.
type LapStart<S> = (Vec<S>, u8, u8, u64);

/// Calls `found(move, state after it)` for every legal sowing of the player to move, in
/// pit order, until it returns `true`. `after` is where the sowings are made: any state of
/// this game (sowing writes the pits, stores, capturer, look-back and player to move, and
/// nothing else differs between two positions of a counting game).
#[inline]
pub(super) fn sowings<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &State<Z>,
    after: &mut State<Z>,
    mut found: impl FnMut(Move, &State<Z>) -> bool,
) {
    let fresh = look_is_fresh(game, s);
    let packed = packed(sw, s);
    for &pit in &sw.lifts[s.to_move as usize] {
        // An empty pit is no move: not worth a call.
        if s.slots[pit as usize & 63] == Z::Slot::default() {
            continue;
        }
        // The move is built here, where it is handed on: built by the callee and copied
        // out, its narrow writes stalled the wide reads of the copy.
        if let Some((from, takes)) = sowing_into(game, sw, s, pit as usize, after, fresh, packed) {
            if found(Move::start(from, crate::ir::RuleId(0), takes), after) {
                return;
            }
        }
    }
}

/// Whether the look-back cannot matter to the moves of `s`: asked once for all of them.
/// No look-back at all reads as the rule folded for none (`after_fresh` is that fold).
#[inline(always)]
fn look_is_fresh<Z: Layout>(game: &Game, s: &State<Z>) -> bool {
    !game.reads_previous || s.look == LookBack::NONE || !game.look_matters(&s.look)
}

/// Whether some legal sowing of the player to move takes something, as `sowings` would
/// find it. A sowing whose last seed neither captures nor relays takes nothing, legal or
/// not: where the pits pack, it is passed over after its laps alone, neither written out
/// nor checked against `after move require`. So is a capture that reads only its pits
/// (`plain_capture_takes`): it takes what they hold, and where the rule has nothing to
/// check for its pit, a capture of something is the answer. The others are made on
/// `after`, as `sowings` makes them, until one takes.
pub(super) fn some_sowing_takes<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &State<Z>,
    after: &mut State<Z>,
) -> bool {
    let fresh = look_is_fresh(game, s);
    let packed = packed(sw, s);
    let (p, n) = (s.to_move, sw.count());
    for &pit in &sw.lifts[p as usize] {
        if s.slots[pit as usize & 63] == Z::Slot::default() {
            continue;
        }
        let track = sw.first[p as usize * n + pit as usize];
        if let Some(x) = packed.filter(|_| track != NO_LAP) {
            match laps_packed(sw, p, pit, track, x) {
                Ok((.., LastSeed::Stop | LastSeed::Again)) => continue,
                // A capture that reads nothing but its pits takes what they hold: nothing
                // (whether legal or not, it takes nothing), or something, which is a move
                // that takes where the rule after a move has nothing to check.
                Ok((x, last, _, LastSeed::Capture(c))) => {
                    match plain_capture_takes(sw, &sw.captures[c as usize], p, last, x) {
                        Some(false) => continue,
                        Some(true)
                            if required_after(game, sw, s, pit as usize, fresh).is_none() =>
                        {
                            return true;
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        if let Some((_, true)) = sowing_into(game, sw, s, pit as usize, after, fresh, packed) {
            return true;
        }
    }
    false
}

/// The sowing from `pit`, if it is a legal move (the square it starts from, and whether it
/// takes), with `after` made the state after it.
/// `after` must equal `s` everywhere but in the pits, stores, capturer, look-back and
/// player to move (sowing changes nothing else).
/// `fresh` says that no rule could read `s`'s look-back (`Game::look_matters`); `packed`
/// is `s`'s pits packed (`packed`), where the packed sowing applies.
#[inline]
fn sowing_into<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &State<Z>,
    pit: usize,
    after: &mut State<Z>,
    fresh: bool,
    packed: Option<u128>,
) -> Option<(Sq, bool)> {
    let p = s.to_move as usize;
    let n = sw.count();
    let track = sw.first[p * n + pit];
    let lifted = s.slots[pit].get();
    if track == NO_LAP || lifted == 0 {
        return None;
    }
    after.stores = s.stores;
    after.capturer = s.capturer;
    after.to_move = s.to_move;
    // The packed sowing writes every pit of `after` itself; otherwise (or where it does not
    // apply) the pits are copied and sown one seed at a time.
    let by_packed = packed.and_then(|x| sow_packed(game, sw, after, pit as u8, track, x).ok());
    let sown = match by_packed {
        Some(sown) => sown,
        None => {
            copy_pits(after.slots.as_mut(), s.slots.as_ref(), n);
            sow_slots(game, sw, after, pit as u8, track)
        }
    };
    // `None`: its relays never end, so it is not a move.
    let sown = sown?;
    let look = sown_look(sw, pit, lifted, &sown);
    if let Some(program) = required_after(game, sw, s, pit, fresh) {
        let mut e = sown_env(game, after, &look);
        e.previous = s.look;
        if !program.holds(&e) {
            return None;
        }
    }
    if game.reads_previous {
        // Kept whole: whether it matters is asked once per position (`look_matters`), and
        // keys leave out what does not.
        after.look = look;
    }
    if !sown.again {
        after.to_move = game.next_player(p as u8);
    }
    Some((sw.pits[pit], sown.taken > 0))
}

/// What `after move require` leaves to check of a sowing from `pit` of `s`: nothing where
/// it cannot fail there. `fresh` says that the move before cannot matter (`look_is_fresh`).
#[inline(always)]
fn required_after<'a, Z: Layout>(
    game: &'a Game,
    sw: &Sowing,
    s: &State<Z>,
    pit: usize,
    fresh: bool,
) -> &'a Option<Program> {
    match &game.after_fresh {
        // Where the move before cannot matter, the rule as folded for no move before
        // (often nothing is left to check).
        Some(folded) if fresh => folded,
        // A rule that can fail only on a move from one square of the move before: from
        // any other pit it holds.
        _ if game
            .after_pinned
            .is_some_and(|f| i64::from(sw.pits[pit]) != s.look.field(f)) =>
        {
            &None
        }
        _ => &game.after_program,
    }
}

/// What a sowing from `pit` that lifted `lifted` seeds did, as the next move reads it.
#[inline(always)]
fn sown_look(sw: &Sowing, pit: usize, lifted: u64, sown: &Sown) -> LookBack {
    LookBack {
        from: sw.pits[pit],
        to: sw.pits[sown.last as usize],
        lifted: lifted.min(u16::MAX as u64) as u16,
        laps: sown.laps.min(u16::MAX as u32) as u16,
        taken: sown.taken.min(u16::MAX as u64) as u16,
        ..LookBack::NONE
    }
}

/// Copies the first `n` slots (the pits) of `from`: a fixed length is copied in a few
/// moves where a length known only at run time would call `memcpy`. Slots past the pits
/// are equal in the two states, so copying more of them changes nothing.
#[inline(always)]
fn copy_pits<S: Slot>(to: &mut [S], from: &[S], n: usize) {
    let len = if n <= 16 {
        16
    } else if n <= 32 {
        32
    } else {
        MAX_SLOTS
    };
    to[..len].copy_from_slice(&from[..len]);
}

/// The environment in which a sowing's conditions are read on `s`, for the mover: `from`
/// is the pit lifted, `last` (`to`) where the last seed fell.
#[inline]
fn sown_env<'a, Z: Layout>(game: &'a Game, s: &'a State<Z>, look: &LookBack) -> Env<'a, Z::Set> {
    Env {
        from: look.from,
        to: look.to,
        lifted: look.lifted as u32,
        laps: look.laps as u32,
        taken: look.taken as u32,
        ..env(game, s)
    }
}

/// Sows the seeds of `origin` along `track` on `s`, relays included, and takes what a
/// lap's end captures. `None` when the relays would never end: the laps come back to
/// the same pits, pit, track and seeds in hand. After `FREE_LAPS` laps, Brent's cycle
/// detection watches the lap starts (it keeps one snapshot), so a move with few relays
/// pays nothing for it. A cycle can be very long (the seeds of ten pits can go round for
/// millions of laps before a lap start repeats), so a sowing that has sown `MAX_SOWN`
/// seeds, relays included, is taken as endless too.
#[inline(always)]
pub(super) fn sow<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &mut State<Z>,
    origin: u8,
    track: u8,
) -> Option<Sown> {
    if let Some(x) = packed(sw, s) {
        if let Ok(sown) = sow_packed(game, sw, s, origin, track, x) {
            return sown;
        }
    }
    sow_slots(game, sw, s, origin, track)
}

/// The pits of `s` packed a byte each in one number, where `sow_packed` applies: a board
/// of up to `PACKED_PITS` pits holding under 256 seeds, and no pit skipped.
#[inline(always)]
pub fn packed<Z: Layout>(sw: &Sowing, s: &State<Z>) -> Option<u128> {
    if sw.walks.masks.is_empty() || sw.skip[s.to_move as usize] != 0 || sw.skip_origin {
        return None;
    }
    Z::Slot::pack(&s.slots.as_ref()[..PACKED_PITS])
}

/// The laps after which a sowing's relays are watched for an endless cycle.
const FREE_LAPS: u32 = 16;

/// `sow` with the pits packed a byte each in `x` (see `packed`), so that a lap is one add
/// of a precomputed mask and the last seed's pit is read from a register; the pits are
/// written back to `s` (the first `PACKED_PITS` slots, whatever they held) when it ends.
/// No byte overflows: the board holds under 256 seeds. `Err`, with `s` untouched, where
/// a condition must be read at the last seed or the relays go on long enough to be
/// watched for a cycle: `sow_slots` then makes the sowing from `s` as it was. (Public for
/// the tests that compare the two; `Err(())` is a refusal, not an error to report.)
#[inline(always)]
#[allow(clippy::result_unit_err)]
pub fn sow_packed<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &mut State<Z>,
    origin: u8,
    track: u8,
    x: u128,
) -> Result<Option<Sown>, ()> {
    let p = s.to_move;
    let lifted = lane(x, origin);
    let (x, pit, laps, action) = laps_packed(sw, p, origin, track, x)?;
    // The sowing ends: the pits unpacked, then what the last seed does.
    Z::Slot::unpack(x, &mut s.slots.as_mut()[..PACKED_PITS]);
    let sown = |taken, again| Sown {
        taken,
        laps,
        last: pit,
        again,
    };
    Ok(match action {
        LastSeed::Again => Some(sown(0, true)),
        LastSeed::Capture(c) => {
            let look = sowing_so_far(sw, origin, pit, lifted, laps);
            let taken = capture(game, sw, &sw.captures[c as usize], s, pit, &look);
            if taken > 0 {
                s.capturer = p;
            }
            Some(sown(taken, false))
        }
        _ => Some(sown(0, false)),
    })
}

/// Whether capture `c`, by player `p`'s last seed in `last`, takes something from the
/// packed pits `x` (after the laps): `None` where it reads more than its pits (it goes on
/// `along` a track, or has an `unless`).
#[inline(always)]
fn plain_capture_takes(sw: &Sowing, c: &Capture, p: u8, last: u8, x: u128) -> Option<bool> {
    if c.along.is_some() || c.unless.is_some() {
        return None;
    }
    let pits = &c.pits[p as usize * sw.count() + last as usize];
    Some(pits.iter().any(|&q| lane(x, q) > 0))
}

/// The seeds of `pit` in the packed pits `x`: its byte, shifted out of the half of `x` it
/// is in. (A shift of all 128 bits by a count known only at run time takes several
/// instructions; reading the byte from memory waits for `x` to be written there first,
/// which is slower still where the laps have just added to it.)
#[inline(always)]
fn lane(x: u128, pit: u8) -> u64 {
    const _: () = assert!(PACKED_PITS == 16);
    let half = if pit & 8 == 0 {
        x as u64
    } else {
        (x >> 64) as u64
    };
    (half >> (8 * (pit & 7))) & 0xff
}

/// Each pit's byte of the packed pits cleared, the rest kept (see `lane`).
const LANE_CLEARED: [u128; PACKED_PITS] = {
    let mut masks = [0; PACKED_PITS];
    let mut i = 0;
    while i < PACKED_PITS {
        masks[i] = !(0xff << (8 * i));
        i += 1;
    }
    masks
};

/// The laps of player `p`'s sowing from `origin` along `track` on the packed pits `x`,
/// relays included: the pits after them, the pit the last seed fell in, the laps, and
/// what that seed does (never `Relay`). `Err` where the packed sowing does not apply: the
/// last seed's outcome is not settled by the seeds in its pit alone, or the relays go on
/// past `FREE_LAPS`.
#[inline(always)]
fn laps_packed(
    sw: &Sowing,
    p: u8,
    origin: u8,
    track: u8,
    mut x: u128,
) -> Result<(u128, u8, u32, LastSeed), ()> {
    let n = sw.count();
    let mut hand = lane(x, origin);
    x &= LANE_CLEARED[origin as usize % PACKED_PITS];
    let (mut pit, mut t) = (origin, track);
    let mut laps = 0u32;
    let o = &sw.outcomes;
    let len = sw.walks.len;
    loop {
        laps += 1;
        let mut left = hand as usize;
        while left > 0 {
            let k = left.min(len);
            let at = (t as usize * n + pit as usize) * len + k - 1;
            x += sw.walks.masks[at];
            (pit, t) = sw.walks.steps[at];
            left -= k;
        }
        let seeds = (lane(x, pit) as usize).min(o.buckets - 1);
        let Some(action) = o.settled[(p as usize * n + pit as usize) * o.buckets + seeds] else {
            return Err(());
        };
        if action != LastSeed::Relay {
            return Ok((x, pit, laps, action));
        }
        if laps + 1 >= FREE_LAPS {
            return Err(());
        }
        hand = lane(x, pit);
        x &= LANE_CLEARED[pit as usize % PACKED_PITS];
    }
}

/// `sow` over the slots, a seed at a time along the precomputed walks: every board.
#[inline(always)]
pub fn sow_slots<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &mut State<Z>,
    origin: u8,
    track: u8,
) -> Option<Sown> {
    let p = s.to_move;
    let n = sw.count();
    let lifted = s.slots[origin as usize].get();
    let mut hand = s.slots[origin as usize].take();
    let (mut pit, mut t) = (origin, track);
    let mut laps = 0u32;
    let mut sown_seeds = hand;
    let mut watch = CycleWatch::default();
    let skip = sw.skip[p as usize] | if sw.skip_origin { 1 << origin } else { 0 };
    loop {
        laps += 1;
        if skip == 0 {
            // Along the precomputed walk, a piece at a time.
            let mut left = hand;
            while left > 0 {
                let walk = sw.walks.from(n, pit, t);
                let piece = &walk[..(left.min(walk.len() as u64)) as usize];
                for &(q, _) in piece {
                    // Pits are below MAX_SLOTS (64): the mask spares a bounds check.
                    s.slots[q as usize & 63].add(1);
                }
                (pit, t) = piece[piece.len() - 1];
                left -= piece.len() as u64;
            }
        } else {
            (pit, t) = lap_skipping(sw, s, pit, t, hand, skip);
        }
        let sown = |taken, again| Sown {
            taken,
            laps,
            last: pit,
            again,
        };
        match last_seed(game, sw, s, origin, pit, lifted, laps) {
            LastSeed::Stop => return Some(sown(0, false)),
            LastSeed::Again => return Some(sown(0, true)),
            LastSeed::Capture(c) => {
                let look = sowing_so_far(sw, origin, pit, lifted, laps);
                let taken = capture(game, sw, &sw.captures[c as usize], s, pit, &look);
                if taken > 0 {
                    s.capturer = p;
                }
                return Some(sown(taken, false));
            }
            LastSeed::Relay => {
                hand = s.slots[pit as usize].take();
                sown_seeds += hand;
                if laps < FREE_LAPS {
                    continue;
                }
                if sown_seeds > MAX_SOWN {
                    return None;
                }
                if watch.repeats(s, n, pit, t, hand) {
                    return None;
                }
            }
        }
    }
}

/// A lap that passes the pits of `skip` by, from `pit` along `track`: where its last seed
/// falls. Out of line, so that the common lap's loop stays small.
#[inline(never)]
fn lap_skipping<Z: Layout>(
    sw: &Sowing,
    s: &mut State<Z>,
    mut pit: u8,
    mut t: u8,
    hand: u64,
    skip: u64,
) -> (u8, u8) {
    let n = sw.count();
    for _ in 0..hand {
        // A lap passes the skipped pits by, unless a whole round finds no other.
        for _ in 0..=n {
            (pit, t) = sw.next[t as usize * n + pit as usize];
            if skip >> (pit & 63) & 1 == 0 {
                break;
            }
        }
        s.slots[pit as usize & 63].add(1);
    }
    (pit, t)
}

/// Brent's cycle detection over the lap starts of one sowing's relays: one snapshot,
/// taken again at each power of two.
#[derive(Default)]
struct CycleWatch<S> {
    saved: Option<Box<LapStart<S>>>,
    power: u32,
    lambda: u32,
}

impl<S: Slot> CycleWatch<S> {
    /// Whether this lap start (the pits, the pit, the track, the seeds in hand) is the one
    /// saved: the relays go round for ever. Out of line: few sowings relay this long.
    #[inline(never)]
    fn repeats<Z: Layout<Slot = S>>(
        &mut self,
        s: &State<Z>,
        n: usize,
        pit: u8,
        t: u8,
        hand: u64,
    ) -> bool {
        if let Some(b) = &self.saved {
            if b.1 == pit && b.2 == t && b.3 == hand && b.0[..] == s.slots.as_ref()[..n] {
                return true;
            }
        }
        self.lambda += 1;
        if self.saved.is_none() || self.lambda == self.power.max(1) {
            self.saved = Some(Box::new((s.slots.as_ref()[..n].to_vec(), pit, t, hand)));
            self.power = self.power.max(1).saturating_mul(2);
            self.lambda = 0;
        }
        false
    }
}

/// A sowing in progress as its conditions read it: from `origin`, its last seed in `pit`,
/// nothing taken yet.
#[inline]
fn sowing_so_far(sw: &Sowing, origin: u8, pit: u8, lifted: u64, laps: u32) -> LookBack {
    LookBack {
        from: sw.pits[origin as usize],
        to: sw.pits[pit as usize],
        lifted: lifted.min(u16::MAX as u64) as u16,
        laps: laps.min(u16::MAX as u32) as u16,
        ..LookBack::NONE
    }
}

/// What the last seed of a lap does, fallen into `pit`.
#[inline(always)]
fn last_seed<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &State<Z>,
    origin: u8,
    pit: u8,
    lifted: u64,
    laps: u32,
) -> LastSeed {
    let p = s.to_move as usize;
    let n = sw.count();
    let o = &sw.outcomes;
    let seeds = (s.slots[pit as usize & 63].get() as usize).min(o.buckets - 1);
    let cell = (p * n + pit as usize) * o.buckets + seeds;
    match o.settled[cell] {
        // The commonest cell: one action, settled by where the seed fell and how many lie
        // there.
        Some(action) => action,
        None => {
            let (start, end) = o.cells[cell];
            let candidates = &o.candidates[start as usize..end as usize];
            checked_last_seed(game, sw, s, candidates, origin, pit, lifted, laps)
        }
    }
}

/// `last_seed` where a condition must be read: the first candidate whose condition holds.
#[inline(never)]
fn checked_last_seed<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    s: &State<Z>,
    candidates: &[(LastSeed, Option<u16>)],
    origin: u8,
    pit: u8,
    lifted: u64,
    laps: u32,
) -> LastSeed {
    let o = &sw.outcomes;
    for &(action, check) in candidates {
        let Some(check) = check else {
            return action;
        };
        let look = sowing_so_far(sw, origin, pit, lifted, laps);
        if o.checks[check as usize].holds(&sown_env(game, s, &look)) {
            return action;
        }
    }
    LastSeed::Stop
}

/// Takes the seeds of a capture's pits into the mover's store, the last seed having
/// fallen into `last`, and says how many it took (none when its `unless` holds after).
fn capture<Z: Layout>(
    game: &Game,
    sw: &Sowing,
    c: &Capture,
    s: &mut State<Z>,
    last: u8,
    look: &LookBack,
) -> u64 {
    let p = s.to_move as usize;
    let n = sw.count();
    // Kept only when the capture may be called off.
    let before = c.unless.as_ref().map(|_| s.slots);
    let mut taken = 0;
    let mut at = None;
    for &pit in &c.pits[p * n + last as usize] {
        taken += s.slots[pit as usize].take();
        at = Some(pit);
    }
    if let (Some((track, cond)), Some(mut pit)) = (&c.along, at) {
        // On along the track while the condition holds, a round at most.
        for _ in 0..n {
            pit = sw.next[*track as usize * n + pit as usize].0;
            let e = Env {
                here: sw.pits[pit as usize],
                ..sown_env(game, s, look)
            };
            if !cond.holds(&e) {
                break;
            }
            taken += s.slots[pit as usize].take();
        }
    }
    if let Some(unless) = &c.unless {
        let e = Env {
            taken: taken.min(u16::MAX as u64) as u32,
            ..sown_env(game, s, look)
        };
        if unless.holds(&e) {
            if let Some(before) = before {
                s.slots = before;
            }
            return 0;
        }
    }
    match sw.store_pits.get(p) {
        Some(&store) => s.slots[store as usize].add(taken),
        None => s.stores[p] = s.stores[p].saturating_add(taken as u16),
    }
    taken
}

/// The most seeds one sowing sows, relays included: past it, the sowing is taken never to
/// end (about a twentieth of a second of sowing).
pub const MAX_SOWN: u64 = 1 << 24;

/// Whether sowing the pit on square `from` would end (its relays do not go on forever),
/// whether or not it is legal: for explaining why a sowing is refused.
pub fn sowing_ends<Z: Layout>(game: &Game, s: &State<Z>, from: crate::ir::Sq) -> bool {
    let Some(sw) = &game.sowing else {
        return false;
    };
    let pit = sw.pit_of[from as usize];
    let track = sw.first[s.to_move as usize * sw.count() + pit as usize];
    if track == NO_LAP || s.seeds(pit as usize) == 0 {
        return false;
    }
    sow(game, sw, &mut s.clone(), pit, track).is_some()
}

/// Plays the sowing `m` on `s` (the player to move changes, unless the sowing gives
/// another turn). `m` must be legal: it is sown in place, and `after move require`, which
/// the generator checked, is not read again.
pub(super) fn apply_sowing<Z: Layout>(game: &Game, sw: &Sowing, s: &mut State<Z>, m: Move) {
    let p = s.to_move as usize;
    let pit = sw.pit_of[m.from as usize] as usize;
    let track = sw.first[p * sw.count() + pit];
    let lifted = s.seeds(pit);
    let sown = sow(game, sw, s, pit as u8, track);
    debug_assert!(sown.is_some(), "a legal sowing ends");
    let Some(sown) = sown else {
        return;
    };
    s.look = if game.reads_previous {
        game.kept_look(sown_look(sw, pit, lifted, &sown))
    } else {
        LookBack::NONE
    };
    if !sown.again {
        s.to_move = game.next_player(p as u8);
    }
}
