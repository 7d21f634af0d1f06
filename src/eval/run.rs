//! Programs run: a loop over a program's operations on a small stack, the commonest
//! shapes read without it. A condition then costs one loop over a few operations instead
//! of a recursive call per node of its tree.

use super::arith::{binary, binary_holds, unary};
use super::attack::attacked;
use super::board::{
    connected, count, count_where, group_read, groups, in_hand, line, line_through, offset,
    pattern_squares, pattern_squares_within, pieces, reaches, seen, touches, toward,
};
use super::env::Env;
use crate::ir::expr::OFF;
use crate::ir::program::{Op, Probe, Program, Scalar, NO_GROUP, WHOLE_BOARD};
use crate::ir::{BinOp, Mask, SquareRef};

/// Programs up to this deep run on a stack array; deeper ones (rare) on a vector.
const SMALL: usize = 8;

impl Program {
    /// The value in `env`, or `None` where it overflows (as `eval::eval`). The commonest
    /// shapes (one value read, or compared with a constant: `count(friend) == 0`,
    /// `line(friend, 4)`) are read directly, without the stack.
    pub fn eval<M: Mask>(&self, env: &Env<M>) -> Option<i64> {
        match self.ops.as_slice() {
            [leaf] if leaf.is_leaf() => Some(self.leaf(leaf, env)),
            [leaf, Op::BinaryConst(op, k)] if leaf.is_leaf() => {
                binary(*op, self.leaf(leaf, env), *k)
            }
            [leaf, Op::Unary(op)] if leaf.is_leaf() => unary(*op, self.leaf(leaf, env)),
            // Two values read, combined and compared (`count(friend) + count(friend in
            // hand) <= 2`).
            [a, b, Op::Binary(op), Op::BinaryConst(cmp, k)] if a.is_leaf() && b.is_leaf() => {
                let value = binary(*op, self.leaf(a, env), self.leaf(b, env))?;
                binary(*cmp, value, *k)
            }
            // A square read and something of it (`line(friend, 3 through to)`, `to is
            // empty`).
            [leaf, one] if leaf.is_leaf() && one.pops_one() => {
                self.one(one, self.leaf(leaf, env), env)
            }
            // `a and b and …`: the first 0 decides, else the last value.
            _ if self.conjunction && self.probed => Some(self.conjoined(env)),
            _ if self.conjunction => {
                let mut value = 0;
                for leaf in self.ops.iter().step_by(2) {
                    value = self.leaf(leaf, env);
                    if value == 0 {
                        break;
                    }
                }
                Some(value)
            }
            // `a or b or …`: the first value not 0 decides (1), else the last value.
            _ if self.disjunction => {
                let mut value = 0;
                for leaf in self.ops.iter().step_by(2) {
                    value = self.leaf(leaf, env);
                    if value != 0 {
                        return Some(1);
                    }
                }
                Some(value)
            }
            _ if self.depth <= SMALL => self.run(env, &mut [0; SMALL]),
            _ => self.run(env, &mut vec![0; self.depth]),
        }
    }

    /// A conjunction (`Program::conjunction`) with a probe among its parts
    /// (`Program::probed`): the first 0 decides, else the last value. Its parts are most
    /// often probes of the move's squares, compared or not
    /// (`not moved(from) and to + (1, 0) is friend rook`): those are read here, through
    /// `probe_in_line`, rather than through `read` and `read_counted` (two calls, two
    /// dispatches on the operation, a part). Out of line, so that the other shapes of
    /// `eval` are laid out as they were.
    #[inline(never)]
    fn conjoined<M: Mask>(&self, env: &Env<M>) -> i64 {
        let mut value = 0;
        for leaf in self.ops.iter().step_by(2) {
            value = match leaf {
                Op::Probe { probe, .. } => self.probe_in_line(&self.probes[*probe as usize], env),
                Op::CompareConst(a, op, k) => match &self.leaves[*a as usize] {
                    Op::Probe { probe, .. } => {
                        let a = self.probe_in_line(&self.probes[*probe as usize], env);
                        i64::from(binary_holds(*op, a, *k))
                    }
                    _ => self.leaf(leaf, env),
                },
                _ => self.leaf(leaf, env),
            };
            if value == 0 {
                break;
            }
        }
        value
    }

