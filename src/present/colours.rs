//! Each player's colour: the colour their name says (Red, Blue, White, …), or one by seat
//! for the others, so that the board in a terminal and the pictures agree with the names.

use crate::ir::Game;

/// The colour of player `p`: (fill, ink for a letter on it, its name in words).
/// A neutral piece's `p` (`Game::neutral_owner`) is grey.
pub fn player_colour(game: &Game, p: usize) -> (&'static str, &'static str, &'static str) {
    if p >= game.players.len() {
        return ("#9a9a9a", "#222222", "grey");
    }
    let name = game.players.get(p).map(|pl| pl.name.to_ascii_lowercase());
    match name.as_deref() {
        Some("red") => ("#c0392b", "#ffffff", "red"),
        Some("green") => ("#27ae60", "#ffffff", "green"),
        Some("yellow") => ("#f1c40f", "#222222", "yellow"),
        Some("blue") => ("#2e6fd1", "#ffffff", "blue"),
        Some("white") => ("#fbfbf8", "#222222", "white"),
        Some("black") => ("#222222", "#ffffff", "black"),
        _ => [
            ("#c0392b", "#ffffff", "red"),
            ("#2e6fd1", "#ffffff", "blue"),
            ("#27ae60", "#ffffff", "green"),
            ("#f1c40f", "#222222", "yellow"),
        ][p % 4],
    }
}

/// The terminal's colour code (ANSI) for a neutral piece: grey.
pub const NEUTRAL: &str = "0;37";

/// The terminal's colour code (ANSI) for player `p`, as `player_colour` names it.
pub fn terminal_colour(game: &Game, p: usize) -> &'static str {
    match player_colour(game, p).2 {
        "red" => "1;31",
        "green" => "1;32",
        "yellow" => "1;33",
        "blue" => "1;34",
        "white" => "1;97",
        _ => "1;90",
    }
}
