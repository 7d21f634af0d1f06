//! The board drawn for a person: a grid with coordinates, or, for a counting game, rows of
//! pits under their names with the stores.

use super::position::column_text;
use crate::engine::State;
use crate::ir::board::square_name;
use crate::ir::{Game, Sowing, Sq, MAX_HAND_TYPES};

/// The board drawn as a grid with coordinates: `.` an empty square, a blank an unused one,
/// a column as its pieces from the bottom up (the last letter commands), right-aligned.
pub fn board_text(game: &Game, s: &State) -> String {
    if let Some(sw) = &game.sowing {
        return pits_board_text(game, sw, s);
    }
    let b = &game.board;
    let cell = |sq: usize| {
        if !b.used[sq] {
            " ".to_string()
        } else if s.at(sq as Sq) == 0 {
            ".".to_string()
        } else {
            column_text(game, s, sq as Sq, false)
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
        let name = square_name(f, 0);
        out.push_str(&format!(
            " {:>width$}",
            name.trim_end_matches(|c: char| c.is_ascii_digit())
        ));
    }
    out.push('\n');
    if !game.hands.is_empty() {
        out.push_str(&format!("  in hand: {}\n", hands_text(game, s)));
    }
    out
}

/// The pieces each player holds in hand: "White 2 stone, Black 1 stone".
pub(super) fn hands_text(game: &Game, s: &State) -> String {
    let mut parts = Vec::new();
    for (p, player) in game.players.iter().enumerate() {
        for (t, piece) in game.pieces.iter().enumerate().take(MAX_HAND_TYPES) {
            if (game.hand_types >> t) & 1 != 0 {
                parts.push(format!("{} {} {}", player.name, s.hand[p][t], piece.name));
            }
        }
    }
    parts.join(", ")
}

/// The pits drawn as the players of a sowing game see them: each rank's counts under (or, for the
/// bottom rank, over) its pit names, then the stores.
fn pits_board_text(game: &Game, sw: &Sowing, s: &State) -> String {
    let b = &game.board;
    let seeds = |sq: usize| s.seeds(sw.pit_of[sq] as usize);
    let width = (0..b.cells())
        .filter(|&sq| b.used[sq])
        .map(|sq| seeds(sq).to_string().len().max(b.names[sq].len()))
        .max()
        .unwrap_or(1);
    let line = |r: usize, names: bool| {
        let cells: Vec<String> = (0..b.width)
            .map(|f| f + r * b.width)
            .map(|sq| {
                let text = if !b.used[sq] {
                    String::new()
                } else if names {
                    b.names[sq].clone()
                } else {
                    seeds(sq).to_string()
                };
                format!("{text:>width$}")
            })
            .collect();
        format!("  {}\n", cells.join(" ").trim_end())
    };
    let mut out = String::new();
    for r in (0..b.height).rev() {
        if r > 0 {
            out.push_str(&line(r, true));
            out.push_str(&line(r, false));
        } else {
            out.push_str(&line(r, false));
            out.push_str(&line(r, true));
        }
    }
    out.push_str(&format!("  stores: {}\n", stores_text(game, sw, s)));
    out
}

/// Each player's store: "South 3, North 5 (in G)".
pub(super) fn stores_text(game: &Game, sw: &Sowing, s: &State) -> String {
    let stores: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .map(|(p, player)| {
            let n = match sw.store_pits.get(p) {
                Some(&pit) => s.seeds(pit as usize),
                None => s.stores[p] as u64,
            };
            let at = sw
                .store_pits
                .get(p)
                .map(|&pit| format!(" (in {})", game.board.name(sw.pits[pit as usize])))
                .unwrap_or_default();
            format!("{} {n}{at}", player.name)
        })
        .collect();
    stores.join(", ")
}
