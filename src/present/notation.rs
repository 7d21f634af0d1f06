//! Writing moves and reading them back: `c3-d4` for a move, `c3xd6` for a capture,
//! `c3xe5xc7` for a chain (each landing square in turn), a pit's name for a sowing, `pass`.

use crate::engine::Move;
use crate::ir::Game;

/// A move as text.
pub fn move_text(game: &Game, m: Move) -> String {
    if m.is_pass() {
        return "pass".to_string();
    }
    if game.sowing.is_some() {
        // A sowing is written by its pit.
        return game.board.name(m.from).to_string();
    }
    let sep = if game.rules[m.rule as usize].captures() {
        'x'
    } else {
        '-'
    };
    let mut text = game.board.name(m.from).to_string();
    for step in m.steps() {
        text.push(sep);
        text.push_str(game.board.name(step.to as u16));
    }
    text
}

/// The move of `legal` written exactly as `text`, if there is one. (A person's typing is
/// read more leniently by the play session.)
pub fn parse_move(game: &Game, legal: &[Move], text: &str) -> Option<Move> {
    let text = text.trim();
    legal.iter().copied().find(|&m| move_text(game, m) == text)
}
