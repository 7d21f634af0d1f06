//! An end rule's condition in words, where it has one of the common forms: read from the
//! syntax tree (so spacing, brackets and the order of a comparison do not matter), for the
//! session to say "Red has no pieces left" before the rule as written.

use crate::ir::{EndSide, EndWords};
use crate::syntax::ast::{BinOp, CountScope, Expr, ExprKind, Pattern, PatternWord, UnOp};

/// The words for `condition`, read for the player the rule is read for; `None` when it has
/// none of the common forms. `counter` says whether a name is a counter, and whether of
/// each player (`Some(true)`) or shared.
pub(super) fn end_words(
    condition: &Expr,
    counter: &dyn Fn(&str) -> Option<bool>,
) -> Option<EndWords> {
    match &condition.kind {
        ExprKind::Unary(UnOp::Not, inner) if matches!(inner.kind, ExprKind::CaptureReachable) => {
            Some(EndWords::NoCaptureToCome)
        }
        ExprKind::Line(pattern, length, None, _) => {
            Some(EndWords::InARow(side(pattern)?, int(length)?))
        }
        ExprKind::Connected(pattern, a, b, _) => Some(EndWords::Joins(
            side(pattern)?,
            a.name.clone(),
            b.name.clone(),
        )),
        ExprKind::Binary(op, left, right) => {
            // `n < x` reads as `x > n`.
            let (op, x, n) = match (int(right), int(left)) {
                (Some(n), _) => (*op, left, n),
                (None, Some(n)) => (op.mirrored()?, right, n),
                (None, None) => return None,
            };
            compared(op, x, n, counter)
        }
        _ => None,
    }
}

/// `x OP n`, with `n` a number.
fn compared(
    op: BinOp,
    x: &Expr,
    n: i64,
    counter: &dyn Fn(&str) -> Option<bool>,
) -> Option<EndWords> {
    let at_least = match (op, n) {
        (BinOp::Ge, n) => n,
        (BinOp::Gt, n) => n.checked_add(1)?,
        (BinOp::Eq | BinOp::Le, 0) | (BinOp::Lt, 1) => 0,
        _ => return None,
    };
    match &x.kind {
        ExprKind::Count(pattern, CountScope::Board, None) if at_least == 0 && op != BinOp::Ge => {
            Some(EndWords::NoPieces(side(pattern)?))
        }
        ExprKind::Count(pattern, CountScope::Zone(zone), None)
            if at_least == 1 && op != BinOp::Eq =>
        {
            Some(EndWords::InZone(side(pattern)?, zone.name.clone()))
        }
        ExprKind::Name(id) if id.name == "repeated" && at_least > 0 => {
            Some(EndWords::Repeated(at_least))
        }
        ExprKind::Clock if at_least > 0 => Some(EndWords::Clock(at_least)),
        ExprKind::Name(id) if op != BinOp::Eq && op != BinOp::Le && op != BinOp::Lt => {
            let each = counter(&id.name)?;
            Some(EndWords::Counter(id.name.clone(), each, at_least))
        }
        _ => None,
    }
}

fn int(e: &Expr) -> Option<i64> {
    match e.kind {
        ExprKind::Int(n) => Some(n),
        _ => None,
    }
}

/// Whose pieces a pattern names: any piece of the reader's (`friend`) or the other's
/// (`enemy`).
fn side(pattern: &Pattern) -> Option<EndSide> {
    match (pattern.word, &pattern.piece) {
        (PatternWord::Friend, None) => Some(EndSide::Reader),
        (PatternWord::Enemy, None) => Some(EndSide::Other),
        _ => None,
    }
}
