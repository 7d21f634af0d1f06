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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Env;
    use crate::ir::{LookBack, Program};

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

        let mut rng = crate::rng::Rng::new(99);
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
            let program = Program::of(&e);
            for (from, to, pto, pfrom) in (0..27).map(|i| (i % 3, i / 3 % 3, i / 9, (i + 1) % 3)) {
                let previous = LookBack {
                    from: pfrom,
                    to: pto,
                    ..LookBack::NONE
                };
                if i64::from(from) == previous.field(f) {
                    continue;
                }
                let env: Env = Env {
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
}
