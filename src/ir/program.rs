//! Expressions flattened for evaluation during play: a postfix program run on a small stack,
//! with jumps for the short-circuit `and` and `or`. A condition then costs one loop over a
//! few operations instead of a recursive call per node of its tree. The checker compiles
//! every expression read during play (move conditions, after-move conditions, end rules);
//! the tree (`Expr`) stays for what is worked out about an expression before play.

use super::expr::{AttackBy, BinOp, GroupRead, LookField, SquareRef, UnOp};
use super::pattern::Pattern;
use super::{DirId, MAX_PLAYERS};

/// One operation: it pops its operands and pushes its value.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Int(i64),
    Square(SquareRef),
    /// Of the square on top.
    File,
    Rank,
    Row,
    InZone(u32),
    /// A pattern (an index in `Program::patterns`) counted in a zone, or on the whole board
    /// with `WHOLE_BOARD`.
    Count(u32, u32),
    Pieces(bool),
    /// The seeds of the square on top.
    Seeds,
    /// The seeds in a zone's pits.
    SeedsIn(u32),
    Store,
    /// A counter's value (see `Expr::Counter`): its slot, whether shared, and the player
    /// named (`NO_PLAYER` for the reader).
    Counter(u8, bool, u8),
    Lifted,
    Laps,
    Previous(LookField),
    Reachable,
    /// Whether the square on top is attacked (see `ir::attack`).
    Attacked(AttackBy),
    /// Whether some square matching a pattern is attacked.
    AttackedAny(u32, AttackBy),
    /// Whether the piece on the square on top has moved.
    Moved,
    /// How many pieces stand on the square on top.
    Height,
    /// The square a step away from the square on top: an index in `Program::steps`.
    Offset(u32),
    /// The next square along a direction from the square on top: an index in
    /// `Program::lines`, each player's one direction.
    Toward(u32),
    /// The square a number of files and ranks (the two values on top) from the square
    /// under them, or no square: a step read during play (`from + (k, 0)`).
    OffsetBy,
    /// Whether the square on top matches a pattern, or with `true` is off the board.
    Is(u32, bool),
    /// A pattern and a list of directions (an index in `Program::lines`).
    Around(u32, u32),
    /// A pattern, a length, a list of directions.
    Line(u32, u32, u32),
    /// A pattern, a length, a list of directions: a row through the square on top.
    LineThrough(u32, u32, u32),
    /// The pieces in hand a pattern matches.
    InHand(u32),
    /// What is read of the group of the square on top, along a list of directions.
    Group(GroupRead, u32),
    /// Whether the group of the square on top reaches a pattern, along a list of directions.
    Reaches(u32, u32),
    /// Whether the group of the square on top touches a zone, along a list of directions.
    Touches(u32, u32),
    /// The groups a pattern's squares make, along a list of directions.
    Groups(u32, u32),
    /// Whether the board has stood before (in the last `n` positions; 0 for any).
    Seen(u32),
    /// A pattern counted in a zone (or `WHOLE_BOARD`) where a condition holds: an index
    /// in `Program::conditions`, run with `here` the square counted.
    CountWhere(u32, u32, u32),
    /// A pattern, two zones, a list of directions.
    Connected(u32, u32, u32, u32),
    Clock,
    Passes,
    /// The reader's index.
    Reader,
    Repeated,
    Turned,
    Taken,
    /// Whether the player who moves next has no legal move (`Env::stuck`).
    Stuck,
    Unary(UnOp),
    Binary(BinOp),
    /// An operator whose second operand is this constant (`count(friend) == 0`).
    BinaryConst(BinOp, i64),
    Abs,
    Min,
    Max,
    /// `and`: pops the first operand; if it is 0, pushes 0 and goes on at the given op.
    AndJump(u32),
    /// `or`: pops the first operand; if it is not 0, pushes 1 and goes on at the given op.
    OrJump(u32),
    /// The second operand of `and` or `or` as 0 or 1.
    Bool,
    /// Two values read from the position compared (`from == previous(last)`): indexes in
    /// `Program::leaves`. Fused from `leaf leaf Binary(op)` by `fuse`.
    CompareLeaves(u32, BinOp, u32),
    /// A value read from the position compared with a constant (`taken > 0`). Fused from
    /// `leaf BinaryConst(op, k)`.
    CompareConst(u32, BinOp, i64),
    /// One thing read of one square of the move (an index in `Program::probes`), and
    /// whether it is always 0 or 1. Fused from `Square [Offset] READ` by `fuse`.
    Probe {
        probe: u32,
        boolean: bool,
    },
}

