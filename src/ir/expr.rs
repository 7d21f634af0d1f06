//! Conditions and numbers, compiled. Option values are constants by now, defines are
//! inlined, and names are gone; what is left is evaluated against a position only where it
//! really depends on one (see `MoveRule::geometry` for the rest).
//!
//! Arithmetic is checked: `eval` gives `None` where a value would overflow. The checker
//! evaluates constants and square conditions itself and reports an overflow there; for
//! what can only be known during play it proves with `range` that no overflow can happen,
//! so that the engine's evaluation never meets one.

use super::board::{SquareSet, NO_SQUARE};
use super::pattern::Pattern;
use super::{DirId, RuleId, MAX_PLAYERS};

/// The value of a square expression that names no square (off the board, or unused).
pub const OFF: i64 = NO_SQUARE as i64;

/// Which square an expression is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareRef {
    /// The square the moving piece starts on.
    From,
    /// The square it lands on.
    To,
    /// The square being described (in a zone, a setup `where`, a board mask).
    Here,
}

/// An operator on one value: `not`, `-`. (The syntax tree and the IR share it.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

/// Whose captures `attacked` reads: another player's, that could take a piece of the
/// reader's (`attacked(SQ)`, `… by enemy`), or the reader's own, that could take another
/// player's piece (`… by friend`: a square defended, a king in check).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackBy {
    Enemy,
    Friend,
}

/// An operator on two values. (The syntax tree and the IR share it.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
}

impl BinOp {
    /// The comparison that says of `b OP' a` what this one says of `a OP b` (`<` for `>`);
    /// none for an operator that is no comparison.
    pub fn mirrored(self) -> Option<BinOp> {
        Some(match self {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            BinOp::Eq => BinOp::Eq,
            BinOp::Ne => BinOp::Ne,
            _ => return None,
        })
    }

