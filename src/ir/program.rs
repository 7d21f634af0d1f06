//! Expressions flattened for evaluation during play: a postfix program run on a small stack,
//! with jumps for the short-circuit `and` and `or`. A condition then costs one loop over a
//! few operations instead of a recursive call per node of its tree. The checker compiles
//! every expression read during play (move conditions, after-move conditions, end rules);
//! the tree (`Expr`) stays for what is worked out about an expression before play.

use super::attack::attacked;
use super::expr::{
    binary, binary_holds, connected, count, line, offset, pattern_squares, toward, unary, BinOp,
    Env, Expr, LookField, SquareRef, UnOp, OFF,
};
use super::pattern::Pattern;
use super::{DirId, MAX_PLAYERS};

/// One operation: it pops its operands and pushes its value.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Int(i64),
    Square(SquareRef),
    /// Of the square on top.
    File,
    Rank,
    Row,
    InZone(u32),
    /// A pattern (an index in `Program::patterns`) counted in a zone, or on the whole board
    /// with `WHOLE_BOARD`.
    Count(u32, u32),
    Pieces(bool),
    /// The seeds of the square on top.
    Seeds,
    /// The seeds in a zone's pits.
    SeedsIn(u32),
    Store,
    Lifted,
    Laps,
    Previous(LookField),
    Reachable,
    /// Whether the square on top is attacked (see `ir::attack`).
    Attacked,
    /// Whether some square matching a pattern is attacked.
    AttackedAny(u32),
    /// Whether the piece on the square on top has moved.
    Moved,
    /// The square a step away from the square on top: an index in `Program::steps`.
    Offset(u32),
    /// Whether the square on top matches a pattern, or with `true` is off the board.
    Is(u32, bool),
    /// A pattern and a list of directions (an index in `Program::lines`).
    Around(u32, u32),
    /// A pattern, a length, a list of directions.
    Line(u32, u32, u32),
    /// A pattern, two zones, a list of directions.
    Connected(u32, u32, u32, u32),
    Clock,
    Passes,
    Repeated,
    Turned,
    Taken,
    Unary(UnOp),
    Binary(BinOp),
    /// An operator whose second operand is this constant (`count(friend) == 0`).
    BinaryConst(BinOp, i64),
    Abs,
    Min,
    Max,
    /// `and`: pops the first operand; if it is 0, pushes 0 and goes on at the given op.
    AndJump(u32),
    /// `or`: pops the first operand; if it is not 0, pushes 1 and goes on at the given op.
    OrJump(u32),
    /// The second operand of `and` or `or` as 0 or 1.
    Bool,
    /// Two values read from the position compared (`from == previous(last)`): indexes in
    /// `Program::leaves`. Fused from `leaf leaf Binary(op)` by `fuse`.
    CompareLeaves(u32, BinOp, u32),
    /// A value read from the position compared with a constant (`taken > 0`). Fused from
    /// `leaf BinaryConst(op, k)`.
    CompareConst(u32, BinOp, i64),
}

impl Op {
    /// Whether the operation pops nothing: a value read from the position or a constant.
    #[inline(always)]
    fn is_leaf(&self) -> bool {
        matches!(
            self,
            Op::Int(_)
                | Op::Square(_)
                | Op::Count(..)
                | Op::Pieces(_)
                | Op::SeedsIn(_)
                | Op::Store
                | Op::Lifted
                | Op::Laps
                | Op::Previous(_)
                | Op::Reachable
                | Op::AttackedAny(_)
                | Op::Line(..)
                | Op::Connected(..)
                | Op::Clock
                | Op::Passes
                | Op::Repeated
                | Op::Turned
                | Op::Taken
                | Op::CompareLeaves(..)
                | Op::CompareConst(..)
        )
    }

    /// Whether the value the operation leaves is always 0 or 1.
    fn is_boolean(&self) -> bool {
        match self {
            Op::Binary(op) | Op::BinaryConst(op, _) => op.is_comparison(),
            Op::CompareLeaves(_, op, _) | Op::CompareConst(_, op, _) => op.is_comparison(),
            Op::Unary(UnOp::Not) | Op::Bool => true,
            _ => false,
        }
    }
}

