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
mod run;

pub use env::Env;

use crate::ir::{Expr, Program};

/// The value of `e` in `env`, or `None` where it overflows. (Expressions read during play
/// are compiled once, to a `Program`; this compiles on each call.)
pub fn eval(e: &Expr, env: &Env) -> Option<i64> {
    Program::of(e).eval(env)
}

/// Whether a condition holds. During play the checker's `range` proof rules out overflow;
/// should one happen anyway, the condition does not hold.
pub fn holds(e: &Expr, env: &Env) -> bool {
    eval(e, env).is_some_and(|v| v != 0)
}

/// The value of `e` on square `sq`, which the checker knows (no position is read); where
/// it overflows, 0, with the first such square kept in `overflow`, so that a loop over
/// squares reports the overflow once (`Checker::overflow_on`).
/// `value` of an expression read on a few squares only (a setup, a track), compiled for
/// each reading.
pub fn value_once(e: &Expr, env: &Env, sq: usize, overflow: &mut Option<usize>) -> i64 {
    value(&Program::of(e), env, sq, overflow)
}

/// The value of a compiled condition on square `sq`; 0 where it overflows, and then the
/// first such square is kept in `overflow`. (Compile a condition once, before a loop over
/// the squares.)
pub fn value(e: &Program, env: &Env, sq: usize, overflow: &mut Option<usize>) -> i64 {
    e.eval(env).unwrap_or_else(|| {
        overflow.get_or_insert(sq);
        0
    })
}
