//! Writing moves and reading them back: `c3-d4` for a move, `c3xd6` for a capture, `pass`.

use super::state::{Move, State};
use crate::ir::Game;

impl Game {
    pub fn move_text(&self, m: Move) -> String {
        if m.is_pass() {
            return "pass".to_string();
        }
        let sep = if self.rules[m.rule as usize].captures() {
            'x'
        } else {
            '-'
        };
        format!("{}{sep}{}", self.board.name(m.from), self.board.name(m.to))
    }

    /// The legal move of `s` written as `text`, if there is one.
    pub fn parse_move(&self, s: &State, text: &str) -> Option<Move> {
        let text = text.trim();
        self.legal_moves(s)
            .into_iter()
            .find(|&m| self.move_text(m) == text)
    }
}
