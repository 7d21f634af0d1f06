//! Groups: the constructs that read a connected group of pieces (`group_size`, `liberties`,
//! `encloses`, `reaches`, `touches`, `groups`), the effect that takes whole groups, the
//! history rules (`seen`, `seen(N)`, `pass`, `clock` alone) and `bonus`, each from a small
//! game; then Go from hand-made positions. The examples are the ones docs/LANGUAGE.md
//! shows: the last test checks that the reference holds each word for word.

use crate::common::{compile, ending, game, moves, play_move, position, position_text, Outcome};
use tabula::engine::{History, Position, Workspace};
use tabula::present::{move_text, score_text};

/// A game of stones on a board, with the given rules.
fn stones(board: &str, rules: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"T\"\n{board}\nplayers White, Black\npieces stone\n{rules}\n"
    ))
}

/// The legal moves after `line` is played from `start`, with the game's history kept (as
/// a session keeps it), sorted; and the position reached.
fn moves_after_line(g: &tabula::ir::Game, start: &str, line: &[&str]) -> (Position, Vec<String>) {
    let mut s = position(g, start);
    let mut work = Workspace::default();
    work.history = History::new_at(g, &mut s);
    for mv in line {
        s = play_move_with(g, &s, &mut work, mv);
        work.history.record_at(g, &mut s);
    }
    let mut out = Vec::new();
    s.generate(g, &mut work, &mut out);
    let mut texts: Vec<String> = out.iter().map(|&m| move_text(g, m)).collect();
    texts.sort();
    (s, texts)
}

/// The position after `mv`, which must be legal with the history in `work`.
fn play_move_with(g: &tabula::ir::Game, s: &Position, work: &mut Workspace, mv: &str) -> Position {
    let mut out = Vec::new();
    s.generate(g, work, &mut out);
    let m = tabula::present::parse_move(g, &out, mv)
        .unwrap_or_else(|| panic!("{mv} is not legal at {}", position_text(g, s)));
    let mut next = *s;
    next.make(g, m);
    next
}

const GROUP_SIZE: &str =
    "move step { along orthogonal onto empty if group_size(from along orthogonal) == 1 }";

#[test]
fn group_size_counts_the_stones_joined_along_the_directions_named() {
    // a1, b2 and c1 touch only at corners: three groups of one along orthogonal lines,
    // one group of three along all eight directions.
    let g = stones("board 3 x 3", GROUP_SIZE);
    let s = position(&g, "3/1S1/S1S White");
    assert_eq!(
        moves(&g, &s),
        ["a1-a2", "a1-b1", "b2-a2", "b2-b1", "b2-b3", "b2-c2", "c1-b1", "c1-c2"]
    );
    let all = stones(
        "board 3 x 3",
        "move step { along orthogonal onto empty if group_size(from) == 1 }",
    );
    assert!(moves(&all, &s).is_empty());
    // b2 and c2 side by side: a group of two, which does not move.
    let s = position(&g, "3/1SS/S2 White");
    assert_eq!(moves(&g, &s), ["a1-a2", "a1-b1"]);
}

const LIBERTIES: &str = "move put {
  place stone
  onto empty
  require liberties(to along orthogonal) >= 2
}";

#[test]
fn liberties_are_the_empty_squares_next_to_a_group() {
    let g = stones("board 3 x 3", LIBERTIES);
    // Black holds a2 and b1. a1 would have no liberty, c1 and a3 one (c2, b3).
    let s = position(&g, "3/s2/1s1 White");
    assert_eq!(moves(&g, &s), ["b2", "b3", "c2", "c3"]);
    // A White stone on b3 joins a3 to it: the group a3-b3 has c3 and b2, two liberties.
    let s = position(&g, "1S1/s2/1s1 White");
    assert_eq!(moves(&g, &s), ["a3", "b2", "c2", "c3"]);
}

const ENCLOSES: &str = "move put {
  place stone
  onto empty
  require not encloses(to along orthogonal)
}";

