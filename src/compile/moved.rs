//! Which pieces' having moved a position must remember.

use crate::ir;

/// The piece types whose having moved a rule's conditions can read: for `moved(from)`, the
/// rule's own; for `moved(SQ)` in a chain of `and` with `SQ is PATTERN`, the pattern's
/// (elsewhere the chain fails whatever `moved` says); else every type.
pub(super) fn moved_types(rule: &ir::MoveRule, types: usize) -> u64 {
    fn moved_squares<'e>(e: &'e ir::Expr, out: &mut Vec<&'e ir::Expr>) {
        if let ir::Expr::Moved(sq) = e {
            out.push(sq);
        }
        for c in e.children() {
            moved_squares(c, out);
        }
    }
    let piece_types = types;
    let mut types = 0u64;
    for c in &rule.conditions {
        let mut parts = Vec::new();
        c.conjuncts(&mut parts);
        let mut read = Vec::new();
        moved_squares(c, &mut read);
        for sq in read {
            if *sq == ir::Expr::Square(ir::SquareRef::From) {
                types |= rule.piece_mask;
                continue;
            }
            let narrowed = parts.iter().find_map(|p| match p {
                ir::Expr::Is(e, pattern, false) if **e == *sq => Some(pattern),
                _ => None,
            });
            match narrowed {
                Some(pattern) => types |= pattern_types(pattern, piece_types),
                None => return u64::MAX,
            }
        }
    }
    types
}

/// The piece types a pattern can match, for any player (bit `t` for type `t`); every
/// type when it matches an empty square.
fn pattern_types(pattern: &ir::Pattern, types: usize) -> u64 {
    let codes = pattern.masks.iter().fold(0, |a, &m| a | m);
    if codes & 1 != 0 {
        return u64::MAX;
    }
    (1..64)
        .filter(|&c| (codes >> c) & 1 != 0)
        .fold(0, |acc, c| acc | 1 << ((c - 1) % types.max(1)))
}
