//! Conditions and numbers, compiled. Option values are constants by now, defines are
//! inlined, and names are gone; what is left is evaluated against a position only where it
//! really depends on one (see `MoveRule::geometry` for the rest).
//!
//! Arithmetic is checked: `eval` gives `None` where a value would overflow. The checker
//! evaluates constants and square conditions itself and reports an overflow there; for
//! what can only be known during play it proves with `range` that no overflow can happen,
//! so that the engine's evaluation never meets one.

use super::board::{Board, SquareSet, NO_SQUARE};
use super::pattern::Pattern;
use super::{Code, DirId, Zone, MAX_CODES, MAX_PLAYERS};

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

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
    /// Whether the operator compares (its value is always 0 or 1).
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
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
    /// Of the sowing being made: the seeds lifted, and the laps sown so far.
    Lifted,
    Laps,
    /// What the move before this one did (see `LookBack`).
    Previous(LookField),
    /// Whether some sequence of legal moves leads to a move that captures (end rules).
    CaptureReachable,
    /// Whether a move of another player that captures could take a piece of the reader
    /// standing on a square (see `ir::attack`).
    Attacked(Box<Expr>),
    /// Whether that holds on some square a pattern matches.
    AttackedAny(Pattern),
    /// Whether the piece on a square has moved since the game began (false for an empty
    /// square).
    Moved(Box<Expr>),
    /// The square `(files, ranks)` from a square, or no square (`OFF`): one step for each
    /// player, so that `to + forward` turns with them.
    Offset(Box<Expr>, [(i64, i64); MAX_PLAYERS]),
    /// Whether a square holds what a pattern matches; with `true`, whether it is no square
    /// too (`to + s is off`).
    Is(Box<Expr>, Pattern, bool),
    /// How many neighbours of a square match a pattern, along each player's directions.
    Around(Pattern, Box<Expr>, Vec<Vec<DirId>>),
    /// Whether `n` squares in a row match, along one of each player's directions.
    Line(Pattern, usize, Vec<Vec<DirId>>),
    /// Whether matching squares join the first zone to the second, neighbour to neighbour
    /// along each player's directions.
    Connected(Pattern, usize, usize, Vec<Vec<DirId>>),
    /// The plies since the clock last reset.
    Clock,
    /// The passes made in a row, up to this position.
    Passes,
    /// How many times this position has stood in the game so far, this time included.
    Repeated,
    /// How many pieces the move's effects turned or took (in `require`).
    Turned,
    Taken,
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Abs(Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
}

/// What a condition reads for one player: (squares, mask over cell codes) pairs.
pub type Watched = Vec<(SquareSet, u64)>;

/// The largest values some leaves of an expression can take, for `Expr::range`.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Squares on the board (cells, used or not).
    pub cells: i64,
    /// Files and ranks.
    pub width: i64,
    pub height: i64,
}

impl Expr {
    /// What the value reads, for each player reading it: pairs of (squares, pattern mask
    /// over cell codes). The value can change only where a square of a pair changes
    /// whether it matches that pair's mask. `None` when it depends on more than a fixed set
    /// of squares (a count over the whole board, the piece counters, the move's squares).
    pub fn footprint(&self, zones: &[Zone], players: usize) -> Option<Vec<Watched>> {
        let mut out = vec![Vec::new(); players];
        self.add_footprint(zones, &mut out).then_some(out)
    }

    fn add_footprint(&self, zones: &[Zone], out: &mut [Watched]) -> bool {
        match self {
            Expr::Int(_) | Expr::Clock | Expr::Passes => true,
            Expr::Square(_)
            | Expr::Count(_, None)
            | Expr::Pieces(_)
            | Expr::Seeds(_)
            | Expr::SeedsIn(_)
            | Expr::Store
            | Expr::Lifted
            | Expr::Laps
            | Expr::Previous(_)
            | Expr::CaptureReachable
            | Expr::Attacked(_)
            | Expr::AttackedAny(_)
            | Expr::Moved(_)
            | Expr::Offset(..)
            | Expr::Is(..)
            | Expr::Around(..)
            | Expr::Line(..)
            | Expr::Connected(..)
            | Expr::Repeated
            | Expr::Turned
            | Expr::Taken => false,
            Expr::Count(pattern, Some(z)) => {
                for (p, entries) in out.iter_mut().enumerate() {
                    entries.push((zones[*z].sets[p], pattern.masks[p]));
                }
                true
            }
            // Reading a square's coordinates reads no piece, but which square it is
            // depends on the move.
            Expr::File(e) | Expr::Rank(e) | Expr::Row(e) | Expr::InZone(_, e) => {
                e.add_footprint(zones, out)
            }
            Expr::Unary(_, e) | Expr::Abs(e) => e.add_footprint(zones, out),
            Expr::Binary(_, a, b) | Expr::Min(a, b) | Expr::Max(a, b) => {
                a.add_footprint(zones, out) && b.add_footprint(zones, out)
            }
        }
    }

