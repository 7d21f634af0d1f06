//! When the look-back can matter. A state keeps what the move before it did only where a
//! rule could read it, so that two positions that differ in nothing a rule reads are one
//! position (for repetition, for the memo of `reachable(capture)`). The conditions that
//! read `previous(…)` are searched for `and` chains with parts that read the look-back
//! alone (`previous(lifted) == 1`): where those fail, the whole chain fails whatever the
//! look-back holds, and the state may forget it.

use crate::ir::expr::{Expr, LookBack, LookField};
use crate::ir::{BinOp, LookGuard, LookTests, Program};

/// The condition, on a move's look-back alone, under which some rule could read it; `None`
/// when it must always be kept (some reading of `previous` is not guarded so).
pub fn look_kept(conditions: &[Expr]) -> Option<LookGuard> {
    let mut guards = Vec::new();
    for c in conditions {
        if !guards_of(c, &mut guards) {
            return None;
        }
    }
    let tests: Option<Vec<Vec<(LookField, BinOp, i64)>>> = guards
        .iter()
        .map(|g| {
            let mut parts = Vec::new();
            g.conjuncts(&mut parts);
            parts.into_iter().map(comparison).collect()
        })
        .collect();
    let guard = match tests {
        Some(lists) if !lists.is_empty() => {
            LookGuard::AnyOf(lists.iter().map(|l| LookTests::of(l)).collect())
        }
        _ => LookGuard::Program(Box::new(Program::of(
            &guards
                .into_iter()
                .reduce(|a, b| Expr::Binary(BinOp::Or, Box::new(a), Box::new(b)))?,
        ))),
    };
    // Forgetting must not change a value: with no move before, every guard must fail too.
    (!guard.holds(&LookBack::NONE)).then_some(guard)
}

/// For each of `rules` rules, whether `guard` could hold for a look-back of one of its
/// moves: where every list of the guard tests the look-back's rule for equality
/// (`previous(rule) == double_step`), the rules they name; else none is known not to, and
/// the list is empty (`Game::look_rules`).
pub fn kept_rules(guard: Option<&LookGuard>, rules: usize) -> Vec<bool> {
    let Some(LookGuard::AnyOf(lists)) = guard else {
        return Vec::new();
    };
    let shift = LookField::Rule.shift();
    let field = 0xFFFFu128 << shift;
    if !lists.iter().all(|t| t.mask & field == field) {
        return Vec::new();
    }
    let mut kept = vec![false; rules];
    for t in lists {
        let rule = ((t.value >> shift) & 0xFFFF) as usize;
        if let Some(k) = kept.get_mut(rule) {
            *k = true;
        }
    }
    kept
}

/// `previous(f) OP k`, as a test.
fn comparison(e: &Expr) -> Option<(LookField, BinOp, i64)> {
    match e {
        Expr::Binary(op, a, b) if op_compares(*op) => match (&**a, &**b) {
            (Expr::Previous(f), Expr::Int(k)) => Some((*f, *op, *k)),
            _ => None,
        },
        _ => None,
    }
}

fn op_compares(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
}

/// Adds the guards of the `and` chains of `e` that read the look-back; `false` when some
/// reading is not in a guarded chain.
fn guards_of(e: &Expr, out: &mut Vec<Expr>) -> bool {
    if !e.reads_previous() {
        return true;
    }
    if let Expr::Binary(BinOp::And, ..) = e {
        let mut parts = Vec::new();
        e.conjuncts(&mut parts);
        let own: Vec<&Expr> = parts
            .iter()
            .copied()
            .filter(|p| p.reads_previous() && only_previous(p))
            .collect();
        if let Some(guard) = own
            .into_iter()
            .cloned()
            .reduce(|a, b| Expr::Binary(BinOp::And, Box::new(a), Box::new(b)))
        {
            out.push(guard);
            return true;
        }
    }
    if matches!(e, Expr::Previous(_)) {
        return false;
    }
    e.children().into_iter().all(|c| guards_of(c, out))
}

/// Whether `e` reads nothing but the look-back and constants.
fn only_previous(e: &Expr) -> bool {
    match e {
        Expr::Previous(_) | Expr::Int(_) => true,
        Expr::Unary(..) | Expr::Binary(..) | Expr::Abs(_) | Expr::Min(..) | Expr::Max(..) => {
            e.children().into_iter().all(only_previous)
        }
        _ => false,
    }
}
