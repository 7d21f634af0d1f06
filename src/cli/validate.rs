//! `tabula validate FILE...`: every problem in every file, on standard error. Exit 0 when
//! no file has an error (warnings alone do not fail), 1 otherwise.

use super::error::CliError;
use super::game::stderr_style;
use crate::diagnostic::{render, summary};
use crate::load::find_source;
use std::process::ExitCode;

pub fn run(files: &[String]) -> Result<ExitCode, CliError> {
    let mut failed = false;
    for arg in files {
        let source = match find_source(arg) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
                continue;
            }
        };
        let problems = crate::check::validate_source(&source.text);
        eprint!(
            "{}",
            render(&problems, &source.name, &source.text, stderr_style())
        );
        if problems.iter().any(|p| p.is_error()) {
            failed = true;
        }
        if problems.is_empty() {
            eprintln!("{}: ok", source.name);
        } else {
            eprintln!("{}: {}", source.name, summary(&problems));
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