    /// A field of the move before that this condition can fail only on a move from its
    /// square: `from == previous(F)` must hold for the condition to be false (`taken > 0
    /// or not (from == previous(last) and …)`). A move from elsewhere then meets it without
    /// reading it. `None` when no such field is known.
    pub fn fails_only_from(&self) -> Option<LookField> {
        match self {
            // `a or b` fails only where both fail: either one's need is enough.
            Expr::Binary(BinOp::Or, a, b) => a.fails_only_from().or_else(|| b.fails_only_from()),
            // `a and b` fails where either fails: both must need the same.
            Expr::Binary(BinOp::And, a, b) => {
                let f = a.fails_only_from()?;
                (b.fails_only_from() == Some(f)).then_some(f)
            }
            Expr::Unary(UnOp::Not, a) => a.holds_only_from(),
            Expr::Binary(BinOp::Ne, a, b) => from_is_previous(a, b),
            _ => None,
        }
    }

    /// A field of the move before such that this condition can hold only on a move from
    /// its square (the mirror of `fails_only_from`).
    pub fn holds_only_from(&self) -> Option<LookField> {
        match self {
            Expr::Binary(BinOp::And, a, b) => a.holds_only_from().or_else(|| b.holds_only_from()),
            Expr::Binary(BinOp::Or, a, b) => {
                let f = a.holds_only_from()?;
                (b.holds_only_from() == Some(f)).then_some(f)
            }
            Expr::Unary(UnOp::Not, a) => a.fails_only_from(),
            Expr::Binary(BinOp::Eq, a, b) => from_is_previous(a, b),
            _ => None,
        }
    }

    /// This expression with the look-back replaced by `look`'s values and what is then
    /// constant folded, `and` and `or` short-circuits included (`x and 0` is 0): the
    /// condition as it reads when the move before is known. `None` where folding
    /// overflows.
    pub fn with_previous(&self, look: &LookBack) -> Option<Expr> {
        let int = |e: &Expr| match e {
            Expr::Int(n) => Some(*n),
            _ => None,
        };
        let rebuilt = match self {
            Expr::Previous(f) => return Some(Expr::Int(look.field(*f))),
            Expr::Unary(op, a) => {
                let a = a.with_previous(look)?;
                match int(&a) {
                    Some(v) => Expr::Int(unary(*op, v)?),
                    None => Expr::Unary(*op, Box::new(a)),
                }
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (a.with_previous(look)?, b.with_previous(look)?);
                match (*op, int(&a), int(&b)) {
                    (_, Some(x), Some(y)) => Expr::Int(binary(*op, x, y)?),
                    (BinOp::And, Some(0), _) | (BinOp::And, _, Some(0)) => Expr::Int(0),
                    (BinOp::Or, Some(x), _) | (BinOp::Or, _, Some(x)) if x != 0 => Expr::Int(1),
                    _ => Expr::Binary(*op, Box::new(a), Box::new(b)),
                }
            }
            // Any other node over the look-back is not folded: the caller reads the rule
            // whole instead.
            e if e.reads_previous() => return None,
            e => e.clone(),
        };
        Some(rebuilt)
    }

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

