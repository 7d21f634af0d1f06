//! Every narrowing the compiled game makes is checked: a file beyond a limit gets a
//! diagnostic or a correct game, never a game that silently plays otherwise; numbers that
//! overflow are refused where they are written; a position text that would not fit is
//! refused with a reason; and the command line survives a closed or full output.

use crate::common::{compile, make, move_text, moves, parse_position, play_move, position, Move};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use tabula::compile::{compile_source, Choices, Failure};
use tabula::ir::MAX_DIRECTIONS;

/// The codes of the errors a source text earns.
fn errors(source: &str) -> Vec<&'static str> {
    match compile_source(source, &Choices::default()) {
        Ok(_) => Vec::new(),
        Err(Failure::Problems(ps)) => ps
            .iter()
            .filter(|p| p.is_error())
            .map(|p| p.code())
            .collect(),
        Err(Failure::Choice(m)) => panic!("{m}"),
    }
}

const HEAD: &str = "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces man\n";

#[test]
fn three_hundred_directions_are_refused_with_a_diagnostic() {
    let mut src = HEAD.to_string();
    // Three hundred different steps (one step declared twice is one direction).
    for i in 0..300 {
        src.push_str(&format!("direction d{i} = ({}, {})\n", 1 + i % 20, i / 20));
    }
    src.push_str("move step { along d299 onto empty }\n");
    let codes = errors(&src);
    assert!(codes.contains(&"too_many_directions"), "{codes:?}");
    // Exactly up to the limit is a correct game.
    let mut src = HEAD.to_string();
    for i in 0..MAX_DIRECTIONS - 9 {
        src.push_str(&format!(
            "direction d{i} = ({}, {})\n",
            2 + i % 31,
            1 + i / 31
        ));
    }
    src.push_str(&format!("direction d{} = (0, 2)\n", MAX_DIRECTIONS - 9));
    src.push_str(&format!(
        "move step {{ along d{} onto empty }}\n",
        MAX_DIRECTIONS - 9
    ));
    let g = compile(&src);
    let s = position(&g, "5/5/5/5/M4 White");
    assert_eq!(moves(&g, &s), ["a1-a3"]);
}

/// 300 move rules, of which only rule 255 (which a byte-sized id once took for a pass) or
/// rule 299 (which wrapped round to 43) can move: their moves are theirs.
#[test]
fn three_hundred_move_rules_play_as_written() {
    for live in [255usize, 299] {
        let mut src = HEAD.to_string();
        for i in 0..300 {
            let rule = if i == live {
                format!("move r{i} {{ along n onto empty }}\n")
            } else {
                format!("move r{i} {{ along n onto empty if false }}\n")
            };
            src.push_str(&rule);
        }
        let g = compile(&src);
        let s = position(&g, "5/5/5/5/M4 White");
        let legal = s.legal_moves(&g);
        assert_eq!(legal.len(), 1, "rule {live}");
        let m: Move = legal[0];
        assert!(!m.is_pass(), "rule {live}");
        assert_eq!(g.rules[m.rule.index()].name, format!("r{live}"));
        assert_eq!(move_text(&g, m), "a1-a2");
        let mut next = s;
        make(&g, &mut next, m);
        assert_eq!(
            tabula::present::position_text(&g, &next),
            "5/5/5/M4/5 Black"
        );
    }
}

#[test]
fn a_direction_offset_that_overflows_is_refused() {
    let src = format!(
        "{HEAD}direction z = (-9223372036854775808, 0)\nmove step {{ along z onto empty }}\n"
    );
    assert_eq!(errors(&src), ["bad_direction"]);
}

#[test]
fn numbers_that_overflow_are_refused_where_they_are_written() {
    let cases = [
        ("board (2 ^ 62) * 4 + 4 x 4", "overflow"),
        ("board 2 ^ 64 x 8", "overflow"),
        ("board 99999999999999999999 x 4", "number_too_large"),
        ("board 4 x -(0 - 9223372036854775807 - 1)", "overflow"),
    ];
    for (board, code) in cases {
        let src = format!(
            "game \"T\"\n{board}\nplayers White, Black\npieces man\nmove step {{ along n onto empty }}\n"
        );
        let codes = errors(&src);
        assert_eq!(codes.first(), Some(&code), "{board}: {codes:?}");
    }
}

