//! Tabula: board games as text files, played by one generic engine.
//!
//! The pipeline, in the order a `.game` file flows through it:
//! [`syntax`] (text → AST) → [`check`] (AST → IR, every mistake reported) → [`ir`] (the
//! compiled game: flat tables) → [`engine`] (states, moves, results) → [`search`] (perft,
//! playouts) → [`cli`] (the commands).

pub mod check;
pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod ir;
pub mod repl;
pub mod search;
pub mod syntax;
