//! The play session, run as a real process with its input piped in: whole games of every
//! shipped game, and a transcript of a person's mistakes.

use crate::common::{generate, make, move_text, play, play_bytes, tabula_command, Position};
use tabula::engine::Outcome;
use tabula::ir::Game;
use tabula::rng::Rng;

/// A random game of `name` that ends within `cap` plies (the first of a hundred seeds
/// whose game does): its moves, as the engine plays them, and the engine's result.
fn finished_game(name: &str, options: &str, cap: usize) -> (Game, Vec<String>, Outcome) {
    let game = crate::common::game(name, options);
    let mut moves = Vec::new();
    for seed in 1..=100 {
        let mut rng = Rng::new(seed);
        let mut s = Position::start(&game);
        let mut played = Vec::new();
        for _ in 0..cap {
            if generate(&game, &s, &mut moves).is_none() {
                let m = moves[rng.below(moves.len())];
                played.push(move_text(&game, m));
                make(&game, &mut s, m);
            } else {
                let (outcome, _) = s
                    .ending(&game, &mut tabula::engine::Workspace::default())
                    .unwrap();
                return (game, played, outcome);
            }
        }
    }
    panic!("no random game of {name} ended within {cap} plies in a hundred seeds")
}

/// The session plays every move of a random game as typed, and announces the result the
/// engine found, in words the test writes itself: "Game over: Red wins." or "Game over:
/// draw.", on the last line of the game (before the final score of a counting game).
#[test]
fn whole_games_of_every_shipped_game_end_with_the_right_result() {
    for (name, options) in [
        ("zola", "size=6"),
        ("jerboa", "size=6"),
        ("laska", "size=7"),
        ("zigzag", "pits=6"),
        ("tictactoe", ""),
        ("connect4", ""),
        ("othello", ""),
        ("amazons", ""),
        ("breakthrough", ""),
        ("draughts", ""),
        ("trophies", ""),
    ] {
        let (game, moves, outcome) = finished_game(name, options, 400);
        let input = moves.join("\n") + "\n";
        let opt: Vec<&str> = options
            .split_whitespace()
            .flat_map(|o| ["--option", o])
            .collect();
        let args: Vec<&str> = std::iter::once(name).chain(opt).collect();
        let out = play(&args, &input);
        assert!(
            !out.contains("not a move") && !out.contains("cannot go"),
            "{name}: a move was refused:\n{out}"
        );
        assert_eq!(out.matches(" plays ").count(), moves.len(), "{name}");
        let announced = match outcome {
            Outcome::Win(p) => format!("Game over: {} wins.", game.players[p as usize].name),
            Outcome::Draw => "Game over: draw.".to_string(),
        };
        let lines: Vec<&str> = out.trim_end().lines().collect();
        let over: Vec<&&str> = lines
            .iter()
            .filter(|l| l.starts_with("Game over"))
            .collect();
        assert_eq!(over.len(), 1, "{name}: one end announced:\n{out}");
        assert!(
            over[0].starts_with(&announced),
            "{name}: expected `{announced}`, found `{}`",
            over[0]
        );
        // The announcement ends the game: after it, at most the final score.
        let after: Vec<&&str> = lines
            .iter()
            .skip_while(|l| !l.starts_with("Game over"))
            .skip(1)
            .collect();
        let scored = game.sowing.is_some() || game.score.is_some();
        match (scored, after.as_slice()) {
            (false, []) => {}
            (true, [score]) if score.starts_with("Final score: ") => {}
            _ => panic!("{name}: unexpected lines after the end: {after:?}"),
        }
    }
}

