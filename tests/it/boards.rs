//! Boards of every shape (hexagonal cells, points joined by lines, boards of any size) and
//! the constructs of games of points and placing (`count(… in hand)`, `count(… where …)`,
//! `line(…, N through SQ)`, `anywhere`, `remove`, `then RULE when COND`), each from a small
//! game; then Nine Men's Morris and Hex from hand-made positions. The examples are the
//! ones docs/LANGUAGE.md shows: the last test checks that the reference holds each word
//! for word.

use crate::common::{
    after, compile, ending, game, moves, outcome, play_move, position, position_text, Outcome,
};
use tabula::engine::Position;
use tabula::search::perft::perft_at;

/// A game of stones on a board, with the given rules.
fn on_board(board: &str, rules: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"T\"\n{board}\nplayers White, Black\npieces stone\n{rules}\n"
    ))
}

fn perft_of(g: &tabula::ir::Game, depth: usize) -> u64 {
    perft_at(g, &Position::start(g), depth, 1)
}

const HEX_BOARD: &str = "board hex 5 x 5";

#[test]
fn hexagonal_cells_have_six_neighbours() {
    let g = on_board(
        HEX_BOARD,
        "move step { along all onto empty }\nsetup { White stone on c3, a1 }",
    );
    // c3 steps to its six neighbours; a1, in the corner, to its two.
    let s = position(&g, "5/5/2S2/5/S4 White");
    assert_eq!(
        moves(&g, &s),
        ["a1-a2", "a1-b1", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3"]
    );
}

const HEX_AXES: &str = "end { win when line(friend, 3 along axes) }";

#[test]
fn a_row_on_hexagonal_cells_runs_along_one_of_three_axes() {
    let g = on_board(
        HEX_BOARD,
        &format!("move put {{ place stone onto empty }}\n{HEX_AXES}"),
    );
    // a1, b1, c1 lie on a row (east); c1, c2, c3 on another (north-east); a3, b2, c1 on
    // the third (north-west). a1, b2, c3 is no row of hexagonal cells.
    for (stones, row) in [
        ("5/5/5/5/SSS2", true),
        ("5/5/2S2/2S2/2S2", true),
        ("5/5/S4/1S3/2S2", true),
        ("5/5/2S2/1S3/S4", false),
    ] {
        let s = position(&g, &format!("{stones} Black"));
        assert_eq!(outcome(&g, &s).is_some(), row, "{stones}");
    }
}

const HEXAGON_BOARD: &str = "board hexagon 10";

#[test]
fn large_boards_load_and_count() {
    // A hexagon of side 10 has 271 cells; a 19 x 19 grid 361 points.
    let hexagon = on_board(HEXAGON_BOARD, "move put { place stone onto empty }");
    assert_eq!(hexagon.board.used.iter().filter(|&&u| u).count(), 271);
    assert_eq!(perft_of(&hexagon, 2), 271 * 270);
    let big = on_board("board 19 x 19", "move put { place stone onto empty }");
    assert_eq!(perft_of(&big, 1), 361);
    assert_eq!(perft_of(&big, 2), 361 * 360);
    // The largest board there is room for: 32 x 32.
    let largest = on_board("board 32 x 32", "move put { place stone onto empty }");
    assert_eq!(perft_of(&largest, 2), 1024 * 1023);
    let codes: Vec<String> = tabula::compile::validate_source(
        "game \"T\"\nboard 33 x 32\nplayers White, Black\npieces stone\nmove put { place stone onto empty }\n",
    )
    .iter()
    .map(|p| p.code().to_string())
    .collect();
    assert_eq!(codes, ["board_size"]);
}

const LINES_BOARD: &str = "board 5 x 5 lines {
  a1 to e1, a2 to e2, a3 to e3, a4 to e4, a5 to e5,
  a1 to a5, b1 to b5, c1 to c5, d1 to d5, e1 to e5,
  a1 to e5, a5 to e1, a3 to c5 to e3 to c1 to a3
}";

#[test]
fn points_are_joined_by_the_lines_the_board_draws() {
    // Alquerque's board: every point joined to its neighbours across and up, and along
    // the diagonals through every other point.
    let g = on_board(LINES_BOARD, "move step { along all onto empty }");
    let s = position(&g, "5/5/2S2/5/S4 White");
    let from = |sq: &str| {
        moves(&g, &s)
            .into_iter()
            .filter(|m| m.starts_with(sq))
            .count()
    };
    assert_eq!(from("c3"), 8, "a point on the diagonals");
    assert_eq!(
        from("a1"),
        3,
        "a corner: along its two sides and its diagonal"
    );
    let s = position(&g, "5/5/1S3/5/5 White");
    assert_eq!(moves(&g, &s), ["b3-a3", "b3-b2", "b3-b4", "b3-c3"]);
}

