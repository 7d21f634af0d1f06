//! `tabula validate FILE...`: every problem in every file, on standard error (or, with
//! `--json`, as one JSON document on standard output). Exit 0 when no file has an error
//! (warnings alone do not fail), 1 otherwise.

use super::error::{to_stderr, CliError, Out};
use super::game::stderr_style;
use crate::diagnostic::{line_column, render, summary, Problem, Severity};
use crate::load::find_source;
use serde_json::{json, Value};
use std::process::ExitCode;

pub fn run(files: &[String], as_json: bool, variants: usize) -> Result<ExitCode, CliError> {
    let mut failed = false;
    let mut reports = Vec::new();
    for arg in files {
        let source = match find_source(arg) {
            Ok(s) => s,
            Err(e) => {
                if as_json {
                    reports.push(json!({ "file": arg, "ok": false, "error": e.to_string() }));
                } else {
                    to_stderr(&format!("error: {e}\n"));
                }
                failed = true;
                continue;
            }
        };
        let problems = crate::compile::validate_source_with(&source.text, variants);
        let has_errors = problems.iter().any(Problem::is_error);
        failed |= has_errors;
        if as_json {
            reports.push(json!({
                "file": source.name,
                "ok": !has_errors,
                "errors": problems.iter().filter(|p| p.is_error()).count(),
                "warnings": problems.iter().filter(|p| !p.is_error()).count(),
                "problems": problems.iter().map(|p| problem_json(p, &source.text)).collect::<Vec<_>>(),
            }));
            continue;
        }
        to_stderr(&render(
            &problems,
            &source.name,
            &source.text,
            stderr_style(),
        ));
        if problems.is_empty() {
            to_stderr(&format!("{}: ok\n", source.name));
        } else {
            to_stderr(&format!("{}: {}\n", source.name, summary(&problems)));
        }
    }
    if as_json {
        let document = json!({ "ok": !failed, "files": reports });
        let mut out = Out::new();
        out.line(&serde_json::to_string_pretty(&document).expect("JSON of plain values"))?;
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One problem as JSON: its code, severity, message and help, where it is (line and
/// column, from 1, of its first label), and every label.
fn problem_json(p: &Problem, text: &str) -> Value {
    let (line, column) = line_column(text, p.position() as usize);
    json!({
        "code": p.code(),
        "severity": match p.severity() { Severity::Error => "error", Severity::Warning => "warning" },
        "message": p.message,
        "help": p.help,
        "line": line,
        "column": column,
        "labels": p.labels.iter().map(|l| {
            let (line, column) = line_column(text, l.span.start as usize);
            let (end_line, end_column) = line_column(text, l.span.end as usize);
            json!({
                "text": l.text,
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
            })
        }).collect::<Vec<_>>(),
    })
}