#[test]
fn a_persons_mistakes_get_clear_answers_and_the_session_goes_on() {
    let broken = std::env::temp_dir().join("tabula-broken-record.txt");
    std::fs::write(&broken, "game zola\noption size=4\nmoves\na1xa2\nz9-z8\n").unwrap();
    let input = format!(
        "undo\nc1-b2\nq9\nfrobnicate\nb2\na1\nload /no/such/file.rec\nload {}\nperft 2\nb2xb3\nhistory\nquit\n",
        broken.display()
    );
    let out = play(&["zola", "--option", "size=4"], &input);
    let expected = format!(
        "Zola (size=4). Type `help` for the commands.

4 | c C c C
3 | C c C c
2 | c C c C
1 | C c C c
  +--------
    a b c d
  C Red checker, c Blue checker

Red to move.
Red> undo
Nothing to undo: this is the start of the game.
Red> c1-b2
the checker on c1 cannot go to b2; it can play c1xc2, c1xb1
Red> q9
no such square: q9
Red> frobnicate
`frobnicate` is not a move or a command (type `help`)
Red> b2
that could be b2xb3 or b2xc2; type one of them
Red> a1
that could be a1xa2 or a1xb1; type one of them
Red> load /no/such/file.rec
cannot load /no/such/file.rec: No such file or directory (os error 2)
Red> load {0}
cannot load {0}: line 5: `z9-z8`: no such square: z9; the game goes on as it was
Red> perft 2
perft 1: 16
perft 2: 256
Red> b2xb3
Red plays b2xb3.

4 | c C c C
3 | C C C c
2 | c . c C
1 | C c C c
  +--------
    a b c d
  C Red checker, c Blue checker

Blue to move.
Blue> history
   1. b2xb3
Blue> quit
",
        broken.display()
    );
    assert_eq!(out, expected);
}

#[test]
fn placements_and_moves_in_two_parts_are_typed_as_they_are_written() {
    let out = play(&["othello"], "e4\nb2\ne6\nd7\nf4\nhistory\nquit\n");
    assert!(
        out.contains(
            "Black> e4\ne4 is taken; you can place on d3, c4, f5 or e6\n\
         Black> b2\nyou cannot place a piece on b2; you can place on d3, c4, f5 or e6\n\
         Black> e6\nBlack plays e6."
        ),
        "{out}"
    );
    assert!(
        out.contains("White> d7\nyou cannot place a piece on d7; you can place on f4, d6 or f6\n"),
        "{out}"
    );
    assert!(out.contains("   1. e6 f4\n"), "{out}");
    let out = play(&["amazons"], "d1 d7 g7\nhistory\nquit\n");
    assert!(out.contains("White plays d1-d7/g7."), "{out}");
    assert!(out.contains("   1. d1-d7/g7\n"), "{out}");
}

#[test]
fn the_computer_answers_and_a_game_against_it_ends() {
    // Blue is the computer; Red always plays its first legal move (`1`).
    let input = "1\n".repeat(60) + "quit\n";
    let out = play(
        &[
            "zola", "--option", "size=4", "--ai", "Blue=1", "--seed", "5",
        ],
        &input,
    );
    assert!(out.contains("Blue plays "), "{out}");
    assert!(out.contains("Game over: "), "{out}");
}