#[test]
fn encloses_says_whether_a_group_makes_a_ring() {
    let g = stones("board 5 x 5", ENCLOSES);
    // White's stones around c3 lack d3: d3 would close a ring around c3, which is refused.
    // c3 itself fills the hole: no ring. A Black stone inside does not open the ring.
    let s = position(&g, "5/1SSS1/1S3/1SSS1/5 White");
    let legal = moves(&g, &s);
    assert!(!legal.contains(&"d3".to_string()), "{legal:?}");
    assert!(legal.contains(&"c3".to_string()));
    assert_eq!(legal.len(), 25 - 7 - 1);
    let s = position(&g, "5/1SSS1/1Ss2/1SSS1/5 White");
    assert!(!moves(&g, &s).contains(&"d3".to_string()));
    // Along orthogonal lines a ring needs no corners: without d4 the stones still enclose
    // c3, and a stone that joins them is refused too.
    let s = position(&g, "5/1SS2/1S1S1/1SSS1/5 White");
    assert_eq!(moves(&g, &s), ["a1", "a5", "c3", "d5", "e1", "e4", "e5"]);
    // Open at the edge: a U along the bottom edge encloses nothing.
    let s = position(&g, "5/5/5/S1S2/S1S2 White");
    assert!(moves(&g, &s).contains(&"b2".to_string()));
}

const REACHES: &str = "move put {
  place stone
  onto empty
  if not reaches(to, enemy along orthogonal)
}";

#[test]
fn reaches_asks_whether_a_group_has_a_neighbour_that_matches() {
    // The group of an empty square is its empty region: White's wall on the b file cuts
    // a3-a2, which reaches Black's a1, from the c file, which reaches only White.
    let g = stones("board 3 x 3", REACHES);
    let s = position(&g, "1S1/1S1/sS1 White");
    assert_eq!(moves(&g, &s), ["c1", "c2", "c3"]);
}

const TOUCHES: &str = "zone west = file == 0
zone east = file == 4
zone south = rank == 0
move put { place stone onto empty }
end {
  win when count(friend where touches(here, west along orthogonal) and touches(here, east along orthogonal) and touches(here, south along orthogonal)) > 0
}";

#[test]
fn touches_asks_whether_a_group_reaches_a_zone() {
    // One group touching three sides wins; three sides touched by two groups do not.
    let g = stones("board 5 x 5", TOUCHES);
    let two_groups = position(&g, "5/SSSSS/5/S4/S4 Black");
    assert_eq!(ending(&g, &two_groups), None);
    assert_eq!(moves(&g, &two_groups).len(), 18);
    let s = play_move(&g, &position(&g, "5/SSSSS/5/S4/S4 White"), "a3");
    assert_eq!(
        ending(&g, &s).map(|e| e.0),
        Some(Outcome::Win(0)),
        "{}",
        position_text(&g, &s)
    );
}

const GROUPS: &str = "move put { place stone onto empty }
end {
  win when count(friend) >= 3 and groups(friend along orthogonal) == 1
}";

#[test]
fn groups_counts_the_groups_a_pattern_makes() {
    // All of a player's stones in one group wins (three at least).
    let g = stones("board 4 x 4", GROUPS);
    let s = position(&g, "4/4/4/S1SS White");
    assert_eq!(ending(&g, &s), None);
    assert_eq!(
        ending(&g, &play_move(&g, &s, "b1")).map(|e| e.0),
        Some(Outcome::Win(0))
    );
    // Diagonal neighbours join only along all eight directions.
    let g = stones(
        "board 4 x 4",
        "move put { place stone onto empty }\nend { win when count(friend) >= 3 and groups(friend) == 1 }",
    );
    let s = play_move(&g, &position(&g, "4/4/1S2/S3 White"), "c3");
    assert_eq!(ending(&g, &s).map(|e| e.0), Some(Outcome::Win(0)));
}

const TAKE_GROUPS: &str = "move play {
  place stone
  onto empty
  take { along orthogonal groups enemy where liberties(here along orthogonal) == 0 }
}";

#[test]
fn an_effect_takes_every_group_next_to_the_move_that_its_where_picks() {
    let g = stones("board 4 x 4", TAKE_GROUPS);
    // Black's b1-c1 has one liberty left, d1; Black's d2 has d3. White's d1 takes the
    // pair and leaves d2.
    let s = position(&g, "4/4/1SSs/Sss1 White");
    let after = position_text(&g, &play_move(&g, &s, "d1"));
    assert_eq!(after, "4/4/1SSs/S2S Black");
}

