//! Every file in tests/diagnostics/ is a small broken (or suspicious) game. Its problems,
//! rendered without colour at 80 columns, must match the insta snapshot beside it
//! (`NAME.snap`). After a deliberate change, the failing test leaves `NAME.snap.new` next to
//! it: review the difference (`cargo insta review`, or a diff) and accept it by renaming.

use std::fs;
use std::path::Path;
use tabula::diagnostic::{render, Kind, RenderStyle, Severity};

fn rendered(path: &Path) -> String {
    let source = fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy();
    let problems = tabula::compile::validate_source(&source);
    render(&problems, &name, &source, RenderStyle::plain())
}

#[test]
fn diagnostics_match_their_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    // Every snapshot has its broken file, so that a file removed leaves no snapshot
    // unchecked (each file's own snapshot is asserted below).
    for entry in fs::read_dir(&dir).unwrap() {
        let snap = entry.unwrap().path();
        if snap.extension().is_some_and(|e| e == "snap") {
            assert!(
                snap.with_extension("game").exists(),
                "{} has no broken file beside it",
                snap.display()
            );
        }
    }
    assert!(!files.is_empty(), "no broken file in {}", dir.display());
    for path in &files {
        let actual = rendered(path);
        assert!(!actual.is_empty(), "{} reports no problem", path.display());
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({
            snapshot_path => &dir,
            prepend_module_to_snapshot => false,
            omit_expression => true,
            input_file => path,
        }, {
            insta::assert_snapshot!(name, actual);
        });
    }
}

/// Counts of problems by severity, so that a snapshot cannot silently lose one.
fn counts(name: &str) -> (usize, usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/diagnostics")
        .join(name);
    let source = fs::read_to_string(path).unwrap();
    let file = tabula::syntax::parse(&source).unwrap();
    let problems = tabula::compile::validate(&file);
    let errors = problems.iter().filter(|p| p.is_error()).count();
    (errors, problems.len() - errors)
}

#[test]
fn three_unrelated_mistakes_give_three_errors_in_one_run() {
    assert_eq!(counts("three_mistakes.game"), (3, 0));
}

#[test]
fn warnings_alone_are_not_errors() {
    let (errors, warnings) = counts("warnings_only.game");
    assert_eq!(errors, 0);
    assert_eq!(
        warnings, 4,
        "unused option, piece that cannot move, off-board square, square filled twice"
    );
}

#[test]
fn shipped_games_have_no_problem_at_all() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let source = fs::read_to_string(&path).unwrap();
        let file = tabula::syntax::parse(&source).unwrap();
        let problems = tabula::compile::validate(&file);
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
    }
}

/// The reference's table of problems is the list of kinds, code by code: a kind added
/// without its line (or a line left for a kind removed) fails here. With
/// `TABULA_WRITE_DOCS=1` the table is written into docs/LANGUAGE.md instead.
#[test]
fn problem_table_in_the_reference_is_the_list_of_kinds() {
    let mut table = String::from("| code | | what it means |\n|---|---|---|\n");
    for k in Kind::ALL {
        let severity = match k.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        table += &format!("| `{}` | {severity} | {} |\n", k.code(), k.meaning());
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md");
    let docs = fs::read_to_string(&path).unwrap();
    let (start, end) = ("<!-- problems -->\n", "<!-- end problems -->");
    let from = docs.find(start).expect("the table's opening marker") + start.len();
    let to = docs.find(end).expect("the table's closing marker");
    if std::env::var_os("TABULA_WRITE_DOCS").is_some() {
        fs::write(&path, format!("{}{table}{}", &docs[..from], &docs[to..])).unwrap();
        return;
    }
    assert_eq!(
        docs[from..to],
        table,
        "docs/LANGUAGE.md's problem table is stale: run TABULA_WRITE_DOCS=1 cargo test problem_table"
    );
}

/// Every kind of problem is shown by a test: a snapshot in tests/diagnostics/, or a test
/// that asserts its code. A kind no input can cause is named here with the reason.
#[test]
fn every_kind_of_problem_is_shown_by_a_test() {
    // A file within the 1 MiB limit cannot hold 65,536 move rules; the check guards the
    // rule ids all the same.
    let unreachable = ["too_many_rules"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut shown = String::new();
    for dir in ["tests/diagnostics", "tests/it"] {
        for entry in fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            // This file names codes only to set them apart.
            let this = path.ends_with("diagnostics.rs");
            if path.extension().is_some_and(|e| e == "snap" || e == "rs") && !this {
                shown += &fs::read_to_string(&path).unwrap();
            }
        }
    }
    for k in Kind::ALL {
        let code = k.code();
        let seen =
            shown.contains(&format!("tabula::{code}\n")) || shown.contains(&format!("\"{code}\""));
        assert!(
            seen || unreachable.contains(&code),
            "no test shows `{code}`: add a broken file to tests/diagnostics/"
        );
        assert!(
            !(seen && unreachable.contains(&code)),
            "`{code}` is shown after all"
        );
    }
}
