//! Perft: the number of move sequences of each length from a position, the ground truth
//! that every game's tests compare against (RULES.md says how moves are counted).

use crate::engine::{generate, make, Move, Scratch, State};
use crate::ir::Game;

/// Counts the leaves at `depth`. Move buffers are allocated once per depth and reused.
pub fn perft(game: &Game, state: &State, depth: usize) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth.max(1)];
    count(game, state, depth, &mut Scratch::default(), &mut buffers)
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
    for &m in moves.iter() {
        let mut next = *state;
        make(game, &mut next, m);
        total += count(game, &next, depth - 1, scratch, rest);
    }
    total
}

/// The count under each first move, in move order.
pub fn divide(game: &Game, state: &State, depth: usize) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    crate::engine::legal_moves(game, state)
        .into_iter()
        .map(|m| {
            let mut next = *state;
            make(game, &mut next, m);
            (m, perft(game, &next, depth - 1))
        })
        .collect()
}