/// Go itself: the shipped game, on 5 x 5 and 9 x 9 boards.
fn go(size: u8) -> tabula::ir::Game {
    game("go", &format!("size={size}"))
}

#[test]
fn go_takes_a_single_stone_without_liberties() {
    let g = go(5);
    // White's c3 has one liberty, d3; Black plays there and takes it.
    let s = play_move(&g, &position(&g, "5/2S2/1Ss2/2S2/5 Black"), "d3");
    assert_eq!(position_text(&g, &s), "5/2S2/1S1S1/2S2/5 White clock=1");
}

#[test]
fn go_takes_a_group_of_five_and_another_group_in_one_move() {
    let g = go(5);
    // White's a1-d1 and a2 (five stones) and White's e2 each have one liberty left, e1.
    let s = play_move(&g, &position(&g, "5/5/S3S/sSSSs/ssss1 Black"), "e1");
    assert_eq!(position_text(&g, &s), "5/5/S3S/1SSS1/4S White clock=1");
}

#[test]
fn go_refuses_suicide_but_allows_a_capture_that_frees_the_stone() {
    let g = go(5);
    // a1 has no liberty for White (Black on a2 and b1) and takes nothing: refused.
    let s = position(&g, "5/5/5/S4/1S3 White");
    assert!(!moves(&g, &s).contains(&"a1".to_string()));
    assert_eq!(moves(&g, &s).len(), 22 + 1);
    // With Black's a2 in atari (White on a3 and b2), a1 takes it and lives.
    let s = position(&g, "5/5/s4/Ss3/1S3 White");
    let after = play_move(&g, &s, "a1");
    assert_eq!(position_text(&g, &after), "5/5/s4/1s3/sS3 Black clock=1");
}

/// A ko: White's b2 in Black's mouth, Black's c2 in White's. Black takes at c2.
const KO: &str = "5/5/1Ss2/Ss1s1/1Ss2 Black";

#[test]
fn go_refuses_a_ko_retake_and_allows_it_one_move_later() {
    let g = go(5);
    let (s, legal) = moves_after_line(&g, KO, &["c2"]);
    assert_eq!(position_text(&g, &s), "5/5/1Ss2/S1Ss1/1Ss2 White clock=1");
    // White may not take back at once: that would bring back the board before. (a1 is
    // refused too, as suicide: 16 points and the pass.)
    assert!(!legal.contains(&"b2".to_string()), "{legal:?}");
    assert_eq!(legal.len(), 25 - 7 - 2 + 1);
    // After a move elsewhere by each, it may.
    let (s, legal) = moves_after_line(&g, KO, &["c2", "e5", "a5"]);
    assert!(legal.contains(&"b2".to_string()), "{legal:?}");
    let s = play_move(&g, &s, "b2");
    assert_eq!(position_text(&g, &s), "S3s/5/1Ss2/Ss1s1/1Ss2 Black clock=4");
}

const SEEN: &str = "move step { along orthogonal onto empty }
after move require not seen";

#[test]
fn seen_asks_whether_a_board_has_stood_before_and_seen_n_within_the_last_n() {
    // White and Black each step away and back: the fourth move would bring back the start.
    let g = stones("board 3 x 3", SEEN);
    let start = "2s/3/S2 White";
    let line = ["a1-a2", "c3-c2", "a2-a1"];
    let (_, legal) = moves_after_line(&g, start, &line);
    assert!(!legal.contains(&"c2-c3".to_string()), "{legal:?}");
    // `seen(N)` looks back at the last N boards only: the start is the fourth one back.
    for (n, refused) in [(3, false), (4, true)] {
        let g = stones(
            "board 3 x 3",
            &format!(
                "move step {{ along orthogonal onto empty }}\nafter move require not seen({n})"
            ),
        );
        let (_, legal) = moves_after_line(&g, start, &line);
        assert_eq!(
            !legal.contains(&"c2-c3".to_string()),
            refused,
            "seen({n}): {legal:?}"
        );
    }
}

/// A seki: Black's four stones in the lower left and White's four in the lower right
/// share their only liberties, c2 and c1; each side's outer stones live.
const SEKI: &str = "5/5/sssSS/SS1ss/SS1ss Black";

