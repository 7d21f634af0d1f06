//! `tabula match GAME --ai A --ai B --games N`: the computer against itself, colours
//! alternating, so that levels can be compared.

use super::error::{CliError, Out};
use super::game::{load_game, options_json, GameArgs};
use crate::engine::{self, History, Outcome, Scratch};
use crate::present::title_text;
use crate::search::mcts::{choose, Level, Limits};
use crate::search::rng::Rng;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(
    args: &GameArgs,
    levels: &[u8],
    games: usize,
    seed: u64,
    max_plies: usize,
    as_json: bool,
) -> Result<ExitCode, CliError> {
    let [a, b] = levels else {
        return Err(CliError::Usage(
            "match takes two computer players: --ai LEVEL --ai LEVEL".into(),
        ));
    };
    if let Some(bad) = levels.iter().find(|&&l| l > Level::MAX) {
        return Err(CliError::Usage(format!(
            "a level is a number from 0 to {}, not {bad}",
            Level::MAX
        )));
    }
    if games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let loaded = load_game(args)?;
    let game = &loaded.game;
    if game.players.len() != 2 {
        return Err(CliError::Usage("match plays games of two players".into()));
    }
    let sides = [Level(*a), Level(*b)];
    let mut rng = Rng::new(seed);
    // wins[i][p]: games won by computer i (the first --ai is 0) playing player p.
    let (mut wins, mut draws, mut capped, mut plies) = ([[0usize; 2]; 2], 0usize, 0usize, 0usize);
    let progress = std::io::stderr().is_terminal();
    let mut scratch = Scratch::default();
    let mut moves = Vec::new();
    let t = Instant::now();
    for g in 0..games {
        // Computer `g % 2` plays the first player.
        let first = g % 2;
        let mut s = loaded.start;
        let mut history = History::new(game, &mut s);
        let mut finished = None;
        for _ in 0..max_plies {
            if let Some(o) = engine::generate(game, &s, &mut scratch, &mut moves) {
                finished = Some(o);
                break;
            }
            let computer = (s.to_move as usize + first) % 2;
            let m = choose(
                game,
                &s,
                &history,
                Limits::for_level(sides[computer]),
                &mut rng,
            )
            .expect("the game goes on");
            engine::make(game, &mut s, m);
            history.record(game, &mut s);
            plies += 1;
        }
        if finished.is_none() {
            finished = engine::outcome(game, &s, &mut scratch);
        }
        match finished {
            Some(Outcome::Win(p)) => wins[(p as usize + first) % 2][p as usize] += 1,
            Some(Outcome::Draw) => draws += 1,
            None => capped += 1,
        }
        if progress {
            let total = |i: usize| wins[i][0] + wins[i][1];
            eprint!(
                "\rgame {}/{games}: level {a} {}, level {b} {}, draws {draws}  ",
                g + 1,
                total(0),
                total(1)
            );
        }
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    let seconds = t.elapsed().as_secs_f64();
    let average = plies as f64 / games as f64;
    let mut out = Out::new();
    if as_json {
        let doc = serde_json::json!({
            "game": game.title,
            "options": options_json(game),
            "levels": [a, b],
            "games": games,
            "wins": [wins[0][0] + wins[0][1], wins[1][0] + wins[1][1]],
            "wins_by_player": wins,
            "draws": draws,
            "capped": capped,
            "average_plies": average,
            "seconds": seconds,
        });
        out.line(&doc.to_string())?;
    } else {
        out.line(&format!(
            "{}: level {a} against level {b}, {games} games, colours alternating",
            title_text(game)
        ))?;
        let players = [&game.players[0].name, &game.players[1].name];
        for (i, (level, which)) in [(a, "first"), (b, "second")].into_iter().enumerate() {
            out.line(&format!(
                "level {level} ({which} --ai): {} ({} as {}, {} as {})",
                count(wins[i][0] + wins[i][1], "win", "wins"),
                wins[i][0],
                players[0],
                wins[i][1],
                players[1]
            ))?;
        }
        out.line(&format!(
            "{}; {} stopped at {max_plies} plies",
            count(draws, "draw", "draws"),
            count(capped, "game", "games")
        ))?;
        out.line(&format!(
            "average length: {average:.1} plies; {seconds:.1} s"
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `1 win`, `3 wins`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
