//! The positions of a game so far, for `repeated`: how many times the position after a move
//! has stood before in the same game. Positions are kept as exact compact keys (`KeyLayout`)
//! without their history (the clock and the passes), and nothing is kept for a game whose
//! rules never read `repeated`.
//!
//! Whoever plays a line of moves keeps its `History`: `start` with the first position, then
//! `record` after each move. A search goes back with `truncate` to a length it noted.

use super::key::KeyLayout;
use super::layout::{Layout, Slot};
use super::state::State;
use crate::eval::board::board_hash;
use crate::ir::Game;

#[derive(Clone, Debug, Default)]
pub struct History {
    layout: Option<KeyLayout>,
    /// The keys of the positions, one after another, `layout.words` words each: as many
    /// as `hashes`, then words of no position, kept to be written over.
    keys: Vec<u64>,
    /// A hash of each key, compared before the key itself.
    hashes: Vec<u64>,
    /// Where the game reads `repeated`: for each of `FILTER_BUCKETS` buckets (by the top
    /// bits of the hash), the last position kept whose hash falls in it (`NONE` if none);
    /// and for each position, the one before it in its bucket. A position is looked for
    /// only among those of its bucket: a game of hundreds of plies scanned them all every
    /// ply, and then, with a count per bucket, every ply whose bucket was not empty.
    heads: Vec<u32>,
    before_in_bucket: Vec<u32>,
    /// Where the game reads `seen`: the board of each position (`eval::board::board_hash`).
    boards: Vec<u64>,
    /// The number of positions kept.
    len: usize,
    /// How many of `boards` come before the first position kept: boards a position text
    /// gave (`before=`), read by `seen` like the others.
    base: usize,
    /// The game's own positions, oldest first, as hashes of their keys (`KeyLayout::hash`),
    /// kept by whoever holds the game (`start_game`, `record_played`) in every game, and
    /// never for the positions a search tries. A computer reads them to see a move that
    /// brings the game back to where it has been, which no rule of a game without a
    /// repetition rule would end (see `search::alphabeta`).
    played: Vec<u64>,
}

impl History {
    /// Forgets every position; `s` is the first of a new line (of any game).
    pub fn start<Z: Layout>(&mut self, game: &Game, s: &mut State<Z>) {
        // `keys` is kept: its words are written over (see `add`).
        self.hashes.clear();
        self.heads.clear();
        self.before_in_bucket.clear();
        if game.reads_repetition && game.reads_repeated {
            self.heads.resize(FILTER_BUCKETS, NONE);
        }
        self.boards.clear();
        self.played.clear();
        self.len = 0;
        self.base = 0;
        self.layout = game.reads_repetition.then(|| KeyLayout::of(game));
        self.record(game, s);
    }

    /// `start`, where the boards of the positions before `s` are known (oldest first, as
    /// `Position::board_key` has them): `seen` reads them as if they had been played.
    pub fn start_after<Z: Layout>(&mut self, game: &Game, s: &mut State<Z>, before: &[u64]) {
        self.start(game, s);
        if game.reads_seen && !before.is_empty() {
            let own = self.boards.pop();
            self.boards.extend_from_slice(before);
            self.boards.extend(own);
            self.base = before.len();
        }
    }

    /// `start_after`, for the game itself rather than a line a search tries: its trail
    /// (`played`) begins with `s`.
    pub fn start_game<Z: Layout>(&mut self, game: &Game, s: &mut State<Z>, before: &[u64]) {
        self.start_after(game, s, before);
        self.played.push(played_key(game, s));
    }

    /// `record`, for a move the game itself plays: `s` joins the game's trail (`played`).
    pub fn record_played<Z: Layout>(&mut self, game: &Game, s: &mut State<Z>) {
        self.record(game, s);
        self.played.push(played_key(game, s));
    }

    /// The positions the game has stood in, oldest first, the present one last, as hashes
    /// of their keys (`KeyLayout::hash`): what `start_game` and `record_played` kept.
    pub fn played(&self) -> &[u64] {
        &self.played
    }

    /// Adds `s`, the position after a move, and sets its count of repetitions (where the
    /// game reads it). `add` is a call of its own: most games read no repetition, and where
    /// `add` was written into this function, its set-up of registers came before the test
    /// (a game of stacks: 1.4% of its playouts' time). Neither is written into the
    /// callers: in a playout, `record` in line changed the code of the move generator
    /// around it (a game of slides: 1.008 of the instructions, against 0.994 this way).
    #[inline(never)]
    pub fn record<Z: Layout>(&mut self, game: &Game, s: &mut State<Z>) {
        if let Some(layout) = self.layout.filter(|_| game.reads_repetition) {
            self.add(game, layout, s);
        }
    }

