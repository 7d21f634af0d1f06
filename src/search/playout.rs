//! Uniformly random games, for `bench` and for checking the engine's invariants.

use super::rng::Rng;
use crate::engine::{Generated, Move, Outcome, State};
use crate::ir::Game;

/// How a playout stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    Over(Outcome),
    /// The ply cap was reached first (some games can cycle forever).
    Capped,
}

/// Plays random moves from `state` until the game ends or `max_plies` moves were made.
/// `moves` is a buffer reused across playouts.
pub fn playout(
    game: &Game,
    state: &State,
    rng: &mut Rng,
    max_plies: usize,
    moves: &mut Vec<Move>,
) -> (Finish, usize) {
    let mut s = *state;
    for ply in 0..max_plies {
        match game.generate(&s, moves) {
            Generated::Over(o) => return (Finish::Over(o), ply),
            Generated::Moves => {
                let m = moves[rng.below(moves.len())];
                game.apply(&mut s, m);
            }
        }
    }
    match game.generate(&s, moves) {
        Generated::Over(o) => (Finish::Over(o), max_plies),
        Generated::Moves => (Finish::Capped, max_plies),
    }
}
