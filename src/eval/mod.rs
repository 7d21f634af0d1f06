//! Evaluation: conditions turned into programs and run against a position. The IR holds
//! conditions as data (`ir::Expr`, `ir::Program`); this layer gives them meaning. It is
//! used by the checker (for constants), by the compiler (for square conditions folded into
//! tables, and to turn every condition read during play into a program) and by the engine
//! (which runs them).
//!
//! - `arith`: what the operators mean (checked 64-bit arithmetic);
//! - `env`: what a condition is read against;
//! - `board`: patterns, counts, steps, lines and connections over square sets;
//! - `attack`: `attacked(SQ)`, the capturing rules read backwards from a square;
//! - `lower`: an expression flattened to a program; `run`: a program run;
//! - `lookback`: whether a move's look-back is kept for the next turn.
//!
//! `ir::Program`, `ir::LookGuard` and `ir::Game` are the IR's types; their methods that
//! evaluate (`Program::of`, `Program::holds`, `LookGuard::holds`, `Game::look_matters`)
//! are written here, beside the rest of evaluation.

pub mod arith;
pub mod attack;
pub mod board;
pub mod env;
mod lookback;
mod lower;
pub mod run;

pub use env::{Env, SlotView};

use crate::ir::{Expr, Mask, Program};

/// The value of `e` in `env`, or `None` where it overflows. (Expressions read during play
/// are compiled once, to a `Program`; this compiles on each call.)
pub fn eval<M: Mask>(e: &Expr, env: &Env<M>) -> Option<i64> {
    Program::of(e).eval(env)
}

/// Whether a condition holds. During play the checker's `range` proof rules out overflow;
/// should one happen anyway, the condition does not hold.
pub fn holds<M: Mask>(e: &Expr, env: &Env<M>) -> bool {
    eval(e, env).is_some_and(|v| v != 0)
}

/// An expression read square by square, where no position is read (a zone, the board's
/// mask, a condition on squares): its program, made once before the loop over squares.
/// The checker reads what the board and its zones are this way; `compile` makes the
/// tables read during play.
pub struct SquareReader(Program);

impl SquareReader {
    pub fn new(e: &Expr) -> SquareReader {
        SquareReader(Program::of(e))
    }

    /// The value on square `sq`; where it overflows, 0, with the first such square kept
    /// in `overflow`, so that a loop over squares reports the overflow once.
    pub fn on<M: Mask>(&self, env: &Env<M>, sq: usize, overflow: &mut Option<usize>) -> i64 {
        value(&self.0, env, sq, overflow)
    }
}

/// `SquareReader::on` for an expression read on a few squares only (a setup line, a
/// track's case), made for each reading.
pub fn value_once<M: Mask>(e: &Expr, env: &Env<M>, sq: usize, overflow: &mut Option<usize>) -> i64 {
    SquareReader::new(e).on(env, sq, overflow)
}

/// The value of a program on square `sq`; 0 where it overflows, and then the first such
/// square is kept in `overflow`.
pub fn value<M: Mask>(e: &Program, env: &Env<M>, sq: usize, overflow: &mut Option<usize>) -> i64 {
    e.eval(env).unwrap_or_else(|| {
        overflow.get_or_insert(sq);
        0
    })
}
