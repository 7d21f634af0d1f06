//! What runs the engine many times: perft counts, random playouts and the computer
//! players (Monte Carlo tree search and alpha-beta, chosen per game by `computer`).

pub mod alphabeta;
pub mod computer;
pub mod evaluate;
pub mod mcts;
pub mod perft;
pub mod playout;
pub mod plays;
pub mod threads;
