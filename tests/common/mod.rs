//! Helpers shared by the integration tests.
#![allow(dead_code)]

use tabula::check::{compile_source, Choices};
use tabula::engine::State;
use tabula::ir::Game;

/// The source of a shipped game.
pub fn shipped(name: &str) -> &'static str {
    tabula::cli::shipped::find(name).unwrap_or_else(|| panic!("no shipped game {name}"))
}

/// A shipped game compiled with `NAME=VALUE` options (space-separated).
pub fn game(name: &str, options: &str) -> Game {
    let mut choices = Choices::default();
    for o in options.split_whitespace() {
        let (k, v) = o.split_once('=').unwrap();
        choices = choices.with_option(k, v);
    }
    compile_source(shipped(name), &choices)
        .unwrap_or_else(|e| panic!("{name} {options}: {e:?}"))
        .game
}

/// A game compiled from source text, which must have no error.
pub fn compile(source: &str) -> Game {
    compile_source(source, &Choices::default())
        .unwrap_or_else(|e| panic!("{e:?}"))
        .game
}

pub fn position(game: &Game, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves of a state, as text, sorted.
pub fn moves(game: &Game, s: &State) -> Vec<String> {
    let mut m: Vec<String> = game
        .legal_moves(s)
        .into_iter()
        .map(|m| game.move_text(m))
        .collect();
    m.sort();
    m
}

/// The state after the move typed as `mv`, which must be legal.
pub fn play_move(game: &Game, s: &State, mv: &str) -> State {
    let m = game.parse_move(s, mv).unwrap_or_else(|| {
        panic!(
            "{mv} is not legal at {}: {:?}",
            game.position_text(s),
            moves(game, s)
        )
    });
    let mut next = *s;
    game.apply(&mut next, m);
    next
}

/// The position text after the move `mv` from the position `text`.
pub fn after(game: &Game, text: &str, mv: &str) -> String {
    game.position_text(&play_move(game, &position(game, text), mv))
}
