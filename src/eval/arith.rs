//! What the operators mean: checked arithmetic on 64-bit values, booleans as 0 and 1.

use crate::ir::{BinOp, UnOp};

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

pub fn unary(op: UnOp, a: i64) -> Option<i64> {
    match op {
        UnOp::Not => Some((a == 0) as i64),
        UnOp::Neg => a.checked_neg(),
    }
}

/// `base ^ exp` for `exp >= 0`, or `None` when it overflows.
pub fn pow_checked(base: i64, exp: i64) -> Option<i64> {
    match base {
        0 | 1 => Some(if exp == 0 { 1 } else { base }),
        _ => base.checked_pow(u32::try_from(exp).ok()?),
    }
}
