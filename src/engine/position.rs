//! The position text, Tabula's FEN: the board rank by rank from the top, `/` between ranks,
//! a piece as its letter (upper case for the first player, lower case for the second), a
//! number for a run of empty squares, unused squares left out; then the player to move.
//!
//! A 4 x 4 board full of checkers, alternating, Red to move: `cCcC/CcCc/cCcC/CcCc Red`.

use super::state::State;
use crate::ir::{Game, Sq};

impl Game {
    /// The letter a piece is written with.
    fn piece_letter(&self, code: u8) -> char {
        let (owner, t) = self.decode(code);
        let l = self.pieces[t].letter;
        match owner {
            0 => l.to_ascii_uppercase(),
            _ => l.to_ascii_lowercase(),
        }
    }

    pub fn position_text(&self, s: &State) -> String {
        let b = &self.board;
        let mut ranks = Vec::new();
        for r in (0..b.height).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for f in 0..b.width {
                let sq = f + r * b.width;
                if !b.used[sq] {
                    continue;
                }
                let c = s.cells[sq];
                if c == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(self.piece_letter(c));
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            ranks.push(text);
        }
        format!(
            "{} {}",
            ranks.join("/"),
            self.players[s.to_move as usize].name
        )
    }

    /// Reads a position text; the error says what is wrong, in words.
    pub fn parse_position(&self, text: &str) -> Result<State, String> {
        if self.players.len() > 2 {
            return Err("the position text is defined for games of one or two players".into());
        }
        let mut fields = text.split_whitespace();
        let board_text = fields.next().ok_or("the position text is empty")?;
        let side = fields
            .next()
            .ok_or("the position text names no player to move (e.g. `… Red`)")?;
        if let Some(extra) = fields.next() {
            return Err(format!("unexpected `{extra}` after the player to move"));
        }
        let to_move = self
            .players
            .iter()
            .position(|p| p.name == side)
            .ok_or_else(|| {
                let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
                format!(
                    "unknown player `{side}` (the players are {})",
                    names.join(", ")
                )
            })?;
        let b = &self.board;
        let ranks: Vec<&str> = board_text.split('/').collect();
        if ranks.len() != b.height {
            return Err(format!(
                "the board has {} ranks, but the text gives {}",
                b.height,
                ranks.len()
            ));
        }
        let mut cells = vec![0u8; b.cells()];
        for (i, rank_text) in ranks.iter().enumerate() {
            let r = b.height - 1 - i;
            let squares: Vec<Sq> = (0..b.width)
                .map(|f| (f + r * b.width) as Sq)
                .filter(|&sq| b.used[sq as usize])
                .collect();
            let mut k = 0;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap() as usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n * 10 + d as usize;
                        chars.next();
                    }
                    k += n;
                    continue;
                }
                let owner = if c.is_ascii_uppercase() { 0 } else { 1 };
                if owner >= self.players.len() {
                    return Err(format!(
                        "`{c}`: this game has one player, whose pieces are upper case"
                    ));
                }
                let t = self
                    .pieces
                    .iter()
                    .position(|p| p.letter.eq_ignore_ascii_case(&c))
                    .ok_or_else(|| {
                        let letters: String = self.pieces.iter().map(|p| p.letter).collect();
                        format!(
                            "unknown piece letter `{c}` on rank {} (the letters are {letters})",
                            r + 1
                        )
                    })?;
                if let Some(&sq) = squares.get(k) {
                    cells[sq as usize] = self.code(owner, t);
                }
                k += 1;
            }
            if k != squares.len() {
                return Err(format!(
                    "rank {} has {} squares, but the text gives {k}",
                    r + 1,
                    squares.len()
                ));
            }
        }
        Ok(State::from_cells(self, &cells, to_move as u8))
    }

    /// The board drawn as a grid with coordinates: `.` an empty square, a blank an unused one.
    pub fn board_text(&self, s: &State) -> String {
        let b = &self.board;
        let mut out = String::new();
        let label_width = b.height.to_string().len();
        for r in (0..b.height).rev() {
            out.push_str(&format!("{:>label_width$} |", r + 1));
            for f in 0..b.width {
                let sq = f + r * b.width;
                let c = if !b.used[sq] {
                    ' '
                } else if s.cells[sq] == 0 {
                    '.'
                } else {
                    self.piece_letter(s.cells[sq])
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str(&format!("{:>label_width$} +{}\n", "", "--".repeat(b.width)));
        out.push_str(&format!("{:>label_width$}  ", ""));
        for f in 0..b.width {
            let name = crate::ir::board::square_name(f, 0);
            out.push(' ');
            out.push_str(name.trim_end_matches(|c: char| c.is_ascii_digit()));
        }
        out.push('\n');
        out
    }

    pub fn square_of(&self, sq: Sq) -> &str {
        self.board.name(sq)
    }
}
