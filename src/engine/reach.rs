//! `reachable(capture)`: whether some sequence of legal moves (passes included) leads to a
//! move that takes something. It is an exact search over the positions reachable without a
//! capture, breadth first, so that a capture a move or two away is found after a few
//! positions.
//!
//! What it costs: nothing when a move of the position itself captures (the generator has
//! just found its moves); otherwise one generation per position reached. When no capture is
//! reachable, every position of the search is known to have none either (its positions are
//! reachable from the start), and all of them are remembered; when one is, the start is.
//! The memo belongs to whoever runs the engine (one per thread, in a `Scratch`), is keyed
//! by the position without the stores and the last capturer, which no rule of play reads,
//! and is emptied when it reaches its size limit.

use super::generate::by_rules_of_play;
use super::make::make;
use super::moves::Move;
use super::sowing::sowings;
use super::state::State;
use crate::ir::Game;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

/// What the reachability search has found, kept between calls by its owner.
#[derive(Debug)]
pub struct ReachMemo {
    known: FxHashMap<State, bool>,
    seen: FxHashSet<State>,
    queue: VecDeque<State>,
    /// Move buffers, reused from search to search.
    moves: Vec<Move>,
    replies: Vec<Move>,
    /// The most positions `known` keeps before it starts again.
    limit: usize,
}

impl ReachMemo {
    /// The default size bound: 65,536 positions.
    pub const DEFAULT_LIMIT: usize = 1 << 16;

    /// A memo that keeps at most `limit` positions.
    pub fn with_limit(limit: usize) -> ReachMemo {
        ReachMemo {
            known: FxHashMap::default(),
            seen: FxHashSet::default(),
            queue: VecDeque::new(),
            moves: Vec::new(),
            replies: Vec::new(),
            limit,
        }
    }

    /// How many positions the memo holds.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }
}

impl Default for ReachMemo {
    fn default() -> Self {
        ReachMemo::with_limit(ReachMemo::DEFAULT_LIMIT)
    }
}

/// Whether a move that takes something can be reached from `s`, whose legal moves (a pass,
/// if passing is all there is) are `moves`.
pub(super) fn capture_reachable(
    game: &Game,
    s: &State,
    moves: &[Move],
    memo: &mut ReachMemo,
) -> bool {
    if moves.iter().any(|m| m.takes) {
        return true;
    }
    // Most often the reply to some move captures: found without hashing a position.
    let mut in_two = false;
    let ReachMemo {
        moves: buffer,
        replies,
        ..
    } = memo;
    successors(game, s, buffer, |after, _| {
        in_two =
            by_rules_of_play(game, after, replies).is_none() && replies.iter().any(|m| m.takes);
        in_two
    });
    if in_two {
        return true;
    }
    let start = s.play_key();
    if let Some(&known) = memo.known.get(&start) {
        return known;
    }
    memo.seen.clear();
    memo.queue.clear();
    memo.seen.insert(start);
    memo.queue.push_back(start);
    let mut found = false;
    let mut buffer = std::mem::take(&mut memo.moves);
    while let Some(x) = memo.queue.pop_front() {
        let ReachMemo { seen, queue, .. } = &mut *memo;
        successors(game, &x, &mut buffer, |after, takes| {
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
    memo.moves = buffer;
    if memo.known.len() + memo.seen.len() > memo.limit {
        memo.known.clear();
    }
    if found {
        memo.known.insert(start, true);
    } else {
        let ReachMemo { known, seen, .. } = memo;
        known.extend(seen.drain().map(|x| (x, false)));
    }
    found
}

/// Calls `next(state after, whether the move took something)` for each legal move of `x`
/// by the rules of play (a pass when passing is all there is), until it returns `true`. A
/// sowing game hands out the states its generator made already.
fn successors(
    game: &Game,
    x: &State,
    buffer: &mut Vec<Move>,
    mut next: impl FnMut(&State, bool) -> bool,
) {
    if let Some(sw) = &game.sowing {
        let mut any = false;
        let mut stopped = false;
        sowings(game, sw, x, |m, after| {
            any = true;
            if !stopped {
                stopped = next(after, m.takes);
            }
        });
        if any {
            return;
        }
    }
    if by_rules_of_play(game, x, buffer).is_some() {
        return;
    }
    for &m in buffer.iter() {
        let mut y = *x;
        make(game, &mut y, m);
        if next(&y, m.takes) {
            return;
        }
    }
}
