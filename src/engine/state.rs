//! A position and a move: small `Copy` values, so that search can copy a state, change the
//! copy, and drop it (copy-make) without allocating.

use crate::ir::{Game, Sq, MAX_CELLS, MAX_PLAYERS};

/// Everything that changes during a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// The cell code of every square: 0 empty, else `Game::code(player, piece)`.
    pub cells: [u8; MAX_CELLS],
    /// How many pieces each player has on the board (kept so that "no pieces left" is a
    /// look-up, not a scan).
    pub pieces: [u16; MAX_PLAYERS],
    pub to_move: u8,
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
        State::from_cells(game, &game.setup, 0)
    }

    /// A state with these cells and this player to move; piece counts are derived.
    pub fn from_cells(game: &Game, cells: &[u8], to_move: u8) -> State {
        let mut s = State {
            cells: [0; MAX_CELLS],
            pieces: [0; MAX_PLAYERS],
            to_move,
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
}

/// One move: a piece going from one square to another by one rule, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    /// The rule's index in `Game::rules`, or `Move::PASS_RULE`.
    pub rule: u8,
    /// The direction moved along, so that the squares passed over can be found again.
    pub dir: u8,
}

impl Move {
    pub const PASS_RULE: u8 = u8::MAX;
    pub const PASS: Move = Move {
        from: 0,
        to: 0,
        rule: Move::PASS_RULE,
        dir: 0,
    };

    pub fn is_pass(self) -> bool {
        self.rule == Move::PASS_RULE
    }
}
