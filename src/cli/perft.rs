//! `tabula perft GAME --depth N [--divide] [--json]`.

use super::load::{load_game, CliError};
use super::{json, GameArgs};
use crate::search::perft::{divide, perft};
use std::process::ExitCode;
use std::time::Instant;

pub fn run(
    args: &GameArgs,
    depth: usize,
    show_divide: bool,
    as_json: bool,
) -> Result<ExitCode, CliError> {
    if depth == 0 {
        return Err(CliError::usage("--depth must be at least 1"));
    }
    let choice = load_game(args)?;
    let (game, start) = (&choice.game, &choice.start);
    let t = Instant::now();
    let mut counts = Vec::new();
    for d in 1..=depth {
        let n = perft(game, start, d);
        if !as_json {
            println!("perft {d}: {n}");
        }
        counts.push(n);
    }
    let divided = show_divide.then(|| divide(game, start, depth));
    let seconds = t.elapsed().as_secs_f64();
    if as_json {
        let mut fields = vec![
            ("game", json::string(&game.title)),
            ("options", json::options(game)),
            (
                "counts",
                format!(
                    "[{}]",
                    counts
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                ),
            ),
            ("seconds", format!("{seconds:.3}")),
        ];
        if let Some(d) = &divided {
            let obj = json::object(
                d.iter()
                    .map(|(m, n)| (game.move_text(*m), n.to_string()))
                    .collect::<Vec<_>>()
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.clone())),
            );
            fields.push(("divide", obj));
        }
        println!("{}", json::object(fields));
    } else {
        if let Some(d) = divided {
            println!("divide {depth}:");
            for (m, n) in d {
                println!("  {} {n}", game.move_text(m));
            }
        }
        println!("time: {seconds:.3} s");
    }
    Ok(ExitCode::SUCCESS)
}