/// A square of the move, perhaps a step away, and one thing read of the board there
/// (`moved(to + (1, 0))`, `to is empty`, `attacked(from)`): the commonest part of a rule's
/// condition, run as one operation rather than three. Negated (`not moved(from)`), it is
/// compared with 0, still one operation (`Op::CompareConst`).
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    pub square: SquareRef,
    /// A step from it (an index in `Program::steps`).
    pub step: Option<u32>,
    /// What is read of the square: an operation that `Op::reads_board_at`.
    pub read: Op,
}

impl Op {
    /// Whether the operation pops nothing: a value read from the position or a constant.
    #[inline(always)]
    pub fn is_leaf(&self) -> bool {
        matches!(
            self,
            Op::Int(_)
                | Op::Square(_)
                | Op::Count(..)
                | Op::Pieces(_)
                | Op::SeedsIn(_)
                | Op::Store
                | Op::Counter(..)
                | Op::Lifted
                | Op::Laps
                | Op::Previous(_)
                | Op::Reachable
                | Op::AttackedAny(..)
                | Op::Line(..)
                | Op::InHand(_)
                | Op::Groups(..)
                | Op::Seen(_)
                | Op::CountWhere(..)
                | Op::Connected(..)
                | Op::Clock
                | Op::Passes
                | Op::Reader
                | Op::Repeated
                | Op::Turned
                | Op::Taken
                | Op::Stuck
                | Op::CompareLeaves(..)
                | Op::CompareConst(..)
                | Op::Probe { .. }
        )
    }

    /// Whether the operation pops a square and reads the board there (`moved`, `is`,
    /// `attacked`, `height`…): what a `Probe` reads.
    #[inline(always)]
    pub fn reads_board_at(&self) -> bool {
        matches!(
            self,
            Op::Seeds
                | Op::Attacked(_)
                | Op::Moved
                | Op::Height
                | Op::Is(..)
                | Op::LineThrough(..)
                | Op::Group(..)
                | Op::Reaches(..)
                | Op::Touches(..)
                | Op::Around(..)
        )
    }

    /// Whether the operation pops one value and pushes one.
    #[inline(always)]
    pub fn pops_one(&self) -> bool {
        self.reads_board_at()
            || matches!(
                self,
                Op::File
                    | Op::Rank
                    | Op::Row
                    | Op::InZone(_)
                    | Op::Unary(_)
                    | Op::BinaryConst(..)
                    | Op::Abs
                    | Op::Offset(_)
                    | Op::Toward(_)
            )
    }

    /// Whether the value the operation leaves is always 0 or 1.
    pub fn is_boolean(&self) -> bool {
        match self {
            Op::Binary(op) | Op::BinaryConst(op, _) => op.is_comparison(),
            Op::CompareLeaves(_, op, _) | Op::CompareConst(_, op, _) => op.is_comparison(),
            Op::Unary(UnOp::Not) | Op::Bool => true,
            Op::Probe { boolean, .. } => *boolean,
            Op::Is(..)
            | Op::Attacked(_)
            | Op::Moved
            | Op::LineThrough(..)
            | Op::Reaches(..)
            | Op::Touches(..) => true,
            _ => false,
        }
    }
}

