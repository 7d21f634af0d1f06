//! Writing moves and reading them back: `c3-d4` for a move, `c3xd6` for a capture,
//! `c3xe5xc7` for a chain (each landing square in turn), `pass`.

use super::movegen::Outcome;
use super::state::{Move, State};
use crate::ir::Game;

impl Game {
    /// "Red wins" or "draw".
    pub fn outcome_text(&self, o: Outcome) -> String {
        match o {
            Outcome::Win(p) => format!("{} wins", self.players[p as usize].name),
            Outcome::Draw => "draw".to_string(),
        }
    }

    pub fn move_text(&self, m: Move) -> String {
        if m.is_pass() {
            return "pass".to_string();
        }
        if self.sowing.is_some() {
            // A sowing is written by its pit.
            return self.board.name(m.from).to_string();
        }
        let sep = if self.rules[m.rule as usize].captures() {
            'x'
        } else {
            '-'
        };
        let mut text = self.board.name(m.from).to_string();
        for step in m.steps() {
            text.push(sep);
            text.push_str(self.board.name(step.to as u16));
        }
        text
    }

    /// The legal move of `s` written as `text`, if there is one.
    pub fn parse_move(&self, s: &State, text: &str) -> Option<Move> {
        let text = text.trim();
        self.legal_moves(s)
            .into_iter()
            .find(|&m| self.move_text(m) == text)
    }
}
