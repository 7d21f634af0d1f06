//! `tabula perft GAME --depth N [--divide] [--threads T] [--json] [--no-chance]`.

use super::error::{CliError, Out};
use super::game::{load_game, options_json, GameArgs};
use crate::present::move_text_among;
use crate::search::perft::{divide_at_after, perft_at_after};
use std::process::ExitCode;
use std::time::Instant;

pub fn run(
    args: &GameArgs,
    depth: usize,
    show_divide: bool,
    threads: usize,
    as_json: bool,
    no_chance: bool,
) -> Result<ExitCode, CliError> {
    if depth == 0 {
        return Err(CliError::Usage("--depth must be at least 1".into()));
    }
    let loaded = load_game(args)?;
    let (game, start) = (&loaded.game, &loaded.start);
    let mut out = Out::new();
    let t = Instant::now();
    let mut counts = Vec::new();
    for d in 1..=depth {
        let n = if no_chance {
            crate::search::perft::perft_without_chance_at(game, start, d)
        } else {
            perft_at_after(game, start, &loaded.before, d, threads)
        };
        if !as_json {
            // Each depth is printed as soon as it is known; a closed output stops the
            // count.
            out.line(&format!("perft {d}: {n}"))?;
        }
        counts.push(n);
    }
    let divided = show_divide.then(|| divide_at_after(game, start, &loaded.before, depth, threads));
    let seconds = t.elapsed().as_secs_f64();
    if as_json {
        let mut doc = serde_json::json!({
            "game": game.title,
            "options": options_json(game),
            "counts": counts,
            "seconds": seconds,
        });
        if let Some(d) = &divided {
            let roots: Vec<_> = d.iter().map(|(m, _)| *m).collect();
            doc["divide"] = d
                .iter()
                .map(|(m, n)| {
                    serde_json::json!({"move": move_text_among(game, *m, &roots), "count": n})
                })
                .collect();
        }
        out.line(&doc.to_string())?;
    } else {
        if let Some(d) = divided {
            out.line(&format!("divide {depth}:"))?;
            let roots: Vec<_> = d.iter().map(|(m, _)| *m).collect();
            for (m, n) in d {
                out.line(&format!("  {} {n}", move_text_among(game, m, &roots)))?;
            }
        }
        out.line(&format!("time: {seconds:.3} s"))?;
    }
    Ok(ExitCode::SUCCESS)
}