#[test]
fn a_condition_that_overflows_on_some_square_or_in_play_is_refused() {
    let zone = format!("{HEAD}zone z = file * 9223372036854775807 > 1\nmove step {{ along n onto empty if z(to) }}\n");
    assert_eq!(errors(&zone), ["overflow"]);
    let geometry = format!(
        "{HEAD}move step {{ along n onto empty if rank(to) * 4611686018427387904 * 2 > 0 }}\n"
    );
    assert_eq!(errors(&geometry), ["overflow"]);
    let in_play = format!(
        "{HEAD}move step {{ along n onto empty if count(enemy) * 9223372036854775807 > 1 }}\n"
    );
    assert_eq!(errors(&in_play), ["overflow"]);
    // Large but safe: the count is at most 25.
    let safe = format!(
        "{HEAD}move step {{ along n onto empty if count(enemy) * 300000000000000000 > 1 }}\n"
    );
    assert_eq!(errors(&safe), Vec::<&str>::new());
}

#[test]
fn a_track_that_leads_far_off_the_board_is_a_bad_track() {
    let src = "game \"T\"\nboard 2 x 2\nplayers South, North\ncounters\nzone home = row == 0\nsetup { put 1 where true }\ntrack t { (file, 2 ^ 62) }\nsow s { from home lap t }\n";
    assert_eq!(errors(src), ["bad_track"]);
}

#[test]
fn seeds_beyond_the_limit_are_refused_even_when_their_sum_overflows() {
    let src = "game \"T\"\nboard 2 x 2\nplayers South, North\ncounters\nzone home = row == 0\nsetup { put 9223372036854775807 on a1, b1 }\ntrack t { (1 - file, rank) }\nsow s { from home lap t }\n";
    assert_eq!(errors(src), ["too_many_seeds"]);
}

#[test]
fn a_position_text_that_would_not_fit_is_refused() {
    let g = crate::common::game("zola", "size=4");
    assert_eq!(
        parse_position(&g, "4/4/4/C18446744073709551615c3 Red").unwrap_err(),
        "rank 1 has 4 squares, but the text gives 18446744073709551620"
    );
    assert_eq!(
        parse_position(&g, "4/4/4/C99999999999999999999c3 Red").unwrap_err(),
        "a run of empty squares on rank 1 is too long"
    );
    let laska = crate::common::game("laska", "size=7");
    // Two kinds of piece for two players pack in 2 bits each: 29 under a commander.
    let tall = format!("3s/3/2[{}s]1/1O1/4/3/4 Red", "sS".repeat(15));
    assert_eq!(
        parse_position(&laska, &tall).unwrap_err(),
        "a column of 31 pieces on rank 5: at most 30 fit"
    );
    // A column that fits, but that a jump could grow past what fits.
    let growing = format!("3s/3/2[{}s]1/1O1/4/3/4 Red", "sS".repeat(14));
    assert_eq!(
        parse_position(&laska, &growing).unwrap_err(),
        "31 pieces on the board: a column could grow past the 30 pieces that fit in one"
    );
    let fitting = format!("3s/3/2[{}]1/1O1/4/3/4 Red", "sS".repeat(14));
    assert!(parse_position(&laska, &fitting).is_ok());
}

#[test]
fn a_chain_that_need_not_take_is_one_of_hops_or_refused() {
    let head = "game \"T\"\nplayers White, Black\npieces man\nsetup { White man on a1 }\n";
    // Steps onto empty squares: a chain of hops, never twice on a square (4 squares).
    let walk = "move walk { along all onto empty chain must }\n";
    assert_eq!(
        errors(&format!("{head}board 2 x 2\n{walk}")),
        Vec::<&str>::new()
    );
    // On 6 x 6 such a chain could make 35 steps.
    assert_eq!(
        errors(&format!("{head}board 6 x 6\n{walk}")),
        ["chain_too_long"]
    );
    // Steps that take what they pass, or pass nothing: no bound at all.
    let take = "move walk { along all over 0+ enemy onto empty capture over chain must }\n";
    assert_eq!(
        errors(&format!("{head}board 2 x 2\n{take}")),
        ["endless_chain"]
    );
}

