//! Expressions flattened for evaluation during play: a postfix program run on a small stack,
//! with jumps for the short-circuit `and` and `or`. A condition then costs one loop over a
//! few operations instead of a recursive call per node of its tree. The checker compiles
//! every expression read during play (move conditions, after-move conditions, end rules);
//! the tree (`Expr`) stays for what is worked out about an expression before play.

use super::expr::{binary, count, unary, BinOp, Env, Expr, SquareRef, UnOp};
use super::pattern::Pattern;

/// One operation: it pops its operands and pushes its value.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Int(i64),
    Square(SquareRef),
    /// Of the square on top.
    File,
    Rank,
    Row,
    InZone(usize),
    Count(Pattern, Option<usize>),
    Pieces(bool),
    WasEmpty,
    Reachable,
    Unary(UnOp),
    Binary(BinOp),
    Abs,
    Min,
    Max,
    /// `and`: pops the first operand; if it is 0, pushes 0 and goes on at the given op.
    AndJump(u32),
    /// `or`: pops the first operand; if it is not 0, pushes 1 and goes on at the given op.
    OrJump(u32),
    /// The second operand of `and` or `or` as 0 or 1.
    Bool,
}

/// A compiled expression.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    ops: Vec<Op>,
    /// The most values on the stack at once.
    depth: usize,
}

/// Programs up to this deep run on a stack array; deeper ones (rare) on a vector.
const SMALL: usize = 8;

impl Program {
    /// The program of one expression.
    pub fn of(e: &Expr) -> Program {
        let mut p = Program::default();
        let mut height = 0;
        p.emit(e, &mut height);
        p
    }

    /// The program of the conjunction of some conditions; `None` when there are none.
    pub fn all(conditions: &[Expr]) -> Option<Program> {
        let (first, rest) = conditions.split_first()?;
        let mut p = Program::default();
        let mut height = 0;
        p.emit(first, &mut height);
        let mut jumps = Vec::new();
        for c in rest {
            jumps.push(p.ops.len());
            p.push(Op::AndJump(0), &mut height, -1);
            p.emit(c, &mut height);
            p.push(Op::Bool, &mut height, 0);
        }
        let end = p.ops.len() as u32;
        for j in jumps {
            p.ops[j] = Op::AndJump(end);
        }
        Some(p)
    }

    /// Appends `op`, which changes the stack's height by `change`.
    fn push(&mut self, op: Op, height: &mut usize, change: isize) {
        self.ops.push(op);
        *height = height.saturating_add_signed(change);
        self.depth = self.depth.max(*height);
    }

