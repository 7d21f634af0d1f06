//! What a condition is read against: the slices of a position and of the game's tables
//! that programs read. The engine builds one from a state (`engine::env`); the checker and
//! the compiler use `Env::constant` for what reads no position.

use crate::ir::{Board, Code, Game, Hand, LookBack, Mask, Zone};

/// A position's slots as a condition reads them: words (columns, or seeds) or, in a layout
/// of byte slots, bytes (seeds).
#[derive(Clone, Copy, Debug)]
pub enum SlotView<'a> {
    Words(&'a [u64]),
    Bytes(&'a [u8]),
}

impl SlotView<'_> {
    /// What slot `i` holds.
    #[inline]
    pub fn get(&self, i: usize) -> u64 {
        match self {
            SlotView::Words(w) => w[i],
            SlotView::Bytes(b) => b[i] as u64,
        }
    }
}

/// What an expression is evaluated against, its sets of squares of the width `M` of the
/// position's layout. Everything but `width` is optional, because the checker evaluates
/// constants and square conditions before there is a game or a position.
#[derive(Clone, Copy)]
pub struct Env<'a, M: Mask = u64> {
    pub width: usize,
    pub cells: usize,
    /// The board, for the squares around a square (`to + n`, `around`, `line`).
    pub board: Option<&'a Board>,
    /// `rows[player * cells + sq]`.
    pub rows: &'a [u8],
    pub used: &'a [bool],
    pub zones: &'a [Zone],
    /// What each square holds, for `count`.
    pub cell_codes: &'a [Code],
    /// The squares each player commands.
    pub occupied: &'a [M],
    /// The used squares of the board.
    pub used_set: M,
    /// The number of piece types, to read cell codes.
    pub types: usize,
    pub player: u8,
    pub from: u16,
    pub to: u16,
    pub here: u16,
    /// With counters: the seeds of each pit (by its place among the used squares), the
    /// pit of each square (`u8::MAX` for none), each player's store pit on the board
    /// (empty when the stores are off the board), and the stores off the board.
    pub slots: SlotView<'a>,
    pub pit_of: &'a [u8],
    pub store_pits: &'a [u8],
    pub stores: &'a [u16],
    /// The counters' values (see `ir::Counter`).
    pub counters: &'a [i16],
    /// Of the sowing being made: the seeds lifted and the laps sown.
    pub lifted: u32,
    pub laps: u32,
    /// What the move before this position did.
    pub previous: LookBack,
    /// For end rules: whether a capture is reachable (found by the engine beforehand).
    pub reachable: bool,
    /// The position's history: the clock, the passes in a row, how often it has stood.
    pub clock: u32,
    pub passes: u32,
    pub repeated: u32,
    /// For `require`: what the move's effects turned and took.
    pub turned: u32,
    pub taken: u32,
    /// The game, for `attacked` (which reads its capturing rules); `None` before play.
    pub game: Option<&'a Game>,
    /// The squares whose pieces have moved.
    pub moved: M,
    /// The pieces each player holds in hand, by piece type.
    pub hands: &'a [Hand],
    /// For `seen`: the boards of the positions before this one in the game, oldest first,
    /// as `board::board_hash` has them.
    pub earlier: &'a [u64],
    /// For `stuck`, on the position after a move: whether the player who moves next has
    /// no legal move. The engine sets it where it reads `require` and `after move require`;
    /// `None` reads as "not stuck".
    pub stuck: Option<&'a dyn Fn() -> bool>,
}

impl<M: Mask> Env<'_, M> {
    /// An environment for constant expressions: no board, no position.
    pub fn constant() -> Env<'static, M> {
        Env {
            width: 1,
            cells: 0,
            board: None,
            rows: &[],
            used: &[],
            zones: &[],
            cell_codes: &[],
            occupied: &[],
            used_set: M::default(),
            types: 1,
            player: 0,
            from: 0,
            to: 0,
            here: 0,
            slots: SlotView::Words(&[]),
            pit_of: &[],
            store_pits: &[],
            stores: &[],
            counters: &[],
            lifted: 0,
            laps: 0,
            previous: LookBack::NONE,
            reachable: false,
            clock: 0,
            passes: 0,
            repeated: 1,
            turned: 0,
            taken: 0,
            game: None,
            moved: M::default(),
            hands: &[],
            earlier: &[],
            stuck: None,
        }
    }

    /// What square `sq` holds, or `None` when it names no square of the board.
    pub fn code_at(&self, sq: i64) -> Option<Code> {
        (0..self.cells as i64)
            .contains(&sq)
            .then(|| self.used[sq as usize])
            .filter(|&u| u)
            .map(|_| self.cell_codes.get(sq as usize).copied().unwrap_or(0))
    }
}

impl<M: Mask> Env<'_, M> {
    /// The squares of zone `z`, as the player of the environment sees it.
    #[inline(always)]
    pub fn zone(&self, z: usize) -> M {
        M::from_set(&self.zones[z].sets[self.player as usize])
    }

    /// How many pieces stand on square `sq`: with columns (`stacks`, `piles`), the
    /// column's height; else 1 for a piece; 0 for none, or no square.
    #[inline]
    pub fn height(&self, sq: i64) -> i64 {
        match self.code_at(sq) {
            None | Some(0) => 0,
            Some(_) => match self.game.and_then(|g| g.columns.as_ref()) {
                Some(c) => {
                    1 + crate::engine::column::height_below(
                        self.slots.get(c.slot[sq as usize] as usize),
                    ) as i64
                }
                None => 1,
            },
        }
    }

    /// The seeds in square `sq`: 0 when it is no pit.
    #[inline]
    pub fn seeds(&self, sq: i64) -> i64 {
        match self.pit_of.get(sq as usize) {
            Some(&pit) if sq >= 0 && pit != u8::MAX => self.slots.get(pit as usize) as i64,
            _ => 0,
        }
    }

    /// The seeds in `player`'s store.
    #[inline]
    pub fn store(&self, player: usize) -> i64 {
        match self.store_pits.get(player) {
            Some(&pit) => self.slots.get(pit as usize) as i64,
            None => self.stores.get(player).map_or(0, |&n| n as i64),
        }
    }
}
