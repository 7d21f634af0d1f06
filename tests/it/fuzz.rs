//! A fuzzing harness on stable Rust, in-process: mutated rule files (parse and check, and
//! the game they make played a little), mangled position texts, random play-session lines
//! with save and load round trips, and mangled game records. Each input must end in a
//! diagnostic, a message or a correct game: a panic, or an input that takes more than
//! `HANG` seconds, is a failure, and its reproducer is written to `target/fuzz-failures/`.
//!
//! `fuzz_ci_run` is the CI-sized run (a few seconds, seed 1). A long run:
//!
//! ```text
//! FUZZ_SECONDS=600 FUZZ_SEED=7 cargo test --profile quick fuzz_long_run -- --ignored --nocapture
//! ```
//!
//! `fuzz_corpus_replays` runs the reproducers kept in `tests/fuzz_corpus/` (each case the
//! fuzzing campaign of issue 14 found, and any found since): `*.game` rule files,
//! `positions.txt` (`GAME | POSITION` lines) and `*.session` files (a game's name, then the
//! lines typed).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabula::compile::{compile_source, Choices, Failure};
use tabula::diagnostic::{render, RenderStyle};
use tabula::engine::Position;
use tabula::ir::Game;
use tabula::load::{load, GameSpec};
use tabula::present::{move_text_among, parse_move, parse_position, position_text};
use tabula::repl::Session;
use tabula::rng::Rng;

/// How long the computer thinks a move in a fuzzed session, at any level (`--think`), so
/// that twenty lines of a session stay well within `HANG`.
const THINK: Duration = Duration::from_millis(50);

/// An input that takes longer than this is a hang.
const HANG: Duration = Duration::from_secs(5);

/// Play on one input stops after this long (a game may search deep for each ply).
const PLAY_TIME: Duration = Duration::from_secs(1);

/// The language's words, which a mutation inserts.
const WORDS: &[&str] = &[
    "dice",
    "faces",
    "by die",
    "summed",
    "doubles twice",
    "use most",
    "counter",
    "shared",
    "add",
    "dice=",
    "piles",
    "path",
    "taken to hand",
    "taken to captor's hand",
    ", king",
    "height",
    "past the end",
    "over 1 occupied over 0+ empty",
    "by friend",
    "in or from",
    "take { at to onto friend }",
    "again when taken > 0",
    "require not stuck",
    "chain must turning",
    "chain may taking",
    "rotate 2 x 2 clockwise, anticlockwise",
    "neutral",
    "piece neutral",
    "place neutral stone",
    "neutral man on c3",
    "and stuck else \"no\"",
    "player == ",
    "+ (0, count(friend))",
    "game",
    "board",
    "players",
    "pieces",
    "move",
    "along",
    "over",
    "onto",
    "capture",
    "chain",
    "must",
    "may",
    "if",
    "then",
    "setup",
    "end",
    "win",
    "lose",
    "draw",
    "when",
    "where",
    "on",
    "define",
    "zone",
    "direction",
    "directions",
    "option",
    "variant",
    "priority",
    "no",
    "after",
    "require",
    "stacks",
    "promote",
    "counters",
    "sow",
    "lap",
    "relay",
    "track",
    "place",
    "turn",
    "take",
    "change",
    "carry",
    "attacked",
    "moved",
    "previous",
    "reachable",
    "count",
    "line",
    "connected",
    "friend",
    "enemy",
    "empty",
    "any",
    "off",
    "all",
    "x",
    "from",
    "to",
    "not",
    "and",
    "or",
    "is",
    "true",
    "false",
];

/// Numbers at the edges of what the language holds: inserted, or put for a number.
const EDGE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "64",
    "255",
    "256",
    "65535",
    "65536",
    "2 ^ 62",
    "2 ^ 64",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
];

/// Brackets, operators and odd characters, which a mutation inserts.
const SYMBOLS: &[&str] = &[
    "(", ")", "{", "}", "(0, 1)", "==", "=", "!=", "<", "+", "-", "*", "/", "%", "^", ",", ":",
    "..", "0+", "#", "\"", "\n", "\t", " ", "é", "\u{FEFF}", "\u{0}", "a1", "z99",
];