#[test]
fn bad_play_arguments_are_refused_with_a_message() {
    let out = tabula_command()
        .args(["play", "zola", "--ai", "Green=2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: no player called `Green` (the players are Red, Blue)\n"
    );
    let out = tabula_command()
        .args(["play", "zola", "--ai", "Blue=9"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --ai takes PLAYER or PLAYER=LEVEL with a level from 0 to 6, optionally after `mcts` or `alphabeta` (`4`, `alphabeta4`), not `Blue=9`\n"
    );
}

#[test]
fn a_compulsory_capture_and_a_forbidden_move_are_explained() {
    // Laska: Blue must capture c3xe5; a step is refused with the reason.
    let out = play(
        &["laska", "--position", "3s/3/4/1s1/1S2/3/3S Blue"],
        "g1-f2\nquit\n",
    );
    assert!(
        out.contains(
            "Blue> g1-f2\na `jump` move comes first (priority); the legal moves are c3xe5\n"
        ),
        "{out}"
    );
    // Jerboa: with Black on b1, a move that leaves it there breaks the after-move rule,
    // which the answer quotes.
    let out = play(
        &["jerboa", "--position", "7j/8/8/8/7J/8/8/1jJ5 White"],
        "h4-h5\nquit\n",
    );
    assert!(
        out.contains("White> h4-h5\nh4-h5 is not allowed: after it, `count(enemy in home) == 0` would not hold (after move require)\n"),
        "{out}"
    );
}

#[test]
fn sowing_mistakes_are_explained_and_pits_are_drawn_by_name() {
    let out = play(
        &[
            "zigzag",
            "--position",
            "5,0,0,1,0,2/5,0,0,0,0,0 North stores=0,0 previous=c:D:1:1:0",
        ],
        "D\nc\nB\npass\nq9\nF\nmoves\nquit\n",
    );
    let expected = "Zig Zag (pits=6 seeds=5). Type `help` for the commands.

  A B C D E F
  5 0 0 1 0 2
  5 0 0 0 0 0
  a b c d e f
  stores: South 0, North 0

North to move.
North> D
sowing D is not allowed: the position after it breaks the game's `after move require` rule; you can sow A or F
North> c
the pit c is not yours; you can sow A or F
North> B
the pit B is empty; you can sow A or F
North> pass
you cannot pass while you have a legal move
North> q9
no such pit: q9
North> F
North plays F.

  A B C D E F
  5 1 0 0 0 0
  5 0 1 0 1 0
  a b c d e f
  stores: South 0, North 0

South to move.
South> moves
   1. a
   2. c
   3. e
South> quit
";
    assert_eq!(out, expected);
}

#[test]
fn a_finished_sowing_game_gives_the_final_score() {
    let out = play(
        &[
            "zigzag",
            "--position",
            "0,0,0,0,0,1/0,0,0,0,1,0 South stores=30,28 capturer=South",
        ],
        "e\nquit\n",
    );
    assert!(
        out.contains(
            "Game over: South wins. No capture can come any more.
Final score: South 32, North 28 (the 2 seeds left went to South, who captured last).
game over> e
the game is over; type `new` to start again or `undo` to go back
"
        ),
        "{out}"
    );
}

#[test]
fn a_line_that_is_not_utf8_is_skipped_and_the_game_goes_on() {
    let out = play_bytes(&["zola", "-o", "size=4"], b"\xff\xfe\nc3xc2\nquit\n");
    assert!(
        out.contains(
            "Red> \nthat line is not UTF-8 text; it is skipped\nRed> c3xc2\nRed plays c3xc2."
        ),
        "{out}"
    );
}

#[test]
fn perft_in_a_session_stops_before_a_depth_that_would_take_minutes() {
    let out = play(&["jerboa"], "perft 8\nquit\n");
    assert!(
        out.contains(
            "perft 4: 12320476\nperft 5: not counted here (about 714587608 positions); run `tabula perft` for it\n"
        ),
        "{out}"
    );
}

#[test]
fn chess_is_played_with_promotions_typed_either_way() {
    let out = play(
        &["chess", "--position", "7k/4P3/8/8/8/8/8/K7 w - - 0 1"],
        "e7e8\ne7e8n\nquit\n",
    );
    assert!(
        out.contains("White> e7e8\nthat could be e7-e8=Q, e7-e8=R, e7-e8=B or e7-e8=N; type one of them\nWhite> e7e8n\nWhite plays e7-e8=N."),
        "{out}"
    );
}

#[test]
fn two_moves_written_alike_are_told_apart_by_their_rules_and_reload_as_played() {
    let dir = crate::common::temp_folder("alike");
    let game = dir.join("alike.game");
    std::fs::write(
        &game,
        "game \"Alike\"\nboard 3 x 1\nplayers A, B\npieces a\nsetup {\n  A a on a1\n}\nmove r { along e onto empty }\nmove t { along e onto empty }\n",
    )
    .unwrap();
    let record = dir.join("alike.txt");
    let out = play(
        &[game.to_str().unwrap()],
        &format!(
            "moves\na1-b1\na1-b1:t\nsave {}\nload {}\nhistory\nquit\n",
            record.display(),
            record.display()
        ),
    );
    assert!(out.contains("   1. a1-b1:r\n   2. a1-b1:t\n"), "{out}");
    assert!(
        out.contains("that could be a1-b1:r or a1-b1:t; type one of them"),
        "{out}"
    );
    assert!(out.contains("A plays a1-b1:t."), "{out}");
    assert!(out.contains("   1. a1-b1:t\n"), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.ends_with("moves\na1-b1:t\n"), "{saved}");
}

#[test]
fn save_never_writes_over_a_file_that_is_not_a_record_and_keeps_a_position_on_one_line() {
    let dir = crate::common::temp_folder("alike").join("save");
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("mine.game");
    std::fs::write(&rules, "# not a record\n").unwrap();
    let out = play(
        &["zola", "-o", "size=4"],
        &format!("save {}\nquit\n", rules.display()),
    );
    assert!(
        out.contains(&format!(
            "{} exists and is not a game record; it is left as it is (save under another name)",
            rules.display()
        )),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), "# not a record\n");
    // An endless device is told by its first bytes, at once (it was read whole: 2 GB).
    if std::path::Path::new("/dev/zero").exists() {
        let started = std::time::Instant::now();
        let out = play(&["zola", "-o", "size=4"], "save /dev/zero\nquit\n");
        assert!(
            out.contains("/dev/zero exists and is not a game record"),
            "{out}"
        );
        assert!(started.elapsed().as_secs() < 5);
    }
    // A position given with a line break is saved on one line and loads as it was.
    let record = dir.join("game.txt");
    let out = play(
        &["zola", "-o", "size=4", "--position", "4/1c2/4/C3\nRed"],
        &format!(
            "save {}\nload {}\nposition\nquit\n",
            record.display(),
            record.display()
        ),
    );
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("\nposition 4/1c2/4/C3 Red\n"), "{saved}");
    assert!(out.contains("Loaded "), "{out}");
}

