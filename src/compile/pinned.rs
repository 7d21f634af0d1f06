//! Conditions that can fail only on a move from one square of the move before (no sowing
//! straight back): read only for moves from there.

use crate::ir::{BinOp, Expr, LookField, SquareRef, UnOp};

impl Expr {
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
}

/// `F` when `a` and `b` are `from` and `previous(F)`, in either order.
fn from_is_previous(a: &Expr, b: &Expr) -> Option<LookField> {
    match (a, b) {
        (Expr::Square(SquareRef::From), Expr::Previous(f))
        | (Expr::Previous(f), Expr::Square(SquareRef::From)) => Some(*f),
        _ => None,
    }
}
