//! `tabula perft GAME --depth N [--divide] [--threads T] [--json] [--no-chance | --turns]`.

use super::error::{CliError, Out};
use super::game::{load_game, options_json, GameArgs};
use crate::present::move_text_among;
use crate::search::perft::{divide_at_after, perft_at_after};
use std::process::ExitCode;
use std::time::Instant;

/// What to count, and how to show it.
pub struct Counting {
    pub depth: usize,
    pub show_divide: bool,
    pub threads: usize,
    pub as_json: bool,
    /// A roll is no step of its own.
    pub no_chance: bool,
    /// A step is a whole turn, plays merged by position.
    pub turns: bool,
}

pub fn run(args: &GameArgs, counting: Counting) -> Result<ExitCode, CliError> {
    let Counting {
        depth,
        show_divide,
        threads,
        as_json,
        no_chance,
        turns,
    } = counting;
    if depth == 0 {
        return Err(CliError::Usage("--depth must be at least 1".into()));
    }
    let loaded = load_game(args)?;
    let (game, start) = (&loaded.game, &loaded.start);
    let mut out = Out::new();
    let t = Instant::now();
    let mut counts = Vec::new();
    for d in 1..=depth {
        let n = if turns {
            crate::search::plays::perft_turns_at(game, start, d)
        } else if no_chance {
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
    let divided = show_divide.then(|| match turns {
        true => crate::search::plays::turns_by_roll_at(game, start, depth),
        false => divide_at_after(game, start, &loaded.before, depth, threads),
    });
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
