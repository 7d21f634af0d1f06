//! Every file in tests/diagnostics/ is a small broken (or suspicious) game. Its problems,
//! rendered without colour at 80 columns, must match the insta snapshot beside it
//! (`NAME.snap`). After a deliberate change, the failing test leaves `NAME.snap.new` next to
//! it: review the difference (`cargo insta review`, or a diff) and accept it by renaming.

use std::fs;
use std::path::Path;
use tabula::diagnostic::{render, RenderStyle};

fn rendered(path: &Path) -> String {
    let source = fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy();
    let problems = tabula::check::validate_source(&source);
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
    assert!(
        files.len() >= 20,
        "at least 20 broken files, found {}",
        files.len()
    );
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
    let problems = tabula::check::validate(&file);
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
        let problems = tabula::check::validate(&file);
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
    }
}
