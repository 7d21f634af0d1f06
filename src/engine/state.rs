//! A position: a small `Copy` value, so that search can copy a state, change the copy, and
//! drop it (copy-make) without allocating. Its squares are kept in the layout its board
//! takes (`Layout`); everything else, the same for every board, is its `Info`, which a
//! state derefs to (`s.to_move`).

use super::layout::{Layout, Slot, Tall};
use crate::ir::expr::LookBack;
use crate::ir::{
    Code, Columns, Game, Mask, Sq, MAX_COUNTER_SLOTS, MAX_DICE, MAX_HAND_TYPES, MAX_PLAYERS,
};
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

/// Everything that changes during a game, in the layout `Z` its board takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State<Z: Layout> {
    /// The cell code of every square: 0 empty, else `Game::code(player, piece)`. Written
    /// only through `put`, which keeps `occupied` in step.
    cells: Z::Cells,
    /// The squares each player commands, as sets, for set-wise move generation and
    /// counting.
    occupied: [Z::Set; MAX_PLAYERS],
    /// When a rule reads `moved(…)`: the occupied squares whose pieces have moved since
    /// the game began, for the types a rule can read it of (`Game::moved_types`): a piece
    /// that moves marks where it lands, and a square left empty is dropped. Empty
    /// otherwise.
    pub moved: Z::Set,
    /// What a used square holds besides its cell code, by the square's place among the used
    /// squares: with `stacks`, the pieces under its commander, packed (see
    /// `engine::column`); with `counters`, its seeds. Only the layouts of such games have
    /// room for them.
    pub slots: Z::Slots,
    /// With stacks, where a condition reads heights (`Columns::keeps_tall`): the squares
    /// whose column holds a piece under its commander (a height of two or more), kept in
    /// step with `slots` by `set_column`, so that `height(to) > 1` is read as a set rather
    /// than square by square. Empty otherwise; derived from `slots`, so neither hashed nor
    /// keyed.
    tall: Z::Tall,
    /// The rest of the position.
    pub info: Info,
}

/// What a position holds besides its squares' pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Info {
    pub to_move: u8,
    /// With `counters`: the last player who captured at least one seed, or `NOBODY`.
    pub capturer: u8,
    /// What the move before this position did, when a rule reads `previous(…)` and it can
    /// matter (`Game::kept_look`); `LookBack::NONE` otherwise.
    pub look: LookBack,
    /// With `counters`: each player's store.
    pub stores: [u16; MAX_PLAYERS],
    /// The pieces each player holds in hand, by piece type (`hand[player][type]`), for the
    /// types the game keeps in hand.
    pub hand: [[u8; MAX_HAND_TYPES]; MAX_PLAYERS],
    /// The counters' values (`counter NAME`; see `ir::Counter` for the slots).
    pub counters: [i16; MAX_COUNTER_SLOTS],
    /// In a game of dice: the distances left to play this turn (`dice[..dice_left]`),
    /// largest first. With none left, the player to move rolls next.
    pub dice: [u8; MAX_DICE],
    pub dice_left: u8,
    /// With a clock: the plies since it last reset (see `ClockRule`).
    pub clock: u16,
    /// The passes made in a row up to this position.
    pub passes: u8,
    /// How many times this position has stood in the game so far, this time included, as
    /// far as the caller keeps a `History` (1 otherwise).
    pub repeated: u8,
}

impl<Z: Layout> Deref for State<Z> {
    type Target = Info;
    #[inline(always)]
    fn deref(&self) -> &Info {
        &self.info
    }
}

impl<Z: Layout> DerefMut for State<Z> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Info {
        &mut self.info
    }
}

/// `State::capturer` before anyone has captured.
pub const NOBODY: u8 = u8::MAX;

