//! The layouts a state comes in: a state keeps one byte per cell of its board and a set of
//! squares per player, and those are arrays of a fixed size chosen by the board, so that a
//! game on 64 squares copies a small state and reads one-word sets, while a game on 361
//! points has room for them. The engine is written once over `Layout` and compiled for
//! each; `Layout::of` says which one a game uses, and `by_layout!` picks it where a caller
//! starts from a game.

use crate::ir::{Code, Game, Mask, Sq, Wide, MAX_SLOTS};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Index, IndexMut};

pub trait Layout: Copy + Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// A set of squares of a board of this layout.
    type Set: Mask;
    /// What every cell holds, `CELLS` of them.
    type Cells: Copy + Eq + Hash + Debug + Send + Sync + AsRef<[Code]> + AsMut<[Code]>;
    /// What the used squares hold besides their cell codes (a column's pieces, a pit's
    /// seeds), `MAX_SLOTS` of them in a layout for stacks or counters, none in the others.
    type Slots: Copy
        + Eq
        + Hash
        + Debug
        + Send
        + Sync
        + AsRef<[u64]>
        + AsMut<[u64]>
        + Index<usize, Output = u64>
        + IndexMut<usize>;
    /// Where a state keeps its tall squares (`State::tall`): a set in a layout for stacks
    /// or counters, nothing in the others.
    type Tall: Tall<Self::Set>;
    /// The most cells a board of this layout has (a power of two).
    const CELLS: usize;
    /// Every cell empty.
    fn no_cells() -> Self::Cells;
    /// Every slot empty.
    fn no_slots() -> Self::Slots;
}

/// Slots for a layout of stacks or counters.
pub type Slots = [u64; MAX_SLOTS];

/// A state's tall squares (`State::tall`), kept as a set `M` where a layout has room for
/// columns and as nothing where it has none, so that a layout without stacks carries no
/// set for them.
pub trait Tall<M>: Copy + Eq + Hash + Debug + Default + Send + Sync {
    /// The squares, as a set.
    fn set(self) -> M;
    /// Says whether `sq` is tall.
    fn put(&mut self, sq: Sq, tall: bool);
}

impl<M: Mask> Tall<M> for M {
    #[inline(always)]
    fn set(self) -> M {
        self
    }
    #[inline(always)]
    fn put(&mut self, sq: Sq, tall: bool) {
        self.remove(sq);
        self.insert_if(sq, tall);
    }
}

/// No room for tall squares: a layout without columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoTall;

impl<M: Mask> Tall<M> for NoTall {
    #[inline(always)]
    fn set(self) -> M {
        M::default()
    }
    #[inline(always)]
    fn put(&mut self, _: Sq, _: bool) {}
}

macro_rules! layout {
    ($(#[$doc:meta])* $name:ident, $set:ty, $cells:literal, $slots:ty, $tall:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Layout for $name {
            type Set = $set;
            type Cells = [Code; $cells];
            type Slots = $slots;
            type Tall = $tall;
            const CELLS: usize = $cells;
            fn no_cells() -> [Code; $cells] {
                [0; $cells]
            }
            fn no_slots() -> $slots {
                [0; std::mem::size_of::<$slots>() / 8]
            }
        }
    };
}

layout!(
    /// Boards of up to 64 cells: sets in one word.
    Small, u64, 64, [u64; 0], NoTall
);
layout!(
    /// Boards of up to 64 cells whose squares hold columns or seeds.
    SmallSlots, u64, 64, Slots, u64
);
layout!(
    /// Boards of up to 256 cells.
    Medium, Wide<4>, 256, [u64; 0], NoTall
);
layout!(
    /// Boards of up to 256 cells whose squares hold columns or seeds.
    MediumSlots, Wide<4>, 256, Slots, Wide<4>
);
layout!(
    /// Boards of up to 1,024 cells (`ir::MAX_CELLS`).
    Large, Wide<16>, 1024, [u64; 0], NoTall
);

/// Which layout a game's states take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    Small,
    SmallSlots,
    Medium,
    MediumSlots,
    Large,
}

impl LayoutKind {
    /// The smallest layout that holds the game's board, with slots where its squares hold
    /// columns or seeds (the checker keeps such a board within 256 cells).
    pub fn of(game: &Game) -> LayoutKind {
        let slots = game.columns.is_some() || game.sowing.is_some();
        match (game.board.cells(), slots) {
            (0..=64, false) => LayoutKind::Small,
            (0..=64, true) => LayoutKind::SmallSlots,
            (65..=256, false) => LayoutKind::Medium,
            (_, true) => LayoutKind::MediumSlots,
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
            $crate::engine::LayoutKind::SmallSlots => {
                type $Z = $crate::engine::SmallSlots;
                $body
            }
            $crate::engine::LayoutKind::Medium => {
                type $Z = $crate::engine::Medium;
                $body
            }
            $crate::engine::LayoutKind::MediumSlots => {
                type $Z = $crate::engine::MediumSlots;
                $body
            }
            $crate::engine::LayoutKind::Large => {
                type $Z = $crate::engine::Large;
                $body
            }
        }
    };
}
