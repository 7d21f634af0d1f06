//! The integration tests, as one crate (one binary to build and link): perft tables,
//! rules from hand-made positions, diagnostics snapshots, the engine's invariants over
//! every shipped game, and the command line and play session run as real processes.
//!
//! A test reaches the engine through `Position`, `Workspace` and the `_at` functions
//! (`perft_at`, `playout_at`), which the library compiles, rather than calling the generic
//! engine on a `State` of some layout: this crate is optimised as the library is, and each
//! such call compiles the engine's code for that layout here again (three such tests made
//! this crate's build 23.7 s instead of 17.8 s, of the three minutes the README's test
//! command has).

mod backgammon;
mod boards;
mod chess_rules;
mod cli;
mod common;
mod computer;
mod constructs;
mod counters;
mod diagnostics;
mod dice;
mod fuzz;
mod groups;
mod invariants;
mod jerboa_rules;
mod language;
mod laska_rules;
mod limits;
mod mancala_rules;
mod perft;
mod piles;
mod placement_games;
mod repl;
mod runs;
mod shogi;
mod syntax_errors;
mod units;
mod xiangqi;
mod zigzag_rules;
mod zola_rules;
