//! shakmaty, a hand-written chess move generator, as the yardstick of benches/run.sh
//! --chess, on one thread:
//!
//! - `shakmaty-perft FEN DEPTH`: the perft of a position, as one JSON line
//!   `{"nodes":N,"seconds":S}` (the time of the count alone, not of the start-up).
//! - `shakmaty-perft playouts N SEED`: N random games from the start, each move drawn
//!   uniformly among the legal moves, ended as games/chess.game ends them (mate or
//!   stalemate, the 100th ply without a capture or pawn move, the third repetition) or at
//!   10,000 plies, as `{"playouts":N,"seconds":S,"plies":P}` with P the average length.
//!   Tabula's `bench chess` plays the same games by the same rules, so that the lengths
//!   agree and the rates compare.

use shakmaty::fen::Fen;
use shakmaty::zobrist::{Zobrist64, ZobristHash};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match &args[1..] {
        [mode, n, seed] if mode == "playouts" => {
            let n: u64 = n.parse().expect("a number of playouts");
            let seed: u64 = seed.parse().expect("a seed");
            playouts(n, seed);
        }
        [fen, depth] => perft(fen, depth),
        _ => {
            eprintln!("usage: shakmaty-perft FEN DEPTH | shakmaty-perft playouts N SEED");
            std::process::exit(2);
        }
    }
}

fn perft(fen: &str, depth: &str) {
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

/// The longest game played; a longer one stops there, as `tabula bench` stops it.
const MAX_PLIES: u64 = 10_000;

fn playouts(n: u64, seed: u64) {
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    // SplitMix64: a generator of its own, so that no crate is added for it.
    let mut below = |bound: usize| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % bound as u64) as usize
    };
    let key = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
    // The keys of the positions since the last capture or pawn move: only these can
    // repeat.
    let mut keys: Vec<u64> = Vec::with_capacity(256);
    let mut plies = 0u64;
    let started = Instant::now();
    for _ in 0..n {
        let mut position = Chess::default();
        keys.clear();
        keys.push(key(&position));
        let mut length = 0;
        loop {
            if position.halfmoves() >= 100 || length >= MAX_PLIES {
                break;
            }
            let now = *keys.last().expect("the position's key");
            if keys.iter().filter(|&&k| k == now).count() >= 3 {
                break;
            }
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = &moves[below(moves.len())];
            position.play_unchecked(m);
            length += 1;
            if position.halfmoves() == 0 {
                keys.clear();
            }
            keys.push(key(&position));
        }
        plies += length;
    }
    let seconds = started.elapsed().as_secs_f64();
    let average = plies as f64 / n.max(1) as f64;
    println!("{{\"playouts\":{n},\"seconds\":{seconds:.6},\"plies\":{average:.2}}}");
}
