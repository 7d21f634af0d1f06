//! Uniformly random games, for `bench` and for checking the engine's invariants.

use super::rng::Rng;
use crate::engine::{generate, make, Move, Outcome, Scratch, State};
use crate::ir::Game;

/// How one random game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// How it ended; `None` when it reached the ply cap first (some games can cycle).
    pub outcome: Option<Outcome>,
    /// The moves made.
    pub plies: usize,
}

/// Plays random moves from `state` until the game ends or `max_plies` moves were made.
/// `moves` is a buffer reused across playouts.
pub fn playout(
    game: &Game,
    state: &State,
    rng: &mut Rng,
    max_plies: usize,
    scratch: &mut Scratch,
    moves: &mut Vec<Move>,
) -> Playout {
    let mut s = *state;
    for plies in 0..=max_plies {
        if let Some(o) = generate(game, &s, scratch, moves) {
            return Playout {
                outcome: Some(o),
                plies,
            };
        }
        if plies == max_plies {
            break;
        }
        let m = moves[rng.below(moves.len())];
        make(game, &mut s, m);
    }
    Playout {
        outcome: None,
        plies: max_plies,
    }
}
