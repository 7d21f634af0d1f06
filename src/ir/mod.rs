//! The compiled game: everything the interpreter needs, as flat tables indexed by small
//! ids. Nothing here is looked up by name while a game is played.

pub mod board;
pub mod expr;
pub mod game;
pub mod pattern;
pub mod sowing;

pub use board::{Board, Direction, Sq, SquareSet, NO_SQUARE};
pub use expr::{Expr, SquareRef};
pub use game::*;
pub use pattern::Pattern;
pub use sowing::{LastSeed, Sowing, NO_LAP};

/// The largest number of cells a board may have: a state holds one byte per cell inline.
pub const MAX_CELLS: usize = 256;
/// The most used squares whose extra contents a state keeps (a column with `stacks`, a seed
/// count with `counters`): the state has this many slots.
pub const MAX_SLOTS: usize = 64;
/// The largest number of players.
pub const MAX_PLAYERS: usize = 4;
