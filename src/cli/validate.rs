//! `tabula validate FILE...`: every problem in every file, on standard error. Exit 0 when
//! no file has an error (warnings alone do not fail), 1 otherwise.

use super::load::{read_source, CliError};
use crate::diagnostic::{render, summary, RenderStyle};
use std::process::ExitCode;

pub fn run(files: &[String]) -> Result<ExitCode, CliError> {
    let style = RenderStyle {
        colour: super::stderr_colour(),
        width: 100,
    };
    let mut failed = false;
    for arg in files {
        let (name, source) = match read_source(arg) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("error: {}", e.message);
                failed = true;
                continue;
            }
        };
        let problems = match crate::syntax::parse(&source) {
            Err(p) => vec![p],
            Ok(file) => crate::check::validate(&file),
        };
        eprint!("{}", render(&problems, &name, &source, style));
        if problems.iter().any(|p| p.is_error()) {
            failed = true;
        }
        if problems.is_empty() {
            eprintln!("{name}: ok");
        } else {
            eprintln!("{name}: {}", summary(&problems));
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