/// What a mutation inserts: the words, then the numbers, then the symbols.
const DICTIONARY: [&[&str]; 3] = [WORDS, EDGE_NUMBERS, SYMBOLS];

/// Entry `i` of the dictionary, counted across its lists.
fn dictionary_entry(mut i: usize) -> &'static str {
    for list in DICTIONARY {
        if i < list.len() {
            return list[i];
        }
        i -= list.len();
    }
    unreachable!("an entry of the dictionary")
}

/// The shipped games' sources, the broken files of `tests/diagnostics`, the corpus, and
/// each example of docs/LANGUAGE.md (a fragment given a game to stand in): the seeds the
/// mutations start from.
fn seed_sources() -> Vec<String> {
    let mut sources = seed_files();
    sources.extend(reference_examples());
    sources
}

/// Every example of docs/LANGUAGE.md, as a file: a fragment (a rule, a setup) after a small
/// game's first lines, a whole game as it is.
fn reference_examples() -> Vec<String> {
    let reference =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"))
            .unwrap();
    let head = "game \"Example\"\nboard 5 x 5\nplayers White, Black\npieces man, king, stone\nzone far = row == 4\n";
    reference
        .split("```")
        .skip(1)
        .step_by(2)
        .map(|block| match block.contains("game \"") {
            true => block.to_string(),
            false => format!("{head}{block}"),
        })
        .collect()
}

/// The files of the seed folders.
fn seed_files() -> Vec<String> {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["games", "tests/diagnostics", "tests/fuzz_corpus"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "game") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .filter(|s| s.len() < 64 * 1024)
        .collect()
}

/// The nearest character boundary at or before `i`.
fn boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One to four random edits of `text`.
fn mutate(text: &str, others: &[String], rng: &mut Rng) -> String {
    let mut t = text.to_string();
    for _ in 0..1 + rng.below(4) {
        let len = t.len().max(1);
        let at = boundary(&t, rng.below(len + 1));
        match rng.below(8) {
            0 => {
                let end = boundary(&t, at + 1 + rng.below(24));
                t.replace_range(at..end, "");
            }
            1 | 2 => {
                let size = DICTIONARY.iter().map(|l| l.len()).sum();
                let word = dictionary_entry(rng.below(size));
                t.insert_str(at, &format!(" {word} "));
            }
            3 => {
                // A line repeated, or moved.
                let lines: Vec<&str> = t.lines().collect();
                if lines.is_empty() {
                    continue;
                }
                let line = lines[rng.below(lines.len())].to_string();
                t.insert_str(at, &format!("\n{line}\n"));
            }
            4 => {
                // A number replaced by one at an edge.
                if let Some(pos) = t[at..].find(|c: char| c.is_ascii_digit()) {
                    let start = at + pos;
                    let end = t[start..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(t.len(), |e| start + e);
                    t.replace_range(start..end, EDGE_NUMBERS[rng.below(EDGE_NUMBERS.len())]);
                }
            }
            5 => {
                // A part of another file spliced in.
                let other = &others[rng.below(others.len())];
                let from = boundary(other, rng.below(other.len().max(1)));
                let to = boundary(other, from + rng.below(200));
                t.insert_str(at, &other[from..to]);
            }
            6 => {
                let end = boundary(&t, at + rng.below(8));
                let c = char::from(b' ' + rng.below(95) as u8);
                t.replace_range(at..end, &c.to_string());
            }
            _ => t.truncate(at),
        }
    }
    t
}

/// What went wrong with one input.
struct Finding {
    target: &'static str,
    input: String,
    what: String,
}

/// Runs `f` on `input`: a panic or a hang is a finding.
fn run_one(
    target: &'static str,
    input: &str,
    findings: &mut Vec<Finding>,
    f: impl FnOnce() -> Result<(), String>,
) {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(f));
    // A process of its own: its start, and a machine shared with the other thread.
    let hang = match target {
        "binary" => BINARY_HANG,
        _ => HANG,
    };
    let what = match result {
        Ok(Ok(())) if started.elapsed() > hang => Some(format!("took {:?}", started.elapsed())),
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(e),
        Err(p) => Some(format!(
            "panic: {}",
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        )),
    };
    if let Some(what) = what {
        findings.push(Finding {
            target,
            input: input.to_string(),
            what,
        });
    }
}