    /// `probe`, with the two commonest reads (`moved`, `is`) written in line; the others
    /// through `apply_unary`.
    #[inline(always)]
    fn probe_in_line<M: Mask>(&self, probe: &Probe, env: &Env<M>) -> i64 {
        let sq = self.probed_square(probe, env);
        match probe.read {
            Op::Moved => (on_board(sq, env) && env.moved.has(sq as u16)) as i64,
            Op::Is(p, off) => match env.code_at(sq) {
                None => off as i64,
                Some(code) => self.patterns[p as usize].matches(env.player, code) as i64,
            },
            _ => self.apply_unary(&probe.read, sq, on_board(sq, env), env),
        }
    }

    /// The shape `clock OP N` (or `passes`, `repeated`, `reachable(capture)`): the number
    /// read, the operator and the number compared with, so that an end rule of that shape
    /// is read without building an environment (`EndRule::shape`).
    pub fn scalar_test(&self) -> Option<(Scalar, BinOp, i64)> {
        let (leaf, op, k) = self.compared_leaf()?;
        let scalar = match leaf {
            Op::Clock => Scalar::Clock,
            Op::Passes => Scalar::Passes,
            Op::Repeated => Scalar::Repeated,
            Op::Reachable => Scalar::Reachable,
            _ => return None,
        };
        Some((scalar, op, k))
    }

    /// Where the program is one value read and compared with a number (`clock >= 100`,
    /// `previous(rule) == leap`): the read, the operator and the number.
    pub fn compared_leaf(&self) -> Option<(&Op, BinOp, i64)> {
        match self.ops.as_slice() {
            [Op::CompareConst(a, op, k)] => Some((&self.leaves[*a as usize], *op, *k)),
            _ => None,
        }
    }

    /// Whether a condition holds; an overflow (which the checker rules out) does not.
    #[inline]
    pub fn holds<M: Mask>(&self, env: &Env<M>) -> bool {
        self.eval(env).is_some_and(|v| v != 0)
    }

    /// The value of an operation that pops nothing (`Op::is_leaf`).
    #[inline(always)]
    fn leaf<M: Mask>(&self, op: &Op, env: &Env<M>) -> i64 {
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
    fn read<M: Mask>(&self, op: &Op, env: &Env<M>) -> i64 {
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
            Op::Reader => env.player as i64,
            Op::Repeated => env.repeated as i64,
            Op::Turned => env.turned as i64,
            Op::Taken => env.taken as i64,
            Op::Stuck => env.stuck.is_some_and(|stuck| stuck()) as i64,
            Op::Counter(slot, shared, named) => {
                let player = if *named == u8::MAX {
                    env.player
                } else {
                    *named
                };
                let i = crate::ir::counter_slot(*slot, *shared, player as usize);
                env.counters.get(i).map_or(0, |&v| v as i64)
            }
            // The pieces a player has: the commonest end rule (`count(friend) == 0`).
            Op::Pieces(own) => {
                let players = env.game.map_or(env.occupied.len(), |g| g.players.len());
                pieces(env.occupied, players, env.player as usize, *own)
            }
            _ => self.read_counted(op, env),
        }
    }

    /// What a probe reads: its square (a step away, if it has one), and the board there.
    /// Out of line, and reached through `read_counted`: read in `read`, it made a perft
    /// that seldom reads a probe take 1.04 of the time with the same instructions (the
    /// hot loops laid out anew; INTERNALS has the figures); from here, 1.00.
    #[inline(never)]
    fn probe<M: Mask>(&self, probe: &Probe, env: &Env<M>) -> i64 {
        let sq = self.probed_square(probe, env);
        self.apply_unary(&probe.read, sq, on_board(sq, env), env)
    }

