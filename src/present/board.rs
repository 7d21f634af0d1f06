//! The board drawn for a person: a grid with coordinates, or, for a counting game, rows of
//! pits under their names with the stores.

use super::position::{column_text, piece_letter};
use crate::engine::{column, Position};
use crate::ir::board::square_name;
use crate::ir::{Columns, Game, Sowing, Sq, MAX_HAND_TYPES};

/// How many of the pieces under a commander the board draws; a deeper column is cut from
/// the bottom and says how many it leaves out (`+3s:S`).
const DRAWN_UNDER: usize = 3;

/// The board drawn as a grid with coordinates: `.` an empty square, a blank an unused one;
/// then a legend of the letters. Where squares hold columns, every cell has one width for
/// the whole game: the pieces under the commander from the bottom up, a `:`, and the
/// commander, right-aligned so that the commanders stand in one line.
pub fn board_text(game: &Game, s: &Position) -> String {
    if let Some(sw) = &game.sowing {
        return pits_board_text(game, sw, s);
    }
    let b = &game.board;
    let cell = |sq: usize| {
        if !b.used[sq] {
            " ".to_string()
        } else if s.at(sq as Sq) == 0 {
            ".".to_string()
        } else if game.columns.is_some() {
            column_cell(game, s, sq as Sq)
        } else {
            column_text(game, s, sq as Sq, false)
        }
    };
    // Letters with a `'` (the third and fourth players) take two places.
    let letter_width = if game.players.len() > 2 { 2 } else { 1 };
    let width = match &game.columns {
        Some(cols) => letter_width * (Columns::room(cols.bits).min(DRAWN_UNDER) + 1) + 1,
        None => letter_width,
    };
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
    let cut = (0..b.cells()).any(|sq| b.used[sq] && cell(sq).starts_with('+'));
    out.push_str(&legend_text(game, cut));
    out
}

/// A column's cell: the pieces under the commander from the bottom up, `:`, the commander.
/// Beyond [`DRAWN_UNDER`] pieces under it, the lowest are counted (`+3`) rather than drawn.
fn column_cell(game: &Game, s: &Position, sq: Sq) -> String {
    let c = s.at(sq);
    let Some(cols) = &game.columns else {
        return piece_letter(game, c);
    };
    let col = s.slots[cols.slot[sq as usize] as usize];
    let mut pieces = column::bottom_up(c, col, cols.bits);
    let commander = pieces
        .pop()
        .map(|c| piece_letter(game, c))
        .unwrap_or_default();
    if pieces.is_empty() {
        return commander;
    }
    let letters =
        |codes: &[u8]| -> String { codes.iter().map(|&c| piece_letter(game, c)).collect() };
    let under = if pieces.len() <= DRAWN_UNDER {
        letters(&pieces)
    } else {
        // Keep the pieces nearest the commander: they are the next to command.
        let mut kept = DRAWN_UNDER - 1;
        loop {
            let hidden = pieces.len() - kept;
            if kept == 0 || hidden.to_string().len() + 1 + kept <= DRAWN_UNDER {
                break format!("+{hidden}{}", letters(&pieces[hidden..]));
            }
            kept -= 1;
        }
    };
    format!("{under}:{commander}")
}

/// The legend under a board: each letter's player and piece type, and, where squares hold
/// columns, how a column is drawn (and, when one is `cut`, how its hidden pieces are
/// counted).
fn legend_text(game: &Game, cut: bool) -> String {
    let mut entries = Vec::new();
    for (owner, player) in game.players.iter().enumerate() {
        for (t, piece) in game.pieces.iter().enumerate() {
            let code = game.code(owner, t);
            entries.push(format!(
                "{} {} {}",
                piece_letter(game, code),
                player.name,
                piece.name
            ));
        }
    }
    if entries.is_empty() {
        return String::new();
    }
    // Wrapped to fit a terminal of 80 columns.
    let mut text = String::new();
    let mut line = String::new();
    for (i, entry) in entries.iter().enumerate() {
        let piece = if i + 1 < entries.len() {
            format!("{entry},")
        } else {
            entry.clone()
        };
        if !line.is_empty() && line.len() + 1 + piece.len() > 78 {
            text.push_str(&format!("  {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    text.push_str(&format!("  {line}\n"));
    if game.columns.is_some() {
        text.push_str(
            "  a column: the pieces under its commander from the bottom up, `:`, the commander\n",
        );
    }
    if cut {
        text.push_str("  `+3`: three more pieces under those drawn\n");
    }
    text
}

/// The pieces each player holds in hand: "White 2 stone, Black 1 stone".
pub(super) fn hands_text(game: &Game, s: &Position) -> String {
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
fn pits_board_text(game: &Game, sw: &Sowing, s: &Position) -> String {
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
pub(super) fn stores_text(game: &Game, sw: &Sowing, s: &Position) -> String {
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
