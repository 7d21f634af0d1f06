//! `tabula show GAME`: the game's summary and a position drawn as a board.

use super::error::{CliError, Out};
use super::game::{load_game, GameArgs};
use crate::engine::{self, Scratch};
use crate::ir::Game;
use crate::present::{board_text, outcome_text, position_text, unsettled_note};
use std::process::ExitCode;

pub fn run(args: &GameArgs) -> Result<ExitCode, CliError> {
    let loaded = load_game(args)?;
    let (game, start) = (&loaded.game, &loaded.start);
    let mut out = Out::new();
    out.print(&summary(game))?;
    out.line("")?;
    out.print(&board_text(game, start))?;
    out.line("")?;
    out.line(&format!("position: {}", position_text(game, start)))?;
    let mut scratch = Scratch::default();
    let outcome = engine::outcome(game, start, &mut scratch);
    if scratch.reach.given_up > 0 {
        out.line(&format!("note:     {}", unsettled_note()))?;
    }
    match outcome {
        None => out.line(&format!(
            "to move:  {}",
            game.players[start.to_move as usize].name
        ))?,
        Some(o) => out.line(&format!("result:   {}", outcome_text(game, o)))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Players, pieces, options and variants.
pub fn summary(game: &Game) -> String {
    let mut out = format!("{}\n", game.title);
    let players: Vec<String> = game
        .players
        .iter()
        .map(|p| {
            format!(
                "{} (facing {})",
                p.name, game.board.directions[p.facing as usize].name
            )
        })
        .collect();
    out.push_str(&format!("players:  {}\n", players.join(", ")));
    let pieces: Vec<String> = game
        .pieces
        .iter()
        .map(|p| {
            format!(
                "{} ({}/{})",
                p.name,
                p.letter.to_ascii_uppercase(),
                p.letter.to_ascii_lowercase()
            )
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
    out.push_str(&format!(
        "board:    {} x {}, {used} squares\n",
        game.board.width, game.board.height
    ));
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