    /// The operator as it is written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Pow => "^",
        }
    }

    /// Whether the operator compares (its value is always 0 or 1).
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }

    /// The comparison that holds where this one does not (`not (a > b)` is `a <= b`).
    pub fn negated(self) -> Option<BinOp> {
        Some(match self {
            BinOp::Eq => BinOp::Ne,
            BinOp::Ne => BinOp::Eq,
            BinOp::Lt => BinOp::Ge,
            BinOp::Ge => BinOp::Lt,
            BinOp::Le => BinOp::Gt,
            BinOp::Gt => BinOp::Le,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int(i64),
    Square(SquareRef),
    File(Box<Expr>),
    Rank(Box<Expr>),
    /// The rank counted from the player's own side: 0 is their home row.
    Row(Box<Expr>),
    InZone(usize, Box<Expr>),
    /// How many squares match, on the whole board or in a zone.
    Count(Pattern, Option<usize>),
    /// How many pieces the player has (`true`) or the other players have (`false`): the
    /// common `count(friend)` and `count(enemy)`, read from the state's counters.
    Pieces(bool),
    /// The seeds in a pit (0 for a square that is no pit).
    Seeds(Box<Expr>),
    /// The seeds in a zone's pits, the zone read from the reader's side.
    SeedsIn(usize),
    /// The seeds in the reader's store.
    Store,
    /// A counter's value: of the reader (`None`) or of a player named, from its first slot
    /// (see `Counter`); a shared counter's one value.
    Counter {
        slot: u8,
        shared: bool,
        player: Option<u8>,
    },
    /// Of the sowing being made: the seeds lifted, and the laps sown so far.
    Lifted,
    Laps,
    /// What the move before this one did (see `LookBack`).
    Previous(LookField),
    /// Whether some sequence of legal moves leads to a move that captures (end rules).
    CaptureReachable,
    /// Whether a move of another player that captures could take a piece of the reader
    /// standing on a square, or with `AttackBy::Friend` a move of the reader's a piece of
    /// another player (see `eval::attack`).
    Attacked(Box<Expr>, AttackBy),
    /// Whether that holds on some square a pattern matches.
    AttackedAny(Pattern, AttackBy),
    /// Whether the piece on a square has moved since the game began (false for an empty
    /// square).
    Moved(Box<Expr>),
    /// How many pieces stand on a square: a column's or a pile's height, 1 for a lone
    /// piece, 0 for none or no square.
    Height(Box<Expr>),
    /// The square `(files, ranks)` from a square, or no square (`OFF`): one step for each
    /// player, so that `to + forward` turns with them.
    Offset(Box<Expr>, [(i64, i64); MAX_PLAYERS]),
    /// The square `(files, ranks)` from a square, where the files and ranks are read
    /// during play (`from + (count(friend), 0)`), or no square.
    OffsetBy(Box<Expr>, Box<Expr>, Box<Expr>),
    /// The next square along a direction from a square (one for each player), or no
    /// square: on a board of points, `to + e` goes along the line.
    Toward(Box<Expr>, [DirId; MAX_PLAYERS]),
    /// Whether a square holds what a pattern matches; with `true`, whether it is no square
    /// too (`to + s is off`).
    Is(Box<Expr>, Pattern, bool),
    /// How many neighbours of a square match a pattern, along each player's directions.
    Around(Pattern, Box<Expr>, Vec<Vec<DirId>>),
    /// Whether `n` squares in a row match, along one of each player's directions.
    Line(Pattern, usize, Vec<Vec<DirId>>),
    /// Whether `n` squares in a row that hold a square match (`line(friend, 3 through
    /// to)`).
    LineThrough(Pattern, usize, Vec<Vec<DirId>>, Box<Expr>),
    /// What the group of a square reads (its region: the squares joined to it along each
    /// player's directions that hold what it holds, the same owner's pieces or empty
    /// squares).
    Group(GroupRead, Box<Expr>, Vec<Vec<DirId>>),
    /// Whether the group of a square has a neighbour that matches a pattern (`reaches(to,
    /// empty)`: it has a liberty).
    Reaches(Box<Expr>, Pattern, Vec<Vec<DirId>>),
    /// Whether the group of a square has a square in a zone.
    Touches(Box<Expr>, usize, Vec<Vec<DirId>>),
    /// How many groups the squares a pattern matches make.
    Groups(Pattern, Vec<Vec<DirId>>),
    /// Whether the board has stood before in the game: in one of the last `n` positions
    /// before this one, or in any (`None`).
    Seen(Option<usize>),
    /// How many pieces the players hold in hand, of the owners and types a pattern
    /// matches (`count(friend man in hand)`).
    InHand(Pattern),
    /// How many squares match a pattern (on the board or in a zone) where a condition on
    /// `here`, the square counted, holds.
    CountWhere(Pattern, Option<usize>, Box<Expr>),
    /// Whether matching squares join the first zone to the second, neighbour to neighbour
    /// along each player's directions.
    Connected(Pattern, usize, usize, Vec<Vec<DirId>>),
    /// The plies since the clock last reset.
    Clock,
    /// The passes made in a row, up to this position.
    Passes,
    /// The player the expression is read for (`player`), by their index: compared with a
    /// player's name.
    Reader,
    /// How many times this position has stood in the game so far, this time included.
    Repeated,
    /// How many pieces the move's effects turned or took (in `require`).
    Turned,
    Taken,
    /// Whether the player who moves next has no legal move on the position after the move
    /// (in `require` and `after move require`): the engine makes their moves to know.
    Stuck,
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Abs(Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
}

/// What is read of a square's group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupRead {
    /// How many squares it has.
    Size,
    /// How many empty squares are next to it.
    Liberties,
    /// Whether it closes off some square from the board's edge (a ring).
    Encloses,
    /// Whether it has a liberty at all (1 or 0): what `liberties(SQ) > 0` and `liberties(SQ)
    /// == 0` ask, answered by a fill that stops at the first liberty it finds. Never
    /// written; the lowering of those comparisons.
    Free,
}

/// What a condition reads for one player: (squares, mask over cell codes) pairs.
pub type Watched = Vec<(SquareSet, u64)>;

impl Expr {
    /// The parts of an `and` chain (the expression itself when it is no `and`).
    pub fn conjuncts<'a>(&'a self, out: &mut Vec<&'a Expr>) {
        match self {
            Expr::Binary(BinOp::And, a, b) => {
                a.conjuncts(out);
                b.conjuncts(out);
            }
            _ => out.push(self),
        }
    }

    /// Whether the expression reads the move before (`previous(…)`).
    pub fn reads_previous(&self) -> bool {
        matches!(self, Expr::Previous(_)) || self.children().iter().any(|c| c.reads_previous())
    }

    /// Whether `part` occurs anywhere in this expression.
    pub fn reads(&self, part: &Expr) -> bool {
        if self == part {
            return true;
        }
        self.children().iter().any(|c| c.reads(part))
    }

    /// Whether the value depends on the move's squares (`from`, `to`): a condition that
    /// does not is the same for every move of a rule in one position.
    pub fn reads_move_squares(&self) -> bool {
        matches!(self, Expr::Square(SquareRef::From | SquareRef::To))
            || self.children().iter().any(|c| c.reads_move_squares())
    }

    /// Whether the value depends on the pieces on the board (and not only on squares,
    /// the player and the options).
    pub fn reads_state(&self) -> bool {
        match self {
            Expr::Count(..)
            | Expr::Pieces(_)
            | Expr::CaptureReachable
            | Expr::Attacked(..)
            | Expr::AttackedAny(..)
            | Expr::Moved(_)
            | Expr::Height(_)
            | Expr::Is(..)
            | Expr::Around(..)
            | Expr::Line(..)
            | Expr::LineThrough(..)
            | Expr::InHand(_)
            | Expr::CountWhere(..)
            | Expr::Group(..)
            | Expr::Reaches(..)
            | Expr::Touches(..)
            | Expr::Groups(..)
            | Expr::Seen(_)
            | Expr::Connected(..)
            | Expr::Clock
            | Expr::Passes
            | Expr::Repeated
            | Expr::Turned
            | Expr::Taken
            | Expr::Stuck
            | Expr::Seeds(_)
            | Expr::SeedsIn(_)
            | Expr::Store
            | Expr::Counter { .. }
            | Expr::Lifted
            | Expr::Laps
            | Expr::Previous(_) => true,
            _ => self.children().iter().any(|c| c.reads_state()),
        }
    }

    /// The expressions this one is made of.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::File(e)
            | Expr::Rank(e)
            | Expr::Row(e)
            | Expr::InZone(_, e)
            | Expr::Unary(_, e)
            | Expr::Abs(e)
            | Expr::Offset(e, _)
            | Expr::Toward(e, _)
            | Expr::Is(e, ..)
            | Expr::Around(_, e, _)
            | Expr::Attacked(e, _)
            | Expr::Moved(e)
            | Expr::Height(e)
            | Expr::LineThrough(.., e)
            | Expr::CountWhere(.., e)
            | Expr::Group(_, e, _)
            | Expr::Reaches(e, ..)
            | Expr::Touches(e, ..)
            | Expr::Seeds(e) => vec![e],
            Expr::Binary(_, a, b) | Expr::Min(a, b) | Expr::Max(a, b) => vec![a, b],
            Expr::OffsetBy(sq, dx, dy) => vec![sq, dx, dy],
            _ => Vec::new(),
        }
    }
}

