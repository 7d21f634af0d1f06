//! `shakmaty-perft FEN DEPTH`: the perft of a chess position by shakmaty, on one thread,
//! as one JSON line `{"nodes":N,"seconds":S}` (the time of the count alone, not of the
//! start-up), for benches/run.sh --chess.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, fen, depth] = &args[..] else {
        eprintln!("usage: shakmaty-perft FEN DEPTH");
        std::process::exit(2);
    };
    let position: Chess = fen
        .parse::<Fen>()
        .expect("a FEN")
        .into_position(CastlingMode::Standard)
        .expect("a legal position");
    let depth: u32 = depth.parse().expect("a depth");
    let started = Instant::now();
    let nodes = shakmaty::perft(&position, depth);
    let seconds = started.elapsed().as_secs_f64();
    println!("{{\"nodes\":{nodes},\"seconds\":{seconds:.6}}}");
}
