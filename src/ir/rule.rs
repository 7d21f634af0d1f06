//! A move rule, compiled: which pieces, which directions, what a landing must hold, what is
//! taken, and the tables that settle its geometry before play.

use super::board::SquareSet;
use super::expr::Expr;
use super::pattern::Pattern;
use super::program::Program;
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
    /// The directions the rule's pieces walk, for each player (player-relative names are
    /// resolved here), with what the walk may land on.
    pub walks: Vec<Vec<Walk>>,
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
    /// The conditions that read the state, evaluated while moves are generated. (The
    /// conditions that depend only on the squares, the player and the options are decided
    /// when the game is compiled: see `Walk::allowed`.)
    pub conditions: Vec<Expr>,
    /// All of `conditions`, compiled for play.
    pub condition: Option<Program>,
}

/// One direction of a rule for one player: the pieces walk it together, a step at a time
/// (`set & steps_from` shifted by `delta`).
#[derive(Clone, Debug)]
pub struct Walk {
    pub dir: DirId,
    /// How a square's index changes with one step.
    pub delta: i32,
    /// The squares that have a neighbour this way.
    pub steps_from: SquareSet,
    /// `allowed[k - 1]`: the squares `to` that are `k` steps this way from a square
    /// `from` for which the rule's conditions on squares hold (`if centre(to) <=
    /// centre(from)`), for each distance up to the longest line of the board. `None`
    /// when the rule has no such condition.
    pub allowed: Option<Vec<SquareSet>>,
}

impl MoveRule {
    /// Whether a move by this rule is written as a capture (`x`).
    pub fn captures(&self) -> bool {
        self.takes_landing || self.takes_run
    }
}
