//! Tabula: board games as text files, played by one generic engine.
//!
//! The layers, in the order a `.game` file flows through them, each using only layers
//! listed before it (the imports as they stand; tests may reach further):
//!
//! - [`diagnostic`]: problems as data (a [`diagnostic::Kind`] with its code), rendered apart;
//! - [`ir`]: the compiled game as data, types and tables only; imports no other layer;
//! - [`syntax`]: text → syntax tree (diagnostic; the IR's operators and option values);
//! - [`eval`]: conditions turned into programs and run, attacks, board reads (ir);
//! - [`check`]: syntax tree → checked game, every mistake reported (diagnostic, syntax,
//!   ir, eval for constants and the squares of the board and its zones);
//! - [`compile`]: checked game → the engine's tables; the front end as a whole (check,
//!   eval, ir, diagnostic, syntax);
//! - [`engine`]: states, moves, results (ir, eval);
//! - [`present`]: positions, moves and results as text and pictures (ir, engine);
//! - [`search`]: perft, playouts, the computer (ir, engine);
//! - [`load`]: finding and compiling a game by name (diagnostic, ir, compile, engine,
//!   present);
//! - [`repl`]: the play session (ir, engine, present, search, load);
//! - [`uci`]: the UCI engine protocol, for GUIs and other engines (ir, engine,
//!   present, search, load);
//! - [`cli`]: the commands (all of the above).
//!
//! [`rng`], the seedable random generator, and [`overwrite`], which keeps a command from
//! writing over a file of another kind, depend on nothing, so every layer may use them.

pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod eval;
pub mod ir;
pub mod load;
pub mod overwrite;
pub mod present;
pub mod repl;
pub mod rng;
pub mod search;
pub mod syntax;
pub mod uci;
