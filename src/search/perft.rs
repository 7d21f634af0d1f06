//! Perft: the number of move sequences of each length from a position, the ground truth
//! that every game's tests compare against (RULES.md says how moves are counted).

use super::threads;
use crate::each_state;
use crate::engine::Layout;
use crate::engine::{generate, legal_count, make, History, Move, Position, Scratch, State};
use crate::ir::Game;

/// How many positions per thread the tree is opened to before the threads share them out:
/// enough that one slow subtree does not leave the other threads idle.
const SHARES_PER_THREAD: usize = 32;

/// Counts the leaves at `depth`. Move buffers are allocated once per depth and reused.
/// Where the game reads `repeated`, the line starts at `state`; where it reads `seen`,
/// `before` are the boards before it (`Position::board_key`, oldest first).
pub fn perft<Z: Layout>(game: &Game, state: &State<Z>, before: &[u64], depth: usize) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth.max(1)];
    let mut scratch = Scratch::default();
    let mut start = *state;
    scratch.history.start_after(game, &mut start, before);
    count(game, &start, depth, &mut scratch, &mut buffers)
}

fn count<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    depth: usize,
    scratch: &mut Scratch<Z>,
    buffers: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per depth");
    if depth == 1 {
        return legal_count(game, state, scratch, moves);
    }
    if generate(game, state, scratch, moves).is_some() {
        return 0;
    }
    let mut total = 0;
    let mark = scratch.history.len();
    for &m in moves.iter() {
        let mut next = *state;
        make(game, &mut next, m);
        scratch.history.record(game, &mut next);
        total += count(game, &next, depth - 1, scratch, rest);
        scratch.history.truncate(mark);
    }
    total
}

/// Perft without chance steps: a roll of the dice is not a step of its own, so each depth
/// counts the players' moves alone, summed over every way the dice can fall (each outcome
/// once, whatever its weight). In a game without dice it is `perft`.
pub fn perft_without_chance<Z: Layout>(game: &Game, state: &State<Z>, depth: usize) -> u64 {
    let mut scratch = Scratch::default();
    let mut start = *state;
    scratch.history.start(game, &mut start);
    count_moves(game, &start, depth, 0, &mut scratch)
}

/// `stuck`: the rolls in a row so far after which nobody could move; once every player
/// has rolled so, the line can only go on rolling, and counts nothing.
fn count_moves<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    depth: usize,
    stuck: usize,
    scratch: &mut Scratch<Z>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if stuck > game.players.len() {
        return 0;
    }
    let mut moves = Vec::new();
    if generate(game, state, scratch, &mut moves).is_some() {
        return 0;
    }
    let chance = moves.first().is_some_and(Move::is_roll);
    if depth == 1 && !chance {
        return moves.len() as u64;
    }
    let below = if chance { depth } else { depth - 1 };
    let mark = scratch.history.len();
    let mut total = 0;
    for &m in &moves {
        let mut next = *state;
        make(game, &mut next, m);
        scratch.history.record(game, &mut next);
        let passed = chance && next.to_move != state.to_move;
        let stuck = if passed { stuck + 1 } else { 0 };
        total += count_moves(game, &next, below, stuck, scratch);
        scratch.history.truncate(mark);
    }
    total
}

/// `perft_without_chance` from a position of any layout.
pub fn perft_without_chance_at(game: &Game, position: &Position, depth: usize) -> u64 {
    each_state!(position, s => perft_without_chance(game, s, depth))
}

/// A position inside the tree, with the line that led to it, counted by one thread.
struct Share<Z: Layout> {
    state: State<Z>,
    history: History,
    /// The first move of its line (for `divide`).
    root: usize,
}