/// Hashes what can differ between two states of one game cheaply: the cells and slots up to
/// their last non-zero entry (a small game's tail is all zeros), and the rest whole. Equal
/// states hash alike, as `Hash` requires.
impl<Z: Layout> Hash for State<Z> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let words = self
            .cells
            .as_ref()
            .chunks_exact(8)
            .rposition(|c| c != [0; 8])
            .map_or(0, |i| i + 1);
        let slots = self
            .slots
            .as_ref()
            .iter()
            .rposition(|&c| c != Z::Slot::default())
            .map_or(0, |i| i + 1);
        h.write(&self.cells.as_ref()[..words * 8]);
        for &w in &self.slots.as_ref()[..slots] {
            w.hash(h);
        }
        for &n in &self.stores {
            h.write_u16(n);
        }
        h.write_u8(self.to_move);
        h.write_u8(self.capturer);
        self.look.hash(h);
        for hand in &self.hand {
            h.write(hand);
        }
        for &c in &self.counters {
            h.write_i16(c);
        }
        h.write(&self.dice[..self.dice_left as usize]);
        h.write_u16(self.clock);
        h.write_u8(self.passes);
        h.write_u8(self.repeated);
        for &w in self.moved.words() {
            h.write_u64(w);
        }
    }
}

impl<Z: Layout> std::fmt::Debug for State<Z> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("to_move", &self.to_move)
            .finish_non_exhaustive()
    }
}

impl Info {
    /// Nothing in hand, no stores, no history, and `to_move` to move.
    pub fn new(to_move: u8) -> Info {
        Info {
            to_move,
            capturer: NOBODY,
            look: LookBack::NONE,
            stores: [0; MAX_PLAYERS],
            hand: [[0; MAX_HAND_TYPES]; MAX_PLAYERS],
            counters: [0; MAX_COUNTER_SLOTS],
            dice: [0; MAX_DICE],
            dice_left: 0,
            clock: 0,
            passes: 0,
            repeated: 1,
        }
    }

    /// The start's pieces in hand, for `game`.
    pub fn start(game: &Game) -> Info {
        let mut info = Info::new(0);
        for (p, hand) in game.hands.iter().enumerate() {
            for (t, &n) in hand.iter().enumerate().take(MAX_HAND_TYPES) {
                info.hand[p][t] = n;
            }
        }
        for c in &game.counters {
            info.counters[c.slots(game.players.len())].fill(c.start);
        }
        info
    }
}

impl<Z: Layout> State<Z> {
    /// The starting position.
    pub fn start(game: &Game) -> State<Z> {
        let mut s = State::<Z>::from_cells(game, &game.setup, 0);
        s.info = Info::start(game);
        if let Some(c) = &game.columns {
            for (sq, &h) in game.setup_heights.iter().enumerate() {
                let code = game.setup[sq];
                for _ in 1..h.max(1) {
                    let column = s.column(c, sq as Sq);
                    s.set_column(
                        c,
                        sq as Sq,
                        super::column::push_bottom(column, code, c.bits),
                    );
                }
            }
        }
        if let Some(sw) = &game.sowing {
            for (pit, &n) in sw.start.iter().enumerate() {
                s.slots[pit] = Slot::of(u64::from(n));
            }
        }
        s
    }

    /// A state with these cells and this player to move.
    pub fn from_cells(game: &Game, cells: &[Code], to_move: u8) -> State<Z> {
        let mut s = State::empty(to_move);
        for (sq, &c) in cells.iter().enumerate() {
            if c != 0 {
                s.put(game, sq as Sq, c);
            }
        }
        s
    }

    /// An empty board with this player to move.
    pub fn empty(to_move: u8) -> State<Z> {
        State {
            cells: Z::no_cells(),
            occupied: [Z::Set::default(); MAX_PLAYERS],
            moved: Z::Set::default(),
            slots: Z::no_slots(),
            tall: Z::Tall::default(),
            info: Info::new(to_move),
        }
    }

    /// What stands on `sq` (its commander, with stacks): 0 for nothing.
    #[inline(always)]
    pub fn at(&self, sq: Sq) -> Code {
        // `CELLS` is a power of two: the index is masked, not checked.
        self.cells.as_ref()[sq as usize % Z::CELLS]
    }

