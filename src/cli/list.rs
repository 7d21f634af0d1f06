//! `tabula list`: every shipped game, with its one-line description (its first `about`).

use super::error::{CliError, Out};
use crate::load::{load, shipped, GameSpec};
use std::process::ExitCode;

pub fn run() -> Result<ExitCode, CliError> {
    let names = shipped::names();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut out = Out::new();
    for name in names {
        let about = match load(&GameSpec::named(name)) {
            Ok(loaded) => loaded.game.about.first().cloned().unwrap_or_default(),
            Err(e) => format!("(does not load: {e})"),
        };
        out.line(format!("{name:width$}  {about}").trim_end())?;
    }
    Ok(ExitCode::SUCCESS)
}
