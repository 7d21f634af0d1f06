//! The interpreter: states, moves, the legal moves of a state, the state after a move, and
//! the end of a game with its result. It reads the compiled game's tables and knows no game.

pub mod column;
pub mod movegen;
pub mod notation;
pub mod pits;
pub mod position;
pub mod reach;
pub mod sowing;
pub mod state;

pub use movegen::{Generated, Outcome};
pub use state::{Move, State};
