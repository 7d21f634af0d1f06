//! A position: a small `Copy` value, so that search can copy a state, change the copy, and
//! drop it (copy-make) without allocating.

use crate::ir::expr::LookBack;
use crate::ir::{Code, Game, Sq, SquareSet, MAX_CELLS, MAX_HAND_TYPES, MAX_PLAYERS, MAX_SLOTS};
use std::hash::Hash;

/// Everything that changes during a game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The cell code of every square: 0 empty, else `Game::code(player, piece)`. Written
    /// only through `put`, which keeps `occupied` in step.
    cells: [Code; MAX_CELLS],
    /// The squares each player commands, as sets, for set-wise move generation and
    /// counting.
    occupied: [SquareSet; MAX_PLAYERS],
    pub to_move: u8,
    /// With `counters`: the last player who captured at least one seed, or `NOBODY`.
    pub capturer: u8,
    /// What the move before this position did, when a rule reads `previous(…)` and it can
    /// matter (`Game::kept_look`); `LookBack::NONE` otherwise.
    pub look: LookBack,
    /// With `counters`: each player's store.
    pub stores: [u16; MAX_PLAYERS],
    /// What a used square holds besides its cell code, by the square's place among the used
    /// squares: with `stacks`, the pieces under its commander, packed (see
    /// `engine::column`); with `counters`, its seeds.
    pub slots: [u64; MAX_SLOTS],
    /// The pieces each player holds in hand, by piece type (`hand[player][type]`), for the
    /// types the game keeps in hand.
    pub hand: [[u8; MAX_HAND_TYPES]; MAX_PLAYERS],
    /// With a clock: the plies since it last reset (see `ClockRule`).
    pub clock: u16,
    /// The passes made in a row up to this position.
    pub passes: u8,
    /// How many times this position has stood in the game so far, this time included, as
    /// far as the caller keeps a `History` (1 otherwise).
    pub repeated: u8,
    /// When a rule reads `moved(…)`: the occupied squares whose pieces have moved since
    /// the game began, for the types a rule can read it of (`Game::moved_types`): a piece
    /// that moves marks where it lands, and a square left empty is dropped. Empty
    /// otherwise.
    pub moved: SquareSet,
}

/// `State::capturer` before anyone has captured.
pub const NOBODY: u8 = u8::MAX;

/// Hashes what can differ between two states of one game cheaply: the cells and slots up to
/// their last non-zero entry (a small game's tail is all zeros), and the rest whole. Equal
/// states hash alike, as `Hash` requires.
impl Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let words = self
            .cells
            .chunks_exact(8)
            .rposition(|c| c != [0; 8])
            .map_or(0, |i| i + 1);
        let slots = self
            .slots
            .iter()
            .rposition(|&c| c != 0)
            .map_or(0, |i| i + 1);
        h.write(&self.cells[..words * 8]);
        for &w in &self.slots[..slots] {
            h.write_u64(w);
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
        h.write_u16(self.clock);
        h.write_u8(self.passes);
        h.write_u8(self.repeated);
        for w in self.moved.0 {
            h.write_u64(w);
        }
    }
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("to_move", &self.to_move)
            .finish_non_exhaustive()
    }
}

impl State {
    /// The starting position.
    pub fn start(game: &Game) -> State {
        let mut s = State::from_cells(game, &game.setup, 0);
        for (p, hand) in game.hands.iter().enumerate() {
            for (t, &n) in hand.iter().enumerate().take(MAX_HAND_TYPES) {
                s.hand[p][t] = n;
            }
        }
        if let Some(sw) = &game.sowing {
            for (pit, &n) in sw.start.iter().enumerate() {
                s.slots[pit] = n as u64;
            }
        }
        s
    }

    /// A state with these cells and this player to move.
    pub fn from_cells(game: &Game, cells: &[Code], to_move: u8) -> State {
        let mut s = State::empty(to_move);
        for (sq, &c) in cells.iter().enumerate() {
            if c != 0 {
                s.put(game, sq as Sq, c);
            }
        }
        s
    }

    /// An empty board with this player to move.
    pub fn empty(to_move: u8) -> State {
        State {
            cells: [0; MAX_CELLS],
            occupied: [SquareSet::default(); MAX_PLAYERS],
            to_move,
            capturer: NOBODY,
            look: LookBack::NONE,
            stores: [0; MAX_PLAYERS],
            slots: [0; MAX_SLOTS],
            hand: [[0; MAX_HAND_TYPES]; MAX_PLAYERS],
            clock: 0,
            passes: 0,
            repeated: 1,
            moved: SquareSet::default(),
        }
    }

    /// What stands on `sq` (its commander, with stacks): 0 for nothing.
    #[inline(always)]
    pub fn at(&self, sq: Sq) -> Code {
        self.cells[(sq & 0xFF) as usize]
    }

    /// Puts `code` (0 for nothing) on `sq`, in place of what stood there.
    #[inline(always)]
    pub fn put(&mut self, game: &Game, sq: Sq, code: Code) {
        let old = self.cells[(sq & 0xFF) as usize];
        if old != 0 {
            self.occupied[game.owner[old as usize] as usize].remove(sq);
        }
        if code != 0 {
            self.occupied[game.owner[code as usize] as usize].insert(sq);
        }
        self.cells[(sq & 0xFF) as usize] = code;
    }

    /// What each square holds, for the squares of a board of `cells` cells.
    pub fn cells(&self, cells: usize) -> &[Code] {
        &self.cells[..cells]
    }

    /// The squares `player` commands.
    #[inline(always)]
    pub fn occupied(&self, player: usize) -> &SquareSet {
        &self.occupied[player]
    }

    /// The squares each player commands, in turn order.
    pub fn occupancy(&self, players: usize) -> &[SquareSet] {
        &self.occupied[..players]
    }

    /// The squares whose pieces are followed for `moved` (`Game::follows_moved`).
    pub fn followed(&self, game: &Game) -> SquareSet {
        let mut set = SquareSet::default();
        for sq in self.all_occupied(game.players.len()).iter() {
            if game.follows_moved(self.at(sq)) {
                set.insert(sq);
            }
        }
        set
    }

    /// Every occupied square.
    pub fn all_occupied(&self, players: usize) -> SquareSet {
        self.occupied[..players]
            .iter()
            .fold(SquareSet::default(), |a, &b| a | b)
    }

    /// The seeds in pit `pit` (with counters).
    pub fn seeds(&self, pit: usize) -> u64 {
        self.slots[pit]
    }

    /// This state as a position that can stand again: without its history (the clock, the
    /// passes, the count of repetitions).
    pub fn position_key(&self) -> State {
        State {
            clock: 0,
            passes: 0,
            repeated: 1,
            ..*self
        }
    }
}