#[test]
fn a_line_of_points_may_skip_the_points_of_the_frame_between() {
    // a1 and d1 are neighbours along e; b1 and c1 are no points.
    let g = on_board(
        "board 7 x 1 lines { a1 d1 g1 }",
        "move slide { along all over 0+ empty onto empty }",
    );
    let s = position(&g, "S2 White");
    assert_eq!(moves(&g, &s), ["a1-d1", "a1-g1"]);
    assert_eq!(g.board.used.iter().filter(|&&u| u).count(), 3);
    // `SQ + e` is the next point along the line, not the frame's next square.
    let g = on_board(
        "board 7 x 1 lines { a1 d1 g1 }",
        "move put { place stone onto empty if to - e is friend }",
    );
    assert_eq!(moves(&g, &position(&g, "S2 White")), ["d1"]);
}

const IN_HAND: &str = "move place { place man onto empty }
move slide { along all onto empty if count(friend man in hand) == 0 }";

/// Three Men's Morris: three men each placed on a 3 x 3 board with its diagonals, then
/// slid; three in a row wins.
fn three_mens_morris() -> tabula::ir::Game {
    compile(&format!(
        "game \"Three Men's Morris\"
board 3 x 3 lines {{ a1 to c1, a2 to c2, a3 to c3, a1 to a3, b1 to b3, c1 to c3, a1 to c3, a3 to c1 }}
players White, Black
pieces man
setup {{ 3 man in hand }}
{IN_HAND}
end {{ win when line(friend, 3) }}
no move: lose
"
    ))
}

#[test]
fn a_piece_in_hand_is_counted_and_the_slides_wait_for_the_last() {
    let g = three_mens_morris();
    // Placing: every empty point, no slide while a man is in hand.
    let s = position(&g, "3/1M1/3 Black hand=2,3");
    assert_eq!(moves(&g, &s).len(), 8);
    // White's hand is empty, Black's is not: White slides.
    let s = position(&g, "m2/1M1/M1m White hand=0,1");
    assert_eq!(
        moves(&g, &s),
        ["a1-a2", "a1-b1", "b2-a2", "b2-b1", "b2-b3", "b2-c2", "b2-c3"]
    );
    // Perft from the start: 9 x 8 x 7 x 6 x 5 placements, then White's third.
    assert_eq!(perft_of(&g, 5), 9 * 8 * 7 * 6 * 5);
}

const THEN_WHEN: &str = "move place {
  place man
  onto empty
  then take when line(friend, 3 through to)
}
move take {
  remove enemy
  if not line(enemy, 3 through to) or count(enemy where not line(enemy, 3 through here)) == 0
}";

/// Men placed on a 3 x 3 board; a row of three removes an enemy man.
fn rows_remove() -> tabula::ir::Game {
    compile(&format!(
        "game \"T\"\nboard 3 x 3 lines {{ a1 to c1, a2 to c2, a3 to c3, a1 to a3, b1 to b3, c1 to c3 }}\nplayers White, Black\npieces man\n{THEN_WHEN}\n"
    ))
}

#[test]
fn a_second_part_comes_only_where_its_condition_holds() {
    let g = rows_remove();
    // White a1, b1 and Black a3, c3: c1 closes a row and removes; the rest only place.
    let s = position(&g, "m1m/3/MM1 White");
    assert_eq!(moves(&g, &s), ["a2", "b2", "b3", "c1xa3", "c1xc3", "c2"]);
    assert_eq!(after(&g, "m1m/3/MM1 White", "c1xa3"), "2m/3/MMM Black");
}

#[test]
fn a_man_in_a_row_is_removed_only_when_every_man_is() {
    let g = rows_remove();
    // Black's a3, b3, c3 are a row: White's row takes b2, not them.
    let s = position(&g, "mmm/1m1/MM1 White");
    let taking: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(taking, ["c1xb2"]);
    // With every Black man in the row, any of them may go.
    let s = position(&g, "mmm/3/MM1 White");
    let taking: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(taking, ["c1xa3", "c1xb3", "c1xc3"]);
}

const ANYWHERE: &str = "move fly { anywhere onto empty }";

#[test]
fn a_piece_that_goes_anywhere_lands_on_any_square_the_rule_allows() {
    let g = on_board("board 3 x 3", ANYWHERE);
    let s = position(&g, "3/1S1/s2 White");
    // b2 to each of the seven empty squares (not its own, not a1's stone).
    assert_eq!(moves(&g, &s).len(), 7);
    assert_eq!(after(&g, "3/1S1/s2 White", "b2-c3"), "2S/3/s2 Black");
}

