//! Portable Game Notation, for any game of two players: the seven tags PGN requires (the
//! players are the game's), the game, its options, variant and starting position in tags
//! of Tabula's own (`TabulaGame`, `TabulaOption`, `TabulaVariant`, `TabulaPosition`; a
//! starting position FEN can describe goes in `FEN` with `SetUp`), then the moves in
//! standard algebraic notation, numbered in pairs, and the result. A PGN without
//! `TabulaGame` (as other programs write them) is read as a game of the session that loads
//! it.
//!
//! Reading skips what PGN allows around the moves: comments (`{…}`, `;` to the end of the
//! line), variations (`(…)`), annotations (`$1`, `!?`), move numbers and the result.

use super::Session;
use crate::load::GameSpec;
use crate::present::san_text;

/// The first characters of a PGN file: what `save` may write over.
pub const PGN_HEAD: &[u8] = b"[Event ";

/// Whether a file name is a PGN's.
pub fn is_pgn(file: &str) -> bool {
    file.to_ascii_lowercase().ends_with(".pgn")
}

impl Session {
    /// The game as PGN, or why it cannot be written so.
    pub(super) fn pgn(&self) -> Result<String, String> {
        let game = &self.game;
        if game.players.len() != 2 {
            return Err("PGN records games of two players; save under a name without .pgn".into());
        }
        if game.dice.is_some() {
            return Err(
                "PGN has no way to write rolls of the dice; save under a name without .pgn".into(),
            );
        }
        let result = match self
            .state
            .outcome(game, &mut crate::engine::Workspace::default())
        {
            Some(crate::engine::Outcome::Win(0)) => "1-0",
            Some(crate::engine::Outcome::Win(_)) => "0-1",
            Some(crate::engine::Outcome::Draw) => "1/2-1/2",
            None => "*",
        };
        let tag =
            |name: &str, value: &str| format!("[{name} \"{}\"]\n", value.replace(['"', '\\'], ""));
        let mut text = String::new();
        text.push_str(&tag("Event", &format!("{} game", game.title)));
        text.push_str(&tag("Site", "?"));
        text.push_str(&tag("Date", "????.??.??"));
        text.push_str(&tag("Round", "?"));
        text.push_str(&tag("White", &game.players[0].name));
        text.push_str(&tag("Black", &game.players[1].name));
        text.push_str(&tag("Result", result));
        text.push_str(&tag(
            "TabulaGame",
            &super::record::travelling_name(&self.spec.game),
        ));
        if let Some(v) = &self.spec.variant {
            text.push_str(&tag("TabulaVariant", v));
        }
        for o in &self.spec.options {
            text.push_str(&tag("TabulaOption", o));
        }
        if let Some(p) = &self.spec.position {
            let p = p.split_whitespace().collect::<Vec<_>>().join(" ");
            if crate::present::fen::looks_like_fen(game, &p) {
                text.push_str(&tag("SetUp", "1"));
                text.push_str(&tag("FEN", &p));
            } else {
                text.push_str(&tag("TabulaPosition", &p));
            }
        }
        text.push('\n');
        let mut words = Vec::new();
        let mut s = self.start;
        let first = crate::each_state!(&s, st => st.to_move) as usize;
        let base = self.first_move_number();
        for (i, &m) in self.played.iter().enumerate() {
            let ply = i + first;
            if ply.is_multiple_of(2) {
                words.push(format!("{}.", ply / 2 + base));
            } else if i == 0 {
                words.push(format!("{}...", ply / 2 + base));
            }
            let legal = s.legal_moves(game);
            words.push(san_text(game, &s, m, &legal));
            s.make(game, m);
        }
        words.push(result.to_string());
        // Lines of at most 79 characters, as PGN's export format asks.
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 79 {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        text.push_str(&line);
        text.push('\n');
        Ok(text)
    }
}

/// A PGN's game (with its options, variant and position) and its moves, each with its line
/// number. Without a `TabulaGame` tag the game is `session_game`, where there is one.
pub fn parse_pgn(
    text: &str,
    session_game: Option<&str>,
) -> Result<(GameSpec, Vec<(usize, String)>), String> {
    let mut spec = GameSpec {
        game: session_game.unwrap_or_default().to_string(),
        ..GameSpec::default()
    };
    let mut moves = Vec::new();
    let mut depth = 0usize; // inside variations
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if !in_comment && depth == 0 && line.starts_with('[') {
            let Some((name, value)) = line
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split_once(char::is_whitespace)
            else {
                return Err(format!("line {n}: a tag is written [Name \"value\"]"));
            };
            let value = value.trim().trim_matches('"').to_string();
            match name {
                "TabulaGame" => spec.game = value,
                "TabulaVariant" => spec.variant = Some(value),
                "TabulaOption" => spec.options.push(value),
                "TabulaPosition" | "FEN" => spec.position = Some(value),
                _ => {}
            }
            continue;
        }
        let mut word = String::new();
        let mut flush = |word: &mut String| {
            let w = std::mem::take(word);
            // A move number (`12.`, `12...`) before the move, if any.
            let digits = w.len() - w.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let w = match w[digits..].strip_prefix('.') {
                Some(rest) if digits > 0 => rest.trim_start_matches('.'),
                _ => w.as_str(),
            };
            let result = matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*");
            if !w.is_empty() && !result && !w.starts_with('$') {
                moves.push((n, w.trim_end_matches(['!', '?']).to_string()));
            }
        };
        for c in line.chars() {
            if in_comment {
                in_comment = c != '}';
                continue;
            }
            match c {
                '{' => {
                    flush(&mut word);
                    in_comment = true;
                }
                ';' if depth == 0 => {
                    flush(&mut word);
                    break;
                }
                '(' => {
                    flush(&mut word);
                    depth += 1;
                }
                ')' => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                c if c.is_whitespace() => flush(&mut word),
                c => word.push(c),
            }
        }
        if depth == 0 && !in_comment {
            flush(&mut word);
        }
    }
    if spec.game.is_empty() {
        return Err(
            "it names no game (a tag `[TabulaGame \"NAME\"]`); open a session of its game \
                    and `load` it there"
                .into(),
        );
    }
    Ok((spec, moves))
}