/// Which part of the move before this position an expression reads: `previous(from)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookField {
    From,
    To,
    Lifted,
    Laps,
    Taken,
    /// The rule of the move (of its first part), by its index; `RuleId::NONE` for none.
    Rule,
}

impl LookField {
    /// Where the field lies in `LookBack::packed`.
    pub fn shift(self) -> u32 {
        16 * match self {
            LookField::From => 0,
            LookField::To => 1,
            LookField::Lifted => 2,
            LookField::Laps => 3,
            LookField::Taken => 4,
            LookField::Rule => 5,
        }
    }
}

/// What a move did, kept in the state for the next turn's rules to read: where it started
/// and ended (for a sowing, the pit lifted and where the last seed fell), the seeds it
/// lifted, its laps, and what it took. A pass, and the start of a game, leave `NONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LookBack {
    pub from: u16,
    pub to: u16,
    pub lifted: u16,
    pub laps: u16,
    pub taken: u16,
    pub rule: RuleId,
}

impl LookBack {
    /// No move: its squares are no squares, its counts 0.
    pub const NONE: LookBack = LookBack {
        from: NO_SQUARE,
        to: NO_SQUARE,
        lifted: 0,
        laps: 0,
        taken: 0,
        rule: RuleId::NONE,
    };

    /// The fields side by side, 16 bits each at `LookField::shift`, so that tests of
    /// several fields for equality are one masked compare (`LookTests`).
    #[inline(always)]
    pub fn packed(&self) -> u128 {
        let at = |value: u16, f: LookField| (value as u128) << f.shift();
        at(self.from, LookField::From)
            | at(self.to, LookField::To)
            | at(self.lifted, LookField::Lifted)
            | at(self.laps, LookField::Laps)
            | at(self.taken, LookField::Taken)
            | at(self.rule.0, LookField::Rule)
    }

    pub fn field(&self, f: LookField) -> i64 {
        match f {
            LookField::From => self.from as i64,
            LookField::To => self.to as i64,
            LookField::Lifted => self.lifted as i64,
            LookField::Laps => self.laps as i64,
            LookField::Taken => self.taken as i64,
            LookField::Rule => self.rule.0 as i64,
        }
    }
}
