//! Conditions turned into programs: an expression tree flattened to postfix operations
//! (`ir::Program`), with jumps for the short-circuit `and` and `or`, then fused into fewer,
//! larger operations. `run.rs` beside this runs them.

use crate::ir::program::{CountTest, Counted, Op, Probe, Program, BY_CELL, NO_GROUP, WHOLE_BOARD};
use crate::ir::{BinOp, DirId, Expr, GroupRead, Pattern, SquareRef, UnOp, MAX_PLAYERS};

/// The probe that `ops` start with (`Square [Offset] READ`, none of its later
/// operations a jump's target) and how many operations it replaces.
fn probe_of(ops: &[Op], targeted: impl Fn(usize) -> bool) -> Option<(Probe, usize)> {
    let [Op::Square(square), rest @ ..] = ops else {
        return None;
    };
    let (step, rest) = match rest {
        [Op::Offset(k), rest @ ..] if !targeted(1) => (Some(*k), rest),
        _ => (None, rest),
    };
    let at = ops.len() - rest.len();
    let read = rest
        .first()
        .filter(|op| op.reads_board_at() && !targeted(at))?;
    let probe = Probe {
        square: *square,
        step,
        read: read.clone(),
    };
    Some((probe, at + 1))
}

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

    /// Fewer, larger operations, the program's meaning unchanged: a square of the move and
    /// what is read of the board there (`moved(to + e)`) becomes one operation (a probe);
    /// then a comparison of two values read from the position, or of one with a constant
    /// (a probe's included), one operation, and a `Bool` after an operation that leaves 0
    /// or 1 goes. A typical condition (`a == b and c > 0`, `not moved(from) and to is
    /// empty`) then runs in half the steps, or fewer.
    fn fuse(&mut self) {
        self.rewrite(|p, ops, targeted| {
            let (probe, len) = probe_of(ops, targeted)?;
            let boolean = probe.read.is_boolean();
            p.probes.push(probe);
            let probe = (p.probes.len() - 1) as u32;
            p.ops.push(Op::Probe { probe, boolean });
            Some(len)
        });
        self.rewrite(|p, ops, targeted| match ops {
            [a, b, op3 @ Op::Binary(op), ..]
                if op3.is_boolean()
                    && a.is_leaf()
                    && b.is_leaf()
                    && !targeted(1)
                    && !targeted(2) =>
            {
                let (a, b) = (p.leaf_index(a), p.leaf_index(b));
                p.ops.push(Op::CompareLeaves(a, *op, b));
                Some(3)
            }
            [a, op2 @ Op::BinaryConst(op, k), ..]
                if op2.is_boolean() && a.is_leaf() && !targeted(1) =>
            {
                let a = p.leaf_index(a);
                p.ops.push(Op::CompareConst(a, *op, *k));
                Some(2)
            }
            // Whatever jumps here brings 0 or 1 too.
            [Op::Bool, ..] if p.ops.last().is_some_and(Op::is_boolean) => Some(1),
            _ => None,
        });
        let end = self.ops.len() as u32;
        self.conjunction = self.ops.len() >= 3
            && self.ops.iter().enumerate().all(|(i, op)| match i % 2 {
                0 => op.is_leaf(),
                _ => *op == Op::AndJump(end),
            })
            && self.ops.len() % 2 == 1;
        self.disjunction = self.is_disjunction();
        self.probed = self.conjunction
            && self.ops.iter().step_by(2).any(|op| match op {
                Op::Probe { .. } => true,
                Op::CompareConst(a, ..) => matches!(self.leaves[*a as usize], Op::Probe { .. }),
                _ => false,
            });
        self.counts = self.count_tests();
        self.previous = match self.compared_leaf() {
            Some((Op::Previous(f), op, k)) => Some((*f, op, k)),
            _ => None,
        };
    }

    /// Rewrites the operations front to back: at each, `fuse` may push what replaces the
    /// operations that start there and say how many it replaced (`None`: the operation
    /// stays as it is). `targeted(j)` says whether the `j`-th of them is a jump's target,
    /// which no fused run may swallow but as its first. The jumps are then pointed where
    /// their targets went.
    fn rewrite(
        &mut self,
        mut fuse: impl FnMut(&mut Program, &[Op], &dyn Fn(usize) -> bool) -> Option<usize>,
    ) {
        let old = std::mem::take(&mut self.ops);
        let mut targets = vec![false; old.len() + 1];
        for op in &old {
            if let Op::AndJump(t) | Op::OrJump(t) = op {
                targets[*t as usize] = true;
            }
        }
        // `at[i]`: where old operation `i` (or what replaced it) now stands.
        let mut at = vec![0u32; old.len() + 1];
        let mut i = 0;
        while i < old.len() {
            let here = self.ops.len() as u32;
            let targeted = |j: usize| targets.get(i + j).copied().unwrap_or(false);
            let len = fuse(self, &old[i..], &targeted).unwrap_or_else(|| {
                self.ops.push(old[i].clone());
                1
            });
            at[i..i + len].fill(here);
            i += len;
        }
        at[old.len()] = self.ops.len() as u32;
        for op in &mut self.ops {
            if let Op::AndJump(t) | Op::OrJump(t) = op {
                *t = at[*t as usize];
            }
        }
    }

    /// Whether the program is values read one after another, each but the last followed
    /// by a jump to the end where it is not 0 (`Program::disjunction`).
    fn is_disjunction(&self) -> bool {
        let end = self.ops.len() as u32;
        self.ops.len() >= 3
            && self.ops.len() % 2 == 1
            && self.ops.iter().enumerate().all(|(i, op)| match i % 2 {
                0 => op.is_leaf(),
                _ => *op == Op::OrJump(end),
            })
    }

    fn leaf_index(&mut self, op: &Op) -> u32 {
        self.leaves.push(op.clone());
        (self.leaves.len() - 1) as u32
    }

    /// Points each jump of `and` (`or`) that lands on another jump of `and` (`or`) past
    /// it: the value it leaves would make that one jump too. A chain `a and b and c` whose
    /// `a` fails then costs one jump, not one per part.
    pub fn thread_jumps(&mut self) {
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

    pub fn emit(&mut self, e: &Expr, h: &mut usize) {
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
            Expr::Counter {
                slot,
                shared,
                player,
            } => self.push(Op::Counter(*slot, *shared, player.unwrap_or(u8::MAX)), h, 1),
            Expr::Lifted => self.push(Op::Lifted, h, 1),
            Expr::Laps => self.push(Op::Laps, h, 1),
            Expr::Previous(f) => self.push(Op::Previous(*f), h, 1),
            Expr::CaptureReachable => self.push(Op::Reachable, h, 1),
            Expr::Attacked(a, by) => self.unary_op(a, Op::Attacked(*by), h),
            Expr::Moved(a) => self.unary_op(a, Op::Moved, h),
            Expr::Height(a) => self.unary_op(a, Op::Height, h),
            Expr::AttackedAny(p, by) => {
                let p = self.pattern(p);
                self.push(Op::AttackedAny(p, *by), h, 1)
            }
            Expr::Offset(a, steps) => {
                self.steps.push(*steps);
                let i = (self.steps.len() - 1) as u32;
                self.unary_op(a, Op::Offset(i), h)
            }
            Expr::OffsetBy(sq, dx, dy) => {
                self.emit(sq, h);
                self.emit(dx, h);
                self.emit(dy, h);
                self.push(Op::OffsetBy, h, -2);
            }
            Expr::Toward(a, dirs) => {
                let d = self.dirs(&dirs.iter().map(|&d| vec![d]).collect::<Vec<_>>());
                self.unary_op(a, Op::Toward(d), h)
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
            Expr::LineThrough(p, n, dirs, a) => {
                let (p, d) = (self.pattern(p), self.dirs(dirs));
                self.unary_op(a, Op::LineThrough(p, *n as u32, d), h)
            }
            Expr::Group(read, a, dirs) => {
                let d = self.dirs(dirs);
                self.unary_op(a, Op::Group(*read, d), h)
            }
            Expr::Binary(op, a, b) if free_test(*op, a, b).is_some() => {
                let (sq, dirs, has) = free_test(*op, a, b).expect("matched");
                let d = self.dirs(dirs);
                self.unary_op(sq, Op::Group(GroupRead::Free, d), h);
                if !has {
                    self.push(Op::Unary(UnOp::Not), h, 0);
                }
            }
            Expr::Reaches(a, p, dirs) => {
                let (p, d) = (self.pattern(p), self.dirs(dirs));
                self.unary_op(a, Op::Reaches(p, d), h)
            }
            Expr::Touches(a, z, dirs) => {
                let d = self.dirs(dirs);
                self.unary_op(a, Op::Touches(*z as u32, d), h)
            }
            Expr::Groups(p, dirs) => {
                let (p, d) = (self.pattern(p), self.dirs(dirs));
                self.push(Op::Groups(p, d), h, 1)
            }
            Expr::Seen(n) => self.push(Op::Seen(n.map_or(0, |n| n as u32)), h, 1),
            Expr::InHand(p) => {
                let p = self.pattern(p);
                self.push(Op::InHand(p), h, 1)
            }
            Expr::CountWhere(p, z, condition) => {
                let p = self.pattern(p);
                let z = z.map_or(WHOLE_BOARD, |z| z as u32);
                self.conditions.push(Program::of(condition));
                let group = match group_constant(condition) {
                    HereRead::Group(dirs) => self.dirs(dirs),
                    HereRead::None | HereRead::Square => NO_GROUP,
                };
                self.condition_groups.push(group);
                let c = (self.conditions.len() - 1) as u32;
                self.push(Op::CountWhere(p, z, c), h, 1)
            }
            Expr::Connected(p, a, b, dirs) => {
                let (p, d) = (self.pattern(p), self.dirs(dirs));
                self.push(Op::Connected(p, *a as u32, *b as u32, d), h, 1)
            }
            Expr::Clock => self.push(Op::Clock, h, 1),
            Expr::Passes => self.push(Op::Passes, h, 1),
            Expr::Reader => self.push(Op::Reader, h, 1),
            Expr::Repeated => self.push(Op::Repeated, h, 1),
            Expr::Turned => self.push(Op::Turned, h, 1),
            Expr::Taken => self.push(Op::Taken, h, 1),
            Expr::Stuck => self.push(Op::Stuck, h, 1),
            Expr::Unary(UnOp::Not, a) => self.emit(&negation(a), h),
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
}

/// A comparison of a group's liberties with 0 or 1 that only asks whether it has one
/// (`liberties(SQ) > 0`, `== 0`, `>= 1`, `< 1`, either way round): the square, the
/// directions, and whether the answer is "it has one".
fn free_test<'a>(
    op: BinOp,
    a: &'a Expr,
    b: &'a Expr,
) -> Option<(&'a Expr, &'a [Vec<DirId>], bool)> {
    let (op, group, k) = match (a, b) {
        (Expr::Group(GroupRead::Liberties, ..), Expr::Int(k)) => (op, a, *k),
        (Expr::Int(k), Expr::Group(GroupRead::Liberties, ..)) => (op.mirrored()?, b, *k),
        _ => return None,
    };
    let Expr::Group(_, sq, dirs) = group else {
        return None;
    };
    let has = match (op, k) {
        (BinOp::Gt, 0) | (BinOp::Ge, 1) | (BinOp::Ne, 0) => true,
        (BinOp::Eq, 0) | (BinOp::Lt, 1) | (BinOp::Le, 0) => false,
        _ => return None,
    };
    Some((sq, dirs, has))
}

/// How a condition of `count(… where …)` reads `here`.
enum HereRead<'e> {
    /// Not at all.
    None,
    /// Only through the group of `here` along these directions: the same for every square
    /// of a group.
    Group(&'e Vec<Vec<DirId>>),
    /// Otherwise.
    Square,
}

/// How `e` reads `here` (see `HereRead`). A `count(… where …)` inside it has a `here` of its
/// own.
fn group_constant(e: &Expr) -> HereRead<'_> {
    match e {
        Expr::Square(SquareRef::Here) => HereRead::Square,
        Expr::CountWhere(..) => HereRead::None,
        Expr::Reaches(a, _, dirs) | Expr::Touches(a, _, dirs) | Expr::Group(_, a, dirs)
            if **a == Expr::Square(SquareRef::Here) =>
        {
            HereRead::Group(dirs)
        }
        _ => e.children().into_iter().fold(HereRead::None, |acc, child| {
            match (acc, group_constant(child)) {
                (HereRead::Square, _) | (_, HereRead::Square) => HereRead::Square,
                (HereRead::None, other) | (other, HereRead::None) => other,
                (HereRead::Group(a), HereRead::Group(b)) if a == b => HereRead::Group(a),
                _ => HereRead::Square,
            }
        }),
    }
}