    /// Whether the value depends on the pieces on the board (and not only on squares,
    /// the player and the options).
    pub fn reads_state(&self) -> bool {
        match self {
            Expr::Count(..)
            | Expr::Pieces(_)
            | Expr::CaptureReachable
            | Expr::Attacked(_)
            | Expr::AttackedAny(_)
            | Expr::Moved(_)
            | Expr::Is(..)
            | Expr::Around(..)
            | Expr::Line(..)
            | Expr::Connected(..)
            | Expr::Clock
            | Expr::Passes
            | Expr::Repeated
            | Expr::Turned
            | Expr::Taken
            | Expr::Seeds(_)
            | Expr::SeedsIn(_)
            | Expr::Store
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
            | Expr::Is(e, ..)
            | Expr::Around(_, e, _)
            | Expr::Attacked(e)
            | Expr::Moved(e)
            | Expr::Seeds(e) => vec![e],
            Expr::Binary(_, a, b) | Expr::Min(a, b) | Expr::Max(a, b) => vec![a, b],
            _ => Vec::new(),
        }
    }

    /// The smallest and largest value the expression can take in any position, or `None`
    /// when some position could make it overflow.
    pub fn range(&self, limits: &Limits) -> Option<(i64, i64)> {
        let bool_range = Some((0, 1));
        match self {
            Expr::Int(n) => Some((*n, *n)),
            Expr::Square(_) | Expr::Offset(..) => Some((0, OFF)),
            Expr::File(_) => Some((-1, limits.width - 1)),
            Expr::Rank(_) | Expr::Row(_) => Some((-1, limits.width.max(limits.height) - 1)),
            Expr::InZone(..)
            | Expr::CaptureReachable
            | Expr::Attacked(_)
            | Expr::AttackedAny(_)
            | Expr::Moved(_)
            | Expr::Is(..)
            | Expr::Line(..)
            | Expr::Connected(..) => bool_range,
            Expr::Count(..) | Expr::Pieces(_) | Expr::Around(..) => Some((0, limits.cells)),
            Expr::Turned => Some((0, limits.cells)),
            // Seeds and pieces taken: at most 65,535 seeds fit on a board.
            Expr::Taken
            | Expr::Seeds(_)
            | Expr::SeedsIn(_)
            | Expr::Store
            | Expr::Lifted
            | Expr::Previous(LookField::Lifted | LookField::Taken | LookField::Laps) => {
                Some((0, (u16::MAX as i64).max(limits.cells)))
            }
            Expr::Laps => Some((0, u32::MAX as i64)),
            Expr::Previous(LookField::From | LookField::To | LookField::Rule) => Some((0, OFF)),
            Expr::Clock | Expr::Repeated => Some((0, u32::MAX as i64)),
            Expr::Passes => Some((0, u8::MAX as i64)),
            Expr::Unary(UnOp::Not, a) => a.range(limits).and(bool_range),
            Expr::Unary(UnOp::Neg, a) => {
                let (lo, hi) = a.range(limits)?;
                Some((hi.checked_neg()?, lo.checked_neg()?))
            }
            Expr::Abs(a) => {
                let (lo, hi) = a.range(limits)?;
                let top = lo.checked_abs()?.max(hi.checked_abs()?);
                let bottom = if lo <= 0 && hi >= 0 {
                    0
                } else {
                    lo.abs().min(hi.abs())
                };
                Some((bottom, top))
            }
            Expr::Min(a, b) | Expr::Max(a, b) => {
                let (al, ah) = a.range(limits)?;
                let (bl, bh) = b.range(limits)?;
                Some(if matches!(self, Expr::Min(..)) {
                    (al.min(bl), ah.min(bh))
                } else {
                    (al.max(bl), ah.max(bh))
                })
            }
            Expr::Binary(op, a, b) => {
                let (al, ah) = a.range(limits)?;
                let (bl, bh) = b.range(limits)?;
                binary_range(*op, (al, ah), (bl, bh))
            }
        }
    }
}

