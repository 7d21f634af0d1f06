//! `tabula bench GAME --playouts N [--seed S] [--max-plies P] [--threads T] [--json]`:
//! random games, their speed, their length and their results. Playout `i` draws from the
//! seed's `i`th stream, so the totals are the same at any number of threads. Ctrl-C stops
//! the run after the playouts under way; their figures are printed, and the exit is 130.

use super::error::{CliError, Out};
use super::game::{load_game, options_json, GameArgs};
use crate::each_state;
use crate::engine::{Outcome, Scratch};
use crate::present::{count, title_text};
use crate::rng::Rng;
use crate::search::playout::{playout, Playout};
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
    let players = game.players.len();
    // Ctrl-C stops the run after the playouts under way, and the figures are of those.
    crate::repl::interrupt::install();
    let stop = &crate::repl::interrupt::INTERRUPTED;
    // The boards a position text gave as before it (`before=`), which `seen` reads.
    let before: Vec<u64> = loaded.before.iter().map(|b| b.board_key(game)).collect();
    let t = Instant::now();
    // Each thread adds up its own playouts; nothing is kept a playout, so that any number
    // of them runs in the same memory.
    let tallies: Vec<Tally> = each_state!(&loaded.start, start => {
        threads::each_into_until(
            playouts,
            threads,
            stop,
            || {
                let mut scratch = Scratch::default();
                if !before.is_empty() {
                    // Each playout's line starts after those boards.
                    scratch.history.start_after(game, &mut start.clone(), &before);
                }
                (scratch, Vec::with_capacity(256), Tally::new(players))
            },
            |(scratch, buffer, tally), i| {
                let mut rng = Rng::stream(seed, i as u64);
                tally.add(&playout(game, start, &mut rng, max_plies, scratch, buffer));
            },
        )
        .into_iter()
        .map(|(_, _, tally)| tally)
        .collect()
    });
    let seconds = t.elapsed().as_secs_f64();
    let mut all = Tally::new(players);
    for tally in &tallies {
        all.merge(tally);
    }
    let Tally {
        wins,
        draws,
        capped,
        plies,
        played,
    } = all;
    let interrupted = played < playouts;
    let asked = playouts;
    let playouts = played;
    let per_second = playouts as f64 / seconds.max(1e-9);
    let average = plies as f64 / playouts.max(1) as f64;
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
            "interrupted": interrupted,
        });
        out.line(&doc.to_string())?;
    } else {
        out.line(&title_text(game))?;
        if interrupted {
            out.line(&format!(
                "interrupted (Ctrl-C): {playouts} of the {asked} playouts asked for"
            ))?;
        }
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
    // Stopped by Ctrl-C: the figures are printed, and the exit says it was interrupted.
    Ok(if interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}

/// What playouts add up to: wins by player, draws, games stopped at the cap, and plies.
struct Tally {
    wins: Vec<usize>,
    draws: usize,
    capped: usize,
    plies: usize,
    /// The playouts played.
    played: usize,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            wins: vec![0; players],
            draws: 0,
            capped: 0,
            plies: 0,
            played: 0,
        }
    }

    fn add(&mut self, p: &Playout) {
        self.played += 1;
        self.plies += p.plies;
        match p.outcome {
            Some(Outcome::Win(w)) => self.wins[w as usize] += 1,
            Some(Outcome::Draw) => self.draws += 1,
            None => self.capped += 1,
        }
    }

    fn merge(&mut self, other: &Tally) {
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.draws += other.draws;
        self.capped += other.capped;
        self.played += other.played;
        self.plies += other.plies;
    }
}
