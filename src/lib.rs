//! Tabula: board games as text files, played by one generic engine.
//!
//! The pipeline, in the order a `.game` file flows through it:
//! [`syntax`] (text → AST) → [`check`] (AST → IR, every mistake reported, as
//! [`diagnostic`]s) → [`ir`] (the compiled game: plain data, flat tables) → [`engine`]
//! (states, moves, results) → [`present`] (positions, moves and results as text) →
//! [`search`] (perft, playouts, the computer) → [`load`] (finding and compiling a game
//! by name) → [`repl`] (the play session) → [`cli`] (the commands).
//!
//! Each layer uses only the layers before it.

pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod eval;
pub mod ir;
pub mod load;
pub mod present;
pub mod repl;
pub mod rng;
pub mod search;
pub mod syntax;