/// A rule file: checked, its problems rendered, and the game it makes (if any) played.
fn source_target(source: &str, rng: &mut Rng) -> Result<(), String> {
    match compile_source(source, &Choices::default()) {
        Ok(compiled) => play_a_little(
            &compiled.game,
            tabula::engine::Position::start(&compiled.game),
            rng,
        ),
        Err(Failure::Problems(problems)) => {
            if problems.is_empty() {
                return Err("refused without a problem".into());
            }
            render(&problems, "fuzz.game", source, RenderStyle::plain());
            Ok(())
        }
        Err(Failure::Choice(_)) => Ok(()),
    }
}

/// A few random plies from `s`: every move's text reads back as that move, and every
/// position's text reads back as the same text. Where `after move require not
/// attacked(…)` is read once a position (`Game::after_attacks`), the moves it keeps are
/// those that making every move keeps.
fn play_a_little(game: &Game, mut s: Position, rng: &mut Rng) -> Result<(), String> {
    let started = Instant::now();
    let each_made = game.after_attacks.is_some().then(|| Game {
        after_attacks: None,
        ..game.clone()
    });
    for _ in 0..12 {
        let text = position_text(game, &s);
        let again = parse_position(game, &text)
            .map_err(|e| format!("the position text `{text}` does not read back: {e}"))?;
        if position_text(game, &again) != text {
            return Err(format!("the position text `{text}` reads back otherwise"));
        }
        let moves = s.legal_moves(game);
        if let Some(each) = &each_made {
            if s.legal_moves(each) != moves {
                return Err(format!(
                    "`after move require` read once keeps other moves than made moves in `{text}`"
                ));
            }
        }
        if moves.is_empty() || started.elapsed() > PLAY_TIME {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let written = move_text_among(game, m, &moves);
        if parse_move(game, &moves, &written) != Some(m) {
            return Err(format!(
                "the move `{written}` does not read back in `{text}`"
            ));
        }
        s.make(game, m);
    }
    Ok(())
}

/// Games loaded once for the position and session targets.
fn shipped(names: &[&str]) -> Vec<(String, Game)> {
    names
        .iter()
        .map(|n| (n.to_string(), load(&GameSpec::named(n)).unwrap().game))
        .collect()
}

/// Every shipped game.
fn shipped_names() -> Vec<&'static str> {
    tabula::load::shipped::names()
}

/// The text of a position reached by fewer than `plies` random moves from the start.
fn reached_position(game: &Game, plies: usize, rng: &mut Rng) -> String {
    let mut s = Position::start(game);
    for _ in 0..rng.below(plies) {
        let moves = s.legal_moves(game);
        if moves.is_empty() {
            break;
        }
        s.make(game, moves[rng.below(moves.len())]);
    }
    position_text(game, &s)
}

/// A position text mangled from one reached in play.
fn position_input(game: &Game, rng: &mut Rng) -> String {
    let text = reached_position(game, 30, rng);
    let mut out = text.clone();
    for _ in 0..1 + rng.below(3) {
        let at = boundary(&out, rng.below(out.len() + 1));
        let pieces = [
            "0",
            "9",
            "1",
            "/",
            ",",
            " ",
            "=",
            "18446744073709551615",
            "65535",
            "C",
            "c",
            "x",
            "stores=",
            "moved=",
            "previous=",
            ":",
            "-",
            "é",
            "\n",
        ];
        match rng.below(3) {
            0 => {
                let end = boundary(&out, at + 1 + rng.below(4));
                out.replace_range(at..end, "");
            }
            _ => out.insert_str(at, pieces[rng.below(pieces.len())]),
        }
    }
    out
}

