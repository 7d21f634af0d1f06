//! The compiled game as a whole.

use super::board::{Board, Sq, SquareSet};
use super::expr::Expr;
use super::pattern::Pattern;
use super::sowing::Sowing;
use crate::syntax::ast::Value;

#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    /// The direction this player calls `forward`.
    pub facing: u8,
}

#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    /// The letter of the position text: upper case for the first player, lower for the
    /// second.
    pub letter: char,
}

/// An option as declared, for `show` and for error messages about choices.
#[derive(Clone, Debug)]
pub struct OptionInfo {
    pub name: String,
    pub default: Value,
    /// The allowed values, described as the file wrote them ("4, 6, 8", "2..26").
    pub allowed: String,
}

#[derive(Clone, Debug)]
pub struct VariantInfo {
    pub name: String,
    pub settings: Vec<(String, Value)>,
}

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

#[derive(Clone, Debug)]
pub struct MoveRule {
    pub name: String,
    /// Bit `t` is set when pieces of type `t` may make this move.
    pub piece_mask: u64,
    /// The absolute directions, for each player (player-relative names are resolved here).
    pub directions: Vec<Vec<u8>>,
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
    pub steps: Vec<(u8, Sq)>,
    pub step_start: Vec<u32>,
}

impl MoveRule {
    #[inline(always)]
    pub fn steps_from(&self, player: u8, cells: usize, from: Sq) -> &[(u8, Sq)] {
        let i = player as usize * cells + from as usize;
        &self.steps[self.step_start[i] as usize..self.step_start[i + 1] as usize]
    }
}

impl MoveRule {
    /// Whether a move by this rule is written as a capture (`x`).
    pub fn captures(&self) -> bool {
        self.takes_landing || self.takes_run
    }
}

/// How columns are kept: the pieces under a square's commander are packed in one `u64`
/// per used square (see `engine::column`).
#[derive(Clone, Debug)]
pub struct Columns {
    /// `slot[sq]`: the square's place among the used squares, where its column is kept.
    pub slot: Vec<u8>,
    /// Bits per piece in a packed column.
    pub bits: u32,
}

impl Columns {
    /// Bits for the count of pieces under a commander, at the bottom of a packed column.
    pub const COUNT_BITS: u32 = 6;

    /// How many pieces fit under a commander.
    pub fn room(bits: u32) -> usize {
        ((64 - Columns::COUNT_BITS) / bits) as usize
    }
}

/// How a chain goes on: while the piece can (`Must`), or as the player likes (`May`: every
/// prefix of a chain is a move too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    Must,
    May,
}

/// What happens to the player to move: the end rules and the no-move rule say one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Lose,
    Win,
    Draw,
    /// The larger store wins (after the seeds left on the board are awarded); equal stores
    /// draw.
    Score,
}

#[derive(Clone, Debug)]
pub struct EndRule {
    /// The rule as written (`lose when count(friend) == 0`).
    pub text: String,
    pub verdict: Verdict,
    pub condition: Expr,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub title: String,
    pub options: Vec<OptionInfo>,
    pub variants: Vec<VariantInfo>,
    /// The value of every option in this compilation, in declaration order.
    pub chosen: Vec<(String, Value)>,
    pub players: Vec<Player>,
    pub pieces: Vec<PieceType>,
    pub board: Board,
    pub zones: Vec<Zone>,
    pub rules: Vec<MoveRule>,
    /// Groups of rule ids, highest priority first. The moves of a tier are legal only when
    /// no tier before it has a move.
    pub tiers: Vec<Vec<usize>>,
    /// The starting cell codes.
    pub setup: Vec<u8>,
    pub no_move: Verdict,
    pub end_rules: Vec<EndRule>,
    /// Conditions on the position after a move, read from the mover's side: a move after
    /// which one fails is not legal.
    pub after_move: Vec<Expr>,
    /// What the `after_move` conditions read, for each player, when that is a fixed set of
    /// squares: (squares, pattern mask) pairs. A move that changes no square's match with
    /// its mask leaves the conditions as they were before it.
    pub after_footprint: Option<Vec<Vec<(SquareSet, u64)>>>,
    /// Columns, when squares hold stacks of pieces.
    pub columns: Option<Columns>,
    /// `promotions[cell code]`: the zone where that piece, ending a step, is promoted, and
    /// the code it becomes. Empty when the game has no promotion.
    pub promotions: Vec<Option<(usize, u8)>>,
    /// `rows[player * cells + sq]`: the row of `sq` counted from `player`'s side (0 is
    /// their home row).
    pub rows: Vec<u8>,
    /// With `counters`: the pits, tracks and sowing rule.
    pub sowing: Option<Sowing>,
    /// Whether an end rule reads `reachable(capture)`, a search run before each turn.
    pub reads_reachable: bool,
    /// What that search has found, kept between calls.
    pub reach_memo: crate::engine::reach::ReachMemo,
}

#[derive(Clone, Debug)]
pub struct Zone {
    pub name: String,
    /// `squares[player * cells + sq]`: zones may be read from each player's side.
    pub squares: Vec<bool>,
    /// The same squares as a list for each player, so that counting in a zone walks the
    /// zone, not the board.
    pub lists: Vec<Vec<u16>>,
}

impl Game {
    /// The code of a cell holding a piece of `piece` owned by `player`; 0 is empty.
    pub fn code(&self, player: usize, piece: usize) -> u8 {
        (1 + player * self.pieces.len() + piece) as u8
    }

    /// The owner and type of a non-empty code.
    pub fn decode(&self, code: u8) -> (usize, usize) {
        let c = code as usize - 1;
        (c / self.pieces.len(), c % self.pieces.len())
    }

    pub fn in_zone(&self, zone: usize, player: u8, sq: Sq) -> bool {
        self.zones[zone].squares[player as usize * self.board.cells() + sq as usize]
    }

    /// "size=6 jumps=forced", for reports.
    pub fn options_text(&self) -> String {
        self.chosen
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}
