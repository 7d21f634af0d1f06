//! Syntax errors: every one in a file at once, with the word the parser would have taken,
//! the usual mistakes explained, and an unclosed brace labelled where it opens.

use tabula::compile::{compile_source, Choices, Failure};
use tabula::diagnostic::Problem;

fn problems(source: &str) -> Vec<Problem> {
    match compile_source(source, &Choices::default()) {
        Ok(_) => Vec::new(),
        Err(Failure::Problems(ps)) => ps,
        Err(Failure::Choice(m)) => panic!("{m}"),
    }
}

/// Each problem's code and the text of its first label.
fn codes_and_labels(source: &str) -> Vec<(&'static str, String)> {
    problems(source)
        .into_iter()
        .map(|p| (p.code(), p.labels[0].text.clone()))
        .collect()
}

#[test]
fn three_syntax_errors_in_three_declarations_are_three_diagnostics() {
    let source = std::fs::read_to_string("tests/diagnostics/syntax_three_errors.game").unwrap();
    assert_eq!(
        codes_and_labels(&source),
        [
            ("syntax", "did you mean `pieces`?".to_string()),
            ("syntax", "did you mean `empty`?".to_string()),
            ("syntax", "did you mean `==`?".to_string()),
        ]
    );
}

#[test]
fn misspelt_keywords_and_names_get_a_did_you_mean() {
    let head = "game \"T\"\nboard 5 x 5\nplayers White, Black\n";
    let typo = |body: &str| codes_and_labels(&format!("{head}{body}"))[0].1.clone();
    assert_eq!(typo("peices man\n"), "did you mean `pieces`?");
    assert_eq!(
        typo("pieces man\nmove s { along n onto emtpy }\n"),
        "did you mean `empty`?"
    );
    assert_eq!(
        typo("pieces man\nmove s { along n onto freind }\n"),
        "did you mean `friend`?"
    );
    assert_eq!(
        typo("pieces man\nmove s { along n onto empty chain mutt }\n"),
        "did you mean `must`?"
    );
    // Names are the checker's: a group `ahead`, a direction `north`.
    let names = problems(&format!(
        "{head}pieces man\ndirection north = (0, 1)\ndirections ahead = north\nmove s {{ along ahaed onto empty }}\nmove t {{ along nroth onto empty }}\n"
    ));
    let helps: Vec<_> = names.iter().filter_map(|p| p.help.as_deref()).collect();
    assert_eq!(helps, ["did you mean `ahead`?", "did you mean `north`?"]);
}

#[test]
fn a_missing_closing_brace_is_labelled_at_its_opening_brace() {
    let source = "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces man\nmove step {\n  along all\n  onto empty\n\nmove jump { along all over 1 enemy onto empty }\n";
    let ps = problems(source);
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0].code(), "unclosed_brace");
    let brace = source.find('{').unwrap();
    assert_eq!(ps[0].labels[0].span.start as usize, brace);
    assert_eq!(ps[0].labels[1].text, "the next declaration begins here");
    // At the end of the file too.
    let ps = problems("game \"T\"\nboard 5 x 5\nplayers White, Black\npieces man\nsetup {\n  White man where rank == 0\n");
    assert_eq!(ps[0].code(), "unclosed_brace");
    assert_eq!(ps[0].labels[0].text, "this `{` opens the setup");
}

#[test]
fn a_reserved_word_used_as_a_name_says_so() {
    let ps = problems(
        "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces man\ndefine double(x) = 2 * x\n",
    );
    assert_eq!(ps[0].labels[0].text, "a reserved word");
    assert!(ps[0]
        .help
        .as_deref()
        .unwrap()
        .starts_with("`x` is a word of the language"));
}

#[test]
fn the_help_names_the_construct_and_its_form() {
    let ps = problems("game \"T\"\nboard 5 x 5\nplayers White, Black\npieces man\nmove step {\n  along all\n  land empty\n}\n");
    assert_eq!(
        ps[0].help.as_deref(),
        Some("the form of a move rule is `move NAME { along DIRECTIONS onto PATTERN if CONDITION … }` (see \"Move rules\" in docs/LANGUAGE.md)")
    );
}

#[test]
fn a_file_of_errors_is_reported_up_to_the_limit_and_then_stops() {
    let mut source = String::from("game \"T\"\n");
    for i in 0..50 {
        source.push_str(&format!("board {i} y {i}\n"));
    }
    assert_eq!(problems(&source).len(), 20);
    // Text that is no declaration at all is one error, not a loop.
    assert_eq!(problems("}}}} {{{{ ((( ))) ==== \u{1}\u{2}\n").len(), 1);
}

#[test]
fn a_byte_order_mark_is_read_as_nothing() {
    let source = "\u{FEFF}game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man\nmove put { place man onto empty }\n";
    assert!(problems(source).is_empty());
}
