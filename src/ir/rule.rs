//! A move rule, compiled: which pieces, which directions, what a landing must hold, what is
//! taken, and the tables that settle its geometry before play.

use super::board::Sq;
use super::expr::Expr;
use super::pattern::Pattern;
use super::DirId;

/// A run of squares a move passes over: `min..=max` squares matching `pattern`, starting
/// next to the mover. Every square that follows such a run and matches the rule's `onto`
/// is a landing: `over 0+ empty onto empty` slides to any empty square of a line, while
/// `over 0+ empty onto enemy` can only land on the first occupied square.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub pattern: Pattern,
    pub min: u16,
    pub max: u16,
}

/// How a chain goes on: while the piece can (`Must`), or as the player likes (`May`: every
/// prefix of a chain is a move too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    Must,
    May,
}

#[derive(Clone, Debug)]
pub struct MoveRule {
    pub name: String,
    /// Bit `t` is set when pieces of type `t` may make this move.
    pub piece_mask: u64,
    /// The absolute directions, for each player (player-relative names are resolved here).
    pub directions: Vec<Vec<DirId>>,
    pub run: Option<Run>,
    pub onto: Pattern,
    /// Whether the piece on the landing square, if any, is taken.
    pub takes_landing: bool,
    /// Whether the pieces of the run are taken.
    pub takes_run: bool,
    /// With `takes_run`: only the commander of each column passed over is taken, and it
    /// goes to the bottom of the moving column.
    pub under: bool,
    /// Whether the piece goes on by this rule after a move, and how.
    pub chain: Option<Chain>,
    /// The conditions that depend only on the squares, the player and the options, decided
    /// once for every `(player, from, to)` when the game is compiled:
    /// `geometry[(player * cells + from) * cells + to]`. `None` when there are none.
    pub geometry: Option<Vec<bool>>,
    /// The conditions that read the state, evaluated while moves are generated.
    pub conditions: Vec<Expr>,
    /// The first steps worth taking from each square, for each player: `(direction, the
    /// adjacent square)` for the directions along which some square passes `geometry`.
    /// `steps[step_start[i]..step_start[i + 1]]` with `i = player * cells + from`. Without
    /// a run the adjacent square is the landing, so a listed step needs no geometry test.
    pub steps: Vec<(DirId, Sq)>,
    pub step_start: Vec<u32>,
}

impl MoveRule {
    #[inline(always)]
    pub fn steps_from(&self, player: u8, cells: usize, from: Sq) -> &[(DirId, Sq)] {
        let i = player as usize * cells + from as usize;
        &self.steps[self.step_start[i] as usize..self.step_start[i + 1] as usize]
    }

    /// Whether a move by this rule is written as a capture (`x`).
    pub fn captures(&self) -> bool {
        self.takes_landing || self.takes_run
    }
}
