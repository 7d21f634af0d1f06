//! A game described in a few lines, for a person deciding what to play.

use crate::ir::{Game, Shape};

/// The title, the text about the game, players, pieces, board, options, variants and
/// move rules: what `tabula show` and the session's `rules` print.
pub fn game_summary(game: &Game) -> String {
    let mut out = format!("{}\n", game.title);
    for line in &game.about {
        out.push_str(&format!("  {line}\n"));
    }
    let players: Vec<String> = game
        .players
        .iter()
        .map(|p| format!("{} (facing {})", p.name, p.facing.name))
        .collect();
    out.push_str(&format!("players:  {}\n", players.join(", ")));
    // Each type with the letter each player writes it with: `checker (Red C, Blue c)`.
    let pieces: Vec<String> = game
        .pieces
        .iter()
        .enumerate()
        .map(|(t, p)| {
            let letters: Vec<String> = (0..game.owners)
                .filter(|&owner| game.listed(owner, t))
                .map(|owner| {
                    let letter = super::position::piece_letter(game, game.code(owner, t));
                    format!("{} {letter}", game.owner_name(owner))
                })
                .collect();
            format!("{} ({})", p.name, letters.join(", "))
        })
        .collect();
    if !pieces.is_empty() {
        out.push_str(&format!("pieces:   {}\n", pieces.join(", ")));
    }
    if let Some(sw) = &game.sowing {
        let seeds: u64 = sw.start.iter().map(|&n| n as u64).sum();
        out.push_str(&format!(
            "counters: {} pits, {seeds} seeds, a store for each player\n",
            sw.count()
        ));
    }
    let used = game.board.used.iter().filter(|&&u| u).count();
    let (w, h) = (game.board.width, game.board.height);
    out.push_str(&match game.board.shape {
        Shape::Square if game.board.points => {
            format!("board:    {w} x {h} points, {used} points\n")
        }
        Shape::Square => format!("board:    {w} x {h}, {used} squares\n"),
        Shape::Hex => format!("board:    hexagonal cells, {w} x {h}, {used} cells\n"),
        Shape::Lines => format!("board:    {used} points joined by lines, on a {w} x {h} frame\n"),
    });
    for (o, (_, value)) in game.options.iter().zip(&game.chosen) {
        out.push_str(&format!(
            "option:   {} = {value} (default {}; allowed {})\n",
            o.name, o.default, o.allowed
        ));
    }
    for v in &game.variants {
        let settings: Vec<String> = v.settings.iter().map(|(k, v)| format!("{k}={v}")).collect();
        out.push_str(&format!("variant:  {} ({})\n", v.name, settings.join(" ")));
    }
    let mut rules: Vec<&str> = game.rules.iter().map(|r| r.name.as_str()).collect();
    rules.extend(game.sowing.as_ref().map(|sw| sw.name.as_str()));
    out.push_str(&format!("moves:    {}\n", rules.join(", ")));
    out
}