/// A compiled expression.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    pub ops: Vec<Op>,
    /// The most values on the stack at once.
    pub depth: usize,
    /// What operations name by index, kept aside so that an operation stays small: lists
    /// of directions for each player, patterns, steps for each player.
    pub lines: Vec<Vec<Vec<DirId>>>,
    pub patterns: Vec<Pattern>,
    pub steps: Vec<[(i64, i64); MAX_PLAYERS]>,
    /// The values a fused comparison reads (`Op::CompareLeaves`, `Op::CompareConst`).
    pub leaves: Vec<Op>,
    /// What `Op::Probe` reads.
    pub probes: Vec<Probe>,
    /// The conditions of `Op::CountWhere`, each a program of its own.
    pub conditions: Vec<Program>,
    /// For each condition, where it reads nothing of the position and no square but
    /// `here` and one of the move's (`file(here) < file(from)`): the squares `here` where
    /// it holds, for each player and square (`ConditionTable`), so that the count is a set
    /// and a look-up rather than the condition run on every square. Filled when the game
    /// is compiled (`compile::settle::tabulate`), which knows the board; empty until
    /// then.
    pub condition_tables: Vec<Option<ConditionTable>>,
    /// For each condition, where it reads `here` only through its group (`reaches(here,
    /// friend)`, `liberties(here)`): the directions of that group, an index in `lines`, so
    /// that it is read once a group rather than once a square; `NO_GROUP` otherwise.
    pub condition_groups: Vec<u32>,
    /// Whether the program is values read one after another, each but the last followed
    /// by a jump to the end where it is 0 (`a and b and c` of comparisons: the commonest
    /// condition of a rule or an end rule), so that it is read without the stack.
    pub conjunction: bool,
    /// Likewise for `or`: values read one after another, each but the last followed by a
    /// jump to the end where it is not 0 (`a or b or c`, and `not (a and b)` once its
    /// `not` has gone inward).
    pub disjunction: bool,
    /// Whether a part of the conjunction is a probe of a square of the move, compared or
    /// not (`not moved(from)`), read by `eval`'s own loop for such parts. A conjunction
    /// without one keeps the plain loop: through the other, the end rules of a game of
    /// groups ran 1.007 of their instructions.
    pub probed: bool,
    /// Where the program is counts compared with constants and nothing else, one or
    /// several joined by `and` (`count(friend in away) == 0 and count(friend in hand) ==
    /// 0`, the commonest gate of a rule and end rule): each count, so that the engine reads
    /// them from the state's sets and hands without building an environment. Empty
    /// otherwise.
    pub counts: Vec<CountTest>,
    /// Where the program is `previous(FIELD) OP N` (`previous(rule) == leap`, a rule's
    /// gate): the field, the operator and the number, so that the engine reads it
    /// from the state's own record of the move before, without building an environment.
    pub previous: Option<(LookField, BinOp, i64)>,
}

impl Program {
    /// Where the value depends on nothing of the position and on no square but `here` and
    /// at most one of the move's squares (their coordinates and zones, the reader,
    /// constants, arithmetic): that square (`None` for `here` alone). `None` otherwise.
    pub fn geometric_key(&self) -> Option<Option<SquareRef>> {
        self.keyed(false)
    }

    /// `geometric_key`, where the value may also be a square a fixed step from another
    /// (`to + e`, `from + (-2, 0)`): what a square the move names reads.
    pub fn square_key(&self) -> Option<Option<SquareRef>> {
        self.keyed(true)
    }

    /// `geometric_key`, with steps of `Op::Offset` allowed where `offsets`.
    fn keyed(&self, offsets: bool) -> Option<Option<SquareRef>> {
        let mut leaves = self.ops.iter().flat_map(|op| match op {
            Op::CompareLeaves(a, _, b) => {
                vec![self.leaves.get(*a as usize), self.leaves.get(*b as usize)]
            }
            Op::CompareConst(a, ..) => vec![self.leaves.get(*a as usize)],
            op => vec![Some(op)],
        });
        let mut key = None;
        let all = leaves.all(|op| match op {
            Some(Op::Square(SquareRef::Here)) => true,
            Some(Op::Square(r @ (SquareRef::From | SquareRef::To))) => *key.get_or_insert(*r) == *r,
            Some(Op::Offset(_)) => offsets,
            Some(op) => matches!(
                op,
                Op::Int(_)
                    | Op::File
                    | Op::Rank
                    | Op::Row
                    | Op::InZone(_)
                    | Op::Reader
                    | Op::Unary(_)
                    | Op::Binary(_)
                    | Op::BinaryConst(..)
                    | Op::Abs
                    | Op::Min
                    | Op::Max
                    | Op::AndJump(_)
                    | Op::OrJump(_)
                    | Op::Bool
            ),
            None => false,
        });
        all.then_some(key)
    }
}

