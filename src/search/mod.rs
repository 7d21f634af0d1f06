//! What runs the engine many times: perft counts and random playouts.

pub mod mcts;
pub mod perft;
pub mod playout;
pub mod threads;