fn position_target(game: &Game, text: &str, rng: &mut Rng) -> Result<(), String> {
    match parse_position(game, text) {
        Ok(s) => play_a_little(game, s, rng),
        Err(e) if e.is_empty() => Err("refused without a reason".into()),
        Err(_) => Ok(()),
    }
}

/// Lines a person might type, right and wrong.
fn session_line(session: &Session, dir: &Path, rng: &mut Rng) -> String {
    let legal = session.state().legal_moves(session.game());
    let record = dir.join(format!("r{}.rec", rng.below(3)));
    let record = record.to_str().unwrap();
    let to_move = &session.game().players[session.state().to_move as usize].name;
    let game = session.game();
    // The computer thinks for up to 5 s a move at any level on a large board (19 x 19),
    // and a second at level 1 on Shogi's: above random play only where it answers at once.
    let thinks_briefly = game.board.cells() <= 64;
    match rng.below(17) {
        12 => ["back", "forward", "first", "last", "undo 3", "redo 3"][rng.below(6)].into(),
        13 => format!("goto {}", rng.below(10)),
        14 if thinks_briefly => [
            format!("ai {to_move} 0"),
            format!("ai {to_move} mcts1"),
            format!("ai {to_move} alphabeta1"),
            format!("ai {to_move} off"),
            "ai off".to_string(),
        ][rng.below(5)]
        .clone(),
        14 => [format!("ai {to_move} 0"), "ai off".to_string()][rng.below(2)].clone(),
        // Every other command of `help`.
        15 => {
            let square = game.board.name(rng.below(game.board.cells()) as u16);
            let picture = dir.join("p.svg");
            let commands = [
                "plays".to_string(),
                "fen".to_string(),
                "rules".to_string(),
                "roll".to_string(),
                format!("roll {}-{}", 1 + rng.below(6), 1 + rng.below(6)),
                "dice typed".to_string(),
                "dice rolled".to_string(),
                format!("moves {square}"),
                format!("{}", 1 + rng.below(40)),
                format!("picture {}", picture.to_str().unwrap()),
                format!("picture {record}"),
                "quit".to_string(),
                // The computer's suggestion, where it thinks briefly.
                match thinks_briefly {
                    true => "hint".to_string(),
                    false => "show".to_string(),
                },
            ];
            commands[rng.below(commands.len())].clone()
        }
        // A legal move typed by its squares alone (`c3 d4`, `c3d4`).
        16 if !legal.is_empty() => {
            let m = legal[rng.below(legal.len())];
            let squares: Vec<&str> = std::iter::once(m.from)
                .chain(m.steps().iter().map(|s| s.to()))
                .filter(|&sq| (sq as usize) < game.board.cells())
                .map(|sq| game.board.name(sq))
                .collect();
            squares.join(["", " "][rng.below(2)])
        }
        0..=3 if !legal.is_empty() => {
            move_text_among(session.game(), legal[rng.below(legal.len())], &legal)
        }
        4 => "undo".into(),
        5 => "redo".into(),
        6 => [
            "moves", "show", "history", "position", "help", "perft 2", "new",
        ][rng.below(7)]
        .into(),
        7 => format!("save {record}"),
        8 => format!("load {record}"),
        9 => {
            // A record mangled on disk, then loaded.
            if let Ok(text) = std::fs::read_to_string(record) {
                let mangled = mutate(&text, std::slice::from_ref(&text), rng);
                let _ = std::fs::write(record, mangled);
            }
            format!("load {record}")
        }
        _ => {
            let garbage = [
                "a1-",
                "x",
                "e7e8k",
                "1000000",
                "-1",
                "perft 99",
                "ai",
                "ai Nobody 3",
                "load /nonexistent/x",
                "save",
                "moves a1",
                "\u{7f}",
                "é",
                "a1:",
                ":rule",
            ];
            garbage[rng.below(garbage.len())].into()
        }
    }
}

