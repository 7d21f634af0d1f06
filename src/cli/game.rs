//! The arguments that name a game, and loading it for a command: problems in the file are
//! printed to standard error, drawn as miette draws them.

use super::error::to_stderr;
use super::error::CliError;
use crate::diagnostic::{render, RenderStyle};
use crate::load::{load, GameSpec, LoadError, Loaded};
use clap::Args;

/// Which game, with which options, from which position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// A path to a .game file, or the name of a shipped game
    pub game: String,
    #[command(flatten)]
    pub choices: GameChoices,
}

/// The options, variant and starting position of a game.
#[derive(Args, Debug, Clone)]
pub struct GameChoices {
    /// Set an option: NAME=VALUE (repeatable)
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Choose a named variant
    #[arg(long)]
    pub variant: Option<String>,
    /// Start from this position text instead of the start
    #[arg(long)]
    pub position: Option<String>,
}

impl GameArgs {
    pub fn spec(&self) -> GameSpec {
        GameSpec {
            game: self.game.clone(),
            options: self.choices.options.clone(),
            variant: self.choices.variant.clone(),
            position: self.choices.position.clone(),
        }
    }
}

/// Whether to colour what goes to standard error.
pub fn stderr_colour() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// How diagnostics are drawn on standard error.
pub fn stderr_style() -> RenderStyle {
    RenderStyle {
        colour: stderr_colour(),
        width: 100,
    }
}

/// Loads the game the arguments name; a file's problems go to standard error.
pub fn load_game(args: &GameArgs) -> Result<Loaded, CliError> {
    load(&args.spec()).map_err(|e| {
        if let LoadError::Problems { source, problems } = &e {
            to_stderr(&render(
                problems,
                &source.name,
                &source.text,
                stderr_style(),
            ));
        }
        CliError::Load(e)
    })
}

/// The chosen options as a JSON object: numbers as numbers, words as strings.
pub fn options_json(game: &crate::ir::Game) -> serde_json::Value {
    use crate::ir::Value;
    game.chosen
        .iter()
        .map(|(k, v)| {
            let v = match v {
                Value::Int(n) => serde_json::Value::from(*n),
                Value::Word(w) => serde_json::Value::from(w.as_str()),
                Value::Decimal(h) => serde_json::Value::from(*h as f64 / 100.0),
            };
            (k.clone(), v)
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}
