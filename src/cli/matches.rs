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

/// A side of a match: Tabula's computer, or an external engine speaking UCI.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Player {
    Computer(Side),
    /// `--engine CMD`: the command that starts it.
    Engine(String),
}

impl Player {
    fn name(&self) -> String {
        match self {
            Player::Computer(side) => side.name(),
            Player::Engine(command) => format!("the engine `{command}`"),
        }
    }
}

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

#[allow(clippy::too_many_arguments)]
pub fn run(
    args: &GameArgs,
    ai: &[String],
    engine: Option<&str>,
    think: Option<Duration>,
    games: usize,
    seed: u64,
    max_plies: usize,
    threads: usize,
    as_json: bool,
) -> Result<ExitCode, CliError> {
    let sides = match (ai, engine) {
        ([a, b], None) => [
            Player::Computer(Side::parse(a)?),
            Player::Computer(Side::parse(b)?),
        ],
        ([a], Some(command)) => [
            Player::Computer(Side::parse(a)?),
            Player::Engine(command.to_string()),
        ],
        (_, None) => {
            return Err(CliError::Usage(
                "match takes two computer players: --ai LEVEL --ai LEVEL".into(),
            ))
        }
        (_, Some(_)) => {
            return Err(CliError::Usage(
                "a match against an engine takes one computer player: --ai LEVEL --engine CMD"
                    .into(),
            ))
        }
    };
    if games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let loaded = load_game(args)?;
    let game = &loaded.game;
    if game.players.len() != 2 {
        return Err(CliError::Usage("match plays games of two players".into()));
    }
    // An engine is told the start as FEN.
    let start_fen = crate::present::fen::fen_text(game, &loaded.start, 1);
    if engine.is_some() && start_fen.is_none() {
        return Err(CliError::Usage(
            "an engine is told the position as FEN: this game is not one FEN describes".into(),
        ));
    }
    let setup = Setup {
        sides: &sides,
        think,
        engine_time: think.unwrap_or(Duration::from_millis(100)),
        // Only an engine is told the moves.
        start_fen: start_fen.as_deref().filter(|_| engine.is_some()),
        seed,
        max_plies,
    };
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
            let one = play_one(game, start, &setup, g, scratch, moves);
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
            "levels": sides.iter().map(|s| match s {
                Player::Computer(c) => serde_json::json!(c.computer.level.0),
                Player::Engine(_) => serde_json::Value::Null,
            }).collect::<Vec<_>>(),
            "methods": sides.iter().map(|s| match s {
                Player::Computer(c) => c.computer.method(game).name().to_string(),
                Player::Engine(command) => format!("uci: {command}"),
            }).collect::<Vec<_>>(),
            "search_threads": sides.iter().map(|s| match s {
                Player::Computer(c) => c.threads,
                Player::Engine(_) => 1,
            }).collect::<Vec<_>>(),
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
        let second = match engine {
            Some(_) => "--engine",
            None => "second --ai",
        };
        for (i, which) in ["first --ai", second].into_iter().enumerate() {
            out.line(&format!(
                "{} ({which}): {} ({} as {}, {} as {})",
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

/// How the games of a match are played: its sides, how long they think, and how an
/// engine side is told the start.
struct Setup<'a> {
    sides: &'a [Player; 2],
    /// `--think`, for the computer.
    think: Option<Duration>,
    /// How long an engine thinks a move.
    engine_time: Duration,
    /// The start as FEN, for an engine.
    start_fen: Option<&'a str>,
    seed: u64,
    max_plies: usize,
}

/// Game `g` of a match: side `g % 2` plays the first player. An engine side is started
/// for the game and told the start as FEN and the moves since; an engine that fails, or
/// answers with a move that is not legal, loses the game (said on standard error).
fn play_one<Z: Layout>(
    game: &crate::ir::Game,
    start: &State<Z>,
    setup: &Setup,
    g: usize,
    scratch: &mut Scratch<Z>,
    moves: &mut Vec<crate::engine::Move>,
) -> Played {
    let first = g % 2;
    let mut rng = Rng::stream(setup.seed, g as u64);
    let mut s = *start;
    let mut history = History::default();
    history.start_game(game, &mut s, &[]);
    let mut plies = 0;
    let mut engine = None;
    // The moves so far in UCI's coordinates, for an engine.
    let mut said: Vec<String> = Vec::new();
    let forfeit = |mover: u8, why: String, plies: usize| {
        to_stderr(&format!(
            "game {}: {why}; the engine loses the game\n",
            g + 1
        ));
        Played {
            first,
            outcome: Some(Outcome::Win(1 - mover)),
            plies,
        }
    };
    for _ in 0..setup.max_plies {
        if let Some(o) = engine::generate(game, &s, scratch, moves) {
            return Played {
                first,
                outcome: Some(o),
                plies,
            };
        }
        let m = match &setup.sides[(s.to_move as usize + first) % 2] {
            Player::Computer(side) => {
                let think = setup.think;
                let limits = Limits {
                    threads: side.threads,
                    time: think.unwrap_or(Limits::for_level(side.computer.level).time),
                    playouts: match think {
                        Some(_) if side.computer.level.0 > 0 => usize::MAX,
                        _ => side.computer.level.playouts(),
                    },
                    ..Limits::for_level(side.computer.level)
                };
                computer::choose(
                    game,
                    &s,
                    &history,
                    side.computer,
                    limits,
                    &mut rng,
                    &mut |_| {},
                )
                .expect("the game goes on")
                .mv
            }
            Player::Engine(command) => {
                if engine.is_none() {
                    match super::engine::Engine::start(command) {
                        Ok(e) => engine = Some(e),
                        Err(why) => return forfeit(s.to_move, why, plies),
                    }
                }
                let e = engine.as_mut().expect("started above");
                let fen = setup.start_fen.unwrap_or_default();
                let answer = match e.best_move(fen, &said, setup.engine_time) {
                    Ok(a) => a,
                    Err(why) => return forfeit(s.to_move, why, plies),
                };
                let found = moves
                    .iter()
                    .copied()
                    .find(|&m| crate::present::uci_text(game, m).eq_ignore_ascii_case(&answer));
                let Some(m) = found else {
                    let why =
                        format!("the engine's move `{answer}` is not legal after {plies} moves");
                    return forfeit(s.to_move, why, plies);
                };
                m
            }
        };
        if setup.start_fen.is_some() {
            said.push(crate::present::uci_text(game, m));
        }
        engine::make(game, &mut s, m);
        history.record_played(game, &mut s);
        plies += 1;
    }
    Played {
        first,
        outcome: engine::outcome(game, &s, scratch),
        plies,
    }
}
