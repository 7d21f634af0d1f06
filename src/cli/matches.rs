//! `tabula match GAME --ai A --ai B --games N`: the computer against itself, colours
//! alternating, so that levels can be compared.

use super::load::{load_game, CliError};
use super::{json, GameArgs};
use crate::engine::{Generated, Outcome};
use crate::search::mcts::{choose, Level, Limits};
use crate::search::rng::Rng;
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
        return Err(CliError::usage(
            "match takes two computer players: --ai LEVEL --ai LEVEL",
        ));
    };
    if let Some(bad) = levels.iter().find(|&&l| l > Level::MAX) {
        return Err(CliError::usage(format!(
            "a level is a number from 0 to {}, not {bad}",
            Level::MAX
        )));
    }
    if games == 0 {
        return Err(CliError::usage("--games must be at least 1"));
    }
    let choice = load_game(args)?;
    let game = &choice.game;
    if game.players.len() != 2 {
        return Err(CliError::usage("match plays games of two players"));
    }
    let sides = [Level(*a), Level(*b)];
    let mut rng = Rng::new(seed);
    // wins[i]: games won by computer i (the first --ai is 0).
    let (mut wins, mut draws, mut capped, mut plies) = ([0usize; 2], 0usize, 0usize, 0usize);
    let mut moves = Vec::new();
    let t = Instant::now();
    for g in 0..games {
        // Computer `g % 2` plays the first player.
        let first = g % 2;
        let mut s = choice.start;
        let mut finished = None;
        for _ in 0..max_plies {
            if let Generated::Over(o) = game.generate(&s, &mut moves) {
                finished = Some(o);
                break;
            }
            let computer = (s.to_move as usize + first) % 2;
            let m = choose(game, &s, Limits::for_level(sides[computer]), &mut rng)
                .expect("the game goes on");
            game.apply(&mut s, m);
            plies += 1;
        }
        if finished.is_none() {
            finished = game.outcome(&s);
        }
        match finished {
            Some(Outcome::Win(p)) => wins[(p as usize + first) % 2] += 1,
            Some(Outcome::Draw) => draws += 1,
            None => capped += 1,
        }
    }
    let seconds = t.elapsed().as_secs_f64();
    if as_json {
        println!(
            "{}",
            json::object([
                ("game", json::string(&game.title)),
                ("options", json::options(game)),
                ("levels", format!("[{a},{b}]")),
                ("games", games.to_string()),
                ("wins", format!("[{},{}]", wins[0], wins[1])),
                ("draws", draws.to_string()),
                ("capped", capped.to_string()),
                (
                    "average_plies",
                    format!("{:.2}", plies as f64 / games as f64)
                ),
                ("seconds", format!("{seconds:.3}")),
            ])
        );
    } else {
        println!(
            "{} ({}): level {a} against level {b}, {games} games, colours alternating",
            game.title,
            game.options_text()
        );
        println!("level {a} (first --ai): {} wins", wins[0]);
        println!("level {b} (second --ai): {} wins", wins[1]);
        println!("draws: {draws}; stopped at {max_plies} plies: {capped}");
        println!(
            "average length: {:.1} plies; {seconds:.1} s",
            plies as f64 / games as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}
