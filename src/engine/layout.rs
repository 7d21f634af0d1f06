//! The layouts a state comes in: a state keeps one byte per cell of its board and a set of
//! squares per player, and those are arrays of a fixed size chosen by the board, so that a
//! game on 64 squares copies a small state and reads one-word sets, while a game on 361
//! points has room for them. The engine is written once over `Layout` and compiled for
//! each; `Layout::of` says which one a game uses, and `by_layout!` picks it where a caller
//! starts from a game.

use crate::ir::{Code, Game, Mask, Wide};
use std::fmt::Debug;
use std::hash::Hash;

pub trait Layout: Copy + Debug + Default + Send + Sync + 'static {
    /// A set of squares of a board of this layout.
    type Set: Mask;
    /// What every cell holds, `CELLS` of them.
    type Cells: Copy + Eq + Hash + Debug + Send + Sync + AsRef<[Code]> + AsMut<[Code]>;
    /// The most cells a board of this layout has (a power of two).
    const CELLS: usize;
    /// Every cell empty.
    fn no_cells() -> Self::Cells;
}

/// Boards of up to 64 cells: sets in one word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Small;

/// Boards of up to 256 cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Medium;

/// Boards of up to 1,024 cells (`ir::MAX_CELLS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Large;

impl Layout for Small {
    type Set = u64;
    type Cells = [Code; 64];
    const CELLS: usize = 64;
    fn no_cells() -> [Code; 64] {
        [0; 64]
    }
}

impl Layout for Medium {
    type Set = Wide<4>;
    type Cells = [Code; 256];
    const CELLS: usize = 256;
    fn no_cells() -> [Code; 256] {
        [0; 256]
    }
}

impl Layout for Large {
    type Set = Wide<16>;
    type Cells = [Code; 1024];
    const CELLS: usize = 1024;
    fn no_cells() -> [Code; 1024] {
        [0; 1024]
    }
}

/// Which layout a game's states take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    Small,
    Medium,
    Large,
}

impl LayoutKind {
    /// The smallest layout that holds the game's board.
    pub fn of(game: &Game) -> LayoutKind {
        match game.board.cells() {
            0..=64 => LayoutKind::Small,
            65..=256 => LayoutKind::Medium,
            _ => LayoutKind::Large,
        }
    }
}

/// Runs `$body` with the type `$Z` standing for the layout of `$game`'s states:
/// `by_layout!(game, Z => perft::<Z>(game, depth))`.
#[macro_export]
macro_rules! by_layout {
    ($game:expr, $Z:ident => $body:expr) => {
        match $crate::engine::LayoutKind::of($game) {
            $crate::engine::LayoutKind::Small => {
                type $Z = $crate::engine::Small;
                $body
            }
            $crate::engine::LayoutKind::Medium => {
                type $Z = $crate::engine::Medium;
                $body
            }
            $crate::engine::LayoutKind::Large => {
                type $Z = $crate::engine::Large;
                $body
            }
        }
    };
}
