//! The command line: one file per subcommand. `main.rs` only calls `main` here.

mod bench;
mod engine;
mod error;
mod game;
mod list;
mod matches;
mod perft;
mod play;
mod processor;
mod show;
mod validate;

use crate::search::threads;
use clap::{Parser, Subcommand};
use error::to_stderr;
use std::process::ExitCode;

pub use error::{CliError, Out};
pub use game::{GameArgs, GameChoices};

/// Where `bench` and `match` stop a game that has not ended (some games can cycle), and
/// count it apart.
pub const DEFAULT_MAX_PLIES: usize = 10_000;

#[derive(Parser, Debug)]
#[command(
    name = "tabula",
    version,
    about = "Board games as text files, played by one generic engine"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// In a game whose end reads `reachable(capture)`: the most positions one search for a
    /// coming capture visits before it gives up and lets the game go on (default 262,144,
    /// about 10 MB; at most 16,777,216)
    #[arg(long, global = true, value_name = "N")]
    pub search_positions: Option<usize>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game: against a person, or the computer with --ai
    Play {
        /// A path to a .game file, or the name of a shipped game (not with --load)
        #[arg(required_unless_present = "load", conflicts_with = "load")]
        game: Option<String>,
        #[command(flatten)]
        choices: GameChoices,
        /// Open a saved game record (it names its game, options and moves)
        #[arg(long, value_name = "FILE")]
        load: Option<String>,
        /// Let the computer play PLAYER, at LEVEL 0-6 (default 2); repeatable. Level 0 plays
        /// at random; levels 1 to 6 search 100, 400, 1,600, 6,400, 25,600 and 102,400
        /// playouts a move on each thread, each four times the one below, for at most 5 s a
        /// move
        #[arg(long = "ai", value_name = "PLAYER[=LEVEL]")]
        ai: Vec<String>,
        /// The computer's random seed (a fresh one each session when not given)
        #[arg(long)]
        seed: Option<u64>,
        /// Let the computer think this long a move, whatever its level: `3s`, `500ms`, `2`
        #[arg(long, value_name = "TIME")]
        think: Option<String>,
        /// Threads the computer searches on, each with the level's playouts, so a move
        /// takes the same time and the search is as many times larger (default: every core)
        #[arg(long, value_name = "N", default_value_t = threads::all_cores(), hide_default_value = true)]
        threads: usize,
        /// In a game of dice: people type the rolls they throw at the table (`roll 3-1`)
        /// instead of the session rolling for them
        #[arg(long)]
        typed_dice: bool,
    },
    /// Play the computer against itself and report the score
    Match {
        #[command(flatten)]
        game: GameArgs,
        /// A computer player's level, 0-6 (give two: the first --ai and the second), after
        /// `mcts` or `alphabeta` to choose how it thinks (`alphabeta4`); `3:2` is level 3
        /// searching on 2 threads (default 1)
        #[arg(long = "ai", value_name = "LEVEL[:THREADS]", required = true)]
        ai: Vec<String>,
        /// An external engine that speaks UCI as the second side, started by this command
        /// (`--engine stockfish`); it thinks --think a move (default 100 ms)
        #[arg(long, value_name = "CMD")]
        engine: Option<String>,
        /// Let each computer think this long a move, whatever its level: `1s`, `200ms`
        #[arg(long, value_name = "TIME")]
        think: Option<String>,
        /// How many games (colours alternate)
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// The random seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many plies and count it apart
        #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
        max_plies: usize,
        /// Games played at once (default: one per core)
        #[arg(long, value_name = "N", default_value_t = threads::all_cores(), hide_default_value = true)]
        threads: usize,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
    },
    /// Check .game files and print every problem found
    Validate {
        /// Paths to .game files (or names of shipped games)
        #[arg(required = true)]
        files: Vec<String>,
        /// Print one JSON document on standard output instead of the drawn reports
        #[arg(long)]
        json: bool,
        /// Check the file with at most this many of its variants (each is a whole check of
        /// the file)
        #[arg(long, value_name = "N", default_value_t = crate::compile::VARIANTS_CHECKED)]
        variants: usize,
    },
    /// Speak the UCI engine protocol on standard input and output, so that a GUI or
    /// another engine can play the game against the computer
    Uci {
        #[command(flatten)]
        game: GameArgs,
        /// The computer's random seed (it breaks ties between moves of equal score)
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// List the shipped games, each with a line about it
    List,
    /// Print a game's summary and its starting position
    Show {
        #[command(flatten)]
        game: GameArgs,
        /// Also draw the position as an SVG picture in FILE
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Write the picture even over a file that is not a picture
        #[arg(long, requires = "svg")]
        force: bool,
    },
    /// Count the move sequences of each length from the start (or --position)
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The deepest length to count
        #[arg(long, short)]
        depth: usize,
        /// Also print the count under each first move at the last depth
        #[arg(long)]
        divide: bool,
        /// Threads to run on (default: every core)
        #[arg(long, value_name = "N", default_value_t = threads::all_cores(), hide_default_value = true)]
        threads: usize,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
        /// In a game of dice: count the players' moves only, a roll not being a step of
        /// its own (summed over every way the dice can fall)
        #[arg(long)]
        no_chance: bool,
        /// In a game of dice: count whole turns, each a roll and a play (all the moves
        /// made with that roll), plays that lead to the same position counted once
        #[arg(long, conflicts_with = "no_chance")]
        turns: bool,
    },
    /// Play random games and report their speed and results
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// How many games to play (Ctrl-C stops sooner, with the figures of those played)
        #[arg(long, default_value_t = 1000)]
        playouts: usize,
        /// The random seed (each playout draws from its own stream of it)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many plies and count it apart
        #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
        max_plies: usize,
        /// Threads to run on (default: every core)
        #[arg(long, value_name = "N", default_value_t = threads::all_cores(), hide_default_value = true)]
        threads: usize,
        /// Print one JSON object instead of text
        #[arg(long)]
        json: bool,
    },
}

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    if let Some(missing) = processor::missing() {
        to_stderr(&format!("error: {missing}\n"));
        return ExitCode::FAILURE;
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            if !matches!(e, CliError::ClosedOutput) {
                to_stderr(&format!("error: {e}\n"));
            }
            ExitCode::from(e.exit_code())
        }
    }
}

pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    if let Some(n) = cli.search_positions {
        crate::engine::set_search_positions(n).map_err(CliError::Usage)?;
    }
    match cli.command {
        Command::Play {
            game,
            choices,
            load,
            ai,
            seed,
            think,
            threads,
            typed_dice,
        } => {
            let game = game.map(|game| GameArgs { game, choices });
            let threads = at_least_one(threads)?;
            play::run(
                game.as_ref(),
                load.as_deref(),
                &ai,
                seed,
                think.as_deref(),
                threads,
                typed_dice,
            )
        }
        Command::Uci { game, seed } => {
            let loaded = game::load_game(&game)?;
            if loaded.game.dice.is_some() {
                return Err(CliError::Usage(
                    "the UCI protocol has no rolls of the dice: play a game of dice with `tabula play`".into(),
                ));
            }
            crate::uci::run(loaded, seed).map_err(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => CliError::ClosedOutput,
                _ => CliError::Failed(format!("the UCI session failed: {e}")),
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Match {
            game,
            ai,
            engine,
            think,
            games,
            seed,
            max_plies,
            threads,
            json,
        } => matches::run(
            &game,
            &ai,
            engine.as_deref(),
            think.as_deref().map(play::parse_think).transpose()?,
            games,
            seed,
            max_plies,
            at_least_one(threads)?,
            json,
        ),
        Command::Validate {
            files,
            json,
            variants,
        } => validate::run(&files, json, variants),
        Command::List => list::run(),
        Command::Show { game, svg, force } => show::run(&game, svg.as_deref(), force),
        Command::Perft {
            game,
            depth,
            divide,
            threads,
            json,
            no_chance,
            turns,
        } => perft::run(
            &game,
            perft::Counting {
                depth,
                show_divide: divide,
                threads: at_least_one(threads)?,
                as_json: json,
                no_chance,
                turns,
            },
        ),
        Command::Bench {
            game,
            playouts,
            seed,
            max_plies,
            threads,
            json,
        } => bench::run(
            &game,
            playouts,
            seed,
            max_plies,
            at_least_one(threads)?,
            json,
        ),
    }
}

/// A `--threads` count, refused when it is 0.
fn at_least_one(threads: usize) -> Result<usize, CliError> {
    if threads == 0 {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    Ok(threads)
}
