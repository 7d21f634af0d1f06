//! `reachable(capture)`: whether some sequence of legal moves (passes included) leads to a
//! move that takes something. It is an exact search over the positions reachable without a
//! capture, breadth first, so that a capture a move or two away is found after a few
//! positions, and each position's moves are tried only until one captures.
//!
//! What it costs: nothing when a move of the position itself captures (the generator has
//! just found its moves); otherwise the replies to its moves, tried until one captures,
//! which settles most positions; then one look-up in the memo, and on a miss one
//! generation per position reached. When no capture is reachable, every position of the search is
//! known to have none either (its positions are reachable from the start), and all of
//! them are remembered; when one is, every position on the way to it is. Positions are
//! remembered by compact keys (`KeyLayout`) in a table of fixed size that the caller owns
//! (one per thread, in a `Scratch`): a new entry takes the place of an old one.

use super::generate::by_rules_of_play;
use super::key::KeyLayout;
use super::layout::Layout;
use super::make::make;
use super::moves::Move;
use super::sowing::{some_sowing_takes, sowings, SownList};
use super::state::State;
use crate::ir::Game;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the reachability search has found, and its working memory, kept between calls by
/// its owner.
#[derive(Debug)]
pub struct ReachMemo<Z: Layout> {
    /// The layout of the game the memo is for; set at first use.
    layout: Option<KeyLayout>,
    /// The most entries the table may have, and the table: each entry's key words, then
    /// its value in `values` (0 unknown, 1 no capture, 2 capture). It starts small and
    /// doubles as positions are put in, up to its limit.
    limit: usize,
    keys: Vec<u64>,
    values: Vec<u8>,
    /// Entries put since the table last grew.
    puts: usize,
    /// The positions of one search, by key, and each one's parent in it.
    queue: Vec<u64>,
    parents: Vec<u32>,
    /// An open-addressing set over the queue: (stamp of the search, index in the queue).
    seen: Vec<(u32, u32)>,
    stamp: u32,
    moves: Vec<Move>,
    replies: Vec<Move>,
    key: Vec<u64>,
    /// Where the sowings of the search are made (two levels, for the two-ply probe).
    sown: Option<Box<[State<Z>; 2]>>,
    /// Searches that gave up (`SEARCH_BUDGET`) and answered "reachable" unsettled.
    pub given_up: u64,
}

/// The most positions one search visits before it gives up (about 10 MB of keys for a
/// game of five words a key): past it, a capture is taken to be reachable. The command
/// line may change it (`--search-positions`, `set_search_positions`).
pub const SEARCH_BUDGET: usize = 1 << 18;

/// The most `--search-positions` may ask for: about 640 MB of keys.
pub const MAX_SEARCH_BUDGET: usize = 1 << 24;

/// The bound in force: `SEARCH_BUDGET` unless the command line said otherwise.
static SEARCH_POSITIONS: AtomicUsize = AtomicUsize::new(SEARCH_BUDGET);

/// Sets the most positions one search visits (`--search-positions N`); the error says why
/// a number is refused.
pub fn set_search_positions(n: usize) -> Result<(), String> {
    if !(MIN_SEARCH_BUDGET..=MAX_SEARCH_BUDGET).contains(&n) {
        return Err(format!(
            "--search-positions takes {MIN_SEARCH_BUDGET} to {MAX_SEARCH_BUDGET} positions (about 40 bytes each), not {n}"
        ));
    }
    SEARCH_POSITIONS.store(n, Ordering::Relaxed);
    Ok(())
}

/// The positions one search from `s` may visit: the bound in force, fewer where each
/// sowing is long (a sowing moves each seed lifted, up to every seed on the board), so that
/// the work of a search stays bounded however many seeds there are.
fn search_budget<Z: Layout>(game: &Game, s: &State<Z>) -> usize {
    let budget = SEARCH_POSITIONS.load(Ordering::Relaxed);
    if game.sowing.is_none() {
        return budget;
    }
    let seeds: u64 = game.board.squares().map(|sq| s.seeds(sq as usize)).sum();
    let scale = (seeds / SEEDS_PER_SOWING).max(1);
    (budget / scale as usize).max(MIN_SEARCH_BUDGET)
}

/// The most moves one search makes (on a large board each position has many): eight for
/// each position of the bound, a bound on its work (a fraction of a second by default).
fn moves_budget() -> usize {
    SEARCH_POSITIONS.load(Ordering::Relaxed) * 8
}

/// The seeds on the board up to which a search may visit `SEARCH_BUDGET` positions.
const SEEDS_PER_SOWING: u64 = 64;
/// The fewest positions a search may visit, however many seeds there are.
const MIN_SEARCH_BUDGET: usize = 256;

/// Entries of the memo's table when the caller sets no limit.
const DEFAULT_ENTRIES: usize = 1 << 16;
/// The table's size in words, at most, whatever the key's length.
const MAX_WORDS: usize = 1 << 19;