/// A compiled expression.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    ops: Vec<Op>,
    /// The most values on the stack at once.
    depth: usize,
    /// What operations name by index, kept aside so that an operation stays small: lists
    /// of directions for each player, patterns, steps for each player.
    lines: Vec<Vec<Vec<DirId>>>,
    patterns: Vec<Pattern>,
    steps: Vec<[(i64, i64); MAX_PLAYERS]>,
    /// The values a fused comparison reads (`Op::CompareLeaves`, `Op::CompareConst`).
    leaves: Vec<Op>,
}

/// `Op::Count` over the whole board.
const WHOLE_BOARD: u32 = u32::MAX;

/// Programs up to this deep run on a stack array; deeper ones (rare) on a vector.
const SMALL: usize = 8;

impl Program {
    /// The program of one expression.
    pub fn of(e: &Expr) -> Program {
        let mut p = Program::default();
        let mut height = 0;
        p.emit(e, &mut height);
        p.thread_jumps();
        p.fuse();
        p
    }

    /// Fewer, larger operations, the program's meaning unchanged: a comparison of two
    /// values read from the position, or of one with a constant, becomes one operation,
    /// and a `Bool` after an operation that leaves 0 or 1 goes. A typical condition (`a ==
    /// b and c > 0`) then runs in half the steps.
    fn fuse(&mut self) {
        let old = std::mem::take(&mut self.ops);
        // `at[i]`: where old operation `i` (or what replaced it) now stands.
        let mut at = vec![0u32; old.len() + 1];
        let mut i = 0;
        while i < old.len() {
            let here = self.ops.len() as u32;
            at[i] = here;
            // No fused run may swallow a jump's target.
            let targeted = |j: usize| {
                old.iter()
                    .any(|op| matches!(op, Op::AndJump(t) | Op::OrJump(t) if *t as usize == j))
            };
            match &old[i..] {
                [a, b, op3 @ Op::Binary(op), ..]
                    if op3.is_boolean()
                        && a.is_leaf()
                        && b.is_leaf()
                        && !targeted(i + 1)
                        && !targeted(i + 2) =>
                {
                    let (a, b) = (self.leaf_index(a), self.leaf_index(b));
                    self.ops.push(Op::CompareLeaves(a, *op, b));
                    at[i + 1] = here;
                    at[i + 2] = here;
                    i += 3;
                }
                [a, op2 @ Op::BinaryConst(op, k), ..]
                    if op2.is_boolean() && a.is_leaf() && !targeted(i + 1) =>
                {
                    let a = self.leaf_index(a);
                    self.ops.push(Op::CompareConst(a, *op, *k));
                    at[i + 1] = here;
                    i += 2;
                }
                [Op::Bool, ..] if self.ops.last().is_some_and(Op::is_boolean) => {
                    // Whatever jumps here brings 0 or 1 too.
                    i += 1;
                }
                [op, ..] => {
                    self.ops.push(op.clone());
                    i += 1;
                }
                [] => unreachable!("i < old.len()"),
            }
        }
        at[old.len()] = self.ops.len() as u32;
        for op in &mut self.ops {
            if let Op::AndJump(t) | Op::OrJump(t) = op {
                *t = at[*t as usize];
            }
        }
    }

    fn leaf_index(&mut self, op: &Op) -> u32 {
        self.leaves.push(op.clone());
        (self.leaves.len() - 1) as u32
    }

    /// Points each jump of `and` (`or`) that lands on another jump of `and` (`or`) past
    /// it: the value it leaves would make that one jump too. A chain `a and b and c` whose
    /// `a` fails then costs one jump, not one per part.
    fn thread_jumps(&mut self) {
        for i in 0..self.ops.len() {
            let (Op::AndJump(mut to) | Op::OrJump(mut to)) = self.ops[i] else {
                continue;
            };
            let is_and = matches!(self.ops[i], Op::AndJump(_));
            while let Some(next) = self.ops.get(to as usize) {
                match next {
                    Op::AndJump(t) if is_and => to = *t,
                    Op::OrJump(t) if !is_and => to = *t,
                    _ => break,
                }
            }
            self.ops[i] = if is_and {
                Op::AndJump(to)
            } else {
                Op::OrJump(to)
            };
        }
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
        p.thread_jumps();
        p.fuse();
        Some(p)
    }