    /// The square a probe reads: a square of the move, a step away where it has one.
    #[inline(always)]
    fn probed_square<M: Mask>(&self, probe: &Probe, env: &Env<M>) -> i64 {
        let sq = match probe.square {
            SquareRef::From => env.from as i64,
            SquareRef::To => env.to as i64,
            SquareRef::Here => env.here as i64,
        };
        match probe.step {
            Some(k) => {
                let (dx, dy) = self.steps[k as usize][env.player as usize];
                offset(env, sq, dx, dy)
            }
            None => sq,
        }
    }

    /// The value of a leaf that looks over the board (a count, a line, a store). Kept out
    /// of line: inlined, its many reads of the environment would be loaded before every
    /// program's loop, however short the program (a few hundred instructions a call).
    #[inline(never)]
    fn read_counted<M: Mask>(&self, op: &Op, env: &Env<M>) -> i64 {
        let player = env.player as usize;
        match op {
            Op::Count(p, zone) => {
                let zone = (*zone != WHOLE_BOARD).then_some(*zone as usize);
                count(&self.patterns[*p as usize], zone, env)
            }
            Op::SeedsIn(z) => env
                .zone(*z as usize)
                .squares()
                .map(|sq| env.seeds(sq as i64))
                .sum(),
            Op::Store => env.store(player),
            Op::AttackedAny(p, by) => {
                let set = pattern_squares(&self.patterns[*p as usize], env);
                let any = set.squares().any(|sq| attacked(env, sq, *by));
                any as i64
            }
            Op::Line(p, n, dirs) => {
                let dirs = &self.lines[*dirs as usize][player];
                line(env, &self.patterns[*p as usize], *n as usize, dirs) as i64
            }
            Op::InHand(p) => in_hand(&self.patterns[*p as usize], env),
            Op::Groups(p, dirs) => groups(
                env,
                &self.patterns[*p as usize],
                &self.lines[*dirs as usize][player],
            ),
            Op::Seen(n) => seen(env, *n as usize) as i64,
            Op::CountWhere(p, zone, c) => {
                let zone = (*zone != WHOLE_BOARD).then_some(*zone as usize);
                if let Some(t) = self
                    .condition_tables
                    .get(*c as usize)
                    .and_then(Option::as_ref)
                {
                    // Decided for every square when the game was compiled; a move's square
                    // that is none (a piece placed has no `from`) is read as written.
                    if let Some(row) = t.row(env.player, env.from, env.to, env.cells) {
                        let rows = M::at(&t.sets, row);
                        let within = match zone {
                            Some(z) => rows & env.zone(z),
                            None => rows,
                        };
                        let set =
                            pattern_squares_within(&self.patterns[*p as usize], env, Some(within));
                        return set.count() as i64;
                    }
                }
                let condition = &self.conditions[*c as usize];
                let group = self
                    .condition_groups
                    .get(*c as usize)
                    .filter(|&&g| g != NO_GROUP)
                    .map(|&g| self.lines[g as usize][player].as_slice());
                // One environment for every square, its `here` moved on: not a copy of
                // some hundred bytes a square.
                let mut at = *env;
                count_where(&self.patterns[*p as usize], zone, env, group, |sq| {
                    at.here = sq;
                    condition.holds(&at)
                })
            }
            Op::Connected(p, a, b, dirs) => {
                let dirs = &self.lines[*dirs as usize][player];
                let p = &self.patterns[*p as usize];
                connected(env, p, *a as usize, *b as usize, dirs) as i64
            }
            Op::Probe { probe, .. } => self.probe(&self.probes[*probe as usize], env),
            _ => unreachable!("not a leaf, or a fused comparison"),
        }
    }

