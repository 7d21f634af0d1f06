//! `reachable(capture)`: whether some sequence of legal moves (passes included) leads to a
//! move that takes something. It is an exact search over the positions reachable without a
//! capture, breadth first, so that a capture a move or two away is found after a few
//! positions.
//!
//! What it costs: nothing when a move of the position itself captures (the generator has
//! just found its moves); otherwise one generation per position reached. When no capture is
//! reachable, every position of the search is known to have none either (its positions are
//! reachable from the start), and all of them are remembered; when one is, the start is.
//! The memo is keyed by the position without the stores and the last capturer, which no
//! rule of play reads, and is emptied when it reaches `MEMO_LIMIT` positions.

use super::state::{Move, State};
use super::Generated;
use crate::ir::Game;
use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

/// The most positions the memo keeps before it starts again.
pub const MEMO_LIMIT: usize = 1 << 16;

/// A fast hasher for states (FxHash's multiply-rotate): states are hashed whole, and
/// SipHash would cost more than the search it saves.
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.add(b as u64);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

impl FxHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Fx = BuildHasherDefault<FxHasher>;

#[derive(Default)]
struct Search {
    known: HashMap<State, bool, Fx>,
    seen: HashSet<State, Fx>,
    queue: VecDeque<State>,
    /// Move buffers, reused from search to search.
    moves: Vec<Move>,
    replies: Vec<Move>,
}

/// What the search has found, kept with the game so that every caller shares it. Cloning
/// a game starts an empty memo.
#[derive(Default)]
pub struct ReachMemo(Mutex<Search>);

impl Clone for ReachMemo {
    fn clone(&self) -> Self {
        ReachMemo::default()
    }
}

impl std::fmt::Debug for ReachMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReachMemo")
    }
}

impl Game {
    /// Whether a move that takes something can be reached from `s`, whose legal moves
    /// (a pass, if passing is all there is) are `moves`.
    pub(super) fn capture_reachable(&self, s: &State, moves: &[Move]) -> bool {
        if moves.iter().any(|m| m.takes) {
            return true;
        }
        let mut guard = self.reach_memo.0.lock().unwrap_or_else(|e| e.into_inner());
        let search = &mut *guard;
        // Most often the reply to some move captures: found without hashing a position.
        let mut in_two = false;
        let Search { moves, replies, .. } = search;
        self.successors(s, moves, |after, _| {
            in_two = self.generate_unended(after, replies) == Generated::Moves
                && replies.iter().any(|m| m.takes);
            in_two
        });
        if in_two {
            return true;
        }
        let start = s.play_key();
        if let Some(&known) = search.known.get(&start) {
            return known;
        }
        search.seen.clear();
        search.queue.clear();
        search.seen.insert(start);
        search.queue.push_back(start);
        let mut found = false;
        let mut buffer = std::mem::take(&mut search.moves);
        while let Some(x) = search.queue.pop_front() {
            let Search { seen, queue, .. } = &mut *search;
            self.successors(&x, &mut buffer, |after, takes| {
                found = takes;
                let y = after.play_key();
                if !takes && seen.insert(y) {
                    queue.push_back(y);
                }
                takes
            });
            if found {
                break;
            }
        }
        search.moves = buffer;
        if search.known.len() + search.seen.len() > MEMO_LIMIT {
            search.known.clear();
        }
        if found {
            search.known.insert(start, true);
        } else {
            let Search { known, seen, .. } = search;
            known.extend(seen.drain().map(|x| (x, false)));
        }
        found
    }

    /// Calls `next(state after, whether the move took something)` for each legal move of
    /// `x` by the rules of play (a pass when passing is all there is), until it returns
    /// `true`. A sowing game hands out the states its generator made already.
    fn successors(
        &self,
        x: &State,
        buffer: &mut Vec<Move>,
        mut next: impl FnMut(&State, bool) -> bool,
    ) {
        if let Some(sw) = &self.sowing {
            let mut any = false;
            let mut stopped = false;
            self.sowings(sw, x, |m, after| {
                any = true;
                if !stopped {
                    stopped = next(after, m.takes);
                }
            });
            if any {
                return;
            }
        }
        if self.generate_unended(x, buffer) != Generated::Moves {
            return;
        }
        for &m in buffer.iter() {
            let mut y = *x;
            self.apply(&mut y, m);
            if next(&y, m.takes) {
                return;
            }
        }
    }
}
