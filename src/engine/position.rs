//! The position text, Tabula's FEN: the board rank by rank from the top, `/` between ranks,
//! a piece as its letter (upper case for the first player, lower case for the second), a
//! column of two or more pieces in brackets from the bottom up (`[sSs]`: the last letter
//! commands), a number for a run of empty squares, unused squares left out; then the player
//! to move.
//!
//! A 4 x 4 board full of checkers, alternating, Red to move: `cCcC/CcCc/cCcC/CcCc Red`.

use super::column;
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

    /// The pieces on `sq` from the bottom up; with `brackets`, a column of two or more is
    /// bracketed as the position text writes it.
    pub fn column_text(&self, s: &State, sq: Sq, brackets: bool) -> String {
        let c = s.cells[sq as usize];
        let Some(cols) = &self.columns else {
            return self.piece_letter(c).to_string();
        };
        let col = s.slots[cols.slot[sq as usize] as usize];
        let letters: String = column::bottom_up(c, col, cols.bits)
            .into_iter()
            .map(|code| self.piece_letter(code))
            .collect();
        if brackets && letters.len() > 1 {
            format!("[{letters}]")
        } else {
            letters
        }
    }

    /// The code a piece letter stands for.
    fn letter_code(&self, c: char, rank: usize) -> Result<u8, String> {
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
                format!("unknown piece letter `{c}` on rank {rank} (the letters are {letters})")
            })?;
        Ok(self.code(owner, t))
    }

    pub fn position_text(&self, s: &State) -> String {
        if let Some(sw) = &self.sowing {
            return self.pits_position_text(sw, s);
        }
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
                text.push_str(&self.column_text(s, sq as Sq, true));
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

    /// The index of the player called `name`, or a message naming the players.
    pub(super) fn player_index(&self, name: &str) -> Result<usize, String> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
                format!(
                    "unknown player `{name}` (the players are {})",
                    names.join(", ")
                )
            })
    }

    /// The board part of a position text split into ranks, top first, one per rank.
    pub(super) fn rank_texts<'t>(&self, board_text: &'t str) -> Result<Vec<&'t str>, String> {
        let ranks: Vec<&str> = board_text.split('/').collect();
        if ranks.len() != self.board.height {
            return Err(format!(
                "the board has {} ranks, but the text gives {}",
                self.board.height,
                ranks.len()
            ));
        }
        Ok(ranks)
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
        let to_move = self.player_index(side)?;
        let rest: Vec<&str> = fields.collect();
        if let Some(sw) = &self.sowing {
            return self.parse_pits(sw, board_text, to_move as u8, &rest);
        }
        if let Some(extra) = rest.first() {
            return Err(format!("unexpected `{extra}` after the player to move"));
        }
        let b = &self.board;
        let ranks = self.rank_texts(board_text)?;
        let mut cells = vec![0u8; b.cells()];
        let mut columns = Vec::new();
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
                let mut column: Vec<u8> = Vec::new();
                if c == '[' {
                    for l in chars.by_ref() {
                        if l == ']' {
                            break;
                        }
                        column.push(self.letter_code(l, r + 1)?);
                    }
                    if column.is_empty() {
                        return Err(format!("an empty column `[]` on rank {}", r + 1));
                    }
                } else {
                    column.push(self.letter_code(c, r + 1)?);
                }
                if column.len() > 1 && self.columns.is_none() {
                    return Err(format!(
                        "a column on rank {}, but this game has no stacks",
                        r + 1
                    ));
                }
                if let (Some(&sq), Some(cols)) = (squares.get(k), &self.columns) {
                    let mut packed = 0;
                    for &code in column.iter().rev().skip(1) {
                        packed = column::push_bottom(packed, code, cols.bits);
                    }
                    columns.push((cols.slot[sq as usize] as usize, packed));
                }
                let code = *column.last().expect("a column has a piece");
                if let Some(&sq) = squares.get(k) {
                    cells[sq as usize] = code;
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
        let mut state = State::from_cells(self, &cells, to_move as u8);
        if let Some(cols) = &self.columns {
            let room = crate::ir::Columns::room(cols.bits);
            for (slot, packed) in columns {
                if column::height_below(packed) > room {
                    return Err(format!("a column of more than {} pieces", room + 1));
                }
                state.slots[slot] = packed;
            }
        }
        Ok(state)
    }

    /// The board drawn as a grid with coordinates: `.` an empty square, a blank an unused
    /// one, a column as its pieces from the bottom up (the last letter commands), right-aligned.
    pub fn board_text(&self, s: &State) -> String {
        if let Some(sw) = &self.sowing {
            return self.pits_board_text(sw, s);
        }
        let b = &self.board;
        let cell = |sq: usize| {
            if !b.used[sq] {
                " ".to_string()
            } else if s.cells[sq] == 0 {
                ".".to_string()
            } else {
                self.column_text(s, sq as Sq, false)
            }
        };
        let width = (0..b.cells())
            .map(|sq| cell(sq).len())
            .max()
            .unwrap_or(1)
            .max(1);
        let mut out = String::new();
        let label_width = b.height.to_string().len();
        for r in (0..b.height).rev() {
            out.push_str(&format!("{:>label_width$} |", r + 1));
            for f in 0..b.width {
                out.push_str(&format!(" {:>width$}", cell(f + r * b.width)));
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "{:>label_width$} +{}\n",
            "",
            "-".repeat((width + 1) * b.width)
        ));
        out.push_str(&format!("{:>label_width$}  ", ""));
        for f in 0..b.width {
            let name = crate::ir::board::square_name(f, 0);
            out.push_str(&format!(
                " {:>width$}",
                name.trim_end_matches(|c: char| c.is_ascii_digit())
            ));
        }
        out.push('\n');
        out
    }
}
