//! The range of values an expression can take in any position, so that the checker can
//! prove that play never overflows (an `impl` of the IR's `Expr`, kept beside the check
//! that uses it).

use crate::eval::arith::pow_checked;
use crate::ir::expr::OFF;
use crate::ir::{BinOp, Expr, GroupRead, LookField, UnOp};

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
    /// The smallest and largest value the expression can take in any position, or `None`
    /// when some position could make it overflow.
    pub fn range(&self, limits: &Limits) -> Option<(i64, i64)> {
        let bool_range = Some((0, 1));
        match self {
            Expr::Int(n) => Some((*n, *n)),
            Expr::Square(_) | Expr::Offset(..) => Some((0, OFF)),
            Expr::Toward(sq, _) => sq.range(limits).and(Some((0, OFF))),
            Expr::OffsetBy(sq, dx, dy) => sq
                .range(limits)
                .and(dx.range(limits))
                .and(dy.range(limits))
                .and(Some((0, OFF))),
            Expr::File(_) => Some((-1, limits.width - 1)),
            Expr::Rank(_) | Expr::Row(_) => Some((-1, limits.width.max(limits.height) - 1)),
            Expr::InZone(..)
            | Expr::CaptureReachable
            | Expr::Attacked(..)
            | Expr::AttackedAny(..)
            | Expr::Moved(_)
            | Expr::Is(..)
            | Expr::Line(..)
            | Expr::Connected(..) => bool_range,
            Expr::LineThrough(.., sq) => sq.range(limits).and(bool_range),
            Expr::CountWhere(.., condition) => condition.range(limits).and(Some((0, limits.cells))),
            Expr::Group(GroupRead::Encloses, sq, _)
            | Expr::Reaches(sq, ..)
            | Expr::Touches(sq, ..) => sq.range(limits).and(bool_range),
            Expr::Group(_, sq, _) => sq.range(limits).and(Some((0, limits.cells))),
            Expr::Groups(..) => Some((0, limits.cells)),
            Expr::Seen(_) | Expr::Stuck => bool_range,
            // A player holds at most 255 of each piece type.
            Expr::InHand(_) => Some((0, 255 * crate::ir::MAX_CODES as i64)),
            Expr::Count(..) | Expr::Pieces(_) | Expr::Around(..) => Some((0, limits.cells)),
            Expr::Turned => Some((0, limits.cells)),
            // A column holds at most 64 pieces (`ir::Columns`).
            Expr::Height(sq) => sq.range(limits).and(Some((0, 64))),
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
            Expr::Counter { .. } => Some((i16::MIN as i64, i16::MAX as i64)),
            Expr::Previous(LookField::From | LookField::To | LookField::Rule) => Some((0, OFF)),
            Expr::Clock | Expr::Repeated => Some((0, u32::MAX as i64)),
            Expr::Passes => Some((0, u8::MAX as i64)),
            Expr::Reader => Some((0, crate::ir::MAX_PLAYERS as i64 - 1)),
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
