//! The layouts a state comes in: a state keeps one byte per cell of its board and a set of
//! squares per player, and those are arrays of a fixed size chosen by the board, so that a
//! game on 64 squares copies a small state and reads one-word sets, while a game on 361
//! points has room for them. The engine is written once over `Layout` and compiled for
//! each; `Layout::of` says which one a game uses, and `by_layout!` picks it where a caller
//! starts from a game.

use crate::eval::SlotView;
use crate::ir::{Code, Game, Mask, Sq, Wide, MAX_SLOTS};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Index, IndexMut};

pub trait Layout: Copy + Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// A set of squares of a board of this layout.
    type Set: Mask;
    /// What every cell holds, `CELLS` of them.
    type Cells: Copy + Eq + Hash + Debug + Send + Sync + AsRef<[Code]> + AsMut<[Code]>;
    /// What one slot holds: a word (a column's pieces, or seeds), or a byte where the
    /// layout is for counting games of few seeds.
    type Slot: Slot;
    /// What the used squares hold besides their cell codes (a column's pieces, a pit's
    /// seeds), `MAX_SLOTS` of them in a layout for stacks or counters, none in the others.
    type Slots: Copy
        + Eq
        + Hash
        + Debug
        + Send
        + Sync
        + AsRef<[Self::Slot]>
        + AsMut<[Self::Slot]>
        + Index<usize, Output = Self::Slot>
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

/// The most seeds a game may have for its pits to be kept a byte each: seeds are never
/// made or destroyed in play (a capture moves them to a store), so no pit can hold more
/// than the start's total.
pub const PIT_BYTE_SEEDS: u64 = u8::MAX as u64;

/// What a slot holds, as the engine reads and writes it: a number of up to 64 bits, which
/// a byte slot keeps only where it fits (a layout of byte slots is chosen only for games
/// whose numbers do).
pub trait Slot: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// The most a slot holds.
    const MAX: u64;
    fn get(self) -> u64;
    /// `n`, which must be at most `MAX`.
    fn of(n: u64) -> Self;
    /// The first 16 slots of `slots`, a byte each, where they fit: the number the packed
    /// sowing works on (`engine::sowing::sow_packed`).
    fn pack(slots: &[Self]) -> Option<u128>;
    /// Writes `x`'s 16 bytes into the first 16 slots of `slots`.
    fn unpack(x: u128, slots: &mut [Self]);
    /// `slots` as conditions read them.
    fn view(slots: &[Self]) -> SlotView<'_>;
    /// `slots` as bytes, where a slot is one.
    fn bytes(slots: &[Self]) -> Option<&[u8]>;
    /// Adds `n`: the sum must fit.
    #[inline(always)]
    fn add(&mut self, n: u64) {
        *self = Self::of(self.get() + n);
    }
    /// Empties the slot, and says what it held.
    #[inline(always)]
    fn take(&mut self) -> u64 {
        std::mem::take(self).get()
    }
}

impl Slot for u64 {
    const MAX: u64 = u64::MAX;
    #[inline(always)]
    fn get(self) -> u64 {
        self
    }
    #[inline(always)]
    fn of(n: u64) -> u64 {
        n
    }
    #[inline(always)]
    fn pack(slots: &[u64]) -> Option<u128> {
        let (mut x, mut total) = (0u128, 0u64);
        for (i, &seeds) in slots[..16].iter().enumerate() {
            total += seeds;
            x |= u128::from(seeds as u8) << (8 * i);
        }
        (total <= PIT_BYTE_SEEDS).then_some(x)
    }
    #[inline(always)]
    fn unpack(x: u128, slots: &mut [u64]) {
        for (slot, byte) in slots[..16].iter_mut().zip(x.to_le_bytes()) {
            *slot = byte as u64;
        }
    }
    #[inline(always)]
    fn view(slots: &[u64]) -> SlotView<'_> {
        SlotView::Words(slots)
    }
    #[inline(always)]
    fn bytes(_: &[u64]) -> Option<&[u8]> {
        None
    }
}