impl<Z: Layout> Default for ReachMemo<Z> {
    fn default() -> ReachMemo<Z> {
        ReachMemo {
            layout: None,
            limit: 0,
            keys: Vec::new(),
            values: Vec::new(),
            puts: 0,
            queue: Vec::new(),
            parents: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
            moves: Vec::new(),
            replies: Vec::new(),
            key: Vec::new(),
            sown: None,
            given_up: 0,
        }
    }
}

impl<Z: Layout> ReachMemo<Z> {
    /// A memo whose table holds at most `limit` positions.
    pub fn with_limit(limit: usize) -> ReachMemo<Z> {
        ReachMemo {
            limit: limit.max(1),
            ..ReachMemo::default()
        }
    }

    /// Sets the memo up for `game` (again, if it was used for another).
    fn prepare(&mut self, game: &Game) -> KeyLayout {
        let layout = KeyLayout::of(game);
        if self.layout != Some(layout) {
            let wanted = if self.limit == 0 {
                DEFAULT_ENTRIES
            } else {
                self.limit
            };
            self.limit = wanted
                .min(MAX_WORDS / (layout.words + 1))
                .max(1)
                .next_power_of_two();
            let entries = self.limit.min(1 << 10);
            self.keys = vec![0; entries * layout.words];
            self.values = vec![0; entries];
            self.puts = 0;
            self.layout = Some(layout);
            self.key = vec![0; layout.words];
            self.sown = None;
        }
        layout
    }

    fn slot(&self, key: &[u64]) -> usize {
        hash(key) as usize & (self.values.len() - 1)
    }

    fn get(&self, words: usize, key: &[u64]) -> u8 {
        let i = self.slot(key);
        if self.values[i] != 0 && self.keys[i * words..(i + 1) * words] == *key {
            self.values[i]
        } else {
            0
        }
    }

    fn put(&mut self, words: usize, key: &[u64], value: u8) {
        self.puts += 1;
        if self.puts > self.values.len() && self.values.len() < self.limit {
            self.grow(words);
        }
        let i = self.slot(key);
        self.keys[i * words..(i + 1) * words].copy_from_slice(key);
        self.values[i] = value;
    }

    /// Doubles the table, keeping what it holds.
    fn grow(&mut self, words: usize) {
        let old_keys = std::mem::take(&mut self.keys);
        let old_values = std::mem::take(&mut self.values);
        let entries = old_values.len() * 2;
        self.keys = vec![0; entries * words];
        self.values = vec![0; entries];
        self.puts = 0;
        for (i, &v) in old_values.iter().enumerate() {
            if v != 0 {
                let key = &old_keys[i * words..(i + 1) * words];
                let j = self.slot(key);
                self.keys[j * words..(j + 1) * words].copy_from_slice(key);
                self.values[j] = v;
            }
        }
    }

    /// How many positions the memo holds.
    pub fn len(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds the position `key` to the search (its parent at `parent`); whether it is new.
    fn visit(&mut self, words: usize, key: &[u64], parent: u32) -> bool {
        let count = self.parents.len();
        if (count + 1) * 2 > self.seen.len() {
            let size = (self.seen.len() * 2).max(64);
            self.seen = vec![(0, 0); size];
            for i in 0..count {
                let mut j = hash(&self.queue[i * words..(i + 1) * words]) as usize & (size - 1);
                while self.seen[j].0 == self.stamp {
                    j = (j + 1) & (size - 1);
                }
                self.seen[j] = (self.stamp, i as u32);
            }
        }
        let mask = self.seen.len() - 1;
        let mut j = hash(key) as usize & mask;
        loop {
            let (stamp, i) = self.seen[j];
            if stamp != self.stamp {
                self.seen[j] = (self.stamp, count as u32);
                self.queue.extend_from_slice(key);
                self.parents.push(parent);
                return true;
            }
            if self.queue[i as usize * words..(i as usize + 1) * words] == *key {
                return false;
            }
            j = (j + 1) & mask;
        }
    }

    /// Starts a new search.
    fn clear_search(&mut self) {
        self.queue.clear();
        self.parents.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|e| *e = (0, 0));
            self.stamp = 1;
        }
    }
}

/// A hash of a key's words, for the open-addressed tables above, which take its low bits:
/// a multiply-xorshift mix per word and a finaliser (splitmix64's), so that keys that
/// differ in high bits only still spread. Written here rather than taken from a hashing
/// crate: it is on the search's hot path and the tables need no `Hasher`.
#[inline]
fn hash(key: &[u64]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 31;
    }
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 29)
}

