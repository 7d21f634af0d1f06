//! Finding, reading and compiling the game a command names.

use super::GameArgs;
use crate::check::{self, Choices, Failure};
use crate::diagnostic::{render, summary, RenderStyle};
use crate::engine::State;
use crate::ir::Game;

/// An error for the user: one message, and the exit code.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: u8,
}

impl CliError {
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }

    /// Bad usage (an unknown option, a malformed argument): exit code 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
}

/// A game as chosen on the command line, compiled, with its starting state.
pub struct GameChoice {
    pub game: Game,
    pub start: State,
}

/// The text of GAME: a file's, or a shipped game's. Returns (display name, source).
pub fn read_source(arg: &str) -> Result<(String, String), CliError> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path)
            .map(|s| (arg.to_string(), s))
            .map_err(|e| CliError::new(format!("cannot read {arg}: {e}")));
    }
    if let Some(source) = super::shipped::find(arg) {
        return Ok((format!("{arg}.game"), source.to_string()));
    }
    if path.exists() {
        return Err(CliError::new(format!("{arg} is not a file")));
    }
    let shipped = super::shipped::names().join(", ");
    if arg.ends_with(".game") || arg.contains('/') || arg.contains('\\') {
        Err(CliError::new(format!("no such file: {arg}")))
    } else {
        Err(CliError::new(format!(
            "unknown game `{arg}` (the shipped games are: {shipped}; or give the path of a .game file)"
        )))
    }
}

pub fn choices(args: &GameArgs) -> Result<Choices, CliError> {
    let mut c = Choices {
        variant: args.variant.clone(),
        options: Vec::new(),
    };
    for o in &args.options {
        let (name, value) = o
            .split_once('=')
            .ok_or_else(|| CliError::usage(format!("--option takes NAME=VALUE, not `{o}`")))?;
        c.options
            .push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok(c)
}

/// Reads, compiles and positions the game the arguments name. Problems in the file are
/// printed to standard error.
pub fn load_game(args: &GameArgs) -> Result<GameChoice, CliError> {
    let (name, source) = read_source(&args.game)?;
    let choices = choices(args)?;
    let game = match check::compile_source(&source, &choices) {
        Ok(c) => c.game,
        Err(Failure::Choice(msg)) => return Err(CliError::usage(msg)),
        Err(Failure::Problems(problems)) => {
            let style = RenderStyle {
                colour: super::stderr_colour(),
                width: 100,
            };
            eprint!("{}", render(&problems, &name, &source, style));
            return Err(CliError::new(format!(
                "{name} has problems ({})",
                summary(&problems)
            )));
        }
    };
    let start = match &args.position {
        None => State::start(&game),
        Some(text) => game
            .parse_position(text)
            .map_err(|e| CliError::usage(format!("bad --position: {e}")))?,
    };
    Ok(GameChoice { game, start })
}