#[test]
fn go_in_a_seki_the_shared_liberties_score_for_nobody() {
    let g = go(5);
    let s = position(&g, SEKI);
    // Black 6 stones; White 7 stones and 7.5 komi; the empty points reach both colours.
    assert_eq!(
        score_text(&g, &s).as_deref(),
        Some("Final score: Black 6, White 14.5.\n")
    );
    // Playing in a shared liberty is legal, and gives the group away.
    let s = play_move(&g, &s, "c2");
    let s = play_move(&g, &s, "c1");
    assert_eq!(position_text(&g, &s), "5/5/sssSS/3ss/2sss Black clock=2");
}

#[test]
fn go_scores_by_area_with_komi_and_ends_on_the_second_pass() {
    let g = go(5);
    // The b file is Black's, the d file White's; the a file reaches only Black, the e file
    // only White, the c file both: Black 5 + 5, White 5 + 5 + 7.5.
    let start = "1S1s1/1S1s1/1S1s1/1S1s1/1S1s1 Black";
    let s = position(&g, start);
    assert_eq!(
        score_text(&g, &s).as_deref(),
        Some("Final score: Black 10, White 17.5.\n")
    );
    let (s, legal) = moves_after_line(&g, start, &["pass"]);
    assert_eq!(ending(&g, &s), None);
    assert_eq!(legal.len(), 15 + 1);
    let (s, legal) = moves_after_line(&g, start, &["pass", "pass"]);
    assert!(legal.is_empty());
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Win(1), "White: score when passes >= 2".to_string()))
    );
}

#[test]
fn go_scores_a_finished_nine_by_nine_game_with_komi() {
    let g = go(9);
    // Black's wall on the e file and the four files west of it: 9 + 36; White's wall on
    // the f file and the three files east: 9 + 27, and 7.5 komi. Black wins by 1.5.
    let finished = ["4Ss3"; 9].join("/") + " Black";
    let s = position(&g, &finished);
    assert_eq!(
        score_text(&g, &s).as_deref(),
        Some("Final score: Black 45, White 43.5.\n")
    );
    let (s, _) = moves_after_line(&g, &finished, &["pass", "pass"]);
    assert_eq!(ending(&g, &s).map(|e| e.0), Some(Outcome::Win(0)));
    // With komi 9.5 White wins by half a point.
    let g = game("go", "size=9 komi=9.5");
    let s = position(&g, &finished);
    assert_eq!(
        score_text(&g, &s).as_deref(),
        Some("Final score: Black 45, White 45.5.\n")
    );
}

/// Every example above, and Go's own lines that the reference quotes, are in
/// docs/LANGUAGE.md word for word.
#[test]
fn the_language_reference_shows_each_group_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/LANGUAGE.md")).unwrap();
    let go = std::fs::read_to_string(root.join("games/go.game")).unwrap();
    for example in [
        GROUP_SIZE,
        LIBERTIES,
        ENCLOSES,
        REACHES,
        TOUCHES,
        GROUPS,
        TAKE_GROUPS,
        SEEN,
    ] {
        assert!(doc.contains(example), "docs/LANGUAGE.md lacks:\n{example}");
    }
    for line in [
        "option komi = 7.5",
        "score = count(friend) + count(empty where reaches(here, friend along orthogonal) and not reaches(here, enemy along orthogonal))",
        "bonus komi to White",
        "move pass { pass }",
        "score when passes >= 2",
        "score when clock >= 2 * size * size",
        "board size x size points",
    ] {
        assert!(go.contains(line), "games/go.game lacks: {line}");
    }
    for line in [
        "option komi = 7.5",
        "bonus komi to White",
        "move pass { pass }",
        "score when clock >= 2 * size * size",
        "board 19 x 19 points",
    ] {
        assert!(doc.contains(line), "docs/LANGUAGE.md lacks: {line}");
    }
}