/// Whether a move that takes something can be reached from `s`, whose legal moves (a pass,
/// if passing is all there is) are `moves`; `after_moves` holds the positions after them
/// when the generator kept them (empty otherwise).
pub(super) fn capture_reachable<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    moves: &[Move],
    after_moves: &SownList<Z::Slot>,
    memo: &mut ReachMemo<Z>,
) -> bool {
    if moves.iter().any(|m| m.takes) {
        return true;
    }
    if !game.can_capture {
        // No rule takes anything (the checker warns of it): there is nothing to find.
        return false;
    }
    // Most often a reply to some move captures: found without a key.
    let mut buffer = std::mem::take(&mut memo.moves);
    let mut replies = std::mem::take(&mut memo.replies);
    let mut sown = memo.sown.take().unwrap_or_else(|| Box::new([*s, *s]));
    let [outer, inner] = &mut *sown;
    // Whether the generator kept the positions after the moves (a sowing game's).
    let kept = after_moves.len() == moves.len() && !after_moves.is_empty();
    let in_two = if kept {
        // The generator's positions after the moves: only the replies are sown.
        let n = game.sowing.as_ref().map_or(0, |sw| sw.count());
        *outer = *s;
        (0..after_moves.len()).any(|i| {
            after_moves.write(i, n, outer);
            some_move_takes(game, outer, &mut replies, inner)
        })
    } else {
        successors(game, s, &mut buffer, outer, |after, _| {
            some_move_takes(game, after, &mut replies, inner)
        })
    };
    memo.moves = buffer;
    memo.replies = replies;
    if in_two {
        memo.sown = Some(sown);
        return true;
    }
    let layout = memo.prepare(game);
    let words = layout.words;
    let mut key = std::mem::take(&mut memo.key);
    layout.write(game, s, &mut key);
    match memo.get(words, &key) {
        1 => {
            memo.key = key;
            return false;
        }
        2 => {
            memo.key = key;
            return true;
        }
        _ => {}
    }
    memo.clear_search();
    memo.visit(words, &key, u32::MAX);
    let budget = search_budget(game, s);
    let mut buffer = std::mem::take(&mut memo.moves);
    let mut found = None;
    let mut head = 0;
    let mut made = 0usize;
    if kept {
        // The start's moves (none takes) were made by the generator: their positions
        // join the search without sowing them again.
        let n = game.sowing.as_ref().map_or(0, |sw| sw.count());
        let outer = &mut sown[0];
        *outer = *s;
        for i in 0..after_moves.len() {
            after_moves.write(i, n, outer);
            layout.write(game, outer, &mut key);
            memo.visit(words, &key, 0);
        }
        made += after_moves.len();
        head = 1;
    }
    while head < memo.parents.len() {
        let x = layout.read(game, &memo.queue[head * words..(head + 1) * words]);
        let takes = successors(game, &x, &mut buffer, &mut sown[0], |after, takes| {
            made += 1;
            if !takes {
                layout.write(game, after, &mut key);
                memo.visit(words, &key, head as u32);
            }
            takes
        });
        if takes {
            found = Some(head);
            break;
        }
        head += 1;
        if memo.parents.len() > budget || made > moves_budget() {
            // Too many positions without a capture to settle it: say a capture may still
            // come (the game goes on), remember nothing, and count it.
            memo.given_up += 1;
            memo.moves = buffer;
            memo.sown = Some(sown);
            memo.key = key;
            return true;
        }
    }
    memo.moves = buffer;
    memo.sown = Some(sown);
    let reachable = match found {
        // Every position on the way to the capture can reach it.
        Some(mut i) => {
            loop {
                key.copy_from_slice(&memo.queue[i * words..(i + 1) * words]);
                memo.put(words, &key, 2);
                match memo.parents[i] {
                    u32::MAX => break,
                    parent => i = parent as usize,
                }
            }
            true
        }
        // No position of the search can reach one.
        None => {
            for i in 0..memo.parents.len() {
                key.copy_from_slice(&memo.queue[i * words..(i + 1) * words]);
                memo.put(words, &key, 1);
            }
            false
        }
    };
    memo.key = key;
    reachable
}

/// Whether some legal move of `x` takes something: `successors` asked only that. Where
/// the game's only moves are sowings (no other rule and no dice follow when none is
/// legal, only a pass, which takes nothing), the sowings that take nothing need not be
/// made (`some_sowing_takes`).
fn some_move_takes<Z: Layout>(
    game: &Game,
    x: &State<Z>,
    buffer: &mut Vec<Move>,
    sown: &mut State<Z>,
) -> bool {
    match &game.sowing {
        Some(sw) if game.rules.is_empty() && game.dice.is_none() => {
            some_sowing_takes(game, sw, x, sown)
        }
        _ => successors(game, x, buffer, sown, |_, takes| takes),
    }
}

/// Calls `next(state after, whether the move took something)` for each legal move of `x`
/// by the rules of play (a pass when passing is all there is), until it returns `true`, and
/// says whether it did. A sowing game hands out the states its generator makes anyway.
fn successors<Z: Layout>(
    game: &Game,
    x: &State<Z>,
    buffer: &mut Vec<Move>,
    sown: &mut State<Z>,
    mut next: impl FnMut(&State<Z>, bool) -> bool,
) -> bool {
    if let Some(sw) = &game.sowing {
        let mut any = false;
        let mut stopped = false;
        sowings(game, sw, x, sown, |m, after| {
            any = true;
            stopped = next(after, m.takes);
            stopped
        });
        if any {
            return stopped;
        }
    }
    if by_rules_of_play(game, x, buffer, &[]).is_some() {
        return false;
    }
    for &m in buffer.iter() {
        let mut y = *x;
        make(game, &mut y, m);
        if next(&y, m.takes) {
            return true;
        }
    }
    false
}
