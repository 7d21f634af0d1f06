//! `tabula bench GAME --playouts N [--seed S] [--max-plies P] [--json]`: random games,
//! their speed, their length and their results.

use super::load::{load_game, CliError};
use super::{json, GameArgs};
use crate::engine::Outcome;
use crate::search::playout::{playout, Finish};
use crate::search::rng::Rng;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(
    args: &GameArgs,
    playouts: usize,
    seed: u64,
    max_plies: usize,
    as_json: bool,
) -> Result<ExitCode, CliError> {
    if playouts == 0 {
        return Err(CliError::usage("--playouts must be at least 1"));
    }
    let choice = load_game(args)?;
    let game = &choice.game;
    let mut rng = Rng::new(seed);
    let mut wins = vec![0usize; game.players.len()];
    let (mut draws, mut capped, mut plies) = (0usize, 0usize, 0usize);
    let mut buffer = Vec::with_capacity(256);
    let t = Instant::now();
    for _ in 0..playouts {
        let (finish, n) = playout(game, &choice.start, &mut rng, max_plies, &mut buffer);
        plies += n;
        match finish {
            Finish::Over(Outcome::Win(p)) => wins[p as usize] += 1,
            Finish::Over(Outcome::Draw) => draws += 1,
            Finish::Capped => capped += 1,
        }
    }
    let seconds = t.elapsed().as_secs_f64();
    let per_second = playouts as f64 / seconds.max(1e-9);
    let average = plies as f64 / playouts as f64;
    if as_json {
        let mut outcomes: Vec<(&str, String)> = game
            .players
            .iter()
            .zip(&wins)
            .map(|(p, n)| (p.name.as_str(), n.to_string()))
            .collect();
        outcomes.push(("draw", draws.to_string()));
        println!(
            "{}",
            json::object([
                ("game", json::string(&game.title)),
                ("options", json::options(game)),
                ("playouts", playouts.to_string()),
                ("seconds", format!("{seconds:.3}")),
                ("playouts_per_second", format!("{per_second:.0}")),
                ("average_plies", format!("{average:.2}")),
                ("outcomes", json::object(outcomes)),
                ("capped", capped.to_string()),
                ("seed", seed.to_string()),
            ])
        );
    } else {
        println!("{} ({})", game.title, game.options_text());
        println!(
            "playouts: {playouts} in {seconds:.3} s, {per_second:.0} per second (seed {seed})"
        );
        println!("average length: {average:.2} plies");
        let mut parts: Vec<String> = game
            .players
            .iter()
            .zip(&wins)
            .map(|(p, n)| format!("{} {n}", p.name))
            .collect();
        parts.push(format!("draw {draws}"));
        println!("outcomes: {}", parts.join(", "));
        println!("stopped at {max_plies} plies: {capped}");
    }
    Ok(ExitCode::SUCCESS)
}