/// `perft` on `threads` threads: the tree is opened breadth first until there are enough
/// positions to share, and each thread counts whole subtrees. The count is the same at any
/// number of threads.
pub fn perft_on<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    before: &[u64],
    depth: usize,
    threads: usize,
) -> u64 {
    if threads <= 1 || depth <= 2 {
        return perft(game, state, before, depth);
    }
    counts_by_root(game, state, before, depth, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

/// The count under each first move, in move order.
pub fn divide<Z: Layout>(game: &Game, state: &State<Z>, depth: usize) -> Vec<(Move, u64)> {
    divide_on(game, state, &[], depth, 1)
}

/// `divide` on `threads` threads.
pub fn divide_on<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    before: &[u64],
    depth: usize,
    threads: usize,
) -> Vec<(Move, u64)> {
    counts_by_root(game, state, before, depth.max(1), threads)
}

/// Each first move of `state` and the leaves at `depth` under it, counted on `threads`
/// threads.
fn counts_by_root<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    before: &[u64],
    depth: usize,
    threads: usize,
) -> Vec<(Move, u64)> {
    let mut scratch = Scratch::default();
    let mut start = *state;
    let mut history = History::default();
    history.start_after(game, &mut start, before);
    let mut moves = Vec::new();
    if generate(game, &start, &mut scratch, &mut moves).is_some() {
        return Vec::new();
    }
    let roots = moves.clone();
    if depth == 1 {
        return roots.into_iter().map(|m| (m, 1)).collect();
    }
    let mut shares: Vec<Share<Z>> = moves
        .iter()
        .enumerate()
        .map(|(root, &m)| {
            let mut s = start;
            let mut history = history.clone();
            make(game, &mut s, m);
            history.record(game, &mut s);
            Share {
                state: s,
                history,
                root,
            }
        })
        .collect();
    // Open the tree one ply at a time while it is too narrow to share, keeping at least one
    // ply for the threads.
    let mut left = depth - 1;
    while left > 1 && shares.len() < SHARES_PER_THREAD * threads {
        let mut wider = Vec::new();
        for share in shares {
            if generate(game, &share.state, &mut scratch, &mut moves).is_some() {
                continue;
            }
            for &m in &moves {
                let mut s = share.state;
                let mut history = share.history.clone();
                make(game, &mut s, m);
                history.record(game, &mut s);
                wider.push(Share {
                    state: s,
                    history,
                    root: share.root,
                });
            }
        }
        shares = wider;
        left -= 1;
    }
    let counted = threads::each(
        shares.len(),
        threads,
        || (Scratch::default(), vec![Vec::with_capacity(64); left]),
        |(scratch, buffers), i| {
            scratch.history = shares[i].history.clone();
            count(game, &shares[i].state, left, scratch, buffers)
        },
    );
    let mut by_root: Vec<(Move, u64)> = roots.into_iter().map(|m| (m, 0)).collect();
    for (share, n) in shares.iter().zip(counted) {
        by_root[share.root].1 += n;
    }
    by_root
}

/// `perft_on` from a position of any layout: the entry the command line and the tests
/// use, so that the counting is compiled once, here.
pub fn perft_at(game: &Game, position: &Position, depth: usize, threads: usize) -> u64 {
    perft_at_after(game, position, &[], depth, threads)
}

/// `perft_at`, where the positions before `position` are known (oldest first): `seen`
/// reads their boards.
pub fn perft_at_after(
    game: &Game,
    position: &Position,
    before: &[Position],
    depth: usize,
    threads: usize,
) -> u64 {
    let before: Vec<u64> = before.iter().map(|b| b.board_key(game)).collect();
    each_state!(position, s => perft_on(game, s, &before, depth, threads))
}

/// `divide_on` from a position of any layout.
pub fn divide_at(
    game: &Game,
    position: &Position,
    depth: usize,
    threads: usize,
) -> Vec<(Move, u64)> {
    divide_at_after(game, position, &[], depth, threads)
}

/// `divide_at`, where the positions before `position` are known (oldest first).
pub fn divide_at_after(
    game: &Game,
    position: &Position,
    before: &[Position],
    depth: usize,
    threads: usize,
) -> Vec<(Move, u64)> {
    let before: Vec<u64> = before.iter().map(|b| b.board_key(game)).collect();
    each_state!(position, s => divide_on(game, s, &before, depth, threads))
}