/// Lines typed in a session: none may panic, and `save` then `load` gives back the same
/// position.
fn session_target(name: &str, lines: &[String], dir: &Path) -> Result<(), String> {
    let loaded = load(&GameSpec::named(name)).map_err(|e| e.to_string())?;
    let mut session = Session::new(GameSpec::named(name), loaded, &[], 1)?;
    session.think = Some(THINK);
    session.opening();
    for line in lines {
        session.execute(line);
        session.computer_move(&mut |_| {});
    }
    let before = position_text(session.game(), session.state());
    let record = dir.join("roundtrip.rec");
    let record = record.to_str().unwrap();
    session.execute(&format!("save {record}"));
    session.execute("new");
    session.execute(&format!("load {record}"));
    let after = position_text(session.game(), session.state());
    if before != after {
        return Err(format!("saved at `{before}`, loaded as `{after}`"));
    }
    Ok(())
}

/// Counts of inputs run, by target.
#[derive(Default, Debug)]
struct Counts {
    sources: usize,
    positions: usize,
    sessions: usize,
    lines: usize,
    /// Inputs run through the `tabula` binary: its command line, exit status and standard
    /// error.
    binary: usize,
}

impl Counts {
    fn total(&self) -> usize {
        self.sources + self.positions + self.lines + self.binary
    }

    fn add(&mut self, other: &Counts) {
        self.sources += other.sources;
        self.positions += other.positions;
        self.sessions += other.sessions;
        self.lines += other.lines;
        self.binary += other.binary;
    }
}

/// One input through the binary, as a person at a shell would give it: a mutated rule file
/// validated, counted or shown; a shipped game shown from a mangled position; or a session's
/// lines piped into `play`. It must end within `BINARY_HANG` with an answer: no panic, no
/// abort or signal, nothing that says `panicked` on standard error.
fn binary_target(args: &[String], input: &str) -> Result<(), String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("timeout")
        .args(["-s", "KILL", &BINARY_HANG.as_secs().to_string()])
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run the binary: {e}"))?;
    let mut stdin = child.stdin.take().unwrap();
    // A session that ends early closes its input: a write that fails then is no finding.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        _ if stderr.contains("panicked") => Err(format!("panicked: {stderr}")),
        Some(0..=2) | Some(130) => Ok(()),
        Some(137) | None => Err(format!("killed or hung ({:?}): {stderr}", out.status)),
        Some(code) => Err(format!("exit {code}: {stderr}")),
    }
}

/// An input through the binary takes at most this long (it is killed then).
const BINARY_HANG: Duration = Duration::from_secs(10);