/// A condition of `Op::CountWhere` decided when the game is compiled
/// (`Program::condition_tables`): for each player and each square `key` names (`from` or
/// `to`; one row a player where it reads `here` alone), at `player * rows + square`, the
/// squares `here` where it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ConditionTable {
    pub key: Option<SquareRef>,
    pub sets: super::MaskTable,
}

impl ConditionTable {
    /// The row of `sets` for `player` on a board of `cells` squares, where the move's
    /// squares are `from` and `to`; `None` where the square the table is keyed by is none
    /// (a piece placed has no `from`), and the condition must be read as written.
    #[inline(always)]
    pub fn row(&self, player: u8, from: super::Sq, to: super::Sq, cells: usize) -> Option<usize> {
        keyed_row(self.key, player, from, to, cells)
    }
}

/// The row of a table worked out for every player and square of the move it is keyed by
/// (`key`; one row a player where there is none), on a board of `cells` squares: `player
/// * cells + square`. `None` where that square is none (a piece placed has no `from`).
#[inline(always)]
pub fn keyed_row(
    key: Option<SquareRef>,
    player: u8,
    from: super::Sq,
    to: super::Sq,
    cells: usize,
) -> Option<usize> {
    let sq = match key {
        None => return Some(player as usize),
        Some(SquareRef::From) => from,
        Some(_) => to,
    } as usize;
    (sq < cells).then_some(player as usize * cells + sq)
}

/// One count of `Program::counts` and what it must compare with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountTest {
    pub counted: Counted,
    pub op: BinOp,
    pub k: i64,
    /// Whether the comparison asks only whether the count is 0 (`== 0`, `> 0`, `>= 1`…),
    /// so that whether any square matches is enough.
    pub zero_or_not: bool,
    /// Where `zero_or_not`: whether the comparison holds when the count is not 0 (and so
    /// fails when it is), so that it is read without comparing.
    pub holds_when_any: bool,
    /// For `Counted::Squares` and `Counted::InHand`, for each reader: the owners (a bit
    /// each) all of whose pieces, and nothing else, the pattern takes (`friend`, `enemy`),
    /// so that its squares are those owners' occupied sets, and its pieces in hand their
    /// whole hands; `BY_CELL` where the pattern is read code by code (some piece types, or
    /// empty squares). Set when the game is compiled, which knows the piece types
    /// (`compile::settle::settle_counts`); `BY_CELL` until then.
    pub owners: [u8; MAX_PLAYERS],
}

/// `CountTest::owners` of a pattern read from the cells.
pub const BY_CELL: u8 = u8::MAX;

/// What a `CountTest` counts, for the player reading it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The squares a pattern matches, in a zone (an index in `Game::zones`) or on the
    /// whole board (`WHOLE_BOARD`), as `Op::Count`.
    Squares(Pattern, u32),
    /// The pieces a pattern matches in the hands, as `Op::InHand`.
    InHand(Pattern),
    /// The reader's pieces (`true`) or the others', as `Op::Pieces`.
    Pieces(bool),
}

/// `Program::condition_groups` of a condition read square by square.
pub const NO_GROUP: u32 = u32::MAX;

/// `Op::Count` over the whole board.
pub const WHOLE_BOARD: u32 = u32::MAX;

/// One number an end rule of the shape `clock OP N` reads (`Program::scalar_test`), known
/// without a view of the position: a count the state keeps of the game's history, or
/// `reachable(capture)` (1 or 0), which the generator has worked out before the end rules
/// are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Clock,
    Passes,
    Repeated,
    Reachable,
}