#[test]
fn a_chain_that_could_outgrow_a_move_is_refused() {
    // 30 enemies in a row could be jumped one by one on an 8 x 8 board.
    let src = "game \"T\"\nboard 8 x 8\nplayers White, Black\npieces man\nsetup {\n  White man on a1\n  Black man where rank >= 3 and rank <= 6 and not (file == 0 and rank == 3) and not (file == 7)\n}\nmove jump { along all over 1 enemy onto empty capture over chain must }\n";
    let codes = errors(src);
    assert_eq!(codes, ["chain_too_long"]);
    // English-draughts-sized armies fit: 12 pieces a side.
    let src = "game \"T\"\nboard 8 x 8 where (file + rank) % 2 == 0\nplayers White, Black\npieces man\nsetup { man where row < 3 }\nmove jump { along diagonal over 1 enemy onto empty capture over chain must }\n";
    assert_eq!(errors(src), Vec::<&str>::new());
}

/// Ten jumps in a row make one move with ten landings.
#[test]
fn a_long_chain_within_the_bound_is_played_whole() {
    let g = compile(
        "game \"T\"\nboard 1 x 21\nplayers White, Black\npieces man\nsetup {\n  White man on a1\n  Black man where rank % 2 == 1\n}\nmove jump { along n over 1 enemy onto empty capture over chain must }\n",
    );
    let s = tabula::engine::Position::start(&g);
    let chain: Vec<String> = (1..=11).map(|k| format!("a{}", 2 * k - 1)).collect();
    let text = chain.join("x");
    assert_eq!(moves(&g, &s), std::slice::from_ref(&text));
    let end = play_move(&g, &s, &text);
    assert_eq!(
        tabula::present::position_text(&g, &end),
        format!("M/{}1 Black", "1/".repeat(19))
    );
}

/// `tabula perft … | head -1`: one line, then a quiet end, however much was still to come.
#[test]
fn a_closed_output_ends_a_command_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["perft", "zola", "--depth", "5"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is gone: the next line hits a closed pipe.
    let out = child.wait_with_output().unwrap();
    assert_eq!(first, "perft 1: 36\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(out.status.success(), "{:?}", out.status);
}

#[test]
fn a_full_output_is_an_error_message_not_a_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["show", "zola"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot write the output: No space left on device (os error 28)\n"
    );
}

#[test]
fn a_problem_far_right_on_a_line_is_written_with_its_line_and_column() {
    let src = format!(
        "{HEAD}zone z = {}foo == 1\nmove step {{ along all onto empty }}\n",
        " ".repeat(70_000)
    );
    let problems = match compile_source(&src, &Choices::default()) {
        Err(Failure::Problems(ps)) => ps,
        other => panic!("{:?}", other.is_ok()),
    };
    let text = tabula::diagnostic::render(
        &problems,
        "wide.game",
        &src,
        tabula::diagnostic::RenderStyle::plain(),
    );
    assert_eq!(
        text,
        "tabula::unknown_name\n\n  × there is no name called `foo`\n   at wide.game:5:70010: unknown name\n  help: the known names are: file, rank, row\n"
    );
}