/// Runs the four targets until `enough` says stop.
fn campaign(seed: u64, mut enough: impl FnMut(&Counts) -> bool) -> (Counts, Vec<Finding>) {
    let sources = seed_sources();
    let games = shipped(&shipped_names());
    let dir = crate::common::temp_folder(&format!("fuzz-{seed}"));
    let mut rng = Rng::new(seed);
    let mut counts = Counts::default();
    let mut findings = Vec::new();
    // With `FUZZ_ORACLE=FILE`: the chess positions accepted, for tests/models/chess_oracle.py.
    let oracle_file = std::env::var("FUZZ_ORACLE").ok();
    let mut oracle = oracle_file.as_ref().map(|_| String::new());
    while !enough(&counts) {
        for _ in 0..20 {
            let input = mutate(&sources[rng.below(sources.len())], &sources, &mut rng);
            let mut inner = Rng::new(rng.next_u64());
            run_one("source", &input, &mut findings, || {
                source_target(&input, &mut inner)
            });
            counts.sources += 1;
        }
        for _ in 0..20 {
            let (name, game) = &games[rng.below(games.len())];
            let input = position_input(game, &mut rng);
            let mut inner = Rng::new(rng.next_u64());
            run_one(
                "position",
                &format!("{name} | {input}"),
                &mut findings,
                || position_target(game, &input, &mut inner),
            );
            counts.positions += 1;
            if let (Some(oracle), "chess") = (&mut oracle, name.as_str()) {
                oracle.push_str(&chess_oracle_line(game, &input));
                let swapped = piece_swapped(game, &mut rng);
                oracle.push_str(&chess_oracle_line(game, &swapped));
            }
        }
        {
            let names = shipped_names();
            let name = names[rng.below(names.len())];
            let loaded = load(&GameSpec::named(name)).unwrap();
            let mut session = Session::new(GameSpec::named(name), loaded, &[], 1).unwrap();
            session.think = Some(THINK);
            let mut lines = Vec::new();
            for _ in 0..20 {
                let line = session_line(&session, &dir, &mut rng);
                let _ = catch_unwind(AssertUnwindSafe(|| {
                    session.execute(&line);
                    // As the line editor does after each line: the computer's move, if
                    // it plays the side to move.
                    session.computer_move(&mut |_| {});
                }));
                lines.push(line);
            }
            let input = format!("{name}\n{}", lines.join("\n"));
            run_one("session", &input, &mut findings, || {
                session_target(name, &lines, &dir)
            });
            counts.sessions += 1;
            counts.lines += lines.len();
            // The same through the binary, or another input of the command line.
            let file = dir.join("fuzz.game");
            let mut file_text = None;
            let (args, stdin): (Vec<String>, String) = match rng.below(4) {
                // The binary's session plays the computer's turns until a person's: with
                // both sides the computer's, a whole game, at random to be brief.
                // The binary's session plays the computer's turns until a person's: with
                // both sides the computer's, a whole game, at random to be brief.
                0 => {
                    let random = |l: &String| match l.split(' ').collect::<Vec<_>>()[..] {
                        ["ai", who, level] if level != "off" => format!("ai {who} 0"),
                        _ => l.clone(),
                    };
                    let typed: Vec<String> = lines.iter().map(random).collect();
                    (vec!["play".into(), name.into()], typed.join("\n") + "\n")
                }
                1 => {
                    let (name, game) = &games[rng.below(games.len())];
                    let position = position_input(game, &mut rng);
                    let args = ["show", name.as_str(), "--position", &position];
                    (args.map(String::from).to_vec(), String::new())
                }
                verb => {
                    let text = mutate(&sources[rng.below(sources.len())], &sources, &mut rng);
                    let _ = std::fs::write(&file, &text);
                    // The reproducer keeps the file, which the next input writes over.
                    file_text = Some(text);
                    let path = file.to_str().unwrap().to_string();
                    let args = match verb {
                        2 => vec!["validate".into(), path],
                        _ => ["perft", &path, "--depth", "2"].map(String::from).to_vec(),
                    };
                    (args, String::new())
                }
            };
            let mut input = format!("{}\n{stdin}", args.join(" "));
            if let Some(text) = file_text {
                input.push_str(&format!("--- fuzz.game ---\n{text}"));
            }
            run_one("binary", &input, &mut findings, || {
                binary_target(&args, &stdin)
            });
            counts.binary += 1;
        }
    }
    if let (Some(file), Some(lines)) = (oracle_file, oracle) {
        use std::io::Write;
        let mut out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .unwrap();
        out.write_all(lines.as_bytes()).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
    (counts, findings)
}

/// A position reached in play with one piece turned into another (of either side), so that
/// the text still reads: positions no game reaches, for the second oracle.
fn piece_swapped(game: &Game, rng: &mut Rng) -> String {
    let text = reached_position(game, 40, rng);
    let board_end = text.find(' ').unwrap_or(text.len());
    let letters: Vec<usize> = text[..board_end]
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .collect();
    let mut out = text.clone();
    if let Some(&at) = letters.get(rng.below(letters.len().max(1))) {
        let pieces: Vec<char> = game
            .pieces
            .iter()
            .flat_map(|p| [p.letter.to_ascii_uppercase(), p.letter.to_ascii_lowercase()])
            .collect();
        let piece = pieces[rng.below(pieces.len())];
        out.replace_range(at..at + 1, &piece.to_string());
    }
    out
}

/// A chess position the engine accepts, for the second oracle: `FEN | PERFT1 PERFT2`
/// (nothing for a text it refuses or a position FEN cannot write).
fn chess_oracle_line(game: &Game, text: &str) -> String {
    let Ok(s) = parse_position(game, text) else {
        return String::new();
    };
    let Some(fen) = tabula::present::fen::fen_text(game, &s, 1) else {
        return String::new();
    };
    let counts: Vec<String> = (1..=2)
        .map(|d| tabula::search::perft::perft_at(game, &s, d, 1).to_string())
        .collect();
    format!("{fen} | {}\n", counts.join(" "))
}

/// Writes each finding's reproducer under `target/fuzz-failures/` (in place of an earlier
/// run's) and fails with a summary.
fn report(findings: &[Finding]) {
    if findings.is_empty() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-failures");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut summary = String::new();
    for (i, f) in findings.iter().enumerate() {
        let path = dir.join(format!("{i}.{}", f.target));
        std::fs::write(&path, &f.input).unwrap();
        summary.push_str(&format!("{}: {}\n", path.display(), f.what));
    }
    panic!("{} fuzz findings:\n{summary}", findings.len());
}

#[test]
fn fuzz_ci_run() {
    let (counts, findings) = campaign(1, |c| c.sources >= 600);
    eprintln!("fuzz: {counts:?}, {} findings", findings.len());
    report(&findings);
}

/// A long run: `FUZZ_SECONDS` (60) at most, `FUZZ_INPUTS` inputs at most (no bound), on
/// `FUZZ_THREADS` threads (2), each a campaign of its own seed from `FUZZ_SEED` (2).
#[test]
#[ignore]
fn fuzz_long_run() {
    let setting = |name: &str, default: u64| -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let seconds = setting("FUZZ_SECONDS", 60);
    let inputs = setting("FUZZ_INPUTS", u64::MAX) as usize;
    let seed = setting("FUZZ_SEED", 2);
    let threads = setting("FUZZ_THREADS", 2).max(1);
    let started = Instant::now();
    let runs: Vec<(Counts, Vec<Finding>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                scope.spawn(move || {
                    campaign(seed * 1000 + i, |c| {
                        started.elapsed().as_secs() >= seconds
                            || c.total() >= inputs / threads as usize
                    })
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut counts = Counts::default();
    let mut findings = Vec::new();
    for (c, f) in runs {
        counts.add(&c);
        findings.extend(f);
    }
    eprintln!(
        "fuzz: seed {seed}, {threads} threads, {elapsed:.0} s: {counts:?}, {} inputs ({:.0} a second), {} findings",
        counts.total(),
        counts.total() as f64 / elapsed,
        findings.len()
    );
    report(&findings);
}

#[test]
fn fuzz_corpus_replays() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let games = shipped(&shipped_names());
    let mut findings = Vec::new();
    let mut rng = Rng::new(1);
    let work = crate::common::temp_folder("corpus");
    let mut replayed = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("game") => {
                run_one("source", &text, &mut findings, || {
                    source_target(&text, &mut rng)
                });
                replayed += 1;
            }
            Some("session") => {
                let mut lines = text.lines().map(String::from);
                let name = lines.next().unwrap();
                let lines: Vec<String> = lines.collect();
                run_one("session", &text, &mut findings, || {
                    session_target(&name, &lines, &work)
                });
                replayed += 1;
            }
            Some("txt") => {
                for line in text
                    .lines()
                    .filter(|l| !l.starts_with('#') && !l.is_empty())
                {
                    let (name, position) = line.split_once(" | ").unwrap();
                    let game = &games.iter().find(|(n, _)| n == name).unwrap().1;
                    run_one("position", line, &mut findings, || {
                        position_target(game, position, &mut rng)
                    });
                    replayed += 1;
                }
            }
            _ => panic!(
                "{}: a file of no known kind in the corpus is never replayed",
                path.display()
            ),
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(replayed > 0, "no reproducer in tests/fuzz_corpus");
    report(&findings);
}

#[test]
fn a_panic_a_refusal_without_reason_and_a_slow_input_are_findings() {
    let mut findings = Vec::new();
    run_one("source", "a", &mut findings, || panic!("boom"));
    run_one("source", "b", &mut findings, || {
        Err("refused without a problem".into())
    });
    run_one("source", "c", &mut findings, || Ok(()));
    let whats: Vec<&str> = findings.iter().map(|f| f.what.as_str()).collect();
    assert_eq!(whats, ["panic: boom", "refused without a problem"]);
}
