//! `tabula play GAME [--ai PLAYER[=LEVEL]]…`: the interactive session.

use super::error::CliError;
use super::game::{load_game, GameArgs};
use crate::repl::{run as run_session, Session};
use crate::search::computer::Computer;
use std::process::ExitCode;

/// Reads `PLAYER` or `PLAYER=LEVEL` (level 2 when none is given); the level may name how
/// the computer thinks (`White=alphabeta4`).
pub fn parse_ai(spec: &str) -> Result<(String, Computer), CliError> {
    let (player, level) = spec.split_once('=').unwrap_or((spec, "2"));
    match Computer::parse(level) {
        Some(c) => Ok((player.to_string(), c)),
        None => Err(CliError::Usage(format!(
            "--ai takes PLAYER or PLAYER=LEVEL with {}, not `{spec}`",
            Computer::FORMS
        ))),
    }
}

/// Plays the game `args` names, or the game record `record` (one of the two is given).
pub fn run(
    args: Option<&GameArgs>,
    record: Option<&str>,
    ai: &[String],
    seed: Option<u64>,
    think: Option<&str>,
    threads: usize,
    typed_dice: bool,
) -> Result<ExitCode, CliError> {
    let think = think.map(parse_think).transpose()?;
    // Without `--seed`, each session plays differently: the clock and the process decide.
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        now ^ (u64::from(std::process::id()) << 32)
    });
    let ai = ai
        .iter()
        .map(|s| parse_ai(s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut session = match (args, record) {
        (Some(args), _) => {
            let loaded = load_game(args)?;
            Session::new(args.spec(), loaded, &ai, seed).map_err(CliError::Usage)?
        }
        (None, Some(file)) => Session::from_record(file, &ai, seed).map_err(CliError::Failed)?,
        (None, None) => return Err(CliError::Usage("name a game, or --load a record".into())),
    };
    session.think = think;
    session.threads = threads;
    session.typed_dice = typed_dice;
    run_session(session).map_err(|e| match e.kind() {
        std::io::ErrorKind::BrokenPipe => CliError::ClosedOutput,
        _ => CliError::Failed(format!("the session failed: {e}")),
    })?;
    Ok(ExitCode::SUCCESS)
}

/// A time a move: `3s`, `1.5s`, `500ms`, or seconds alone (`2`); from 10 ms to an hour.
pub fn parse_think(text: &str) -> Result<std::time::Duration, CliError> {
    let t = text.trim();
    let (number, scale) = if let Some(ms) = t.strip_suffix("ms") {
        (ms, 0.001)
    } else {
        (t.strip_suffix('s').unwrap_or(t), 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(n) if n.is_finite() && (0.01..=3600.0).contains(&(n * scale)) => {
            Ok(std::time::Duration::from_secs_f64(n * scale))
        }
        _ => Err(CliError::Usage(format!(
            "--think takes a time from 10ms to 3600s, such as `3s` or `500ms`, not `{text}`"
        ))),
    }
}