impl Slot for u8 {
    const MAX: u64 = u8::MAX as u64;
    #[inline(always)]
    fn get(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn of(n: u64) -> u8 {
        debug_assert!(n <= <u8 as Slot>::MAX, "{n} does not fit a byte slot");
        n as u8
    }
    /// The bytes as they are: the layout holds at most 255 seeds in all, so no sum is
    /// needed to know that no byte of a lap's add overflows.
    #[inline(always)]
    fn pack(slots: &[u8]) -> Option<u128> {
        let bytes: [u8; 16] = slots[..16].try_into().ok()?;
        Some(u128::from_le_bytes(bytes))
    }
    #[inline(always)]
    fn unpack(x: u128, slots: &mut [u8]) {
        slots[..16].copy_from_slice(&x.to_le_bytes());
    }
    #[inline(always)]
    fn view(slots: &[u8]) -> SlotView<'_> {
        SlotView::Bytes(slots)
    }
    #[inline(always)]
    fn bytes(slots: &[u8]) -> Option<&[u8]> {
        Some(slots)
    }
}

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
    ($(#[$doc:meta])* $name:ident, $set:ty, $cells:literal, $slot:ty, $slots:expr, $tall:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Layout for $name {
            type Set = $set;
            type Cells = [Code; $cells];
            type Slot = $slot;
            type Slots = [$slot; $slots];
            type Tall = $tall;
            const CELLS: usize = $cells;
            fn no_cells() -> [Code; $cells] {
                [0; $cells]
            }
            fn no_slots() -> [$slot; $slots] {
                [0; $slots]
            }
        }
    };
}

layout!(
    /// Boards of up to 64 cells: sets in one word.
    Small, u64, 64, u64, 0, NoTall
);
layout!(
    /// Boards of up to 64 cells whose squares hold columns or seeds.
    SmallSlots, u64, 64, u64, MAX_SLOTS, u64
);
layout!(
    /// Boards of up to 64 cells whose pits hold at most 255 seeds in all
    /// (`PIT_BYTE_SEEDS`): a byte a pit, so that a state is an eighth the size and its pits
    /// are read and written 16 at a time (`Slot::pack`).
    SmallPits, u64, 64, u8, MAX_SLOTS, NoTall
);
layout!(
    /// Boards of up to 256 cells.
    Medium, Wide<4>, 256, u64, 0, NoTall
);
layout!(
    /// Boards of up to 256 cells whose squares hold columns or seeds.
    MediumSlots, Wide<4>, 256, u64, MAX_SLOTS, Wide<4>
);
layout!(
    /// Boards of up to 1,024 cells (`ir::MAX_CELLS`).
    Large, Wide<16>, 1024, u64, 0, NoTall
);

/// Which layout a game's states take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    Small,
    SmallSlots,
    SmallPits,
    Medium,
    MediumSlots,
    Large,
}

impl LayoutKind {
    /// The smallest layout that holds the game's board, with slots where its squares hold
    /// columns or seeds (the checker keeps such a board within 256 cells), of a byte where
    /// they are pits that never hold more than 255 seeds in all.
    pub fn of(game: &Game) -> LayoutKind {
        let slots = game.columns.is_some() || game.sowing.is_some();
        match (game.board.cells(), slots) {
            (0..=64, false) => LayoutKind::Small,
            (0..=64, true) if few_seeds(game) => LayoutKind::SmallPits,
            (0..=64, true) => LayoutKind::SmallSlots,
            (65..=256, false) => LayoutKind::Medium,
            (_, true) => LayoutKind::MediumSlots,
            _ => LayoutKind::Large,
        }
    }
}

/// Whether `game` is a counting game (no columns) whose pits never hold more than
/// `PIT_BYTE_SEEDS` seeds in all (`Game::most_seeds`).
fn few_seeds(game: &Game) -> bool {
    game.columns.is_none() && game.sowing.is_some() && game.most_seeds <= PIT_BYTE_SEEDS
}

/// The most seeds the positions of `game` may hold in all, as its layout keeps them.
pub fn seeds_capacity(game: &Game) -> u64 {
    match LayoutKind::of(game) {
        LayoutKind::SmallPits => PIT_BYTE_SEEDS,
        _ => u16::MAX as u64,
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
            $crate::engine::LayoutKind::SmallPits => {
                type $Z = $crate::engine::SmallPits;
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
