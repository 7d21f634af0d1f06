//! Perft: the number of move sequences of each length from a position, the ground truth
//! that every game's tests compare against (RULES.md says how moves are counted).

use crate::engine::{generate, make, Move, Scratch, State};
use crate::ir::Game;

/// Counts the leaves at `depth`. Move buffers are allocated once per depth and reused.
/// Where the game reads `repeated`, the line starts at `state`.
pub fn perft(game: &Game, state: &State, depth: usize) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth.max(1)];
    let mut scratch = Scratch::default();
    let mut start = *state;
    scratch.history.start(game, &mut start);
    count(game, &start, depth, &mut scratch, &mut buffers)
}

fn count(
    game: &Game,
    state: &State,
    depth: usize,
    scratch: &mut Scratch,
    buffers: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per depth");
    if generate(game, state, scratch, moves).is_none() && depth == 1 {
        return moves.len() as u64;
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

/// The count under each first move, in move order.
pub fn divide(game: &Game, state: &State, depth: usize) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    let mut buffers = vec![Vec::with_capacity(64); depth];
    let mut scratch = Scratch::default();
    let mut start = *state;
    scratch.history.start(game, &mut start);
    crate::engine::legal_moves(game, &start)
        .into_iter()
        .map(|m| {
            let mut next = start;
            make(game, &mut next, m);
            scratch.history.record(game, &mut next);
            let n = if depth == 1 {
                1
            } else {
                count(game, &next, depth - 1, &mut scratch, &mut buffers)
            };
            scratch.history.truncate(1);
            (m, n)
        })
        .collect()
}