    fn emit(&mut self, e: &Expr, h: &mut usize) {
        match e {
            Expr::Int(n) => self.push(Op::Int(*n), h, 1),
            Expr::Square(r) => self.push(Op::Square(*r), h, 1),
            Expr::File(a) => self.unary_op(a, Op::File, h),
            Expr::Rank(a) => self.unary_op(a, Op::Rank, h),
            Expr::Row(a) => self.unary_op(a, Op::Row, h),
            Expr::InZone(z, a) => self.unary_op(a, Op::InZone(*z), h),
            Expr::Count(p, z) => self.push(Op::Count(*p, *z), h, 1),
            Expr::Pieces(own) => self.push(Op::Pieces(*own), h, 1),
            Expr::WasEmpty => self.push(Op::WasEmpty, h, 1),
            Expr::CaptureReachable => self.push(Op::Reachable, h, 1),
            Expr::Unary(op, a) => self.unary_op(a, Op::Unary(*op), h),
            Expr::Abs(a) => self.unary_op(a, Op::Abs, h),
            Expr::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
                self.emit(a, h);
                let jump = self.ops.len();
                self.push(Op::AndJump(0), h, -1);
                self.emit(b, h);
                self.push(Op::Bool, h, 0);
                let end = self.ops.len() as u32;
                self.ops[jump] = if *op == BinOp::And {
                    Op::AndJump(end)
                } else {
                    Op::OrJump(end)
                };
            }
            Expr::Binary(op, a, b) => self.binary_op(a, b, Op::Binary(*op), h),
            Expr::Min(a, b) => self.binary_op(a, b, Op::Min, h),
            Expr::Max(a, b) => self.binary_op(a, b, Op::Max, h),
        }
    }

    fn unary_op(&mut self, a: &Expr, op: Op, h: &mut usize) {
        self.emit(a, h);
        self.push(op, h, 0);
    }

    fn binary_op(&mut self, a: &Expr, b: &Expr, op: Op, h: &mut usize) {
        self.emit(a, h);
        self.emit(b, h);
        self.push(op, h, -1);
    }

    /// The value in `env`, or `None` where it overflows (as `expr::eval`).
    pub fn eval(&self, env: &Env) -> Option<i64> {
        if self.depth <= SMALL {
            self.run(env, &mut [0; SMALL])
        } else {
            self.run(env, &mut vec![0; self.depth])
        }
    }

    /// Whether a condition holds; an overflow (which the checker rules out) does not.
    #[inline]
    pub fn holds(&self, env: &Env) -> bool {
        self.eval(env).is_some_and(|v| v != 0)
    }

    fn run(&self, env: &Env, stack: &mut [i64]) -> Option<i64> {
        let mut sp = 0usize;
        let mut pc = 0usize;
        let player = env.player as usize;
        while let Some(op) = self.ops.get(pc) {
            pc += 1;
            let value = match op {
                Op::Int(n) => *n,
                Op::Square(r) => match r {
                    SquareRef::From => env.from as i64,
                    SquareRef::To => env.to as i64,
                    SquareRef::Here => env.here as i64,
                },
                Op::Count(pattern, zone) => count(pattern, *zone, env),
                Op::Pieces(own) => {
                    let mine = env.occupied[player].len() as i64;
                    if *own {
                        mine
                    } else {
                        env.occupied.iter().map(|o| o.len() as i64).sum::<i64>() - mine
                    }
                }
                Op::WasEmpty => env.was_empty as i64,
                Op::Reachable => env.reachable as i64,
                Op::File | Op::Rank | Op::Row | Op::InZone(_) | Op::Unary(_) | Op::Abs => {
                    sp -= 1;
                    let a = stack[sp];
                    match op {
                        Op::File => a.rem_euclid(env.width as i64),
                        Op::Rank => a.div_euclid(env.width as i64),
                        Op::Row => env.rows[player * env.cells + a as usize] as i64,
                        Op::InZone(z) => {
                            env.zones[*z].squares[player * env.cells + a as usize] as i64
                        }
                        Op::Unary(u) => unary(*u, a)?,
                        _ => a.checked_abs()?,
                    }
                }
                Op::Binary(_) | Op::Min | Op::Max => {
                    sp -= 2;
                    let (a, b) = (stack[sp], stack[sp + 1]);
                    match op {
                        Op::Binary(b_op) => binary(*b_op, a, b)?,
                        Op::Min => a.min(b),
                        _ => a.max(b),
                    }
                }
                Op::AndJump(to) | Op::OrJump(to) => {
                    sp -= 1;
                    let first = stack[sp] != 0;
                    let is_and = matches!(op, Op::AndJump(_));
                    if first != is_and {
                        // `and` with a false first operand, `or` with a true one: decided.
                        pc = *to as usize;
                        first as i64
                    } else {
                        continue;
                    }
                }
                Op::Bool => {
                    sp -= 1;
                    (stack[sp] != 0) as i64
                }
            };
            stack[sp] = value;
            sp += 1;
        }
        Some(stack[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::expr::eval;

    fn int(n: i64) -> Box<Expr> {
        Box::new(Expr::Int(n))
    }

    fn bin(op: BinOp, a: Box<Expr>, b: Box<Expr>) -> Box<Expr> {
        Box::new(Expr::Binary(op, a, b))
    }

    /// A program computes what the tree computes, short-circuits included.
    #[test]
    fn programs_agree_with_trees() {
        let env = Env::constant();
        let cases = [
            bin(BinOp::Add, int(2), bin(BinOp::Mul, int(3), int(4))),
            bin(BinOp::And, int(0), bin(BinOp::Div, int(1), int(0))),
            bin(BinOp::Or, int(7), int(0)),
            bin(BinOp::Or, int(0), int(0)),
            bin(BinOp::And, int(3), int(5)),
            Box::new(Expr::Min(int(3), bin(BinOp::Sub, int(1), int(9)))),
            Box::new(Expr::Unary(UnOp::Not, bin(BinOp::Eq, int(1), int(1)))),
            bin(BinOp::Pow, int(2), int(70)),
        ];
        for e in cases {
            assert_eq!(Program::of(&e).eval(&env), eval(&e, &env), "{e:?}");
        }
        let all = Program::all(&[Expr::Int(1), Expr::Int(2), Expr::Int(0)]).unwrap();
        assert_eq!(all.eval(&env), Some(0));
        let all = Program::all(&[Expr::Int(1), Expr::Int(2)]).unwrap();
        assert_eq!(all.eval(&env), Some(1));
        assert_eq!(Program::all(&[]), None);
    }
}
