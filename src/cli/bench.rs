//! `tabula bench GAME --playouts N [--seed S] [--max-plies P] [--threads T] [--json]`:
//! random games, their speed, their length and their results. Playout `i` draws from the
//! seed's `i`th stream, so the totals are the same at any number of threads.

use super::error::{CliError, Out};
use super::game::{load_game, options_json, GameArgs};
use crate::engine::{Outcome, Scratch};
use crate::present::{count, title_text};
use crate::rng::Rng;
use crate::search::playout::playout;
use crate::search::threads;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(
    args: &GameArgs,
    playouts: usize,
    seed: u64,
    max_plies: usize,
    threads: usize,
    as_json: bool,
) -> Result<ExitCode, CliError> {
    if playouts == 0 {
        return Err(CliError::Usage("--playouts must be at least 1".into()));
    }
    let loaded = load_game(args)?;
    let game = &loaded.game;
    let mut wins = vec![0usize; game.players.len()];
    let (mut draws, mut capped, mut plies) = (0usize, 0usize, 0usize);
    let t = Instant::now();
    let games = threads::each(
        playouts,
        threads,
        || (Scratch::default(), Vec::with_capacity(256)),
        |(scratch, buffer), i| {
            let mut rng = Rng::stream(seed, i as u64);
            playout(game, &loaded.start, &mut rng, max_plies, scratch, buffer)
        },
    );
    let seconds = t.elapsed().as_secs_f64();
    for p in games {
        plies += p.plies;
        match p.outcome {
            Some(Outcome::Win(p)) => wins[p as usize] += 1,
            Some(Outcome::Draw) => draws += 1,
            None => capped += 1,
        }
    }
    let per_second = playouts as f64 / seconds.max(1e-9);
    let average = plies as f64 / playouts as f64;
    let mut out = Out::new();
    if as_json {
        let wins: serde_json::Map<String, serde_json::Value> = game
            .players
            .iter()
            .zip(&wins)
            .map(|(p, n)| (p.name.clone(), (*n).into()))
            .collect();
        let doc = serde_json::json!({
            "game": game.title,
            "options": options_json(game),
            "playouts": playouts,
            "seconds": seconds,
            "playouts_per_second": per_second.round(),
            "average_plies": average,
            "wins": wins,
            "draws": draws,
            "capped": capped,
            "seed": seed,
            "threads": threads,
        });
        out.line(&doc.to_string())?;
    } else {
        out.line(&title_text(game))?;
        out.line(&format!(
            "playouts: {playouts} in {seconds:.3} s, {per_second:.0} per second (seed {seed}, {})",
            count(threads, "thread", "threads")
        ))?;
        out.line(&format!("average length: {average:.2} plies"))?;
        let mut parts: Vec<String> = game
            .players
            .iter()
            .zip(&wins)
            .map(|(p, n)| format!("{} {n}", p.name))
            .collect();
        parts.push(format!("draw {draws}"));
        out.line(&format!("outcomes: {}", parts.join(", ")))?;
        out.line(&format!("stopped at {max_plies} plies: {capped}"))?;
    }
    Ok(ExitCode::SUCCESS)
}