    /// Puts `code` (0 for nothing) on `sq`, in place of what stood there.
    #[inline(always)]
    pub fn put(&mut self, game: &Game, sq: Sq, code: Code) {
        let old = self.cells.as_ref()[sq as usize % Z::CELLS];
        if old != 0 {
            self.occupied[game.owner[old as usize] as usize].remove(sq);
        }
        if code != 0 {
            self.occupied[game.owner[code as usize] as usize].insert(sq);
        }
        self.cells.as_mut()[sq as usize % Z::CELLS] = code;
    }

    /// What each square holds, for the squares of a board of `cells` cells.
    pub fn cells(&self, cells: usize) -> &[Code] {
        &self.cells.as_ref()[..cells]
    }

    /// The squares `player` commands.
    #[inline(always)]
    pub fn occupied(&self, player: usize) -> &Z::Set {
        &self.occupied[player]
    }

    /// The squares each owner commands, in turn order, as the fixed array the state keeps
    /// (past the game's owners, empty).
    pub fn occupied_sets(&self) -> &[Z::Set; MAX_PLAYERS] {
        &self.occupied
    }

    /// The squares each player commands, in turn order.
    pub fn occupancy(&self, players: usize) -> &[Z::Set] {
        &self.occupied[..players]
    }

    /// The squares whose pieces are followed for `moved` (`Game::follows_moved`).
    pub fn followed(&self, game: &Game) -> Z::Set {
        let mut set = Z::Set::default();
        for sq in self.all_occupied(game.owners).squares() {
            if game.follows_moved(self.at(sq)) {
                set.insert(sq);
            }
        }
        set
    }

    /// Every occupied square.
    pub fn all_occupied(&self, players: usize) -> Z::Set {
        self.occupied[..players]
            .iter()
            .fold(Z::Set::default(), |a, &b| a | b)
    }

    /// Makes this state a copy of `from`, a state of the same game: as `*self = *from`,
    /// but of the slots only those the game writes (`Game::slots_used`; the others are
    /// empty in both). A look ahead copies the state at every move, and a small game's
    /// slots are mostly room it leaves empty.
    #[inline(always)]
    pub fn copy_from(&mut self, from: &State<Z>, slots_used: usize) {
        self.cells = from.cells;
        self.occupied = from.occupied;
        self.moved = from.moved;
        self.tall = from.tall;
        self.info = from.info;
        let slots = slots_used.min(self.slots.as_ref().len());
        self.slots.as_mut()[..slots].copy_from_slice(&from.slots.as_ref()[..slots]);
    }

    /// The pieces under the commander of `sq`, packed (with stacks; see `engine::column`).
    #[inline(always)]
    pub fn column(&self, c: &Columns, sq: Sq) -> u64 {
        self.slots[c.slot[sq as usize] as usize].get()
    }

    /// Sets the pieces under the commander of `sq` (with stacks), and whether it is `tall`
    /// where the game keeps that.
    #[inline(always)]
    pub fn set_column(&mut self, c: &Columns, sq: Sq, column: u64) {
        self.slots[c.slot[sq as usize] as usize] = Slot::of(column);
        if c.keeps_tall {
            self.tall.put(sq, super::column::height_below(column) != 0);
        }
    }

    /// Sets `tall` from the columns, for a state whose `slots` were written whole.
    pub fn settle_tall(&mut self, game: &Game) {
        self.tall = Z::Tall::default();
        if let Some(c) = game.columns.as_ref().filter(|c| c.keeps_tall) {
            for sq in Z::Set::from_set(&game.board.used_set).squares() {
                let tall = super::column::height_below(self.column(c, sq)) != 0;
                self.tall.put(sq, tall);
            }
        }
    }

    /// The squares of two pieces or more, where the game keeps them (`Columns::keeps_tall`;
    /// empty otherwise).
    #[inline(always)]
    pub fn tall(&self) -> Z::Set {
        self.tall.set()
    }

    /// The seeds in pit `pit` (with counters).
    pub fn seeds(&self, pit: usize) -> u64 {
        self.slots[pit].get()
    }

    /// This state as a position that can stand again: without its history (the clock, the
    /// passes, the count of repetitions).
    pub fn position_key(&self) -> State<Z> {
        let mut key = *self;
        key.clock = 0;
        key.passes = 0;
        key.repeated = 1;
        key
    }
}