#[test]
fn expressions_too_long_or_too_deep_are_refused_before_they_exhaust_the_stack() {
    let zone =
        |body: &str| format!("{HEAD}zone z = {body} == 1\nmove step {{ along all onto empty }}\n");
    assert_eq!(
        errors(&zone(&format!("{}1", "1 + ".repeat(14_500)))),
        ["expression_too_long"]
    );
    assert_eq!(
        errors(&zone(&format!("{}1", "- ".repeat(13_000)))),
        ["expression_too_long"]
    );
    let nested = format!("{}1{}", "(".repeat(9_000), ")".repeat(9_000));
    assert_eq!(errors(&zone(&nested)), ["nesting_too_deep"]);
    // Up to the limits, a correct game.
    assert_eq!(
        errors(&zone(&format!("{}1", "1 + ".repeat(400)))),
        Vec::<&str>::new()
    );
    let nested = format!("{}1{}", "(".repeat(60), ")".repeat(60));
    assert_eq!(errors(&zone(&nested)), Vec::<&str>::new());
    let huge = format!(
        "{HEAD}# {}\nmove step {{ along all onto empty }}\n",
        "x".repeat(2 << 20)
    );
    assert_eq!(errors(&huge), ["file_too_large"]);
}

#[test]
fn defines_that_expand_too_deep_or_too_far_are_refused_at_once() {
    let mut chained = format!("{HEAD}define d0 = 1\n");
    for i in 1..=20_000 {
        chained.push_str(&format!("define d{i} = d{} + 1\n", i - 1));
    }
    chained.push_str("move step { along all onto empty }\n");
    assert!(errors(&chained).contains(&"define_too_deep"));
    let mut doubling = format!("{HEAD}define d0 = 1\n");
    for i in 1..=26 {
        doubling.push_str(&format!("define d{i} = d{} + d{}\n", i - 1, i - 1));
    }
    doubling.push_str("move step { along all onto empty }\n");
    let started = std::time::Instant::now();
    assert_eq!(errors(&doubling), ["define_too_large"]);
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}

