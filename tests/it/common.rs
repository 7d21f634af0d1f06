//! Helpers shared by the integration tests, all on the library's public API: games load
//! through `tabula::load`, moves come from `tabula::engine`, text from `tabula::present`.
#![allow(dead_code)]

use tabula::compile::{compile_source, Choices};
pub use tabula::engine::{legal_moves, make, Move, Outcome, Scratch, State};
use tabula::ir::Game;
use tabula::load::{load, GameSpec};
pub use tabula::present::{move_text, position_text};

/// The `tabula` binary, run from the repository's folder without colour.
pub fn tabula_command() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("tabula").expect("the binary is built");
    c.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    c
}

/// A shipped game compiled with `NAME=VALUE` options (space-separated).
pub fn game(name: &str, options: &str) -> Game {
    let spec = GameSpec {
        game: name.to_string(),
        options: options.split_whitespace().map(String::from).collect(),
        ..GameSpec::default()
    };
    load(&spec)
        .unwrap_or_else(|e| panic!("{name} {options}: {e}"))
        .game
}

/// A game compiled from source text, which must have no error.
pub fn compile(source: &str) -> Game {
    compile_source(source, &Choices::default())
        .unwrap_or_else(|e| panic!("{e:?}"))
        .game
}

/// The position a text describes, which must be readable.
pub fn position(game: &Game, text: &str) -> State {
    parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn parse_position(game: &Game, text: &str) -> Result<State, String> {
    tabula::present::parse_position(game, text)
}

/// The legal moves of a state, as text, sorted.
pub fn moves(game: &Game, s: &State) -> Vec<String> {
    let mut m: Vec<String> = legal_moves(game, s)
        .into_iter()
        .map(|m| move_text(game, m))
        .collect();
    m.sort();
    m
}

/// The legal move of `s` written exactly as `mv`.
pub fn parse_move(game: &Game, s: &State, mv: &str) -> Option<Move> {
    tabula::present::parse_move(game, &legal_moves(game, s), mv)
}

/// The moves of `s` into `out`, or how the game has ended there.
pub fn generate(game: &Game, s: &State, out: &mut Vec<Move>) -> Option<Outcome> {
    tabula::engine::generate(game, s, &mut Scratch::default(), out)
}

/// How the game has ended at `s`, if it has.
pub fn outcome(game: &Game, s: &State) -> Option<Outcome> {
    tabula::engine::outcome(game, s, &mut Scratch::default())
}

/// How the game has ended at `s`, with the reason in words, if it has.
pub fn ending(game: &Game, s: &State) -> Option<(Outcome, String)> {
    tabula::engine::ending(game, s, &mut Scratch::default())
        .map(|(o, cause)| (o, tabula::present::ending_text(game, s, cause)))
}

/// The state after the move typed as `mv`, which must be legal.
pub fn play_move(game: &Game, s: &State, mv: &str) -> State {
    let m = parse_move(game, s, mv).unwrap_or_else(|| {
        panic!(
            "{mv} is not legal at {}: {:?}",
            position_text(game, s),
            moves(game, s)
        )
    });
    let mut next = *s;
    make(game, &mut next, m);
    next
}

/// The position text after the move `mv` from the position `text`.
pub fn after(game: &Game, text: &str, mv: &str) -> String {
    position_text(game, &play_move(game, &position(game, text), mv))
}

/// A fresh folder `tabula-NAME-PID` under the system's temporary folder, for one test.
pub fn temp_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays `moves` from `s` with the game's history kept (for `repeated`), checking that the
/// game goes on before each; the position after them.
pub fn play_line(game: &Game, mut s: State, moves: &[&str]) -> State {
    let mut history = tabula::engine::History::new(game, &mut s);
    let mut scratch = Scratch::default();
    for (i, mv) in moves.iter().enumerate() {
        assert_eq!(
            tabula::engine::outcome(game, &s, &mut scratch),
            None,
            "before move {i}"
        );
        s = play_move(game, &s, mv);
        history.record(game, &mut s);
    }
    s
}
