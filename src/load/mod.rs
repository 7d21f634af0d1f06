//! Loading a game: finding its text (a `.game` file, or a shipped game by name, whatever
//! its case), compiling it with the chosen options and variant, and setting up its start
//! or a given position. The command line, the play session and the tests all load games
//! here, so they behave alike.

pub mod shipped;

use crate::compile::{self, Choices, Failure};
use crate::diagnostic::Problem;
use crate::engine::Position;
use crate::ir::Game;
use std::fmt;
use std::path::{Path, PathBuf};

/// Which game to load, as a person names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSpec {
    /// A path to a `.game` file, or the name of a shipped game.
    pub game: String,
    /// `NAME=VALUE` settings, applied in order on top of the variant.
    pub options: Vec<String>,
    pub variant: Option<String>,
    /// A position text to start from instead of the start.
    pub position: Option<String>,
}

impl GameSpec {
    pub fn named(game: &str) -> GameSpec {
        GameSpec {
            game: game.to_string(),
            ..GameSpec::default()
        }
    }
}

/// Where a game's text came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A shipped game, by its name.
    Shipped(&'static str),
    /// A file, by the path it was read from.
    File(PathBuf),
}

/// A game's text and where it came from.
#[derive(Clone, Debug)]
pub struct Source {
    pub origin: Origin,
    /// The name to show in messages: the path as given, or `NAME.game`.
    pub name: String,
    pub text: String,
}

/// A compiled game with its starting state.
#[derive(Debug)]
pub struct Loaded {
    pub source: Source,
    pub game: Game,
    pub start: Position,
    /// The positions before `start` that its text gave (`before=`), oldest first: their
    /// boards are what `seen` reads of the game before the start.
    pub before: Vec<Position>,
    /// The file's warnings (it has no error, or it would not have loaded).
    pub warnings: Vec<Problem>,
}

/// Why a game could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// No file at a path that looks like one.
    NoSuchFile(String),
    /// The path names something that is not a file (a directory).
    NotAFile(String),
    /// The file exists but could not be read.
    Unreadable { path: String, reason: String },
    /// Neither a file nor a shipped game.
    UnknownGame { name: String },
    /// An `--option` that is not `NAME=VALUE`.
    BadOptionSyntax(String),
    /// The options or variant chosen do not fit the game.
    Choice(String),
    /// The file has errors.
    Problems {
        source: Source,
        problems: Vec<Problem>,
    },
    /// The starting position text cannot be read.
    Position(String),
}

impl LoadError {
    /// Whether the mistake is in how the game was asked for (options, variant, position),
    /// rather than in the game or its file.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            LoadError::BadOptionSyntax(_) | LoadError::Choice(_) | LoadError::Position(_)
        )
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NoSuchFile(p) => write!(f, "no such file: {p}"),
            LoadError::NotAFile(p) => write!(f, "{p} is not a file"),
            LoadError::Unreadable { path, reason } => write!(f, "cannot read {path}: {reason}"),
            LoadError::UnknownGame { name } => write!(
                f,
                "unknown game `{name}` (the shipped games are: {}; or give the path of a .game file)",
                shipped::names().join(", ")
            ),
            LoadError::BadOptionSyntax(o) => write!(f, "--option takes NAME=VALUE, not `{o}`"),
            LoadError::Choice(msg) => f.write_str(msg),
            LoadError::Problems { source, problems } => write!(
                f,
                "{} has problems ({})",
                source.name,
                crate::diagnostic::summary(problems)
            ),
            LoadError::Position(msg) => write!(f, "bad --position: {msg}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// The text of the game `name` names: a file's, or a shipped game's.
pub fn find_source(name: &str) -> Result<Source, LoadError> {
    let path = Path::new(name);
    if path.is_file() {
        return std::fs::read_to_string(path)
            .map(|text| Source {
                origin: Origin::File(path.to_path_buf()),
                name: name.to_string(),
                text,
            })
            .map_err(|e| LoadError::Unreadable {
                path: name.to_string(),
                reason: e.to_string(),
            });
    }
    if let Some((shipped, text)) = shipped::find(name) {
        return Ok(Source {
            origin: Origin::Shipped(shipped),
            name: format!("{shipped}.game"),
            text: text.to_string(),
        });
    }
    if path.exists() {
        return Err(LoadError::NotAFile(name.to_string()));
    }
    if name.ends_with(".game") || name.contains('/') || name.contains('\\') {
        Err(LoadError::NoSuchFile(name.to_string()))
    } else {
        Err(LoadError::UnknownGame {
            name: name.to_string(),
        })
    }
}

/// The choices a spec makes, as the checker takes them.
pub fn choices(spec: &GameSpec) -> Result<Choices, LoadError> {
    let mut c = Choices {
        variant: spec.variant.clone(),
        options: Vec::new(),
    };
    for o in &spec.options {
        let (name, value) = o
            .split_once('=')
            .ok_or_else(|| LoadError::BadOptionSyntax(o.clone()))?;
        c.options
            .push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok(c)
}

/// The position a text gives, and those before it. A counting game's position may hold
/// more seeds than its start: read with room for any number, the game is then made to
/// keep as many (`Game::most_seeds`), and the text read again in its layout.
fn position_of(game: &mut Game, text: &str) -> Result<(Position, Vec<Position>), LoadError> {
    if game.sowing.is_some() {
        let start_seeds = game.most_seeds;
        game.most_seeds = u64::MAX;
        let (start, before) =
            crate::present::parse_line(game, text).map_err(LoadError::Position)?;
        let pits = |p: &Position| (0..game.slots_used).map(|i| p.seeds(i)).sum::<u64>();
        let most = before.iter().map(pits).fold(pits(&start), u64::max);
        game.most_seeds = start_seeds.max(most);
    }
    crate::present::parse_line(game, text).map_err(LoadError::Position)
}

/// Compiles a game's text with the spec's choices and sets up its starting position.
pub fn load_source(source: Source, spec: &GameSpec) -> Result<Loaded, LoadError> {
    let choices = choices(spec)?;
    let compiled = match compile::compile_source(&source.text, &choices) {
        Ok(c) => c,
        Err(Failure::Choice(msg)) => return Err(LoadError::Choice(msg)),
        Err(Failure::Problems(problems)) => return Err(LoadError::Problems { source, problems }),
    };
    let mut game = compiled.game;
    let (start, before) = match &spec.position {
        None => (Position::start(&game), Vec::new()),
        Some(text) => position_of(&mut game, text)?,
    };
    Ok(Loaded {
        source,
        game,
        start,
        before,
        warnings: compiled.warnings,
    })
}

/// Finds, reads and compiles the game a spec names, and sets up its starting position.
pub fn load(spec: &GameSpec) -> Result<Loaded, LoadError> {
    load_source(find_source(&spec.game)?, spec)
}