#[test]
fn a_removal_without_a_first_part_takes_any_matching_piece() {
    let g = on_board("board 3 x 3", "move take { remove enemy }");
    let s = position(&g, "3/1s1/s1S White");
    assert_eq!(moves(&g, &s), ["xa1", "xb2"]);
    assert_eq!(after(&g, "3/1s1/s1S White", "xb2"), "3/3/s1S Black");
}

// ---- Nine Men's Morris ---------------------------------------------------------------

#[test]
fn morris_a_slide_that_closes_a_mill_removes_a_man() {
    let g = game("morris", "");
    // White a1, d1, b4, g4; g4-g1 closes a1-d1-g1.
    let s = position(&g, "3/m1m/3/1M3M/m1m/3/MM1 White hand=0,0");
    let mills: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(mills, ["g4-g1xb6", "g4-g1xc3", "g4-g1xe3", "g4-g1xf6"]);
    assert_eq!(
        after(&g, "3/m1m/3/1M3M/m1m/3/MM1 White hand=0,0", "g4-g1xc3"),
        "3/m1m/3/1M4/2m/3/MMM Black hand=0,0"
    );
}

#[test]
fn morris_three_men_fly_and_a_fly_closes_a_mill() {
    let g = game("morris", "");
    // White a1, d1, b4: any man to any of 17 empty points, and b4 to g1 closes a mill.
    let s = position(&g, "3/m1m/3/1M4/m1m/3/MM1 White hand=0,0");
    let all = moves(&g, &s);
    assert_eq!(all.len(), 3 * 17 - 1 + 4);
    let mills: Vec<&String> = all.iter().filter(|m| m.contains('x')).collect();
    assert_eq!(mills, ["b4-g1xb6", "b4-g1xc3", "b4-g1xe3", "b4-g1xf6"]);
    // Black, with four men, only slides.
    let s = play_move(&g, &s, "b4-e4");
    assert!(moves(&g, &s).iter().all(|m| {
        let (a, b) = m.split_once('-').unwrap();
        a.len() == 2 && b.len() == 2
    }));
}

#[test]
fn morris_a_man_in_a_mill_is_not_removed_while_another_is_free() {
    let g = game("morris", "");
    // Black's a7, d7, g7 are a mill; c3 is free: White's mill takes c3 only.
    let s = position(&g, "mmm/3/3/3M1M/m2/3/MM1 White hand=0,0");
    let mills: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(mills, ["g4-g1xc3"]);
    // With every Black man in a mill, any may go.
    let s = position(&g, "mmm/3/3/3M1M/3/3/MM1 White hand=0,0");
    let mills: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(mills, ["g4-g1xa7", "g4-g1xd7", "g4-g1xg7"]);
}

#[test]
fn morris_a_man_boxed_in_on_its_ring_cannot_move() {
    let g = game("morris", "");
    // White d6's four neighbours d7, b6, f6 and d5 are Black's.
    let s = position(&g, "1m1/mMm/1m1/6/M2/3/M1M White hand=0,0");
    let all = moves(&g, &s);
    assert!(!all.iter().any(|m| m.starts_with("d6")), "{all:?}");
    assert!(all.contains(&"c3-c4".to_string()));
    // Blocked everywhere, a player loses.
    let s = position(&g, "1m1/mMm/1m1/6/3/3/3 White hand=0,0");
    assert_eq!(
        ending(&g, &s).map(|e| e.0),
        Some(Outcome::Win(1)),
        "White cannot move"
    );
}

#[test]
fn morris_placing_comes_first_and_two_men_lose() {
    let g = game("morris", "");
    let start = Position::start(&g);
    assert_eq!(moves(&g, &start).len(), 24);
    assert_eq!(
        position_text(&g, &play_move(&g, &start, "d2")),
        "3/3/3/6/3/1M1/3 Black hand=8,9 clock=1"
    );
    // With a man still in hand, White only places, though it has men on the board.
    let s = position(&g, "3/3/3/6/3/1M1/3 White hand=1,0");
    assert!(moves(&g, &s).iter().all(|m| m.len() == 2));
    // A player with two men (and none in hand) has lost.
    let s = position(&g, "m2/3/3/6/3/1m1/MMM White hand=0,0");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)));
}

// ---- Hex -----------------------------------------------------------------------------