#[test]
fn ctrl_c_stops_the_computer_playing_every_side_and_keeps_the_game() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    // A game with no end: the computer, playing both sides, would go on for 2,000 moves.
    let dir = crate::common::temp_folder("interrupt");
    let file = dir.join("endless.game");
    std::fs::write(
        &file,
        "game \"Endless\"\nboard 6 x 6\nplayers White, Black\npieces man\nsetup {\n  White man on a1, b1\n  Black man on e6, f6\n}\nmove step { along all onto empty }\n",
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "play",
            file.to_str().unwrap(),
            "--ai",
            "White=1",
            "--ai",
            "Black=1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    crate::common::ctrl_c_after(&child, 1500);
    // Once stopped, the session reads on: the game is still there to be asked about.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"ai off\nhistory\nquit\n").unwrap();
    drop(stdin);
    let mut text = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(
        text.contains("\nInterrupted: the computer stops here and the game is kept."),
        "{text}"
    );
    assert!(!text.contains("moves in a row"), "{text}");
    assert!(text.contains("The computer plays no one now.\n"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rules_tells_what_the_game_is() {
    let out = play(&["tictactoe"], "rules\nquit\n");
    let rules = out.split("> rules\n").nth(1).unwrap();
    assert!(
        rules.starts_with(
            "Tic-tac-toe\n  Tic-tac-toe: three marks in a row on a 3 x 3 grid.\n  Tic-tac-toe: X and O take turns"
        ),
        "{rules}"
    );
    assert!(rules.contains("\nboard:    3 x 3, 9 squares\n"), "{rules}");
}

#[test]
fn a_game_can_be_stepped_through_and_taken_back_by_several_moves() {
    let out = play(
        &["tictactoe"],
        "a1\nb1\nc1\nundo 2\nhistory\nredo 5\ngoto 1\nhistory\nforward\nfirst\nback\nlast\ngoto 7\nundo 0\nmoves b\nmoves b2\nquit\n",
    );
    // Each answer, without the boards.
    let answers: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(|c: char| c.is_ascii_digit() || c == ' ') && !l.is_empty())
        .filter(|l| !l.ends_with("to move.") && !l.contains(" plays "))
        .collect();
    assert_eq!(
        answers,
        [
            "Tic-tac-toe. Type `help` for the commands.",
            "X> a1",
            "O> b1",
            "X> c1",
            "O> undo 2",
            "Taken back: 2 of 2.",
            "Taken back.",
            "O> history",
            "O> redo 5",
            "Played again: 2 of 5.",
            "O> goto 1",
            "After move 1 of 3.",
            "O> history",
            "O> forward",
            "After move 2 of 3.",
            "X> first",
            "After move 0 of 3.",
            "X> back",
            "This is the start of the game.",
            "X> last",
            "After move 3 of 3.",
            "O> goto 7",
            "the game has 3 moves; `goto` takes 0 to 3",
            "O> undo 0",
            "give a number of moves, e.g. `undo 3`, not `0`",
            "O> moves b",
            "no such square: b",
            "O> moves b2",
            "O> quit",
        ],
        "{out}"
    );
    assert!(out.contains("O> moves b2\n   2. b2\nO> quit"), "{out}");
}

#[test]
fn a_record_saved_in_one_folder_opens_from_another_with_play_load() {
    let root = crate::common::temp_folder("travel");
    let (here, there) = (root.join("here"), root.join("there"));
    std::fs::create_dir_all(&here).unwrap();
    std::fs::create_dir_all(&there).unwrap();
    std::fs::copy("games/zola.game", here.join("race.game")).unwrap();
    let save = tabula_command()
        .current_dir(&here)
        .args(["play", "race.game", "-o", "size=4"])
        .write_stdin("a1xa2\nsave game.rec\nquit\n")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&save.stdout).contains("Saved 1 move to game.rec.\n"));
    // The record names the game file by its absolute path, and a shipped game by its name.
    let record = std::fs::read_to_string(here.join("game.rec")).unwrap();
    let absolute = std::fs::canonicalize(here.join("race.game")).unwrap();
    assert!(
        record.contains(&format!("\ngame {}\n", absolute.display())),
        "{record}"
    );
    let opened = tabula_command()
        .current_dir(&there)
        .args(["play", "--load", "../here/game.rec"])
        .write_stdin("history\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&opened.stdout);
    assert!(text.contains("Blue> history\n   1. a1xa2\n"), "{text}");
    // An older record that names its game by a path relative to its own folder opens too.
    std::fs::write(
        here.join("old.rec"),
        "# Tabula game record: the game, its options, then one move a line.\ngame race.game\noption size=4\nmoves\na1xa2\n",
    )
    .unwrap();
    let old = tabula_command()
        .current_dir(&there)
        .args(["play", "--load", "../here/old.rec"])
        .write_stdin("history\nquit\n")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&old.stdout).contains("   1. a1xa2\n"));
    // A record that is not there is one message, and exit 1.
    let missing = tabula_command()
        .current_dir(&there)
        .args(["play", "--load", "nothing.rec"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&missing.stderr),
        "error: cannot load nothing.rec: No such file or directory (os error 2)\n"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn help_fits_the_game_and_a_forced_pass_is_said() {
    let sowing = play(&["kalah"], "help\nquit\n");
    assert!(
        sowing.contains("South> help\nType a move to play it, as `moves` lists them: here `a`, `b`, `c`.\nA move is the name of the pit you sow from.\nCommands:\n"),
        "{sowing}"
    );
    let pieces = play(&["zola", "--option", "size=4"], "help\nquit\n");
    assert!(
        pieces.contains("Red> help\nType a move to play it, as `moves` lists them: here `a1xa2`, "),
        "{pieces}"
    );
    let pass = play(
        &["othello", "--position", "8/8/8/8/8/8/8/dD6 Black"],
        "pass\nquit\n",
    );
    assert!(
        pass.contains("Black to move, and has no move but to pass: type `pass`.\nBlack> pass\nBlack plays pass."),
        "{pass}"
    );
}

#[test]
fn hint_gives_its_win_rate_and_the_runner_up_and_think_sets_the_time_a_move() {
    let out = play(
        &[
            "zola",
            "--option",
            "size=4",
            "--seed",
            "3",
            "--ai",
            "Blue=mcts3",
        ],
        "hint\nquit\n",
    );
    let hint = out
        .lines()
        .find(|l| l.starts_with("hint: "))
        .expect("a hint");
    // "hint: c3xc2 (wins 67% in 812 of 1600 playouts); next best b2xb3 (wins 67% in 402)"
    assert!(hint.contains(" of 1600 playouts); next best "), "{hint}");
    // The move hinted is the one tried most: its visits, then the runner-up's.
    let visits: Vec<usize> = hint
        .split("% in ")
        .skip(1)
        .map(|rest| {
            let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap();
            rest[..digits].parse().unwrap()
        })
        .collect();
    assert!(visits.len() == 2 && visits[0] >= visits[1], "{hint}");
    // On three threads, each runs the level's playouts: three times the search.
    let out = tabula_command()
        .args([
            "play",
            "zola",
            "--option",
            "size=4",
            "--seed",
            "3",
            "--threads",
            "3",
            "--ai",
            "Blue=mcts3",
        ])
        .write_stdin("hint\nquit\n")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains(" of 4800 playouts); next best "), "{out}");
    let start = std::time::Instant::now();
    let out = play(
        &[
            "zola", "--option", "size=8", "--ai", "Blue=1", "--think", "1s", "--seed", "1",
        ],
        "a1xa2\nquit\n",
    );
    assert!(out.contains("\nBlue plays "), "{out}");
    // Level 1 alone runs 100 playouts in a few milliseconds; with --think it takes its second.
    assert!(start.elapsed() >= std::time::Duration::from_millis(950));
    let bad = tabula_command()
        .args(["play", "zola", "--think", "forever"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr),
        "error: --think takes a time from 10ms to 3600s, such as `3s` or `500ms`, not `forever`\n"
    );
}

