//! Each subcommand run as a real process (through assert_cmd): its output, its exit code,
//! and its errors.

use crate::common::tabula_command;
use std::process::Output;

fn tabula(args: &[&str]) -> Output {
    tabula_command()
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Output without its timing line, which changes from run to run.
fn untimed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("time:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Standard output read as one JSON document.
fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

#[test]
fn validate_a_good_file_exits_0_without_warnings() {
    let o = tabula(&["validate", "games/zola.game"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "games/zola.game: ok\n");
}

#[test]
fn validate_reports_every_mistake_and_exits_1() {
    let o = tabula(&[
        "validate",
        "tests/diagnostics/three_mistakes.game",
        "games/zola.game",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_eq!(err.matches("×").count(), 3, "{err}");
    assert!(
        err.contains("tests/diagnostics/three_mistakes.game: 3 errors, 0 warnings\n"),
        "{err}"
    );
    assert!(
        err.contains("games/zola.game: ok\n"),
        "the other files are still checked: {err}"
    );
}

#[test]
fn validate_with_warnings_only_exits_0() {
    let o = tabula(&["validate", "tests/diagnostics/warnings_only.game"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).ends_with("warnings_only.game: 0 errors, 4 warnings\n"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn validate_a_missing_file() {
    let o = tabula(&["validate", "nowhere/none.game"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "error: no such file: nowhere/none.game\n");
}

#[test]
fn show_prints_the_summary_and_the_board() {
    let o = tabula(&["show", "zola", "--variant", "small"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Zola
  Zola (Mark Steere, 2021): step outward, capture inward or level.
  Every square starts full. A piece steps outward (away from the centre) onto an empty
  square, or captures inward or level: it slides over empty squares onto the first
  occupied square, which must hold an enemy no farther from the centre than where it
  left.
players:  Red (facing n), Blue (facing s)
pieces:   checker (Red C, Blue c)
board:    4 x 4, 16 squares
option:   size = 4 (default 6; allowed 4, 6, 8)
variant:  small (size=4)
variant:  large (size=8)
moves:    step, capture

4 | c C c C
3 | C c C c
2 | c C c C
1 | C c C c
  +--------
    a b c d
  C Red checker, c Blue checker

position: cCcC/CcCc/cCcC/CcCc Red
to move:  Red
"
    );
}

#[test]
fn list_names_every_shipped_game_with_its_line_and_names_match_in_any_case() {
    let o = tabula(&["list"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let names: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, tabula::load::shipped::names());
    assert!(
        text.contains(
            "\nzola          Zola (Mark Steere, 2021): step outward, capture inward or level.\n"
        ),
        "{text}"
    );
    assert!(
        text.lines().all(|l| l.len() > 20),
        "a game without its line: {text}"
    );
    let upper = tabula(&["show", "ZOLA"]);
    assert_eq!(upper.status.code(), Some(0), "{}", stderr(&upper));
    assert!(stdout(&upper).starts_with("Zola\n"));
}

#[test]
fn validate_json_is_one_document_with_every_problem_placed() {
    let o = tabula(&[
        "validate",
        "--json",
        "tests/diagnostics/syntax_three_errors.game",
        "zola",
        "missing.game",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "");
    let doc = json(&o);
    assert_eq!(doc["ok"], false);
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(files[0]["errors"], 3);
    let first = &files[0]["problems"][0];
    assert_eq!(first["code"], "syntax");
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(4), Some(1))
    );
    assert_eq!(first["labels"][0]["text"], "did you mean `pieces`?");
    assert_eq!(first["labels"][0]["end_column"], 7);
    assert_eq!(files[1]["ok"], true);
    assert_eq!(files[1]["problems"].as_array().unwrap().len(), 0);
    assert_eq!(files[2]["error"], "no such file: missing.game");
}

#[test]
fn show_a_position_and_its_result() {
    let o = tabula(&[
        "show",
        "zola",
        "-o",
        "size=4",
        "--position",
        "4/4/4/C3 Blue",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).ends_with("position: 4/4/4/C3 Blue\nresult:   Red wins\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn perft_prints_each_depth() {
    let o = tabula(&["perft", "zola", "--depth", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        untimed(&stdout(&o)),
        "perft 1: 36\nperft 2: 1296\nperft 3: 46472\n"
    );
}

#[test]
fn perft_with_options_and_divide() {
    let o = tabula(&[
        "perft", "zola", "--option", "size=4", "--depth", "2", "--divide",
    ]);
    let out = untimed(&stdout(&o));
    assert!(
        out.starts_with("perft 1: 16\nperft 2: 256\ndivide 2:\n"),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.starts_with("  ")).count(), 16);
    let sum: u64 = out
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 256);
}

#[test]
fn perft_json() {
    let o = tabula(&[
        "perft", "zola", "--option", "size=8", "--depth", "3", "--json", "--divide",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc = json(&o);
    assert_eq!(doc["game"], "Zola");
    assert_eq!(doc["options"], serde_json::json!({"size": 8}));
    assert_eq!(doc["counts"], serde_json::json!([64, 4096, 263544]));
    assert!(doc["seconds"].is_f64());
    let divide = doc["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 64);
    let total: u64 = divide.iter().map(|d| d["count"].as_u64().unwrap()).sum();
    assert_eq!(total, 263544);
}

#[test]
fn bench_reports_speed_length_and_outcomes() {
    let o = tabula(&["bench", "zola", "--playouts", "200", "--seed", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Zola (size=6)");
    assert!(lines[1].starts_with("playouts: 200 in "), "{out}");
    assert!(lines[2].starts_with("average length: "), "{out}");
    let outcomes: usize = lines[3]
        .trim_start_matches("outcomes: ")
        .split(", ")
        .map(|p| p.rsplit(' ').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(outcomes, 200);
    assert_eq!(lines[4], "stopped at 10000 plies: 0");
}

/// Two processes with one seed play the same games; another seed plays others.
#[test]
fn bench_json_is_deterministic_under_a_seed() {
    let run = |seed: &str| {
        let mut doc = json(&tabula(&[
            "bench",
            "zola",
            "--playouts",
            "100",
            "--seed",
            seed,
            "--json",
        ]));
        // Everything but the timings.
        let fields = doc.as_object_mut().unwrap();
        fields.remove("seconds");
        fields.remove("playouts_per_second");
        doc
    };
    let a = run("9");
    assert_eq!(a, run("9"));
    assert_ne!(a, run("10"));
    assert_eq!(a["game"], "Zola");
    assert_eq!(a["options"], serde_json::json!({"size": 6}));
    assert_eq!(a["playouts"], 100);
    let wins = &a["wins"];
    let played = wins["Red"].as_u64().unwrap() + wins["Blue"].as_u64().unwrap();
    assert_eq!(played + a["draws"].as_u64().unwrap(), 100);
}

/// A player may be called `draws` (or `capped`): the JSON keeps the players' wins apart
/// from the other counts, so no key is written twice.
#[test]
fn json_output_cannot_collide_with_a_players_name() {
    let dir = crate::common::temp_folder("json");
    let file = dir.join("draw.game");
    std::fs::write(
        &file,
        "game \"Names\"\nboard 3 x 3\nplayers draws, capped\npieces man\nsetup { man where row == 0 }\nmove step { along forward onto empty }\n",
    )
    .unwrap();
    let o = tabula(&[
        "bench",
        file.to_str().unwrap(),
        "--playouts",
        "10",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc = json(&o);
    let wins = doc["wins"].as_object().unwrap();
    assert_eq!(wins.keys().collect::<Vec<_>>(), ["draws", "capped"]);
    let total =
        wins.values().map(|v| v.as_u64().unwrap()).sum::<u64>() + doc["draws"].as_u64().unwrap();
    assert_eq!(total, 10);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_stops_at_the_ply_cap() {
    let out = stdout(&tabula(&[
        "bench",
        "zola",
        "--playouts",
        "10",
        "--max-plies",
        "3",
    ]));
    assert!(out.contains("stopped at 3 plies: 10"), "{out}");
}

#[test]
fn user_errors_get_one_clear_message_and_a_non_zero_exit() {
    let cases: &[(&[&str], &str, i32)] = &[
        (&["show", "nosuchgame"], "error: unknown game `nosuchgame` (the shipped games are: amazons, backgammon, breakthrough, chess, connect4, draughts, go, hex, jerboa, kalah, laska, losalamos, morris, othello, oware, shogi, tictactoe, trophies, xiangqi, zigzag, zola; or give the path of a .game file)\n", 1),
        (&["show", "missing.game"], "error: no such file: missing.game\n", 1),
        (&["show", "zola", "--option", "sise=8"], "error: unknown option `sise` (did you mean `size`?)\n", 2),
        (&["show", "zola", "--option", "size=5"], "error: `5` is not an allowed value of option `size` (allowed: 4, 6, 8)\n", 2),
        (&["show", "zola", "--option", "size"], "error: --option takes NAME=VALUE, not `size`\n", 2),
        (&["show", "zola", "--variant", "huge"], "error: unknown variant `huge` (the variants are: small, large)\n", 2),
        (&["perft", "zola", "--depth", "0"], "error: --depth must be at least 1\n", 2),
        (&["bench", "zola", "--playouts", "0"], "error: --playouts must be at least 1\n", 2),
        (&["show", "zola", "--position", "6/6 Red"], "error: bad --position: the board has 6 ranks, but the text gives 2\n", 2),
        (&["show", "games"], "error: games is not a file\n", 1),
    ];
    for (args, message, code) in cases {
        let o = tabula(args);
        assert_eq!(stderr(&o), *message, "{args:?}");
        assert_eq!(o.status.code(), Some(*code), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn a_file_with_errors_prints_its_diagnostics_and_exits_1() {
    let o = tabula(&[
        "perft",
        "tests/diagnostics/unknown_piece.game",
        "--depth",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("there is no piece type called `cheker`"),
        "{err}"
    );
    assert!(
        err.ends_with(
            "error: tests/diagnostics/unknown_piece.game has problems (1 error, 0 warnings)\n"
        ),
        "{err}"
    );
}

/// Columns are drawn at one width for the whole game, the commander set apart on the
/// right; a column too deep for its cell counts the pieces it leaves out; a legend follows.
#[test]
fn show_draws_columns_at_one_width_with_the_commander_apart() {
    let position = "3[Ss]/3/2[ssoosSoS]1/1[oSo]1/4/3/4 Red";
    let o = tabula(&["show", "laska", "--position", position]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let board: String = out
        .lines()
        .skip_while(|l| !l.starts_with("7 |"))
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        board,
        "7 |     .           .           .         S:s
6 |           .           .           .      
5 |     .           .       +6o:S           .
4 |           .        oS:o           .      
3 |     .           .           .           .
2 |           .           .           .      
1 |     .           .           .           .
  +------------------------------------------
        a     b     c     d     e     f     g
  S Blue soldier, O Blue officer, s Red soldier, o Red officer
  a column: the pieces under its commander from the bottom up, `:`, the commander
  `+3`: three more pieces under those drawn
"
    );
    assert!(
        out.ends_with(
            &format!("position: {position} Red\nto move:  Red\n").replace(" Red Red", " Red")
        ),
        "{out}"
    );
    // A single piece takes the same width as a column: the start is as wide.
    let o = tabula(&["show", "laska"]);
    assert!(stdout(&o).contains("\n7 |     s           s           s           s\n"));
}

/// A shipped game is found by its name in any case; a file's problems are printed whatever
/// the command, `play` included.
#[test]
fn games_are_loaded_alike_by_every_command() {
    let o = tabula(&["show", "ZOLA", "--variant", "small"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Zola\n"), "{}", stdout(&o));
    let o = tabula(&["perft", "Jerboa", "--depth", "1"]);
    assert_eq!(untimed(&stdout(&o)), "perft 1: 60\n");
    for command in ["show", "play", "bench", "perft"] {
        let mut args = vec![command, "tests/diagnostics/bad_run.game"];
        if command == "perft" {
            args.extend(["--depth", "1"]);
        }
        let o = tabula(&args);
        assert_eq!(o.status.code(), Some(1), "{command}");
        let err = stderr(&o);
        assert!(
            err.contains("a run of 3..1 squares cannot be"),
            "{command}: {err}"
        );
        assert!(
            err.ends_with(
                "error: tests/diagnostics/bad_run.game has problems (1 error, 0 warnings)\n"
            ),
            "{command}: {err}"
        );
    }
}

#[test]
fn match_reports_each_level_by_colour_in_words_that_agree() {
    let o = tabula(&[
        "match",
        "tictactoe",
        "--ai",
        "1",
        "--ai",
        "0",
        "--games",
        "10",
        "--seed",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Tic-tac-toe: level 1 against level 0, 10 games, colours alternating"
    );
    // Each level's wins, then as each player; the counts agree with each other.
    let wins = |line: &str| -> Vec<usize> {
        line.split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
            .map(|w| w.parse().unwrap())
            .collect()
    };
    let (first, second) = (wins(lines[1]), wins(lines[2]));
    assert_eq!(first[1], first[2] + first[3], "{text}");
    assert_eq!(second[1], second[2] + second[3], "{text}");
    assert!(
        lines[1].contains(" as X, ") && lines[1].ends_with(" as O)"),
        "{text}"
    );
    assert!(
        !text.contains(" 1 wins") && !text.contains(" 1 draws"),
        "{text}"
    );
    assert!(lines[3].ends_with("stopped at 10000 plies"), "{text}");
    let singular = tabula(&[
        "match",
        "tictactoe",
        "--ai",
        "1",
        "--ai",
        "1",
        "--games",
        "1",
        "--seed",
        "1",
    ]);
    let one = stdout(&singular);
    assert!(
        one.contains(": 1 win (") || one.contains("1 draw;"),
        "{one}"
    );
}

#[test]
fn show_svg_draws_the_position_and_the_readme_pictures_are_current() {
    let dir = crate::common::temp_folder("svg");
    // Go's picture is a game under way on 9 x 9.
    const GO: &str = "9/2ss5/1sSSs1s2/2S1Ss3/2S1Ss3/1S1S1Ss2/2SssSs2/9/9 Black clock=22";
    for name in ["zola", "laska", "jerboa", "zigzag", "hex", "morris", "go"] {
        let file = dir.join(format!("{name}.svg"));
        let mut args = vec!["show", name, "--svg", file.to_str().unwrap()];
        if name == "go" {
            args.extend(["-o", "size=9", "--position", GO]);
        }
        let o = tabula(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let drawn = std::fs::read_to_string(&file).unwrap();
        assert!(
            drawn.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")
                && drawn.ends_with("</svg>\n")
        );
        let shipped = std::fs::read_to_string(format!("docs/pictures/{name}.svg")).unwrap();
        assert_eq!(
            drawn, shipped,
            "docs/pictures/{name}.svg is not what `show --svg` draws"
        );
    }
    // One disc a piece (Zola 4x4: 16), and a column as bars under its commander's disc.
    let file = dir.join("small.svg");
    tabula(&[
        "show",
        "zola",
        "--variant",
        "small",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read_to_string(&file)
            .unwrap()
            .matches("<circle")
            .count(),
        16
    );
    tabula(&[
        "show",
        "laska",
        "--position",
        "s[ssO][ssO]1/3/3s/Ss[Ss]/1[Ss][sS][Ss]/1SS/S1S1 Blue",
        "--svg",
        file.to_str().unwrap(),
    ]);
    let columns = std::fs::read_to_string(&file).unwrap();
    assert_eq!(columns.matches("<circle").count(), 14);
    // 25 squares, and a bar for each of the 8 pieces under a commander.
    assert_eq!(columns.matches("<rect x=").count(), 25 + 8);
    let unwritable = tabula(&["show", "zola", "--svg", "/no/such/folder/x.svg"]);
    assert_eq!(unwritable.status.code(), Some(1));
    assert!(stderr(&unwritable).starts_with("error: cannot write /no/such/folder/x.svg: "));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same run on one thread and on several gives the same numbers: a bench's totals, a
/// match's results, perft's counts and its divide.
#[test]
fn threads_change_the_speed_and_never_the_results() {
    let without_timings = |args: &[&str]| {
        let mut doc = json(&tabula(args));
        let fields = doc.as_object_mut().unwrap();
        for timing in ["seconds", "playouts_per_second", "threads"] {
            fields.remove(timing);
        }
        doc
    };
    let bench = |threads: &str| {
        without_timings(&[
            "bench",
            "jerboa",
            "--playouts",
            "60",
            "--seed",
            "4",
            "--threads",
            threads,
            "--json",
        ])
    };
    let one = bench("1");
    assert_eq!(one, bench("2"));
    assert_eq!(one, bench("5"));
    let matches = |threads: &str| {
        without_timings(&[
            "match",
            "zola",
            "-o",
            "size=4",
            "--ai",
            "1",
            "--ai",
            "2:2",
            "--games",
            "6",
            "--seed",
            "2",
            "--threads",
            threads,
            "--json",
        ])
    };
    let one = matches("1");
    assert_eq!(one, matches("3"));
    assert_eq!(one["search_threads"], serde_json::json!([1, 2]));
    let perft = |threads: &str| {
        without_timings(&[
            "perft",
            "laska",
            "--depth",
            "7",
            "--divide",
            "--threads",
            threads,
            "--json",
        ])
    };
    let one = perft("1");
    assert_eq!(
        one["counts"],
        serde_json::json!([6, 6, 18, 54, 116, 324, 846])
    );
    assert_eq!(one, perft("2"));
    assert_eq!(one, perft("4"));
}

#[test]
fn a_thread_count_of_zero_or_a_bad_search_thread_count_is_refused() {
    for args in [
        &["perft", "zola", "--depth", "2", "--threads", "0"][..],
        &["bench", "zola", "--threads", "0"],
        &["match", "zola", "--ai", "1", "--ai", "1", "--threads", "0"],
        &["play", "zola", "--threads", "0"],
    ] {
        let o = tabula(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&o),
            "error: --threads must be at least 1\n",
            "{args:?}"
        );
    }
    let o = tabula(&["match", "zola", "--ai", "1:0", "--ai", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: `1:0`: the threads after `:` are a number of at least 1 (`3:2`)\n"
    );
    let o = tabula(&["match", "zola", "--ai", "9", "--ai", "1"]);
    assert_eq!(
        stderr(&o),
        "error: `9`: a computer player is a level from 0 to 6, optionally after `mcts` or `alphabeta` (`4`, `alphabeta4`), optionally followed by `:THREADS` (`3:2`)\n"
    );
}

/// `show --svg` never writes a picture over a file that is not one (here, a copy of a
/// rule file), unless told to with `--force`; a picture it wrote before it replaces.
#[test]
fn show_svg_refuses_to_write_over_a_file_that_is_not_a_picture() {
    let dir = crate::common::temp_folder("svg-over");
    let rules = dir.join("zola.game");
    let text = std::fs::read_to_string("games/zola.game").unwrap();
    std::fs::write(&rules, &text).unwrap();
    let path = rules.to_str().unwrap();
    let o = tabula(&["show", "zola", "--svg", path]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        format!("error: {path} exists and is not a picture; it is left as it is (write under another name, or add --force)\n")
    );
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), text);
    let picture = dir.join("zola.svg");
    for _ in 0..2 {
        let o = tabula(&["show", "zola", "--svg", picture.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let o = tabula(&["show", "zola", "--svg", path, "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&rules).unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Any number of playouts or games runs in the same memory: the largest number the command
/// line takes starts a run (stopped here after half a second) instead of failing to
/// allocate a result for each.
#[test]
fn bench_and_match_take_any_number_of_runs_without_allocating_for_each() {
    let huge = u64::MAX.to_string();
    for args in [
        vec!["bench", "tictactoe", "--playouts", &huge, "--threads", "1"],
        vec![
            "match",
            "tictactoe",
            "--ai",
            "0",
            "--ai",
            "0",
            "--games",
            &huge,
            "--threads",
            "1",
        ],
    ] {
        let o = tabula_command()
            .args(&args)
            .timeout(std::time::Duration::from_millis(500))
            .output()
            .expect("the binary runs");
        assert_eq!(
            o.status.code(),
            None,
            "{args:?} ended by itself: {}",
            stderr(&o)
        );
        assert!(stderr(&o).is_empty(), "{args:?}: {}", stderr(&o));
    }
}

/// A report that cannot be written (standard error on a full device) is dropped, and the
/// exit code still says whether the file is sound: never a panic.
#[test]
fn validate_with_standard_error_on_a_full_device_exits_by_its_result() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no such device here
    };
    for (file, code) in [
        ("games/chess.game", 0),
        ("tests/diagnostics/bad_run.game", 1),
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["validate", file])
            .stderr(full.try_clone().unwrap())
            .output()
            .expect("the binary runs");
        assert_eq!(o.status.code(), Some(code), "{file}");
    }
}

/// `bench` asked for more playouts than anyone could wait for stops at Ctrl-C, prints the
/// figures of the playouts it made, and exits 130.
#[test]
fn ctrl_c_stops_a_bench_and_gives_its_figures() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["bench", "zola", "--playouts", "18446744073709551615"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    crate::common::ctrl_c_after(&child, 800);
    let started = std::time::Instant::now();
    let mut text = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert_eq!(status.code(), Some(130), "{text}");
    assert!(
        text.contains(" of the 18446744073709551615 playouts asked for\n"),
        "{text}"
    );
    let played: usize = text
        .split("interrupted (Ctrl-C): ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(played > 0, "{text}");
    assert!(
        text.contains(&format!("\nplayouts: {played} in ")),
        "{text}"
    );
}

/// `bench` from a position text reads its `before=` boards: a step back onto the board
/// before is refused by `not seen(2)`, so White has no move and loses.
#[test]
fn bench_from_a_position_text_reads_the_boards_before_it() {
    let dir = crate::common::temp_folder("bench-before");
    let file = dir.join("back.game");
    std::fs::write(
        &file,
        "game \"T\"\nboard 2 x 1\nplayers White, Black\npieces man\nsetup { White man on a1 }\nmove step { along e, w onto empty }\nafter move require not seen(2)\n",
    )
    .unwrap();
    let outcomes = |position: &str| {
        let o = tabula(&[
            "bench",
            file.to_str().unwrap(),
            "--position",
            position,
            "--playouts",
            "10",
            "--max-plies",
            "1",
        ]);
        let text = String::from_utf8(o.stdout).unwrap();
        text.lines()
            .find(|l| l.starts_with("outcomes:"))
            .unwrap_or_else(|| panic!("{text}"))
            .to_string()
    };
    assert_eq!(
        outcomes("1M White before=M1"),
        "outcomes: White 0, Black 10, draw 0"
    );
    assert_eq!(outcomes("1M White"), "outcomes: White 10, Black 0, draw 0");
    std::fs::remove_dir_all(&dir).unwrap();
}