#[test]
fn hex_a_chain_across_a_bend_wins() {
    let g = game("hex", "size=5");
    // Red's c1, c2, b3, b4, c4 bend west and back east; c5 joins the top edge.
    let text = "5/1SS2/sS3/s1S1s/s1S1s Red";
    assert_eq!(outcome(&g, &position(&g, text)), None);
    let s = play_move(&g, &position(&g, text), "c5");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)));
    // Without the bend's c4, c5 joins nothing.
    let s = play_move(&g, &position(&g, "5/1S3/sS3/s1S1s/s1S1s Red"), "c5");
    assert_eq!(outcome(&g, &s), None);
}

#[test]
fn hex_a_chain_between_the_other_players_edges_does_not_win() {
    let g = game("hex", "size=5");
    // Blue's c1 to c5 joins the top and bottom edges, which are Red's.
    let s = position(&g, "2s1S/2s2/2s2/SSs2/SSs2 Red");
    assert_eq!(outcome(&g, &s), None);
    assert_eq!(moves(&g, &s).len(), 15);
}

#[test]
fn hex_is_drawn_as_rows_of_cells() {
    let g = game("hex", "size=5");
    let s = position(&g, "2s1S/2s2/2s2/SSs2/SSs2 Red");
    assert_eq!(
        tabula::present::board_text(&g, &s),
        "       a b c d e
    5  . . s . S
   4  . . s . .
  3  . . s . .
 2  S S s . .
1  S S s . .
   a b c d e
  S Red stone, s Blue stone
"
    );
}

#[test]
fn a_board_of_points_is_drawn_with_its_lines() {
    let g = game("morris", "");
    let s = position(&g, "3/m1m/3/1M3M/m1m/3/MM1 White hand=0,0");
    assert_eq!(
        tabula::present::board_text(&g, &s),
        "7  .-----.-----.
   |     |     |
6  | m---.---m |
   | |   |   | |
5  | | .-.-. | |
   | | |   | | |
4  .-M-.   .-.-M
   | | |   | | |
3  | | m-.-m | |
   | |   |   | |
2  | .---.---. |
   |     |     |
1  M-----M-----.
   a b c d e f g
  in hand: White none, Black none
  M White man, m Black man
"
    );
    let g = on_board(LINES_BOARD, "move step { along all onto empty }");
    let text = tabula::present::board_text(&g, &Position::start(&g));
    assert!(
        text.starts_with("5  .-.-.-.-.\n   |\\|/|\\|/|\n4  .-.-.-.-.\n"),
        "{text}"
    );
}

/// The pictures of the new boards: hexagons for hexagonal cells, points and the lines
/// between them for a board of points.
#[test]
fn pictures_draw_hexagons_and_lines() {
    let hex = game("hex", "");
    let svg = tabula::present::position_svg(&hex, &Position::start(&hex));
    assert_eq!(svg.matches("<polygon").count(), 121);
    let morris = game("morris", "");
    let svg = tabula::present::position_svg(&morris, &Position::start(&morris));
    // 16 lines of three points, each drawn as two links; 24 points.
    assert_eq!(svg.matches("<line").count(), 32);
    assert_eq!(svg.matches("r=\"6\"").count(), 24);
}

/// Every example above is in docs/LANGUAGE.md word for word.
#[test]
fn the_language_reference_shows_each_board_example() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    for example in [
        HEX_BOARD,
        HEX_AXES,
        HEXAGON_BOARD,
        LINES_BOARD,
        IN_HAND,
        THEN_WHEN,
        ANYWHERE,
    ] {
        assert!(doc.contains(example), "docs/LANGUAGE.md lacks:\n{example}");
    }
}

/// `board N x M points`: the same grid, drawn as points where lines cross.
#[test]
fn a_grid_of_points_plays_as_its_grid_and_is_drawn_as_points() {
    let rules = "move put { place stone onto empty }\nmove step { along all onto empty }";
    let grid = on_board("board 3 x 3", rules);
    let points = on_board("board 3 x 3 points", rules);
    let s = position(&grid, "3/1S1/3 White");
    assert_eq!(moves(&points, &s), moves(&grid, &s));
    assert_eq!(perft_of(&points, 3), perft_of(&grid, 3));
    assert_eq!(
        tabula::present::board_text(&points, &s),
        "3  .-.-.\n   | | |\n2  .-S-.\n   | | |\n1  .-.-.\n   a b c\n  S White stone, s Black stone\n"
    );
    let svg = tabula::present::position_svg(&points, &s);
    // Three ranks and three files, each two links; no squares; one stone, no letter.
    assert_eq!(svg.matches("<line").count(), 12);
    assert!(!svg.contains("width=\"56\" height=\"56\""));
    assert_eq!(svg.matches("r=\"26\"").count(), 1);
    assert!(!svg.contains(">S</text>"));
}