/// The range of `a op b` for `a` and `b` in the given ranges, or `None` if it can overflow.
fn binary_range(op: BinOp, a: (i64, i64), b: (i64, i64)) -> Option<(i64, i64)> {
    let corners = |f: fn(i64, i64) -> Option<i64>| -> Option<(i64, i64)> {
        let vals = [f(a.0, b.0)?, f(a.0, b.1)?, f(a.1, b.0)?, f(a.1, b.1)?];
        Some((*vals.iter().min()?, *vals.iter().max()?))
    };
    match op {
        BinOp::Or
        | BinOp::And
        | BinOp::Eq
        | BinOp::Ne
        | BinOp::Lt
        | BinOp::Le
        | BinOp::Gt
        | BinOp::Ge => Some((0, 1)),
        BinOp::Add => corners(i64::checked_add),
        BinOp::Sub => corners(i64::checked_sub),
        BinOp::Mul => corners(i64::checked_mul),
        BinOp::Div => {
            // |a / b| <= |a|, and division by zero gives 0; only MIN / -1 overflows.
            if a.0 == i64::MIN && b.0 <= -1 && b.1 >= -1 {
                return None;
            }
            let m = a.0.checked_abs()?.max(a.1.checked_abs()?);
            Some((-m, m))
        }
        BinOp::Mod => {
            // A remainder is at least 0 and below |b| (0 when b is 0).
            if a.0 == i64::MIN && b.0 <= -1 && b.1 >= -1 {
                return None;
            }
            let m = b.0.checked_abs()?.max(b.1.checked_abs()?);
            Some((0, (m - 1).max(0)))
        }
        BinOp::Pow => {
            // A negative exponent gives 0; otherwise |a ^ e| <= max|a| ^ max e.
            let e = b.1.max(0);
            let m = a.0.checked_abs()?.max(a.1.checked_abs()?);
            let top = pow_checked(m, e)?;
            Some((-top, top))
        }
    }
}

fn pow_checked(base: i64, exp: i64) -> Option<i64> {
    match base {
        0 | 1 => Some(if exp == 0 { 1 } else { base }),
        _ => base.checked_pow(u32::try_from(exp).ok()?),
    }
}

/// Applies an operator to two values; booleans are 0 and 1. `None` when the value
/// overflows. Division by zero gives 0: the checker reports it where it is constant.
pub fn binary(op: BinOp, a: i64, b: i64) -> Option<i64> {
    Some(match op {
        BinOp::Or => ((a != 0) || (b != 0)) as i64,
        BinOp::And => ((a != 0) && (b != 0)) as i64,
        BinOp::Eq => (a == b) as i64,
        BinOp::Ne => (a != b) as i64,
        BinOp::Lt => (a < b) as i64,
        BinOp::Le => (a <= b) as i64,
        BinOp::Gt => (a > b) as i64,
        BinOp::Ge => (a >= b) as i64,
        BinOp::Add => a.checked_add(b)?,
        BinOp::Sub => a.checked_sub(b)?,
        BinOp::Mul => a.checked_mul(b)?,
        BinOp::Div if b == 0 => 0,
        BinOp::Div => a.checked_div(b)?,
        BinOp::Mod if b == 0 => 0,
        BinOp::Mod => a.checked_rem_euclid(b)?,
        BinOp::Pow if b < 0 => 0,
        BinOp::Pow => pow_checked(a, b)?,
    })
}

/// Whether `a op b` holds (is not 0): comparisons read in line, anything else through
/// `binary`. For the tests read after every move.
#[inline(always)]
pub fn binary_holds(op: BinOp, a: i64, b: i64) -> bool {
    match op {
        BinOp::Eq => a == b,
        BinOp::Ne => a != b,
        BinOp::Lt => a < b,
        BinOp::Le => a <= b,
        BinOp::Gt => a > b,
        BinOp::Ge => a >= b,
        _ => binary(op, a, b).is_some_and(|v| v != 0),
    }
}

/// `F` when `a` and `b` are `from` and `previous(F)`, in either order.
fn from_is_previous(a: &Expr, b: &Expr) -> Option<LookField> {
    match (a, b) {
        (Expr::Square(SquareRef::From), Expr::Previous(f))
        | (Expr::Previous(f), Expr::Square(SquareRef::From)) => Some(*f),
        _ => None,
    }
}

pub fn unary(op: UnOp, a: i64) -> Option<i64> {
    match op {
        UnOp::Not => Some((a == 0) as i64),
        UnOp::Neg => a.checked_neg(),
    }
}

/// What an expression is evaluated against. Everything but `width` is optional, because
/// the checker evaluates constants and square conditions before there is a game or a
/// position.
#[derive(Clone, Copy)]
pub struct Env<'a> {
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
    pub occupied: &'a [SquareSet],
    /// The used squares of the board.
    pub used_set: &'a SquareSet,
    /// The number of piece types, to read cell codes.
    pub types: usize,
    pub player: u8,
    pub from: u16,
    pub to: u16,
    pub here: u16,
    /// With counters: the seeds of each pit (by its place among the used squares), the
    /// pit of each square (`u8::MAX` for none), each player's store pit on the board
    /// (empty when the stores are off the board), and the stores off the board.
    pub slots: &'a [u64],
    pub pit_of: &'a [u8],
    pub store_pits: &'a [u8],
    pub stores: &'a [u16],
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
    pub game: Option<&'a super::Game>,
    /// The squares whose pieces have moved.
    pub moved: &'a SquareSet,
}

