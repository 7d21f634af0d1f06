//! Conditions and numbers, compiled. Option values are constants by now, defines are
//! inlined, and names are gone; what is left is evaluated against a state only where it
//! really depends on one (see `MoveRule::geometry` for the rest).

use super::pattern::Pattern;
use crate::syntax::ast::{BinaryOp, UnaryOp};

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
    /// Whether the pit where a lap's last seed fell held no seed before it.
    WasEmpty,
    /// Whether some sequence of legal moves leads to a move that captures (end rules).
    CaptureReachable,
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Abs(Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// What the value reads, for each player reading it: pairs of (squares, pattern mask
    /// over cell codes). The value can change only where a square of a pair changes
    /// whether it matches that pair's mask. `None` when it depends on more than a fixed set
    /// of squares (a count over the whole board, the piece counters, the move's squares).
    pub fn footprint(
        &self,
        zones: &[super::Zone],
        players: usize,
    ) -> Option<Vec<Vec<(super::SquareSet, u64)>>> {
        let mut out = vec![Vec::new(); players];
        self.add_footprint(zones, &mut out).then_some(out)
    }

    fn add_footprint(
        &self,
        zones: &[super::Zone],
        out: &mut [Vec<(super::SquareSet, u64)>],
    ) -> bool {
        match self {
            Expr::Int(_) => true,
            Expr::Square(_)
            | Expr::Count(_, None)
            | Expr::Pieces(_)
            | Expr::WasEmpty
            | Expr::CaptureReachable => false,
            Expr::Count(pattern, Some(z)) => {
                for (p, entries) in out.iter_mut().enumerate() {
                    let mut set = super::SquareSet::default();
                    for &sq in &zones[*z].lists[p] {
                        set.insert(sq);
                    }
                    entries.push((set, pattern.masks[p]));
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

    /// Whether `part` occurs anywhere in this expression.
    pub fn reads(&self, part: &Expr) -> bool {
        if self == part {
            return true;
        }
        match self {
            Expr::File(e) | Expr::Rank(e) | Expr::Row(e) | Expr::InZone(_, e) => e.reads(part),
            Expr::Unary(_, e) | Expr::Abs(e) => e.reads(part),
            Expr::Binary(_, a, b) | Expr::Min(a, b) | Expr::Max(a, b) => {
                a.reads(part) || b.reads(part)
            }
            _ => false,
        }
    }

    /// Whether the value depends on the pieces on the board (and not only on squares,
    /// the player and the options).
    pub fn reads_state(&self) -> bool {
        match self {
            Expr::Int(_) | Expr::Square(_) | Expr::WasEmpty => false,
            Expr::Count(..) | Expr::Pieces(_) | Expr::CaptureReachable => true,
            Expr::File(e) | Expr::Rank(e) | Expr::Row(e) | Expr::InZone(_, e) => e.reads_state(),
            Expr::Unary(_, e) | Expr::Abs(e) => e.reads_state(),
            Expr::Binary(_, a, b) | Expr::Min(a, b) | Expr::Max(a, b) => {
                a.reads_state() || b.reads_state()
            }
        }
    }
}

/// Applies an operator to two values; booleans are 0 and 1. Division by zero and overflow
/// give 0 rather than a panic: the checker reports them where they are constant.
pub fn binary(op: BinaryOp, a: i64, b: i64) -> i64 {
    match op {
        BinaryOp::Or => ((a != 0) || (b != 0)) as i64,
        BinaryOp::And => ((a != 0) && (b != 0)) as i64,
        BinaryOp::Eq => (a == b) as i64,
        BinaryOp::Ne => (a != b) as i64,
        BinaryOp::Lt => (a < b) as i64,
        BinaryOp::Le => (a <= b) as i64,
        BinaryOp::Gt => (a > b) as i64,
        BinaryOp::Ge => (a >= b) as i64,
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::Div => a.checked_div(b).unwrap_or(0),
        BinaryOp::Mod => a.checked_rem_euclid(b).unwrap_or(0),
        BinaryOp::Pow => {
            if b < 0 {
                0
            } else {
                a.wrapping_pow(b.min(u32::MAX as i64) as u32)
            }
        }
    }
}

pub fn unary(op: UnaryOp, a: i64) -> i64 {
    match op {
        UnaryOp::Not => (a == 0) as i64,
        UnaryOp::Neg => a.wrapping_neg(),
    }
}

/// What an expression is evaluated against. Everything but `width` is optional, because
/// the checker evaluates constants and square conditions before there is a game or a state.
#[derive(Clone, Copy)]
pub struct Env<'a> {
    pub width: usize,
    pub cells: usize,
    /// `rows[player * cells + sq]`.
    pub rows: &'a [u8],
    pub used: &'a [bool],
    pub zones: &'a [super::Zone],
    /// The cell codes of the state, for `count`.
    pub state: &'a [u8],
    /// The number of pieces of each player.
    pub pieces: &'a [u16],
    pub player: u8,
    pub from: u16,
    pub to: u16,
    pub here: u16,
    /// For a sowing outcome: whether the last seed's pit was empty.
    pub was_empty: bool,
    /// For end rules: whether a capture is reachable (found by the engine beforehand).
    pub reachable: bool,
}

impl Env<'_> {
    /// An environment for constant expressions: no board, no state.
    pub fn constant() -> Env<'static> {
        Env {
            width: 1,
            cells: 0,
            rows: &[],
            used: &[],
            zones: &[],
            state: &[],
            pieces: &[],
            player: 0,
            from: 0,
            to: 0,
            here: 0,
            was_empty: false,
            reachable: false,
        }
    }
}

pub fn eval(e: &Expr, env: &Env) -> i64 {
    match e {
        Expr::Int(n) => *n,
        Expr::Square(r) => match r {
            SquareRef::From => env.from as i64,
            SquareRef::To => env.to as i64,
            SquareRef::Here => env.here as i64,
        },
        Expr::File(s) => eval(s, env) % env.width as i64,
        Expr::Rank(s) => eval(s, env) / env.width as i64,
        Expr::Row(s) => {
            let sq = eval(s, env) as usize;
            env.rows[env.player as usize * env.cells + sq] as i64
        }
        Expr::InZone(z, s) => {
            let sq = eval(s, env) as usize;
            env.zones[*z].squares[env.player as usize * env.cells + sq] as i64
        }
        Expr::Count(pattern, Some(zone)) => env.zones[*zone].lists[env.player as usize]
            .iter()
            .filter(|&&sq| pattern.matches(env.player, env.state[sq as usize]))
            .count() as i64,
        Expr::Count(pattern, None) => env
            .state
            .iter()
            .zip(env.used)
            .filter(|&(&code, &used)| used && pattern.matches(env.player, code))
            .count() as i64,
        Expr::Pieces(own) => {
            let mine = env.pieces[env.player as usize] as i64;
            if *own {
                mine
            } else {
                env.pieces.iter().map(|&n| n as i64).sum::<i64>() - mine
            }
        }
        Expr::WasEmpty => env.was_empty as i64,
        Expr::CaptureReachable => env.reachable as i64,
        Expr::Unary(op, a) => unary(*op, eval(a, env)),
        Expr::Binary(op, a, b) => match op {
            // Short-circuit, so that `x != 0 and y / x > 1` means what it says.
            BinaryOp::And => (eval(a, env) != 0 && eval(b, env) != 0) as i64,
            BinaryOp::Or => (eval(a, env) != 0 || eval(b, env) != 0) as i64,
            _ => binary(*op, eval(a, env), eval(b, env)),
        },
        Expr::Abs(a) => eval(a, env).wrapping_abs(),
        Expr::Min(a, b) => eval(a, env).min(eval(b, env)),
        Expr::Max(a, b) => eval(a, env).max(eval(b, env)),
    }
}
