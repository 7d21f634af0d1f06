//! Helpers shared by the integration tests, all on the library's public API: games load
//! through `tabula::load`, moves come from `tabula::engine`, text from `tabula::present`.
#![allow(dead_code)]

use tabula::compile::{compile_source, Choices};
pub use tabula::engine::{Move, Outcome, Position, Workspace};
use tabula::ir::Game;
use tabula::load::{load, GameSpec};
pub use tabula::present::{move_text, position_text};

/// The `tabula` binary, run from the repository's folder without colour.
pub fn tabula_command() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("tabula").expect("the binary is built");
    c.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    c
}

/// A shipped game compiled with `NAME=VALUE` options (space-separated).
pub fn game(name: &str, options: &str) -> Game {
    let spec = GameSpec {
        game: name.to_string(),
        options: options.split_whitespace().map(String::from).collect(),
        ..GameSpec::default()
    };
    load(&spec)
        .unwrap_or_else(|e| panic!("{name} {options}: {e}"))
        .game
}

/// A game compiled from source text, which must have no error.
pub fn compile(source: &str) -> Game {
    compile_source(source, &Choices::default())
        .unwrap_or_else(|e| panic!("{e:?}"))
        .game
}

/// The legal moves of a position.
pub fn legal_moves(game: &Game, s: &Position) -> Vec<Move> {
    s.legal_moves(game)
}

/// Plays `m` on `s`.
pub fn make(game: &Game, s: &mut Position, m: Move) {
    s.make(game, m)
}

/// The position a text describes, which must be readable.
pub fn position(game: &Game, text: &str) -> Position {
    parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn parse_position(game: &Game, text: &str) -> Result<Position, String> {
    tabula::present::parse_position(game, text)
}

/// The legal moves of a state, as text, sorted.
pub fn moves(game: &Game, s: &Position) -> Vec<String> {
    let mut m: Vec<String> = legal_moves(game, s)
        .into_iter()
        .map(|m| move_text(game, m))
        .collect();
    m.sort();
    m
}

/// The legal move of `s` written exactly as `mv`.
pub fn parse_move(game: &Game, s: &Position, mv: &str) -> Option<Move> {
    tabula::present::parse_move(game, &legal_moves(game, s), mv)
}

/// The moves of `s` into `out`, or how the game has ended there.
pub fn generate(game: &Game, s: &Position, out: &mut Vec<Move>) -> Option<Outcome> {
    s.generate(game, &mut Workspace::default(), out)
}

/// How the game has ended at `s`, if it has.
pub fn outcome(game: &Game, s: &Position) -> Option<Outcome> {
    s.outcome(game, &mut Workspace::default())
}

/// How the game has ended at `s`, with the reason in words, if it has.
pub fn ending(game: &Game, s: &Position) -> Option<(Outcome, String)> {
    s.ending(game, &mut Workspace::default())
        .map(|(o, cause)| (o, tabula::present::ending_text(game, s, cause)))
}

/// The state after the move typed as `mv`, which must be legal.
pub fn play_move(game: &Game, s: &Position, mv: &str) -> Position {
    let m = parse_move(game, s, mv).unwrap_or_else(|| {
        panic!(
            "{mv} is not legal at {}: {:?}",
            position_text(game, s),
            moves(game, s)
        )
    });
    let mut next = *s;
    make(game, &mut next, m);
    next
}

/// The position text after the move `mv` from the position `text`.
pub fn after(game: &Game, text: &str, mv: &str) -> String {
    position_text(game, &play_move(game, &position(game, text), mv))
}

/// A fresh folder `tabula-NAME-PID` under the system's temporary folder, for one test.
pub fn temp_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `tabula play ARGS` with `input` on standard input; returns standard output.
pub fn play(args: &[&str], input: &str) -> String {
    play_bytes(args, input.as_bytes())
}

/// Runs `tabula play ARGS` with raw bytes on standard input; returns standard output. The
/// computer searches on one thread, so that its seeded moves are the same on any machine.
pub fn play_bytes(args: &[&str], input: &[u8]) -> String {
    let out = tabula_command()
        .arg("play")
        .args(args)
        .args(["--threads", "1"])
        .write_stdin(input.to_vec())
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Plays `moves` from `s` with the game's history kept (for `repeated`), checking that the
/// game goes on before each; the position after them.
pub fn play_line(game: &Game, mut s: Position, moves: &[&str]) -> Position {
    let mut history = tabula::engine::History::new_at(game, &mut s);
    let mut work = Workspace::default();
    for (i, mv) in moves.iter().enumerate() {
        assert_eq!(s.outcome(game, &mut work), None, "before move {i}");
        s = play_move(game, &s, mv);
        history.record_at(game, &mut s);
    }
    s
}

/// Sends Ctrl-C (SIGINT) to a running child after `millis` milliseconds.
pub fn ctrl_c_after(child: &std::process::Child, millis: u64) {
    std::thread::sleep(std::time::Duration::from_millis(millis));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
}

/// What `tabula play GAME` prints when the computer plays both White and Black at level 1
/// (seed 5) on one thread, to the end of the game.
pub fn computer_game(game: &str) -> String {
    let out = tabula_command()
        .args([
            "play",
            game,
            "--ai",
            "White=1",
            "--ai",
            "Black=1",
            "--seed",
            "5",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// Checks perft from each position of a file of `POSITION|D1 D2 …` lines (made by another
/// program, which the file's comment names) against this engine, on two threads: to depth
/// 2 for every position, and deeper for every tenth (for the test command's time); the
/// file holds `count` positions.
pub fn perft_file_agrees(game: &Game, file: &str, count: usize) {
    let text = test_file(file);
    let mut checked = 0;
    for (i, line) in text.lines().filter(|l| !l.starts_with('#')).enumerate() {
        let (pos, counts) = line.split_once('|').unwrap();
        let s = position(game, pos);
        let deepest = if i % 10 == 0 { usize::MAX } else { 2 };
        let expected: Vec<u64> = counts
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .take(deepest)
            .collect();
        let found: Vec<u64> = (1..=expected.len())
            .map(|d| tabula::search::perft::perft_at(game, &s, d, 2))
            .collect();
        assert_eq!(found, expected, "{pos}");
        checked += 1;
    }
    assert_eq!(checked, count, "{file}");
}

/// The text of a file under `tests/`.
pub fn test_file(name: &str) -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests")
            .join(name),
    )
    .unwrap()
}

/// Asserts that docs/LANGUAGE.md shows each example word for word.
pub fn assert_documented(examples: &[&str]) {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    for example in examples {
        assert!(doc.contains(example), "docs/LANGUAGE.md lacks:\n{example}");
    }
}

/// Perft of `game` from its start, at each depth from 1 to `depth` (one thread).
pub fn perft_table(game: &Game, depth: usize) -> Vec<u64> {
    let start = Position::start(game);
    (1..=depth)
        .map(|d| tabula::search::perft::perft_at(game, &start, d, 1))
        .collect()
}
