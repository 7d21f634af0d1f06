//! Shogi (games/shogi.game): drops from the captor's hand and their limits (a second
//! pawn in a file, a piece that could never move), optional promotion on moving into,
//! within and out of the far ranks and forced promotion, pieces taken changing sides
//! unpromoted, and check, each from a hand-made position; and perft against
//! Fairy-Stockfish from random positions.
//!
//! A position text writes rank 9 first (White's side), nine squares a rank; `hand=` gives
//! the king, rook, bishop, gold, silver, knight, lance and pawn each player holds, Black's
//! first.

use crate::common::{after, game, moves, position};

const NO_HAND: &str = "0:0:0:0:0:0:0:0";

/// The moves of `text` that start with `prefix`.
fn moves_starting(g: &tabula::ir::Game, text: &str, prefix: &str) -> Vec<String> {
    moves(g, &position(g, text))
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

#[test]
fn a_pawn_is_not_dropped_beside_another_in_its_file_nor_on_the_last_rank() {
    let g = game("shogi", "");
    // Black's pawn on e3 and tokin on c5; one pawn in hand.
    let text = format!("4k4/9/9/9/2T6/9/4P4/9/4K4 Black hand=0:0:0:0:0:0:0:1,{NO_HAND}");
    let drops = moves_starting(&g, &text, "P@");
    assert!(!drops.iter().any(|m| m.starts_with("P@e")), "{drops:?}");
    assert!(drops.contains(&"P@c4".to_string()), "a tokin is no pawn");
    assert!(!drops.iter().any(|m| m.ends_with('9')), "{drops:?}");
    // Eight files, ranks 1 to 8, less the squares taken (c5, and e1 by the king).
    assert_eq!(drops.len(), 8 * 8 - 1);
}

#[test]
fn a_knight_is_not_dropped_where_it_could_never_move() {
    let g = game("shogi", "");
    let text = format!("4k4/9/9/9/9/9/9/9/4K4 Black hand=0:0:0:0:0:1:0:0,{NO_HAND}");
    let drops = moves_starting(&g, &text, "N@");
    assert!(drops.iter().all(|m| !m.ends_with('9') && !m.ends_with('8')));
    assert_eq!(drops.len(), 9 * 7 - 1);
}

#[test]
fn promotion_is_optional_in_the_far_ranks_and_forced_on_the_last() {
    let g = game("shogi", "");
    // A silver on e6 steps into the zone (d7, e7, f7: promoted or not, `=M` or `=S`) or
    // diagonally back, outside it.
    let text = "4k4/9/9/4S4/9/9/9/9/4K4 Black";
    let text = format!("{text} hand={NO_HAND},{NO_HAND}");
    assert_eq!(
        moves_starting(&g, &text, "e6"),
        ["e6-d5", "e6-d7=M", "e6-d7=S", "e6-e7=M", "e6-e7=S", "e6-f5", "e6-f7=M", "e6-f7=S"]
    );
    // In the zone, a step out of it promotes too (d7-c6=M).
    let text = format!("4k4/9/3S5/9/9/9/9/9/4K4 Black hand={NO_HAND},{NO_HAND}");
    assert!(moves_starting(&g, &text, "d7").contains(&"d7-c6=M".to_string()));
    // A pawn reaching the last rank must promote.
    let text = format!("k8/4P4/9/9/9/9/9/9/4K4 Black hand={NO_HAND},{NO_HAND}");
    assert_eq!(moves_starting(&g, &text, "e8"), ["e8-e9=T"]);
}

#[test]
fn a_piece_taken_goes_to_the_captors_hand_unpromoted() {
    let g = game("shogi", "");
    // Black's rook takes White's dragon on e5: a rook in Black's hand.
    let text = format!("4k4/9/9/9/4d4/9/9/4R4/K8 Black hand={NO_HAND},{NO_HAND}");
    assert_eq!(
        after(&g, &text, "e2xe5"),
        "4k4/9/9/9/4R4/9/9/9/K8 White hand=0:1:0:0:0:0:0:0,0:0:0:0:0:0:0:0"
    );
}

#[test]
fn a_check_must_be_answered_and_a_drop_may_block_it() {
    let g = game("shogi", "");
    // White's lance on e9 checks Black's king on e1 down the file; Black holds a gold.
    let text = format!("4l4/9/9/9/9/9/9/9/4K4 Black hand=0:0:0:1:0:0:0:0,{NO_HAND}");
    let all = moves(&g, &position(&g, &text));
    let drops: Vec<&String> = all.iter().filter(|m| m.starts_with("G@")).collect();
    assert_eq!(
        drops,
        ["G@e2", "G@e3", "G@e4", "G@e5", "G@e6", "G@e7", "G@e8"]
    );
    assert!(all.iter().all(|m| !m.starts_with("e1-e2")));
}

/// 200 positions from random games of Fairy-Stockfish, with its perft to depth 3 (read to
/// depth 2, and to 3 for every tenth; `tabula perft --position` reads the rest)
/// (tests/shogi_positions.txt, made by
/// `python3 tests/models/fairy_stockfish.py shogi 5 200 3`).
#[test]
fn perft_agrees_with_fairy_stockfish_from_random_positions() {
    let g = game("shogi", "");
    crate::common::perft_file_agrees(&g, "shogi_positions.txt", 200);
}

#[test]
fn a_pawn_may_not_be_dropped_to_mate() {
    let g = game("shogi", "");
    // White's king on e9 between its lances, Black's gold on e7: a pawn dropped on e8
    // would mate. A gold may mate so; the pawn drops elsewhere.
    let lances = "3lkl3/9/4G4/9/9/9/9/9/K8 Black";
    let pawn = format!("{lances} hand=0:0:0:0:0:0:0:1,{NO_HAND}");
    let drops = moves_starting(&g, &pawn, "P@");
    assert!(!drops.contains(&"P@e8".to_string()), "{drops:?}");
    // Every empty square but e8 and the last rank's six (five pieces stand on the board).
    assert_eq!(drops.len(), 81 - 5 - 6 - 1);
    let gold = format!("{lances} hand=0:0:0:1:0:0:0:0,{NO_HAND}");
    assert!(moves_starting(&g, &gold, "G@").contains(&"G@e8".to_string()));
    // With the gold a rank back, the king takes the pawn: the drop is check, not mate.
    let text = format!("3lkl3/9/9/4G4/9/9/9/9/K8 Black hand=0:0:0:0:0:0:0:1,{NO_HAND}");
    assert!(moves_starting(&g, &text, "P@").contains(&"P@e8".to_string()));
    // A pawn's check that is no mate: the king steps aside.
    let text = format!("4k4/9/4G4/9/9/9/9/9/K8 Black hand=0:0:0:0:0:0:0:1,{NO_HAND}");
    assert!(moves_starting(&g, &text, "P@").contains(&"P@e8".to_string()));
}

/// A position from a random game of Fairy-Stockfish (`tests/models/fairy_stockfish.py shogi
/// 9 1000 2`, the one of its 1,000 where a pawn dropped could mate at once): White may not
/// drop a pawn on c6, before Black's king (`P@c6`, which Fairy-Stockfish lists and scores as
/// lost). Perft by the script, which strikes such a drop off: 41, 2827 (Fairy-Stockfish's
/// own list has 42 at depth 1).
#[test]
fn a_random_position_with_a_pawn_drop_mate_agrees_with_fairy_stockfish() {
    let g = game("shogi", "");
    let text = "l1k6/1r3gsT1/1gnpp1p2/pp3p2l/2KsB3p/1P2PP1SP/P1PG2P1L/LB1S3R1/1NG4N1 White hand=0:0:0:0:0:1:0:2,0:0:0:0:0:0:0:1";
    let s = position(&g, text);
    let counts: Vec<u64> = (1..=2)
        .map(|d| tabula::search::perft::perft_at(&g, &s, d, 1))
        .collect();
    assert_eq!(counts, [41, 2827]);
    assert!(!moves(&g, &s).contains(&"P@c6".to_string()));
}
