//! `tabula match GAME --ai A --ai B --games N`: the computer against itself, colours
//! alternating, so that levels can be compared.

use super::error::{to_stderr, CliError, Out};
use super::game::{load_game, options_json, GameArgs};
use crate::each_state;
use crate::engine::{self, History, Layout, Outcome, Scratch, State};
use crate::present::{count, title_text};
use crate::rng::Rng;
use crate::search::computer::{self, Computer};
use crate::search::mcts::Limits;
use crate::search::threads;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A computer player of a match: who it is and the threads it searches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    computer: Computer,
    threads: usize,
}

impl Side {
    /// `3`, `alphabeta3` or `3:2` (level 3 on 2 threads).
    fn parse(text: &str) -> Result<Side, CliError> {
        let (level, threads) = text.split_once(':').unwrap_or((text, "1"));
        let computer = Computer::parse(level);
        let threads = threads.trim().parse::<usize>().ok().filter(|&t| t >= 1);
        match (computer, threads) {
            (Some(computer), Some(threads)) => Ok(Side { computer, threads }),
            (None, _) => Err(CliError::Usage(format!(
                "`{text}`: a computer player is {}, optionally followed by `:THREADS` (`3:2`)",
                Computer::FORMS
            ))),
            (_, None) => Err(CliError::Usage(format!(
                "`{text}`: the threads after `:` are a number of at least 1 (`3:2`)"
            ))),
        }
    }

    /// `level 3`, or `level 3 on 2 threads`.
    fn name(self) -> String {
        match self.threads {
            1 => self.computer.name(),
            n => format!("{} on {n} threads", self.computer.name()),
        }
    }
}

/// How one game of the match went.
struct Played {
    /// Computer `first` (0 for the first --ai) played the first player.
    first: usize,
    outcome: Option<Outcome>,
    plies: usize,
}

/// The games so far: wins[i][p] is the games won by computer i (the first --ai is 0)
/// playing player p.
#[derive(Default)]
struct Tally {
    wins: [[usize; 2]; 2],
    draws: usize,
    capped: usize,
    plies: usize,
    played: usize,
}

impl Tally {
    fn add(&mut self, g: &Played) {
        match g.outcome {
            Some(Outcome::Win(p)) => self.wins[(p as usize + g.first) % 2][p as usize] += 1,
            Some(Outcome::Draw) => self.draws += 1,
            None => self.capped += 1,
        }
        self.plies += g.plies;
        self.played += 1;
    }
}

pub fn run(
    args: &GameArgs,
    ai: &[String],
    think: Option<Duration>,
    games: usize,
    seed: u64,
    max_plies: usize,
    threads: usize,
    as_json: bool,
) -> Result<ExitCode, CliError> {
    let [a, b] = ai else {
        return Err(CliError::Usage(
            "match takes two computer players: --ai LEVEL --ai LEVEL".into(),
        ));
    };
    let sides = [Side::parse(a)?, Side::parse(b)?];
    if games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let loaded = load_game(args)?;
    let game = &loaded.game;
    if game.players.len() != 2 {
        return Err(CliError::Usage("match plays games of two players".into()));
    }
    let progress = std::io::stderr().is_terminal();
    let so_far = Mutex::new(Tally::default());
    let t = Instant::now();
    // Game `g` draws from the seed's `g`th stream, so the results do not depend on how many
    // games are played at once.
    each_state!(&loaded.start, start => {
        threads::each_into(
        games,
        threads,
        || (Scratch::default(), Vec::new()),
        |(scratch, moves), g| {
            let one = play_one(
                game,
                start,
                sides,
                think,
                g,
                seed,
                max_plies,
                scratch,
                moves,
            );
            let mut tally = so_far.lock().expect("no thread panics holding it");
            tally.add(&one);
            if progress {
                let total = |i: usize| tally.wins[i][0] + tally.wins[i][1];
                to_stderr(&format!(
                    "\rgame {}/{games}: {} {}, {} {}, draws {}  ",
                    tally.played,
                    sides[0].name(),
                    total(0),
                    sides[1].name(),
                    total(1),
                    tally.draws
                ));
            }
        },
    );
    });
    let tally = so_far.into_inner().expect("no thread panics holding it");
    let Tally {
        wins,
        draws,
        capped,
        plies,
        ..
    } = tally;
    if progress {
        to_stderr("\r\x1b[K");
    }
    let seconds = t.elapsed().as_secs_f64();
    let average = plies as f64 / games as f64;
    let mut out = Out::new();
    if as_json {
        let doc = serde_json::json!({
            "game": game.title,
            "options": options_json(game),
            "levels": [sides[0].computer.level.0, sides[1].computer.level.0],
            "methods": [sides[0].computer.method(game).name(), sides[1].computer.method(game).name()],
            "search_threads": [sides[0].threads, sides[1].threads],
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
            "{}: {} against {}, {games} games, colours alternating",
            title_text(game),
            sides[0].name(),
            sides[1].name()
        ))?;
        let players = [&game.players[0].name, &game.players[1].name];
        for (i, which) in ["first", "second"].into_iter().enumerate() {
            out.line(&format!(
                "{} ({which} --ai): {} ({} as {}, {} as {})",
                sides[i].name(),
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

/// Game `g` of a match: computer `g % 2` plays the first player.
fn play_one<Z: Layout>(
    game: &crate::ir::Game,
    start: &State<Z>,
    sides: [Side; 2],
    think: Option<Duration>,
    g: usize,
    seed: u64,
    max_plies: usize,
    scratch: &mut Scratch<Z>,
    moves: &mut Vec<crate::engine::Move>,
) -> Played {
    let first = g % 2;
    let mut rng = Rng::stream(seed, g as u64);
    let mut s = *start;
    let mut history = History::new(game, &mut s);
    let mut plies = 0;
    for _ in 0..max_plies {
        if let Some(o) = engine::generate(game, &s, scratch, moves) {
            return Played {
                first,
                outcome: Some(o),
                plies,
            };
        }
        let side = sides[(s.to_move as usize + first) % 2];
        let limits = Limits {
            threads: side.threads,
            time: think.unwrap_or(Limits::for_level(side.computer.level).time),
            playouts: match think {
                Some(_) if side.computer.level.0 > 0 => usize::MAX,
                _ => side.computer.level.playouts(),
            },
            ..Limits::for_level(side.computer.level)
        };
        let m = computer::choose(
            game,
            &s,
            &history,
            side.computer,
            limits,
            &mut rng,
            &mut |_| {},
        )
        .expect("the game goes on")
        .mv;
        engine::make(game, &mut s, m);
        history.record(game, &mut s);
        plies += 1;
    }
    Played {
        first,
        outcome: engine::outcome(game, &s, scratch),
        plies,
    }
}