/// `not e` without a `not`: `not (a and b)` is `not a or not b`, `not (a or b)` is `not a
/// and not b`, `not (a == b)` is `a != b` (likewise the other comparisons), and any other
/// `not x` is `x == 0`. Each has the same value (0 or 1), reads its parts in the same order
/// and overflows where the other does, and takes no more operations; but a value read and
/// compared is one fused operation (`not moved(from)` is `moved(from) == 0`), so that a
/// chain of them (`not moved(from) and not attacked(from)`, `taken > 0 or not (a == b and
/// c == d)`) is read without the stack (`Program::conjunction`, `Program::disjunction`).
fn negation(e: &Expr) -> Expr {
    match e {
        Expr::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
            let flipped = if *op == BinOp::And {
                BinOp::Or
            } else {
                BinOp::And
            };
            Expr::Binary(flipped, Box::new(negation(a)), Box::new(negation(b)))
        }
        Expr::Binary(op, a, b) if op.negated().is_some() => {
            Expr::Binary(op.negated().expect("a comparison"), a.clone(), b.clone())
        }
        _ => Expr::Binary(BinOp::Eq, Box::new(e.clone()), Box::new(Expr::Int(0))),
    }
}

impl Program {
    /// `Program::counts` of a lowered program: its comparisons, where every value it reads
    /// is a count compared with a constant, joined by `and` alone.
    fn count_tests(&self) -> Vec<CountTest> {
        let parts: Vec<&Op> = match self.ops.as_slice() {
            [one] => vec![one],
            ops if self.conjunction => ops.iter().step_by(2).collect(),
            _ => return Vec::new(),
        };
        let test = |op: &Op| {
            let Op::CompareConst(a, op, k) = op else {
                return None;
            };
            let counted = match self.leaves[*a as usize] {
                Op::Count(p, zone) => Counted::Squares(self.patterns[p as usize], zone),
                Op::InHand(p) => Counted::InHand(self.patterns[p as usize]),
                Op::Pieces(own) => Counted::Pieces(own),
                _ => return None,
            };
            // A count is never below 0: these compare it with 0 or 1 alone.
            let zero_or_not = matches!(
                (op, k),
                (BinOp::Eq | BinOp::Ne | BinOp::Gt | BinOp::Le, 0) | (BinOp::Lt | BinOp::Ge, 1)
            );
            op.is_comparison().then_some(CountTest {
                counted,
                op: *op,
                k: *k,
                zero_or_not,
                holds_when_any: crate::eval::arith::binary_holds(*op, 1, *k),
                owners: [BY_CELL; MAX_PLAYERS],
            })
        };
        parts
            .into_iter()
            .map(test)
            .collect::<Option<_>>()
            .unwrap_or_default()
    }
}
