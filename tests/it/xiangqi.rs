//! Xiangqi (games/xiangqi.game): the cannon's screen (runs passed in turn), the hobbled
//! horse, the elephant's eye and river, the palace, the flying general, the soldier past
//! the river, and stalemate as a loss, each from a hand-made position; and perft against
//! Fairy-Stockfish from random positions.
//!
//! A position text writes rank 10 first, nine points a rank (files a to i); Red starts on
//! ranks 1 to 4, Black on 7 to 10, the river between ranks 5 and 6.

use crate::common::{ending, game, moves, position, Outcome};

/// The moves of the piece on `from`.
fn moves_from(g: &tabula::ir::Game, text: &str, from: &str) -> Vec<String> {
    moves(g, &position(g, text))
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

#[test]
fn a_cannon_takes_over_one_screen_and_slides_without_one() {
    let g = game("xiangqi", "");
    // Red's cannon on b1: Black's horse on b5 screens the chariot on b8; nothing screens
    // the horse; along rank 1 its own general on e1 is a screen with nothing beyond.
    let text = "3k5/9/1r7/9/9/1n7/9/9/9/1C2K4 Red";
    assert_eq!(
        moves_from(&g, text, "b1"),
        ["b1-a1", "b1-b2", "b1-b3", "b1-b4", "b1-c1", "b1-d1", "b1xb8"]
    );
}

#[test]
fn a_cannon_gives_check_through_its_screen() {
    let g = game("xiangqi", "");
    // Black's cannon on e9 checks Red's general on e1 over Red's chariot on e5: the chariot
    // may take the cannon or leave the file; moving along it keeps the screen. (The
    // general may not go to d1 either: it would face Black's on d10.)
    let text = "3k5/4c4/9/9/9/4R4/9/9/9/4K4 Red";
    let s = position(&g, text);
    let said: Vec<&str> = tabula::each_state!(&s, st => tabula::engine::sayings(&g, st));
    assert_eq!(said, ["check"]);
    assert_eq!(
        moves(&g, &s),
        [
            "e1-f1", "e5-a5", "e5-b5", "e5-c5", "e5-d5", "e5-f5", "e5-g5", "e5-h5", "e5-i5",
            "e5xe9"
        ]
    );
}

#[test]
fn a_horse_is_hobbled_by_a_piece_beside_it() {
    let g = game("xiangqi", "");
    // Red's soldier on c4 stands on the horse's first point north: b5 and d5 are shut.
    let text = "3k5/9/9/9/9/9/2P6/2N6/9/4K4 Red";
    let found = moves_from(&g, text, "c3");
    assert_eq!(
        found,
        ["c3-a2", "c3-a4", "c3-b1", "c3-d1", "c3-e2", "c3-e4"]
    );
}

#[test]
fn an_elephant_needs_an_empty_eye_and_stays_on_its_side() {
    let g = game("xiangqi", "");
    // The advisor on d2 is the eye of c1's way to e3; from g5 the way over the river is shut.
    let text = "3k5/9/9/9/9/6B2/9/9/3A5/2B1K4 Red";
    assert_eq!(moves_from(&g, text, "c1"), ["c1-a3"]);
    let found = moves_from(&g, text, "g5");
    assert_eq!(found, ["g5-e3", "g5-i3"]);
}

#[test]
fn the_general_and_advisors_stay_in_the_palace() {
    let g = game("xiangqi", "");
    let text = "5k3/9/9/9/9/9/9/9/4A4/3K5 Red";
    let general = moves_from(&g, text, "d1");
    assert_eq!(general, ["d1-d2", "d1-e1"]);
    let advisor = moves_from(&g, text, "e2");
    assert_eq!(advisor, ["e2-d3", "e2-f1", "e2-f3"]);
}

#[test]
fn the_generals_may_not_face_each_other() {
    let g = game("xiangqi", "");
    // Red's horse on e5 is all that stands between the generals: it may not move.
    let text = "4k4/9/9/9/9/4N4/9/9/9/4K4 Red";
    assert_eq!(moves(&g, &position(&g, text)), ["e1-d1", "e1-e2", "e1-f1"]);
}

#[test]
fn a_soldier_goes_sideways_only_past_the_river() {
    let g = game("xiangqi", "");
    let text = "3k5/9/9/9/6P2/9/2P6/9/9/4K4 Red";
    assert_eq!(moves_from(&g, text, "c4"), ["c4-c5"]);
    let found = moves_from(&g, text, "g6");
    assert_eq!(found, ["g6-f6", "g6-g7", "g6-h6"]);
}

#[test]
fn a_player_with_no_move_loses_in_check_or_not() {
    let g = game("xiangqi", "");
    // Black's general on d10 is not attacked; d9 is the chariot's, e10 faces Red's general.
    let s = position(&g, "3k5/R8/9/9/9/9/9/9/9/4K4 Black");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Win(0), "Black has no legal move".to_string()))
    );
    // The same, with the general attacked along rank 10: checkmate.
    let s = position(&g, "R2k5/R8/9/9/9/9/9/9/9/4K4 Black");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Win(0), "Black has no legal move".to_string()))
    );
}

/// 200 positions from random games of Fairy-Stockfish, with its perft to depth 3 (read to
/// depth 2, and to 3 for every tenth; `tabula perft --position` reads the rest)
/// (tests/xiangqi_positions.txt, made by
/// `python3 tests/models/fairy_stockfish.py xiangqi 7 200 3`).
#[test]
fn perft_agrees_with_fairy_stockfish_from_random_positions() {
    let g = game("xiangqi", "");
    crate::common::perft_file_agrees(&g, "xiangqi_positions.txt", 200);
}
