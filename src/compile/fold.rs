//! A condition as it reads once the move before is known: the look-back replaced by its
//! values and what is then constant folded.

use crate::eval::arith::{binary, unary};
use crate::ir::{BinOp, Expr, LookBack};

impl Expr {
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
}
