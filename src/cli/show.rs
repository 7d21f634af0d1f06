//! `tabula show GAME`: the game's summary and a position drawn as a board.

use super::error::{CliError, Out};
use super::game::{load_game, GameArgs};
use crate::engine::Workspace;
use crate::overwrite::may_replace;
use crate::present::{
    board_text, game_summary, is_picture, outcome_text, position_svg, position_text, unsettled_note,
};
use std::process::ExitCode;

pub fn run(args: &GameArgs, svg: Option<&str>, force: bool) -> Result<ExitCode, CliError> {
    let loaded = load_game(args)?;
    let (game, start) = (&loaded.game, &loaded.start);
    if let Some(file) = svg {
        if !force && !may_replace(file, is_picture) {
            return Err(CliError::Failed(format!(
                "{file} exists and is not a picture; it is left as it is (write under another name, or add --force)"
            )));
        }
        std::fs::write(file, position_svg(game, start))
            .map_err(|e| CliError::Failed(format!("cannot write {file}: {e}")))?;
    }
    let mut out = Out::new();
    out.print(&game_summary(game))?;
    out.line("")?;
    out.print(&board_text(game, start))?;
    out.line("")?;
    out.line(&format!("position: {}", position_text(game, start)))?;
    let mut work = Workspace::default();
    let outcome = start.outcome(game, &mut work);
    if work.given_up() > 0 {
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