impl Env<'_> {
    /// An environment for constant expressions: no board, no position.
    pub fn constant() -> Env<'static> {
        Env {
            width: 1,
            cells: 0,
            board: None,
            rows: &[],
            used: &[],
            zones: &[],
            cell_codes: &[],
            occupied: &[],
            used_set: &NO_SQUARES,
            types: 1,
            player: 0,
            from: 0,
            to: 0,
            here: 0,
            slots: &[],
            pit_of: &[],
            store_pits: &[],
            stores: &[],
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
            moved: &NO_SQUARES,
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

impl Env<'_> {
    /// The seeds in square `sq`: 0 when it is no pit.
    #[inline]
    pub fn seeds(&self, sq: i64) -> i64 {
        match self.pit_of.get(sq as usize) {
            Some(&pit) if sq >= 0 && pit != u8::MAX => self.slots[pit as usize] as i64,
            _ => 0,
        }
    }

    /// The seeds in `player`'s store.
    #[inline]
    pub fn store(&self, player: usize) -> i64 {
        match self.store_pits.get(player) {
            Some(&pit) => self.slots[pit as usize] as i64,
            None => self.stores.get(player).map_or(0, |&n| n as i64),
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
    /// The rule of the move (of its first part), by its index; `NO_SQUARE` for none.
    Rule,
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
    pub rule: u16,
}

impl LookBack {
    /// No move: its squares are no squares, its counts 0.
    pub const NONE: LookBack = LookBack {
        from: NO_SQUARE,
        to: NO_SQUARE,
        lifted: 0,
        laps: 0,
        taken: 0,
        rule: NO_SQUARE,
    };

    pub fn field(&self, f: LookField) -> i64 {
        match f {
            LookField::From => self.from as i64,
            LookField::To => self.to as i64,
            LookField::Lifted => self.lifted as i64,
            LookField::Laps => self.laps as i64,
            LookField::Taken => self.taken as i64,
            LookField::Rule => self.rule as i64,
        }
    }
}

static NO_SQUARES: SquareSet = SquareSet([0; 4]);

/// The squares a pattern matches, seen by the player of `env`: the players' occupied sets
/// where the pattern takes all of a player's piece types, and square by square where it
/// names some.
pub fn pattern_squares(pattern: &Pattern, env: &Env) -> SquareSet {
    let codes = pattern.masks[env.player as usize];
    let all_occupied = env
        .occupied
        .iter()
        .fold(SquareSet::default(), |a, &b| a | b);
    let mut set = if codes & 1 != 0 {
        SquareSet(std::array::from_fn(|i| {
            env.used_set.0[i] & !all_occupied.0[i]
        }))
    } else {
        SquareSet::default()
    };
    let types = env.types.clamp(1, MAX_CODES - 1);
    let all = u64::MAX >> (64 - types);
    for (owner, pieces) in env.occupied.iter().enumerate() {
        let shift = 1 + owner * types;
        if shift >= MAX_CODES {
            break;
        }
        let wanted = (codes >> shift) & all;
        if wanted == all {
            set = set | *pieces;
        } else if wanted != 0 {
            for sq in pieces.iter() {
                if pattern.matches(env.player, env.cell_codes[sq as usize]) {
                    set.insert(sq);
                }
            }
        }
    }
    set
}

/// How many squares match a pattern, on the board or in a zone.
pub(super) fn count(pattern: &Pattern, zone: Option<usize>, env: &Env) -> i64 {
    let set = pattern_squares(pattern, env);
    match zone {
        Some(z) => (set & env.zones[z].sets[env.player as usize]).len() as i64,
        None => set.len() as i64,
    }
}

/// The square one step from `sq` along `dir`, or `OFF`.
pub(super) fn toward(env: &Env, sq: i64, dir: DirId) -> i64 {
    match env.board {
        Some(b) if (0..env.cells as i64).contains(&sq) => match b.next(sq as u16, dir) {
            NO_SQUARE => OFF,
            to => to as i64,
        },
        _ => OFF,
    }
}

/// The square `(dx, dy)` from `sq`, or `OFF`.
pub(super) fn offset(env: &Env, sq: i64, dx: i64, dy: i64) -> i64 {
    if !(0..env.cells as i64).contains(&sq) {
        return OFF;
    }
    let width = env.width as i64;
    let height = env.cells as i64 / width.max(1);
    let (f, r) = (sq % width + dx, sq / width + dy);
    if (0..width).contains(&f) && (0..height).contains(&r) && env.used[(f + r * width) as usize] {
        f + r * width
    } else {
        OFF
    }
}

/// Whether `n` squares in a row along one of `dirs` match `pattern`.
pub(super) fn line(env: &Env, pattern: &Pattern, n: usize, dirs: &[DirId]) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let set = pattern_squares(pattern, env);
    if board.words() == 1 {
        return line_in_word(board, set.0[0], n, dirs);
    }
    dirs.iter().any(|&d| {
        // The squares that start a row of k matching squares, for k = 1, 2, …, n.
        let mut starts = set;
        for _ in 1..n {
            starts = set & starts.step_back(board, d);
            if starts.is_empty() {
                return false;
            }
        }
        !starts.is_empty()
    })
}

/// `line` on a board of up to 64 squares, one machine word a set: a row of `k` squares
/// and one of `j` overlapping by nothing make a row of `k + j`, so rows double in length
/// at each step (`n = 5` takes three steps, not four).
fn line_in_word(board: &Board, set: u64, n: usize, dirs: &[DirId]) -> bool {
    dirs.iter().any(|&d| {
        let delta = board.delta[d as usize];
        let steps_from = board.steps_from.data[d as usize];
        // The squares whose neighbour `k` steps along `d` is in `x`, for squares that have
        // one.
        let back = |x: u64, k: usize| {
            let mut x = x;
            for _ in 0..k {
                x = if delta >= 0 {
                    x >> (delta & 63)
                } else {
                    x << (-delta & 63)
                } & steps_from;
            }
            x
        };
        // `starts`: the squares that start a row of `len` matching squares.
        let (mut starts, mut len) = (set, 1);
        while len < n && starts != 0 {
            let more = (n - len).min(len);
            starts &= back(starts, more);
            len += more;
        }
        starts != 0
    })
}

/// Whether matching squares join zone `a` to zone `b`, neighbour to neighbour along `dirs`.
pub(super) fn connected(env: &Env, pattern: &Pattern, a: usize, b: usize, dirs: &[DirId]) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let player = env.player as usize;
    let set = pattern_squares(pattern, env);
    let target = set & env.zones[b].sets[player];
    let mut reached = set & env.zones[a].sets[player];
    loop {
        if !(reached & target).is_empty() {
            return true;
        }
        let mut next = reached;
        for &d in dirs {
            next = next | reached.step(board, d);
        }
        next = next & set;
        if next == reached {
            return false;
        }
        reached = next;
    }
}