/// The position text carries the boards that `seen(N)` reads (`before=`): from a position
/// text alone, a ko retake is refused as in the game.
#[test]
fn a_position_text_carries_the_board_a_ko_needs() {
    use tabula::present::{parse_line, position_text_after};
    use tabula::search::perft::{perft_at, perft_at_after};
    let g = go(5);
    let (s, _) = moves_after_line(&g, KO, &["c2"]);
    let text = position_text_after(&g, &s, &[position(&g, KO)]);
    assert_eq!(
        text,
        "5/5/1Ss2/S1Ss1/1Ss2 White clock=1 before=5/5/1Ss2/Ss1s1/1Ss2"
    );
    let (p, before) = parse_line(&g, &text).unwrap();
    assert_eq!(position_text_after(&g, &p, &before), text);
    // 16 points and the pass; without the board before, b2 too.
    assert_eq!(perft_at_after(&g, &p, &before, 1, 1), 17);
    assert_eq!(perft_at(&g, &p, 1, 1), 18);
    // Only the boards `seen(N)` reads are written: for `seen(4)`, the last three.
    let g = stones(
        "board 3 x 3",
        "move step { along orthogonal onto empty }\nafter move require not seen(4)",
    );
    let line: Vec<Position> = [
        "S2/3/3 White",
        "3/S2/3 White",
        "3/3/S2 White",
        "3/3/1S1 White",
    ]
    .iter()
    .map(|t| position(&g, t))
    .collect();
    assert_eq!(
        position_text_after(&g, &position(&g, "3/3/2S White"), &line),
        "3/3/2S White before=3/S2/3;3/3/S2;3/3/1S1"
    );
    // A board that cannot be read is named; an empty one and a field given twice are said.
    assert_eq!(
        parse_line(&g, "3/3/2S White before=3/3/4").err().as_deref(),
        Some("`before=`, the board `3/3/4`: rank 1 has 3 squares, but the text gives 4")
    );
    assert_eq!(
        parse_line(&g, "3/3/2S White before=3/3/3;").err().as_deref(),
        Some("`before=` has an empty board: write each board as the position text's first field, separated by `;`")
    );
    assert_eq!(
        parse_line(&g, "3/3/2S White before=3/3/3 before=3/3/3")
            .err()
            .as_deref(),
        Some("`before=` is given twice: write the boards once, separated by `;`")
    );
}

/// The position text of a ko, as docs/LANGUAGE.md shows it.
#[test]
fn the_language_reference_shows_the_ko_position_text() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/LANGUAGE.md")).unwrap();
    let g = go(5);
    let (s, _) = moves_after_line(&g, KO, &["c2"]);
    let text = tabula::present::position_text_after(&g, &s, &[position(&g, KO)]);
    assert!(
        doc.contains(&format!("```\n{text}\n```")),
        "docs/LANGUAGE.md lacks:\n{text}"
    );
}

/// Go's territory, `count(empty where reaches(here, friend …) and not reaches(here, enemy
/// …))`, reads `here` only through its group, so it is read once for each empty region; the
/// same count read square by square (a condition that also reads the square itself) agrees
/// on positions of random play.
#[test]
fn a_count_that_reads_only_groups_is_read_once_a_group() {
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/go.game"),
    )
    .unwrap()
    .replace("option size = 19 in 5..19", "option size = 9 in 5..19");
    let by_group = compile(&source);
    let territory = "not reaches(here, enemy along orthogonal))";
    assert!(source.contains(territory));
    let by_square = compile(&source.replace(
        territory,
        "not reaches(here, enemy along orthogonal) and file(here) >= 0)",
    ));
    let mut rng = tabula::rng::Rng::new(5);
    let (mut a, mut b) = (Position::start(&by_group), Position::start(&by_square));
    let mut compared = 0;
    for _ in 0..300 {
        let moves = a.legal_moves(&by_group);
        if moves.is_empty() {
            a = Position::start(&by_group);
            b = Position::start(&by_square);
            continue;
        }
        let m = moves[rng.below(moves.len())];
        a.make(&by_group, m);
        b.make(&by_square, m);
        assert_eq!(
            a.scores(&by_group),
            b.scores(&by_square),
            "{}",
            position_text(&by_group, &a)
        );
        compared += 1;
    }
    assert!(compared > 200);
    // White's four stones on a3, b3, b2, b1 wall off a1 and a2: six points.
    let s = position(&by_group, "9/9/9/9/4s4/4s4/SS7/1S7/1S7 White");
    assert_eq!(s.scores(&by_group)[0], (4 + 2) * 100);
}
