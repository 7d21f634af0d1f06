//! A position and a move: small `Copy` values, so that search can copy a state, change the
//! copy, and drop it (copy-make) without allocating.

pub use crate::ir::MAX_SLOTS;
use crate::ir::{Game, Sq, MAX_CELLS, MAX_PLAYERS};

/// Everything that changes during a game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The cell code of every square: 0 empty, else `Game::code(player, piece)`.
    pub cells: [u8; MAX_CELLS],
    /// How many squares each player commands (with single pieces: how many pieces they
    /// have), kept so that "no pieces left" is a look-up, not a scan.
    pub pieces: [u16; MAX_PLAYERS],
    pub to_move: u8,
    /// With `counters`: the last player who captured at least one seed, or `NOBODY`.
    pub capturer: u8,
    /// With `no sowing back`: the pit the player to move may not sow back from, and the pit
    /// it may not sow into; `NO_PIT` when nothing is forbidden.
    pub back: [u8; 2],
    /// With `counters`: each player's store.
    pub stores: [u16; MAX_PLAYERS],
    /// What a used square holds besides its cell code, by the square's place among the used
    /// squares: with `stacks`, the pieces under its commander, packed (see
    /// `engine::column`); with `counters`, its seeds.
    pub slots: [u64; MAX_SLOTS],
}

/// `State::capturer` before anyone has captured.
pub const NOBODY: u8 = u8::MAX;
/// `State::back` when no sowing back is forbidden.
pub const NO_PIT: u8 = u8::MAX;

/// Hashes what can differ between two states of one game cheaply: the cells and slots up to
/// their last non-zero entry (a small game's tail is all zeros), and the rest whole. Equal
/// states hash alike, as `Hash` requires.
impl std::hash::Hash for State {
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
        for &n in &self.pieces {
            h.write_u16(n);
        }
        for &n in &self.stores {
            h.write_u16(n);
        }
        h.write_u8(self.to_move);
        h.write_u8(self.capturer);
        h.write_u8(self.back[0]);
        h.write_u8(self.back[1]);
    }
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("to_move", &self.to_move)
            .field("pieces", &self.pieces)
            .finish_non_exhaustive()
    }
}

impl State {
    /// The starting position.
    pub fn start(game: &Game) -> State {
        let mut s = State::from_cells(game, &game.setup, 0);
        if let Some(sw) = &game.sowing {
            for (pit, &n) in sw.start.iter().enumerate() {
                s.slots[pit] = n as u64;
            }
        }
        s
    }

    /// A state with these cells and this player to move; piece counts are derived.
    pub fn from_cells(game: &Game, cells: &[u8], to_move: u8) -> State {
        let mut s = State {
            cells: [0; MAX_CELLS],
            pieces: [0; MAX_PLAYERS],
            to_move,
            capturer: NOBODY,
            back: [NO_PIT; 2],
            stores: [0; MAX_PLAYERS],
            slots: [0; MAX_SLOTS],
        };
        s.cells[..cells.len()].copy_from_slice(cells);
        for &c in cells {
            if c != 0 {
                s.pieces[game.decode(c).0] += 1;
            }
        }
        s
    }

    pub fn at(&self, sq: Sq) -> u8 {
        self.cells[sq as usize]
    }

    /// This state without what the player to move cannot change and no rule of play
    /// reads: the stores and who captured last. Two states with one key have the same
    /// moves, now and after every sequence of moves.
    pub fn play_key(&self) -> State {
        State {
            stores: [0; MAX_PLAYERS],
            capturer: NOBODY,
            ..*self
        }
    }
}

/// The longest chain of steps one move can make (a capture chain in draughts-like games).
/// A chain that could go on further is cut here; no board of up to 256 squares with the
/// usual games comes near it.
pub const MAX_CHAIN: usize = 24;

/// One step of a move: where it lands, and along which direction it went there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Step {
    /// The landing square (squares are below `MAX_CELLS`, 256, so a byte holds one).
    pub to: u8,
    pub dir: u8,
}

/// One move: a piece going from its square through one or more steps by one rule, or a
/// pass. A chain (`c3xe5xc7`) is one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Sq,
    /// The rule's index in `Game::rules`, or `Move::PASS_RULE`.
    pub rule: u8,
    len: u8,
    /// Whether the move takes something: a piece, or at least one seed.
    pub takes: bool,
    steps: [Step; MAX_CHAIN],
}

impl Move {
    pub const PASS_RULE: u8 = u8::MAX;
    pub const PASS: Move = Move {
        from: 0,
        rule: Move::PASS_RULE,
        len: 0,
        takes: false,
        steps: [Step { to: 0, dir: 0 }; MAX_CHAIN],
    };

    /// A move with no step yet, by a rule that takes something or not.
    pub fn start(from: Sq, rule: u8, takes: bool) -> Move {
        Move {
            from,
            rule,
            takes,
            ..Move::PASS
        }
    }

    /// This move with one more step; `None` when the chain is at its longest.
    pub fn then(mut self, dir: u8, to: Sq) -> Option<Move> {
        let slot = self.steps.get_mut(self.len as usize)?;
        *slot = Step { to: to as u8, dir };
        self.len += 1;
        Some(self)
    }

    pub fn is_pass(&self) -> bool {
        self.rule == Move::PASS_RULE
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The square the move ends on.
    pub fn to(&self) -> Sq {
        self.steps().last().map_or(self.from, |s| s.to as Sq)
    }
}