/// `tabula show` on a file, its standard output.
fn show(args: &[&str]) -> String {
    let out = crate::common::tabula_command()
        .arg("show")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_search_for_a_capture_that_cannot_settle_gives_up_and_says_so() {
    // Captures that can never happen (the checker cannot know): the search for one would
    // visit millions of positions; it stops at its bound, and the game goes on.
    let dir = crate::common::temp_folder("reach");
    let file = dir.join("never.game");
    std::fs::write(
        &file,
        "game \"Never\"\nboard 7 x 7\nplayers White, Black\npieces man\nsetup {\n  White man on a1, b1\n  Black man on f7, g7\n}\nmove step { along all onto empty }\nmove take { along all onto enemy if rank(to) > 10 }\nno move: pass\nend before turn { draw when not reachable(capture) }\n",
    )
    .unwrap();
    let text = show(&[file.to_str().unwrap()]);
    assert!(text.contains("note:     whether a capture can still come was not settled within the search bound (--search-positions N raises it); the game goes on\nto move:  White\n"), "{text}");
    // On a smaller board it is settled: no capture can come, and the game is drawn.
    std::fs::write(
        &file,
        std::fs::read_to_string(&file)
            .unwrap()
            .replace("7 x 7", "4 x 4")
            .replace("f7, g7", "c4, d4"),
    )
    .unwrap();
    assert!(show(&[file.to_str().unwrap()]).ends_with("result:   draw\n"));
    // With a bound too small to settle it, the search gives up there too; a bound past
    // what the machine can keep is refused.
    let small = show(&[file.to_str().unwrap(), "--search-positions", "256"]);
    assert!(
        small.contains("note:     whether a capture can still come was not settled"),
        "{small}"
    );
    let out = crate::common::tabula_command()
        .args([
            "show",
            file.to_str().unwrap(),
            "--search-positions",
            "100000000",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --search-positions takes 256 to 16777216 positions (about 40 bytes each), not 100000000\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_search_over_a_pit_of_many_seeds_is_bounded_by_its_work() {
    // Each sowing of 65,535 seeds is long: the search visits fewer positions.
    let start = std::time::Instant::now();
    let text = show(&[
        "zigzag",
        "--position",
        "65535,0,0,0,0,0/0,0,0,0,0,0 South stores=0,0",
    ]);
    assert!(text.ends_with("to move:  South\n"), "{text}");
    assert!(start.elapsed().as_secs() < 10);
}

#[test]
fn a_relay_cycle_too_long_to_find_is_bounded_by_the_seeds_sown() {
    // Ten pits in a ring, each lap relayed from a pit that was not empty: sowing d1 goes
    // round for millions of laps before a lap start repeats. It is refused once it has sown
    // MAX_SOWN seeds, like a cycle found.
    let g = compile(
        "game \"Ring\"\nboard 5 x 2\nplayers South, North\ncounters\nzone home = row == 0\nsetup { put 4 where true }\ntrack ring {\n  (file + 1, rank) if rank == 0 and file < 4\n  (file, 1) if rank == 0\n  (file - 1, rank) if rank == 1 and file > 0\n  (file, 0)\n}\nsow lift {\n  from home\n  lap ring\n  when seeds(last) > 1: relay\n}\nno move: pass\nend { score when store > 1000 }\n",
    );
    let s = position(&g, "11,3,0,12,8/12,11,6,9,12 South stores=0,0");
    let start = std::time::Instant::now();
    assert_eq!(moves(&g, &s), ["a1", "b1", "c1", "e1"]);
    assert!(start.elapsed().as_secs() < 5);
    assert!(!s.sowing_ends(&g, 3));
}

/// A counting game with more tracks than a track id holds is refused.
#[test]
fn more_tracks_than_an_id_holds_are_refused() {
    let mut src = "game \"T\"\ncounters\nboard 4 x 2\nplayers South, North\nzone home = row == 0\nsetup { put 1 where true }\nsow lift { from home lap t0 }\n".to_string();
    for i in 0..=tabula::ir::MAX_TRACKS {
        src.push_str(&format!("track t{i} {{ (file, rank) }}\n"));
    }
    assert_eq!(errors(&src), ["too_many_tracks"]);
}

/// A file of many options and as many variants: `validate` checks the defaults and the
/// first 256 variants (each is a whole check of the file), says how many it left, and
/// keeps each problem once as it goes, so that 2,000 of each take about a second and a few
/// megabytes (they took 13 s and 1.6 GB, every variant's copy of every warning kept); with
/// `--variants N` it checks more.
#[test]
fn validate_checks_a_bounded_number_of_variants() {
    let mut src = HEAD.to_string();
    for i in 0..300 {
        src += &format!("option o{i} = 1 in 1, 2\n");
    }
    for i in 0..300 {
        src += &format!("variant v{i} {{ o{i} = 2 }}\n");
    }
    // The last variant breaks the setup: a 2 x 2 board has no square c3.
    src += "option size = 5 in 2, 5\nvariant small { size = 2 }\n";
    src = src.replace("board 5 x 5", "board size x size");
    src += "setup { White man on c3 }\nmove step { along n  onto empty }\n";
    let codes = |variants: usize| -> Vec<&'static str> {
        tabula::compile::validate_source_with(&src, variants)
            .iter()
            .filter(|p| p.code() != "unused_option")
            .map(|p| p.code())
            .collect()
    };
    assert_eq!(codes(256), ["variants_unchecked"]);
    assert_eq!(codes(301), ["square_off_board"]);
    let problems = tabula::compile::validate_source(&src);
    let unchecked = problems
        .iter()
        .find(|p| p.code() == "variants_unchecked")
        .unwrap();
    assert_eq!(unchecked.message, "45 of the 301 variants were not checked");
    assert_eq!(
        unchecked.help.as_deref(),
        Some("validate checks the defaults and the first 256 variants; check them all with `tabula validate --variants 301`")
    );
    // Every unused option is reported once, however many variants found it again.
    assert_eq!(
        problems
            .iter()
            .filter(|p| p.code() == "unused_option")
            .count(),
        300
    );
    let dir = crate::common::temp_folder("variants");
    let file = dir.join("variants.game");
    std::fs::write(&file, &src).unwrap();
    let out = crate::common::tabula_command()
        .args([
            "validate",
            "--json",
            "--variants",
            "301",
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("\"square_off_board\""), "{out}");
    assert!(!out.contains("\"variants_unchecked\""), "{out}");
}