    #[inline(never)]
    fn add<Z: Layout>(&mut self, game: &Game, layout: KeyLayout, s: &mut State<Z>) {
        if game.reads_seen {
            self.boards.push(board_key(game, s));
        }
        self.len += 1;
        if !game.reads_repeated {
            return;
        }
        let words = layout.words;
        // The keys kept end where the hashes say; the buffer past them only grows, so that
        // a ply writes its key over words already there (a `resize` a ply called `memset`).
        let at = self.hashes.len() * words;
        if self.keys.len() < at + words {
            self.keys.resize((at + words).max(2 * self.keys.len()), 0);
        }
        layout.write(game, s, &mut self.keys[at..at + words]);
        // The passes in a row are history, not part of the position.
        self.keys[at + words - 1] &= !KeyLayout::PASSES;
        let (earlier, rest) = self.keys.split_at(at);
        let key = &rest[..words];
        let hash = key_hash(key);
        let bucket = filter_bucket(hash);
        let mut same = 0;
        let mut i = self.heads[bucket];
        while i != NONE {
            let at = i as usize;
            if self.hashes[at] == hash && earlier[at * words..(at + 1) * words] == *key {
                same += 1;
            }
            i = self.before_in_bucket[at];
        }
        self.before_in_bucket.push(self.heads[bucket]);
        self.heads[bucket] = self.hashes.len() as u32;
        self.hashes.push(hash);
        s.repeated = (same + 1).min(u8::MAX as usize) as u8;
    }

    /// The number of positions kept (0 for a game that reads neither `repeated` nor `seen`).
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps the first `len` positions: back to where a search started.
    pub fn truncate(&mut self, len: usize) {
        if self.layout.is_some() {
            // `keys` keeps its words: those past the kept positions are written over.
            // The last first, so that each bucket's last position is the one before.
            for at in (len..self.hashes.len()).rev() {
                self.heads[filter_bucket(self.hashes[at])] = self.before_in_bucket[at];
            }
            self.hashes.truncate(len);
            self.before_in_bucket.truncate(len);
            self.boards.truncate(self.base + len);
            self.len = self.len.min(len);
        }
    }

    /// The boards of the positions kept, oldest first, after those given before the first
    /// (where the game reads `seen`; else none).
    pub fn boards(&self) -> &[u64] {
        &self.boards
    }
}

/// The buckets of `History::heads`: few enough to stay in the cache, enough that a
/// position of a game of a few hundred plies seldom shares one.
const FILTER_BUCKETS: usize = 2048;

/// No position (`History::heads`, `History::before_in_bucket`).
const NONE: u32 = u32::MAX;

/// The bucket of a position's hash: its top bits (the hash's best mixed).
#[inline(always)]
fn filter_bucket(hash: u64) -> usize {
    (hash >> (64 - FILTER_BUCKETS.trailing_zeros())) as usize
}

/// The hash of a position's key, for its bucket and a first comparison. The words are
/// taken in two lanes, even and odd, joined at the end: each step waits on the multiply
/// before it, and one lane over a key of eleven words was a chain of eleven multiplies
/// (a third of `add`'s time in a game of 64 squares, `perf annotate`).
#[inline(always)]
fn key_hash(key: &[u64]) -> u64 {
    let mix = |h: u64, w: u64| (h ^ w).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23);
    let (mut even, mut odd) = (0xcbf2_9ce4_8422_2325u64, 0x9e37_79b9_7f4a_7c15u64);
    let mut pairs = key.chunks_exact(2);
    for pair in &mut pairs {
        even = mix(even, pair[0]);
        odd = mix(odd, pair[1]);
    }
    if let [last] = pairs.remainder() {
        even = mix(even, *last);
    }
    mix(even, odd)
}

/// The hash of the key of `s`, as the game's trail keeps it (`History::played`).
fn played_key<Z: Layout>(game: &Game, s: &State<Z>) -> u64 {
    let layout = KeyLayout::of(game);
    layout.hash(game, s, &mut vec![0; layout.words])
}

/// The board of `s` as one number (`eval::board::board_hash`): what `seen` compares.
pub fn board_key<Z: Layout>(game: &Game, s: &State<Z>) -> u64 {
    board_hash(s.cells(game.board.cells()), Slot::view(s.slots.as_ref()))
}