    /// An operation on one value that reads the board around a square (`seeds`,
    /// `attacked`, `moved`, `is`, `around`, a step away). Kept out of line for the reason
    /// `read_counted` is.
    #[inline(never)]
    fn apply_unary<M: Mask>(&self, op: &Op, a: i64, on_board: bool, env: &Env<M>) -> i64 {
        let player = env.player as usize;
        match op {
            Op::Seeds => env.seeds(a),
            Op::Attacked(by) => (on_board && attacked(env, a as u16, *by)) as i64,
            Op::Moved => (on_board && env.moved.has(a as u16)) as i64,
            Op::Height => env.height(a),
            Op::Toward(i) => {
                let dir = self.lines[*i as usize][player][0];
                toward(env, a, dir)
            }
            Op::Offset(i) => {
                let (dx, dy) = self.steps[*i as usize][player];
                offset(env, a, dx, dy)
            }
            Op::Is(p, off) => match env.code_at(a) {
                None => *off as i64,
                Some(code) => self.patterns[*p as usize].matches(env.player, code) as i64,
            },
            Op::LineThrough(p, n, dirs) => {
                (on_board
                    && line_through(
                        env,
                        &self.patterns[*p as usize],
                        *n as usize,
                        &self.lines[*dirs as usize][player],
                        a as u16,
                    )) as i64
            }
            Op::Group(read, dirs) if on_board => {
                group_read(env, *read, a as u16, &self.lines[*dirs as usize][player])
            }
            Op::Reaches(p, dirs) if on_board => reaches(
                env,
                a as u16,
                &self.patterns[*p as usize],
                &self.lines[*dirs as usize][player],
            ) as i64,
            Op::Touches(z, dirs) if on_board => touches(
                env,
                a as u16,
                *z as usize,
                &self.lines[*dirs as usize][player],
            ) as i64,
            Op::Group(..) | Op::Reaches(..) | Op::Touches(..) => 0,
            Op::Around(p, dirs) => {
                let set = pattern_squares(&self.patterns[*p as usize], env);
                self.lines[*dirs as usize][player]
                    .iter()
                    .filter(|&&d| {
                        let n = toward(env, a, d);
                        n != OFF && set.has(n as u16)
                    })
                    .count() as i64
            }
            _ => unreachable!("an operation on one value read in line"),
        }
    }

    /// The value of an operation that pops one value, `a` (`Op::pops_one`).
    #[inline(always)]
    fn one<M: Mask>(&self, op: &Op, a: i64, env: &Env<M>) -> Option<i64> {
        let player = env.player as usize;
        // A square that is `OFF` has no file, rank or row (-1) and is in no zone.
        let on_board = (0..env.cells.max(1) as i64).contains(&a) || env.cells == 0;
        Some(match op {
            Op::File | Op::Rank | Op::Row if !on_board => -1,
            Op::File => a.rem_euclid(env.width as i64),
            Op::Rank => a.div_euclid(env.width as i64),
            Op::Row => env.rows[player * env.cells + a as usize] as i64,
            Op::InZone(_) if !on_board => 0,
            Op::InZone(z) => env.zones[*z as usize].squares[player * env.cells + a as usize] as i64,
            Op::Unary(u) => unary(*u, a)?,
            Op::BinaryConst(b_op, k) => binary(*b_op, a, *k)?,
            Op::Abs => a.checked_abs()?,
            _ => self.apply_unary(op, a, on_board, env),
        })
    }

    fn run<M: Mask>(&self, env: &Env<M>, stack: &mut [i64]) -> Option<i64> {
        let mut sp = 0usize;
        let mut pc = 0usize;
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
                _ if op.pops_one() => {
                    sp -= 1;
                    self.one(op, stack[sp], env)?
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
                Op::OffsetBy => {
                    sp -= 3;
                    offset(env, stack[sp], stack[sp + 1], stack[sp + 2])
                }
                _ => unreachable!("every leaf is read by the first arm"),
            };
            stack[sp] = value;
            sp += 1;
        }
        Some(stack[0])
    }
}

/// Whether `a` is a square of the board (on a board of no squares, a game read before it
/// has one, every value is).
#[inline(always)]
fn on_board<M: Mask>(a: i64, env: &Env<M>) -> bool {
    (0..env.cells.max(1) as i64).contains(&a) || env.cells == 0
}