/// One rule for history: a move played from an earlier point of the game, by a person or
/// by the computer, drops the moves after it. Every session command that moves about the
/// game (`back`, `forward`, `first`, `last`, `goto`, `undo`, `redo`, `new`) and the
/// computer's moves are played in random order against every shipped game; after each,
/// the session's position is the one its saved record loads to.
#[test]
fn the_position_is_always_the_one_its_record_loads_to() {
    use tabula::load::{load, GameSpec};
    use tabula::present::move_text_among;
    use tabula::repl::Session;
    let dir = crate::common::temp_folder("history");
    let record = dir.join("game.rec");
    let record = record.to_str().unwrap();
    for name in tabula::load::shipped::names() {
        let spec = GameSpec::named(name);
        let new_session = || Session::new(spec.clone(), load(&spec).unwrap(), &[], 1).unwrap();
        let (mut session, mut reader) = (new_session(), new_session());
        let mut rng = Rng::new(7);
        let mut typed = Vec::new();
        for _ in 0..60 {
            let legal = session.state().legal_moves(session.game());
            let players = session.game().players.clone();
            let to_move = &players[session.state().to_move as usize].name;
            let line = match rng.below(12) {
                0..=3 if !legal.is_empty() => {
                    move_text_among(session.game(), legal[rng.below(legal.len())], &legal)
                }
                4 => "back".to_string(),
                5 => "forward".to_string(),
                6 => {
                    ["first", "last", "undo", "redo", "undo 2", "redo 2"][rng.below(6)].to_string()
                }
                7 => format!("goto {}", rng.below(8)),
                8 if rng.below(6) == 0 => "new".to_string(),
                // The computer plays the side to move once, as the line editor has it
                // play after each line, then the side is a person's again.
                _ => format!("ai {to_move} 0"),
            };
            session.execute(&line);
            if line.starts_with("ai ") {
                session.computer_move(&mut |_| {});
                session.execute("ai off");
            }
            typed.push(line);
            let saved = session.execute(&format!("save {record}")).text;
            assert!(saved.starts_with("Saved "), "{name}: {saved}");
            let loaded = reader.execute(&format!("load {record}")).text;
            assert!(
                loaded.starts_with("Loaded "),
                "{name} after {typed:?}: the record does not load: {loaded}"
            );
            assert_eq!(
                reader.execute("position").text,
                session.execute("position").text,
                "{name} after {typed:?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The computer's move after `back` replaces the move taken back: the history has White's
/// move and the computer's, never a Black pawn moved by White; and Zig Zag goes on after
/// `back 2` and a computer's move without a panic.
#[test]
fn the_computer_playing_after_back_drops_the_moves_after_that_point() {
    let out = play(
        &["chess", "--seed", "3"],
        "e2e4\ne7e5\nback\nai Black 0\nai off\nlast\nhistory\n",
    );
    let history: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.ends_with("> history"))
        .skip(1)
        .take_while(|l| l.starts_with("   "))
        .collect();
    // One numbered pair: White's e4 and the computer's answer.
    assert_eq!(history.len(), 1, "{out}");
    assert!(history[0].starts_with("   1. e4 "), "{out}");
    assert_eq!(history[0].split_whitespace().count(), 3, "{out}");
    let out = play(
        &["zigzag", "-o", "pits=4", "-o", "seeds=3"],
        "1\n2\nback 2\nai North 1\ngoto 3\n",
    );
    assert!(out.contains("`goto` takes 0 to 2"), "{out}");
}

/// `picture FILE` draws the position with the last move ringed, and does not write over
/// a file that is not a picture.
#[test]
fn a_picture_of_the_position_rings_the_last_move() {
    let dir = crate::common::temp_folder("picture");
    let file = dir.join("go.svg");
    let rules = dir.join("rules.game");
    std::fs::write(&rules, "game \"T\"\n").unwrap();
    let input = format!(
        "e5\npicture {}\npicture {}\npicture\nquit\n",
        file.display(),
        rules.display()
    );
    let out = play(&["go", "-o", "size=9"], &input);
    assert!(
        out.contains(&format!("Drew the position in {}.", file.display())),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "{} exists and is not a picture; it is left as it is (write under another name)",
            rules.display()
        )),
        "{out}"
    );
    assert!(
        out.contains("type `picture FILE`, e.g. `picture board.svg`"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), "game \"T\"\n");
    let svg = std::fs::read_to_string(&file).unwrap();
    // One stone, on e5 (the fifth point of nine from the left and from the top: its centre
    // at 28 + 4 * 56 + 28 = 280 both ways), ringed.
    assert_eq!(svg.matches("r=\"26\"").count(), 1);
    assert!(
        svg.contains("<circle cx=\"280\" cy=\"280\" r=\"9\" fill=\"none\" stroke=\"#d62828\""),
        "{svg}"
    );
}

/// `position` writes the boards a ko needs, and a session started from that text refuses
/// the retake.
#[test]
fn the_position_text_of_a_session_keeps_the_ko() {
    let out = play(
        &[
            "go",
            "-o",
            "size=5",
            "--position",
            "5/5/1Ss2/Ss1s1/1Ss2 Black",
        ],
        "c2\nposition\nquit\n",
    );
    let text = "5/5/1Ss2/S1Ss1/1Ss2 White clock=1 before=5/5/1Ss2/Ss1s1/1Ss2";
    assert!(out.contains(&format!("White> position\n{text}\n")), "{out}");
    // The retake and a suicide are refused with the rule that refuses them; a1 is no pass.
    let out = play(
        &["go", "-o", "size=5", "--position", text],
        "b2\na1\npass\nquit\n",
    );
    assert!(
        out.contains("White> b2\nb2 is not allowed: after it, `not seen(2)` would not hold (after move require)\n"),
        "{out}"
    );
    assert!(
        out.contains("White> a1\na1 is not allowed: the rule `play` requires `liberties(to along orthogonal) > 0` after the move\n"),
        "{out}"
    );
    assert!(out.contains("White> pass\nWhite plays pass.\n"), "{out}");
}

/// In a terminal, lines typed while the computer thinks are each played in turn once it has
/// moved (the line editor used to take the first and lose the rest). The session runs in a
/// pseudo-terminal made by `script` (util-linux); the lines arrive while the computer
/// thinks for 1.5 s.
#[test]
fn lines_typed_while_the_computer_thinks_are_each_played() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let command = format!(
        "{} play chess --ai Black --think 1500ms --seed 1",
        env!("CARGO_BIN_EXE_tabula")
    );
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("`script` (util-linux) makes the terminal");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e2e4\n").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    stdin.write_all(b"history\nmoves\n").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let mut bytes = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut bytes)
        .unwrap();
    child.wait().unwrap();
    let text = String::from_utf8_lossy(&bytes).replace('\r', "");
    let after = text
        .split("Black plays ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    assert!(after.contains("White> history\n   1. e4 "), "{text}");
    assert!(after.contains("White> moves\n   1. "), "{text}");
}

/// `fen FEN` and `position TEXT` start a new game from the position given (`new` goes back
/// to it, and a PGN saved from it carries it); a text that is not a position changes
/// nothing and says why.
#[test]
fn a_position_typed_in_a_session_starts_a_game_from_it() {
    let dir = crate::common::temp_folder("typed-position");
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("kp.pgn").display().to_string();
    let out = play(
        &["chess"],
        &format!(
            "fen 8/8 w\nfen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\ne4\nsave {pgn}\nnew\nposition\n\
             load {pgn}\nfen\nposition 4k3/8/8/8/8/8/8/4K3 Black\nquit\n"
        ),
    );
    let legend = "  K White king, Q White queen, R White rook, B White bishop, N White knight,\n  \
                  P White pawn, k Black king, q Black queen, r Black rook, b Black bishop,\n  \
                  n Black knight, p Black pawn\n";
    // The position the FEN gives and that after e4, each shown twice, and the kings alone.
    let kings_and_pawn = |pawn: [&str; 2], to_move: &str| {
        format!(
            "8 | . . . . k . . .\n7 | . . . . . . . .\n6 | . . . . . . . .\n5 | . . . . . . . .\n\
             4 | . . . . {} . . .\n3 | . . . . . . . .\n2 | . . . . {} . . .\n1 | . . . . K . . .\n  \
             +----------------\n    a b c d e f g h\n{legend}\n{to_move} to move.\n",
            pawn[0], pawn[1]
        )
    };
    let pawn_on_2 = kings_and_pawn([".", "P"], "White");
    let pawn_on_4 = kings_and_pawn(["P", "."], "Black");
    let kings_alone = kings_and_pawn([".", "."], "Black");
    assert_eq!(out, format!("Chess. Type `help` for the commands.

8 | r n b q k b n r
7 | p p p p p p p p
6 | . . . . . . . .
5 | . . . . . . . .
4 | . . . . . . . .
3 | . . . . . . . .
2 | P P P P P P P P
1 | R N B Q K B N R
  +----------------
    a b c d e f g h
{legend}
White to move.
White> fen 8/8 w
cannot start from that position: the board has 8 ranks, but the text gives 2; the game goes on as it was
White> fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1
A new game from this position.

{pawn_on_2}White> e4
White plays e2-e4.

{pawn_on_4}Black> save {pgn}
Saved 1 move to {pgn}.
Black> new
A new game.

{pawn_on_2}White> position
4k3/8/8/8/8/8/4P3/4K3 White unmoved=-
White> load {pgn}
Loaded {pgn}: 1 move.

{pawn_on_4}Black> fen
4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1
Black> position 4k3/8/8/8/8/8/8/4K3 Black
A new game from this position.

{kings_alone}Black> quit
"));
    assert!(std::fs::read_to_string(&pgn)
        .unwrap()
        .contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"));
}
