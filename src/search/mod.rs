//! What runs the engine many times: perft counts and random playouts.

pub mod mcts;
pub mod perft;
pub mod playout;
pub mod rng;
pub mod threads;