/// The value of `e` in `env`, or `None` where it overflows. (Expressions read during play
/// are compiled once, to a `Program`; this compiles on each call.)
pub fn eval(e: &Expr, env: &Env) -> Option<i64> {
    super::program::Program::of(e).eval(env)
}

/// Whether a condition holds. During play the checker's `range` proof rules out overflow;
/// should one happen anyway, the condition does not hold.
pub fn holds(e: &Expr, env: &Env) -> bool {
    eval(e, env).is_some_and(|v| v != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `fails_only_from` is sound: where it names a field, the condition holds on every
    /// move from another square, over thousands of random conditions and positions; and
    /// it finds the field in the shape of a rule against sowing straight back.
    #[test]
    fn a_condition_pinned_to_a_square_holds_from_every_other() {
        let sq = |r| Box::new(Expr::Square(r));
        let prev = |f| Box::new(Expr::Previous(f));
        let bin = |op, a, b| Box::new(Expr::Binary(op, a, b));
        let not = |a| Box::new(Expr::Unary(UnOp::Not, a));
        // taken > 0 or not (from == previous(last) and last == previous(from))
        let back = bin(
            BinOp::Or,
            bin(BinOp::Gt, Box::new(Expr::Taken), Box::new(Expr::Int(0))),
            not(bin(
                BinOp::And,
                bin(BinOp::Eq, sq(SquareRef::From), prev(LookField::To)),
                bin(BinOp::Eq, sq(SquareRef::To), prev(LookField::From)),
            )),
        );
        assert_eq!(back.fails_only_from(), Some(LookField::To));
        let ne = bin(BinOp::Ne, prev(LookField::From), sq(SquareRef::From));
        assert_eq!(ne.fails_only_from(), Some(LookField::From));
        // Either part may fail: no square is needed.
        let either = bin(
            BinOp::And,
            ne.clone(),
            bin(BinOp::Gt, Box::new(Expr::Taken), Box::new(Expr::Int(0))),
        );
        assert_eq!(either.fails_only_from(), None);

        let mut rng = crate::search::rng::Rng::new(99);
        let mut next = |n: u64| rng.below(n as usize) as u64;
        fn build(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Box<Expr> {
            let leaf = |next: &mut dyn FnMut(u64) -> u64| -> Box<Expr> {
                Box::new(match next(5) {
                    0 => Expr::Square(SquareRef::From),
                    1 => Expr::Square(SquareRef::To),
                    2 => Expr::Previous(LookField::To),
                    3 => Expr::Previous(LookField::From),
                    _ => Expr::Int(next(3) as i64),
                })
            };
            if depth == 0 {
                return leaf(next);
            }
            let ops = [BinOp::Eq, BinOp::Ne, BinOp::And, BinOp::Or];
            match next(5) {
                0 => Box::new(Expr::Unary(UnOp::Not, build(next, depth - 1))),
                1 => leaf(next),
                _ => Box::new(Expr::Binary(
                    ops[next(4) as usize],
                    build(next, depth - 1),
                    build(next, depth - 1),
                )),
            }
        }
        let mut pinned = 0;
        for _ in 0..20_000 {
            let e = build(&mut next, 4);
            let Some(f) = e.fails_only_from() else {
                continue;
            };
            pinned += 1;
            let program = super::super::program::Program::of(&e);
            for (from, to, pto, pfrom) in (0..27).map(|i| (i % 3, i / 3 % 3, i / 9, (i + 1) % 3)) {
                let previous = LookBack {
                    from: pfrom,
                    to: pto,
                    ..LookBack::NONE
                };
                if i64::from(from) == previous.field(f) {
                    continue;
                }
                let env = Env {
                    from,
                    to,
                    previous,
                    ..Env::constant()
                };
                assert_eq!(
                    program.eval(&env),
                    Some(1),
                    "{e:?} from {from}, {previous:?}"
                );
            }
        }
        assert!(pinned > 50, "{pinned}");
    }

    const LIMITS: Limits = Limits {
        cells: 64,
        width: 8,
        height: 8,
    };

    #[test]
    fn arithmetic_that_overflows_is_none() {
        assert_eq!(binary(BinOp::Add, i64::MAX, 1), None);
        assert_eq!(binary(BinOp::Pow, 2, 64), None);
        assert_eq!(binary(BinOp::Pow, 2, 62), Some(1 << 62));
        assert_eq!(binary(BinOp::Div, 7, 0), Some(0));
        assert_eq!(binary(BinOp::Mod, i64::MIN, -1), None);
        assert_eq!(unary(UnOp::Neg, i64::MIN), None);
    }

    #[test]
    fn ranges_bound_what_play_can_produce() {
        let count = Expr::Count(Pattern::default(), None);
        let big = Expr::Binary(
            BinOp::Mul,
            Box::new(count.clone()),
            Box::new(Expr::Int(i64::MAX / 2)),
        );
        assert_eq!(big.range(&LIMITS), None, "64 * MAX/2 overflows");
        let small = Expr::Binary(BinOp::Mul, Box::new(count), Box::new(Expr::Int(3)));
        assert_eq!(small.range(&LIMITS), Some((0, 192)));
        let square = Expr::Binary(
            BinOp::Pow,
            Box::new(Expr::File(Box::new(Expr::Square(SquareRef::To)))),
            Box::new(Expr::Int(2)),
        );
        assert_eq!(square.range(&LIMITS), Some((-49, 49)));
    }
}