    /// Appends `op`, which changes the stack's height by `change`.
    fn push(&mut self, op: Op, height: &mut usize, change: isize) {
        self.ops.push(op);
        *height = height.saturating_add_signed(change);
        self.depth = self.depth.max(*height);
    }

    fn pattern(&mut self, p: &Pattern) -> u32 {
        self.patterns.push(*p);
        (self.patterns.len() - 1) as u32
    }

    fn dirs(&mut self, dirs: &[Vec<DirId>]) -> u32 {
        self.lines.push(dirs.to_vec());
        (self.lines.len() - 1) as u32
    }

    fn emit(&mut self, e: &Expr, h: &mut usize) {
        match e {
            Expr::Int(n) => self.push(Op::Int(*n), h, 1),
            Expr::Square(r) => self.push(Op::Square(*r), h, 1),
            Expr::File(a) => self.unary_op(a, Op::File, h),
            Expr::Rank(a) => self.unary_op(a, Op::Rank, h),
            Expr::Row(a) => self.unary_op(a, Op::Row, h),
            Expr::InZone(z, a) => self.unary_op(a, Op::InZone(*z as u32), h),
            Expr::Count(p, z) => {
                let p = self.pattern(p);
                let z = z.map_or(WHOLE_BOARD, |z| z as u32);
                self.push(Op::Count(p, z), h, 1)
            }
            Expr::Pieces(own) => self.push(Op::Pieces(*own), h, 1),
            Expr::Seeds(a) => self.unary_op(a, Op::Seeds, h),
            Expr::SeedsIn(z) => self.push(Op::SeedsIn(*z as u32), h, 1),
            Expr::Store => self.push(Op::Store, h, 1),
            Expr::Lifted => self.push(Op::Lifted, h, 1),
            Expr::Laps => self.push(Op::Laps, h, 1),
            Expr::Previous(f) => self.push(Op::Previous(*f), h, 1),
            Expr::CaptureReachable => self.push(Op::Reachable, h, 1),
            Expr::Attacked(a) => self.unary_op(a, Op::Attacked, h),
            Expr::Moved(a) => self.unary_op(a, Op::Moved, h),
            Expr::AttackedAny(p) => {
                let p = self.pattern(p);
                self.push(Op::AttackedAny(p), h, 1)
            }
            Expr::Offset(a, steps) => {
                self.steps.push(*steps);
                let i = (self.steps.len() - 1) as u32;
                self.unary_op(a, Op::Offset(i), h)
            }
            Expr::Is(a, p, off) => {
                let p = self.pattern(p);
                self.unary_op(a, Op::Is(p, *off), h)
            }
            Expr::Around(p, a, dirs) => {
                let (p, d) = (self.pattern(p), self.dirs(dirs));
                self.unary_op(a, Op::Around(p, d), h)
            }
            Expr::Line(p, n, dirs) => {
                let (p, d) = (self.pattern(p), self.dirs(dirs));
                self.push(Op::Line(p, *n as u32, d), h, 1)
            }
            Expr::Connected(p, a, b, dirs) => {
                let (p, d) = (self.pattern(p), self.dirs(dirs));
                self.push(Op::Connected(p, *a as u32, *b as u32, d), h, 1)
            }
            Expr::Clock => self.push(Op::Clock, h, 1),
            Expr::Passes => self.push(Op::Passes, h, 1),
            Expr::Repeated => self.push(Op::Repeated, h, 1),
            Expr::Turned => self.push(Op::Turned, h, 1),
            Expr::Taken => self.push(Op::Taken, h, 1),
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
            Expr::Binary(op, a, b) => match **b {
                Expr::Int(k) => self.unary_op(a, Op::BinaryConst(*op, k), h),
                _ => self.binary_op(a, b, Op::Binary(*op), h),
            },
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

    /// The value in `env`, or `None` where it overflows (as `expr::eval`). The commonest
    /// shapes (one value read, or compared with a constant: `count(friend) == 0`,
    /// `line(friend, 4)`) are read directly, without the stack.
    pub fn eval(&self, env: &Env) -> Option<i64> {
        match self.ops.as_slice() {
            [leaf] if leaf.is_leaf() => Some(self.leaf(leaf, env)),
            [leaf, Op::BinaryConst(op, k)] if leaf.is_leaf() => {
                binary(*op, self.leaf(leaf, env), *k)
            }
            [leaf, Op::Unary(op)] if leaf.is_leaf() => unary(*op, self.leaf(leaf, env)),
            _ if self.depth <= SMALL => self.run(env, &mut [0; SMALL]),
            _ => self.run(env, &mut vec![0; self.depth]),
        }
    }

    /// The program as a test of a player's number of pieces (`count(friend) == 0`: whose
    /// pieces, the comparison, the constant), for the end rules, which read it every ply
    /// and can then skip building an environment.
    #[inline]
    pub fn pieces_test(&self) -> Option<(bool, BinOp, i64)> {
        match self.ops.as_slice() {
            [Op::CompareConst(a, op, k)] => match self.leaves[*a as usize] {
                Op::Pieces(own) => Some((own, *op, *k)),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether `pieces_test` holds for a player with `mine` pieces, the others having
    /// `theirs`.
    #[inline]
    pub fn pieces_hold(own: bool, op: BinOp, k: i64, mine: usize, theirs: usize) -> bool {
        binary_holds(op, if own { mine } else { theirs } as i64, k)
    }

    /// Whether a condition holds; an overflow (which the checker rules out) does not.
    #[inline]
    pub fn holds(&self, env: &Env) -> bool {
        self.eval(env).is_some_and(|v| v != 0)
    }

    /// The value of an operation that pops nothing (`Op::is_leaf`).
    #[inline(always)]
    fn leaf(&self, op: &Op, env: &Env) -> i64 {
        match op {
            // Comparisons never overflow.
            Op::CompareLeaves(a, op, b) => {
                let a = self.read(&self.leaves[*a as usize], env);
                let b = self.read(&self.leaves[*b as usize], env);
                i64::from(binary_holds(*op, a, b))
            }
            Op::CompareConst(a, op, k) => {
                let a = self.read(&self.leaves[*a as usize], env);
                i64::from(binary_holds(*op, a, *k))
            }
            _ => self.read(op, env),
        }
    }

    /// The value of a leaf that is not a fused comparison. Out of line: inlined into `run`,
    /// its reads of the environment are all loaded before the loop, however few the
    /// program reads.
    #[inline(never)]
    fn read(&self, op: &Op, env: &Env) -> i64 {
        match op {
            Op::Int(n) => *n,
            Op::Square(r) => match r {
                SquareRef::From => env.from as i64,
                SquareRef::To => env.to as i64,
                SquareRef::Here => env.here as i64,
            },
            Op::Lifted => env.lifted as i64,
            Op::Laps => env.laps as i64,
            Op::Previous(f) => env.previous.field(*f),
            Op::Reachable => env.reachable as i64,
            Op::Clock => env.clock as i64,
            Op::Passes => env.passes as i64,
            Op::Repeated => env.repeated as i64,
            Op::Turned => env.turned as i64,
            Op::Taken => env.taken as i64,
            // The pieces a player has: the commonest end rule (`count(friend) == 0`).
            Op::Pieces(own) => {
                let player = env.player as usize;
                let mine = env.occupied[player].len() as i64;
                if *own {
                    mine
                } else {
                    env.occupied.iter().map(|o| o.len() as i64).sum::<i64>() - mine
                }
            }
            _ => self.read_counted(op, env),
        }
    }

    /// The value of a leaf that looks over the board (a count, a line, a store). Kept out
    /// of line: inlined, its many reads of the environment would be loaded before every
    /// program's loop, however short the program (a few hundred instructions a call).
    #[inline(never)]
    fn read_counted(&self, op: &Op, env: &Env) -> i64 {
        let player = env.player as usize;
        match op {
            Op::Count(p, zone) => {
                let zone = (*zone != WHOLE_BOARD).then_some(*zone as usize);
                count(&self.patterns[*p as usize], zone, env)
            }
            Op::SeedsIn(z) => env.zones[*z as usize].sets[player]
                .iter()
                .map(|sq| env.seeds(sq as i64))
                .sum(),
            Op::Store => env.store(player),
            Op::AttackedAny(p) => {
                let set = pattern_squares(&self.patterns[*p as usize], env);
                let any = set.iter().any(|sq| attacked(env, sq));
                any as i64
            }
            Op::Line(p, n, dirs) => {
                let dirs = &self.lines[*dirs as usize][player];
                line(env, &self.patterns[*p as usize], *n as usize, dirs) as i64
            }
            Op::Connected(p, a, b, dirs) => {
                let dirs = &self.lines[*dirs as usize][player];
                let p = &self.patterns[*p as usize];
                connected(env, p, *a as usize, *b as usize, dirs) as i64
            }
            _ => unreachable!("not a leaf, or a fused comparison"),
        }
    }

    /// An operation on one value that reads the board around a square (`seeds`,
    /// `attacked`, `moved`, `is`, `around`, a step away). Kept out of line for the reason
    /// `read_counted` is.
    #[inline(never)]
    fn apply_unary(&self, op: &Op, a: i64, on_board: bool, env: &Env) -> i64 {
        let player = env.player as usize;
        match op {
            Op::Seeds => env.seeds(a),
            Op::Attacked => (on_board && attacked(env, a as u16)) as i64,
            Op::Moved => (on_board && env.moved.contains(a as u16)) as i64,
            Op::Offset(i) => {
                let (dx, dy) = self.steps[*i as usize][player];
                offset(env, a, dx, dy)
            }
            Op::Is(p, off) => match env.code_at(a) {
                None => *off as i64,
                Some(code) => self.patterns[*p as usize].matches(env.player, code) as i64,
            },
            Op::Around(p, dirs) => {
                let set = pattern_squares(&self.patterns[*p as usize], env);
                self.lines[*dirs as usize][player]
                    .iter()
                    .filter(|&&d| {
                        let n = toward(env, a, d);
                        n != OFF && set.contains(n as u16)
                    })
                    .count() as i64
            }
            _ => unreachable!("an operation on one value read in line"),
        }
    }

    fn run(&self, env: &Env, stack: &mut [i64]) -> Option<i64> {
        let mut sp = 0usize;
        let mut pc = 0usize;
        let player = env.player as usize;
        let ops = self.ops.as_slice();
        while pc < ops.len() {
            let op = &ops[pc];
            pc += 1;
            // The commonest operations first, each read once: comparisons and jumps.
            match op {
                Op::CompareConst(..) | Op::CompareLeaves(..) => {
                    stack[sp] = self.leaf(op, env);
                    sp += 1;
                    continue;
                }
                Op::BinaryConst(b_op, k) => {
                    let a = stack[sp - 1];
                    stack[sp - 1] = binary(*b_op, a, *k)?;
                    continue;
                }
                Op::Binary(b_op) => {
                    sp -= 1;
                    let (a, b) = (stack[sp - 1], stack[sp]);
                    stack[sp - 1] = binary(*b_op, a, b)?;
                    continue;
                }
                Op::AndJump(to) | Op::OrJump(to) => {
                    sp -= 1;
                    let first = stack[sp] != 0;
                    if first != matches!(op, Op::AndJump(_)) {
                        // `and` with a false first operand, `or` with a true one: decided.
                        pc = *to as usize;
                        stack[sp] = first as i64;
                        sp += 1;
                    }
                    continue;
                }
                Op::Int(n) => {
                    stack[sp] = *n;
                    sp += 1;
                    continue;
                }
                _ => {}
            }
            let value = match op {
                _ if op.is_leaf() => self.leaf(op, env),
                Op::File
                | Op::Rank
                | Op::Row
                | Op::InZone(_)
                | Op::Unary(_)
                | Op::BinaryConst(..)
                | Op::Abs
                | Op::Offset(_)
                | Op::Seeds
                | Op::Is(..)
                | Op::Attacked
                | Op::Moved
                | Op::Around(..) => {
                    sp -= 1;
                    let a = stack[sp];
                    // A square that is `OFF` has no file, rank or row (-1) and is in no zone.
                    let on_board = (0..env.cells.max(1) as i64).contains(&a) || env.cells == 0;
                    match op {
                        Op::File | Op::Rank | Op::Row if !on_board => -1,
                        Op::File => a.rem_euclid(env.width as i64),
                        Op::Rank => a.div_euclid(env.width as i64),
                        Op::Row => env.rows[player * env.cells + a as usize] as i64,
                        Op::InZone(_) if !on_board => 0,
                        Op::InZone(z) => {
                            env.zones[*z as usize].squares[player * env.cells + a as usize] as i64
                        }
                        Op::Unary(u) => unary(*u, a)?,
                        Op::BinaryConst(b_op, k) => binary(*b_op, a, *k)?,
                        Op::Abs => a.checked_abs()?,
                        _ => self.apply_unary(op, a, on_board, env),
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
                _ => unreachable!("every leaf is read by the first arm"),
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

    fn int(n: i64) -> Box<Expr> {
        Box::new(Expr::Int(n))
    }

    fn bin(op: BinOp, a: Box<Expr>, b: Box<Expr>) -> Box<Expr> {
        Box::new(Expr::Binary(op, a, b))
    }

    /// Programs compute what arithmetic says, short-circuits included (`0 and 1 / 0` is
    /// never divided), and overflow gives no value.
    #[test]
    fn programs_compute_their_values() {
        let env = Env::constant();
        let cases = [
            (
                bin(BinOp::Add, int(2), bin(BinOp::Mul, int(3), int(4))),
                Some(14),
            ),
            (
                bin(BinOp::And, int(0), bin(BinOp::Div, int(1), int(0))),
                Some(0),
            ),
            (bin(BinOp::Or, int(7), int(0)), Some(1)),
            (bin(BinOp::Or, int(0), int(0)), Some(0)),
            (bin(BinOp::And, int(3), int(5)), Some(1)),
            (
                Box::new(Expr::Min(int(3), bin(BinOp::Sub, int(1), int(9)))),
                Some(-8),
            ),
            (
                Box::new(Expr::Unary(UnOp::Not, bin(BinOp::Eq, int(1), int(1)))),
                Some(0),
            ),
            (bin(BinOp::Pow, int(2), int(70)), None),
        ];
        for (e, want) in cases {
            assert_eq!(Program::of(&e).eval(&env), want, "{e:?}");
        }
        let all = Program::all(&[Expr::Int(1), Expr::Int(2), Expr::Int(0)]).unwrap();
        assert_eq!(all.eval(&env), Some(0));
        let all = Program::all(&[Expr::Int(1), Expr::Int(2)]).unwrap();
        assert_eq!(all.eval(&env), Some(1));
        assert_eq!(Program::all(&[]), None);
    }

    /// The program of `e` as emitted, before `fuse`.
    fn unfused(e: &Expr) -> Program {
        let mut p = Program::default();
        let mut height = 0;
        p.emit(e, &mut height);
        p.thread_jumps();
        p
    }

    /// Fused comparisons and dropped `Bool`s change no value: thousands of conditions of
    /// comparisons, `and`, `or`, `not` and arithmetic (which may overflow, and so is never
    /// fused) give what the program as emitted gives.
    #[test]
    fn fusing_changes_no_value() {
        let mut rng = crate::search::rng::Rng::new(12345);
        let mut next = |n: u64| rng.below(n as usize) as u64;
        fn build(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Box<Expr> {
            let ops = [
                BinOp::Eq,
                BinOp::Ne,
                BinOp::Lt,
                BinOp::Ge,
                BinOp::And,
                BinOp::Or,
                BinOp::Add,
                BinOp::Mul,
            ];
            match next(if depth == 0 { 1 } else { 4 }) {
                0 => int([0, 1, 2, i64::MAX][next(4) as usize]),
                1 => Box::new(Expr::Unary(UnOp::Not, build(next, depth - 1))),
                _ => bin(
                    ops[next(ops.len() as u64) as usize],
                    build(next, depth - 1),
                    build(next, depth - 1),
                ),
            }
        }
        let env = Env::constant();
        let mut fused_some = 0;
        for _ in 0..5000 {
            let e = build(&mut next, 4);
            let (p, q) = (Program::of(&e), unfused(&e));
            assert_eq!(p.eval(&env), q.eval(&env), "{e:?}");
            fused_some += usize::from(p.ops.len() < q.ops.len());
        }
        assert!(fused_some > 1000, "{fused_some}");
    }
}
