//! Counting games compiled: pits holding seeds, the tracks seeds are sown along, and what
//! happens where the last seed of a lap falls. Whatever depends only on the pit and the
//! player is a table by pit, so that sowing a seed is one look-up; the outcomes are a table
//! too when their conditions read no more than the last pit and its seeds compared with
//! numbers (`Outcomes::Table`), and compiled conditions otherwise.

use super::board::Sq;
use super::program::Program;

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
    /// The turn ends, and the same player moves again.
    Again,
    /// The mover takes the seeds of some pits (`Sowing::captures[i]`); the turn ends.
    Capture(u8),
}

/// A capture: the pits it takes, by where the last seed fell, then on along a track while
/// a condition holds; and a condition under which it does not happen after all.
#[derive(Clone, Debug)]
pub struct Capture {
    /// `pits[player * pits + last]`: the pits taken first, in order (pits that are no
    /// pit are left out).
    pub pits: Vec<Vec<u8>>,
    /// Then on from the last of them along this track, taking each pit while the
    /// condition holds there (`here`).
    pub along: Option<(u8, Program)>,
    /// Read after the seeds are taken: when it holds, they are put back.
    pub unless: Option<Program>,
}

/// The outcomes of a lap, in the order written; the first whose condition holds applies,
/// and none is `Stop`. Each condition is split into the parts that read no more than the
/// last pit and its seeds compared with numbers, which are settled for every player, pit
/// and count before play, and a rest (maybe nothing) read during play.
#[derive(Clone, Debug)]
pub struct Outcomes {
    /// Seeds in the last pit are read as `min(seeds, buckets - 1)`.
    pub buckets: usize,
    /// `cells[(player * pits + last) * buckets + bucket]`: the range of `candidates` whose
    /// settled parts hold there.
    pub cells: Vec<(u16, u16)>,
    /// An outcome's action, and the rest of its condition (an index in `checks`), if any.
    pub candidates: Vec<(LastSeed, Option<u16>)>,
    pub checks: Vec<Program>,
    /// `settled[i]`, for `cells[i]`: its action where no condition is left to read (the
    /// first candidate has none, or there is none and the turn ends), so that a lap's end
    /// is one look-up; `None` where a condition must be read.
    pub settled: Vec<Option<LastSeed>>,
}

impl Outcomes {
    /// `settled` worked out from `cells` and `candidates`.
    pub fn settle(
        cells: &[(u16, u16)],
        candidates: &[(LastSeed, Option<u16>)],
    ) -> Vec<Option<LastSeed>> {
        cells
            .iter()
            .map(
                |&(start, end)| match &candidates[start as usize..end as usize] {
                    [(action, None), ..] => Some(*action),
                    [] => Some(LastSeed::Stop),
                    _ => None,
                },
            )
            .collect()
    }
}

/// At the end of the game, where the seeds left in the pits go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leftover {
    /// Nowhere: they count for no one.
    Nobody,
    /// To the player who last captured (to no one if nobody has).
    LastCapturer,
    /// Each pit's seeds to the player who may sow from it.
    Owner,
}

#[derive(Clone, Debug)]
pub struct Sowing {
    /// The sowing rule's name, for messages.
    pub name: String,
    /// The pits, in square order: pit `i` is square `pits[i]`.
    pub pits: Vec<Sq>,
    /// `pit_of[sq]`: the pit of a square (the board's used squares are the pits).
    pub pit_of: Vec<u8>,
    /// `store_pits[player]`: the pit that is the player's store; empty when the stores are
    /// off the board.
    pub store_pits: Vec<u8>,
    /// The tracks' names, for messages.
    pub tracks: Vec<String>,
    /// `next[track * pits + pit]`: the pit a seed goes to after `pit` along `track`, and
    /// the track sowing goes on along from there.
    pub next: Vec<(u8, u8)>,
    /// `first[player * pits + pit]`: the track of the first lap from this pit, or `NO_LAP`
    /// when the player may not lift its seeds.
    pub first: Vec<u8>,
    /// `skip[player]`: the pits the player's laps pass by without sowing (bit per pit).
    pub skip: Vec<u64>,
    /// Whether laps pass by the pit the seeds were lifted from.
    pub skip_origin: bool,
    pub outcomes: Outcomes,
    pub captures: Vec<Capture>,
    pub leftover: Leftover,
    /// `owner[pit]`: the player who may sow from the pit, for `leftover to owner`
    /// (`u8::MAX` for none).
    pub owner: Vec<u8>,
    /// The seeds in each pit at the start.
    pub start: Vec<u16>,
    /// The sowing's walks, worked out from `next` (see `Walks`).
    pub walks: Walks,
    /// `lifts[player]`: the pits the player may lift, in pit order.
    pub lifts: Vec<Vec<u8>>,
}

/// Where the next seeds of a lap fall, worked out once from the tracks so that a lap is a
/// run over a table instead of a chain of look-ups, each waiting for the one before.
#[derive(Clone, Debug, Default)]
pub struct Walks {
    /// Seeds per walk: a longer lap is walked in pieces of this length.
    pub len: usize,
    /// `steps[(track * pits + pit) * len + k]`: the pit and track after `k + 1` seeds sown
    /// from `pit` along `track`.
    pub steps: Vec<(u8, u8)>,
    /// On a board of at most `PACKED_PITS` pits, `masks[(track * pits + pit) * len + k]`:
    /// the seeds each pit gets from `k + 1` seeds, one byte a pit, to be added to the pits
    /// packed in one number (see `engine::sowing`). Empty on larger boards.
    pub masks: Vec<u128>,
}

/// The most pits whose seeds are packed a byte each in one `u128` for sowing.
pub const PACKED_PITS: usize = 16;

impl Walks {
    /// The longest walk: enough for one seed in every pit of every track, and small
    /// enough that the table stays in the nearest cache.
    const MAX_LEN: usize = 64;

    /// The walks of `next` (`next[track * pits + pit]`, as `Sowing::next`).
    pub fn of(next: &[(u8, u8)], pits: usize) -> Walks {
        let len = next.len().clamp(1, Walks::MAX_LEN);
        let mut steps = Vec::with_capacity(next.len() * len);
        let mut masks = Vec::new();
        for at in 0..next.len() {
            let (mut pit, mut track) = ((at % pits.max(1)) as u8, (at / pits.max(1)) as u8);
            let mut mask = 0u128;
            for _ in 0..len {
                (pit, track) = next[track as usize * pits + pit as usize];
                steps.push((pit, track));
                if pits <= PACKED_PITS {
                    // At most `MAX_LEN` (64) seeds: no byte overflows.
                    mask += 1 << (8 * pit as u32);
                    masks.push(mask);
                }
            }
        }
        Walks { len, steps, masks }
    }

    /// The walk of up to `len` seeds from `pit` along `track`.
    #[inline(always)]
    pub fn from(&self, pits: usize, pit: u8, track: u8) -> &[(u8, u8)] {
        let at = (track as usize * pits + pit as usize) * self.len;
        &self.steps[at..at + self.len]
    }
}

impl Sowing {
    pub fn count(&self) -> usize {
        self.pits.len()
    }

    /// Whether `pit` is a store.
    pub fn is_store(&self, pit: usize) -> bool {
        self.store_pits.iter().any(|&s| s as usize == pit)
    }
}
