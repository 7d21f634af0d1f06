//! The compiled game: everything the interpreter needs, as flat tables indexed by small
//! ids. It is plain data, what `compile` built and nothing else: types and tables, and no
//! code that runs a condition (that is `eval`). No name is looked up while a game is
//! played, and nothing here changes while it is played (caches that a search keeps belong
//! to whoever runs the search). This folder imports no other folder of the crate.

pub mod board;
pub mod dice;
pub mod expr;
pub mod game;
pub mod mask;
pub mod pattern;
pub mod plan;
pub mod program;
pub mod rule;
pub mod sowing;
pub mod value;

pub use board::{Board, Direction, MaskTable, Shape, Sq, SquareSet, NO_SQUARE};
pub use dice::{Dice, Roll, MAX_DICE};
pub use expr::{AttackBy, BinOp, Expr, GroupRead, LookBack, LookField, SquareRef, UnOp};
pub use game::*;
pub use mask::{Mask, Wide};
pub use pattern::{OwnerPattern, Pattern};
pub use plan::{TierStep, WalkReads};
pub use program::{Program, Scalar};
pub use rule::{
    Add, Carry, Chain, Effect, EffectLines, EffectVerb, Jump, Jumps, KeyedSquares, MoveRule,
    OwnerReads, Rotation, Run, RunItem, RunParts, Times, Walk, Where, MAX_RUN_ITEMS, MAX_RUN_PARTS,
};
pub use sowing::{Capture, LastSeed, Leftover, Outcomes, Sowing, Walks, NO_LAP};
pub use value::Value;

/// The largest number of cells a board may have (its frame: used or not). A state holds
/// one byte per cell inline, in the smallest of its layouts that fits the board (64, 256
/// or 1,024 cells: `engine::Layout`).
pub const MAX_CELLS: usize = 1024;
/// The most used squares whose extra contents a state keeps (a column with `stacks`, a seed
/// count with `counters`): the state has this many slots.
pub const MAX_SLOTS: usize = 64;
/// The largest number of players.
pub const MAX_PLAYERS: usize = 4;
/// The most directions a game may have, the eight compass directions included: a move's
/// step names its direction in one byte.
pub const MAX_DIRECTIONS: usize = 64;
/// The most move rules a game may have: one id is kept for a pass.
pub const MAX_RULES: usize = u16::MAX as usize;
/// The most tracks a counting game may have: one id is kept for "no lap".
pub const MAX_TRACKS: usize = u8::MAX as usize;
/// The most kinds of piece (players × piece types, plus the empty square): patterns are
/// bitmasks over them.
pub const MAX_CODES: usize = 64;

/// A direction's index in `Board::directions`. A type of its own, so that a direction is
/// never taken for a cell code, a pit or a track (all small numbers too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DirId(pub u8);

impl DirId {
    /// The direction's index in `Board::directions`.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
/// A move rule's index in `Game::rules`. A type of its own, so that a square or a count
/// is never taken for a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(pub u16);

impl RuleId {
    /// No rule: a pass, or no move before.
    pub const NONE: RuleId = RuleId(u16::MAX);

    /// The rule's index in `Game::rules`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
/// The most piece types that may be kept in hand.
pub const MAX_HAND_TYPES: usize = 8;

/// The pieces a player holds in hand, by piece type.
pub type Hand = [u8; 8];
const _: () = assert!(std::mem::size_of::<Hand>() == MAX_HAND_TYPES);

/// The longest chain of steps one move can make (a chain of captures by one piece).
/// The checker refuses a game whose chains could be longer, so no chain is ever cut.
pub const MAX_CHAIN: usize = 24;

/// The numbers a state keeps for counters (`counter NAME`): a counter of each player takes
/// one for each player, a shared counter one.
pub const MAX_COUNTER_SLOTS: usize = 8;

/// What a square holds: 0 for nothing, else `Game::code(player, piece type)`.
pub type Code = u8;
