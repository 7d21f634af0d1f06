//! Jerboa's rules, each checked from a hand-made position on the 8x8 board. White (upper
//! case) moves up the board, Black (lower case) down.

use crate::common::{after, game, moves, outcome, play_move, position, Outcome};

fn jerboa() -> tabula::ir::Game {
    game("jerboa", "size=8")
}

/// The moves of the piece on `square`.
fn moves_from(g: &tabula::ir::Game, text: &str, square: &str) -> Vec<String> {
    let s = position(g, text);
    moves(g, &s)
        .into_iter()
        .filter(|m| m.starts_with(square))
        .collect()
}

#[test]
fn a_hop_goes_over_a_line_of_three_friends() {
    let g = jerboa();
    let text = "7j/8/8/8/2J5/2J5/2J5/2J5 White";
    assert_eq!(moves_from(&g, text, "c1"), ["c1-b2", "c1-c5", "c1-d2"]);
}

#[test]
fn a_jump_chain_must_go_on_while_it_can() {
    let g = jerboa();
    // a1 jumps b2 to c3, then must jump b4 to a5.
    let text = "7j/8/8/8/1j6/8/1j6/J7 White";
    assert_eq!(moves_from(&g, text, "a1x"), ["a1xc3xa5"]);
    assert_eq!(
        after(&g, text, "a1xc3xa5"),
        "7j/8/8/J7/8/8/8/8 Black",
        "both jumped pieces are taken"
    );
}

#[test]
fn a_chain_may_come_back_to_its_start_square() {
    let g = jerboa();
    // RULES.md's example c4xc6xa6xc4, around enemies on c5, b6 and b5. Worked out by hand:
    // c4 over c5 to c6, then over b6 to a6 (then over b5 back to c4) or over b5 to a4;
    // or c4 over b5 to a6, over b6 to c6, over c5 back to c4.
    let text = "7j/8/1j6/1jj5/2J5/8/8/8 White";
    assert_eq!(
        moves_from(&g, text, "c4x"),
        ["c4xa6xc6xc4", "c4xc6xa4", "c4xc6xa6xc4"]
    );
}

#[test]
fn a_leap_over_two_ends_the_move() {
    let g = jerboa();
    // a1 leaps b2 and c3 to d4; a jump over e5 to f6 would follow a jump, not a leap.
    let text = "7j/8/8/4j3/8/2j5/1j6/J7 White";
    assert_eq!(moves_from(&g, text, "a1x"), ["a1xd4"]);
    let next = play_move(&g, &position(&g, text), "a1xd4");
    assert_eq!(
        next.occupied(1).len(),
        2,
        "both leaped pieces are taken, e5 and h8 remain"
    );
}

#[test]
fn a_piece_on_the_first_row_must_be_taken_at_once() {
    let g = jerboa();
    // Black has reached b1; White's only legal move takes it.
    let text = "7j/8/8/8/7J/8/8/1jJ5 White";
    assert_eq!(moves(&g, &position(&g, text)), ["c1xa1"]);
}

#[test]
fn a_piece_on_the_first_row_that_cannot_be_taken_wins() {
    let g = jerboa();
    let text = "7j/8/8/8/7J/8/8/1j6 White";
    let s = position(&g, text);
    assert!(moves(&g, &s).is_empty());
    assert_eq!(
        outcome(&g, &s),
        Some(Outcome::Win(1)),
        "Black, the intruder's side, wins"
    );
}

#[test]
fn a_blockaded_player_loses() {
    let g = jerboa();
    let text = "jjjjjjjj/jjjjjjjj/jjjjjjjj/jjjjjjjj/3J4/8/8/8 White";
    let s = position(&g, text);
    assert!(moves(&g, &s).is_empty());
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(1)));
}

#[test]
fn capturing_is_never_compulsory() {
    let g = jerboa();
    let text = "7j/8/8/8/8/8/1j6/J7 White";
    let m = moves(&g, &position(&g, text));
    assert!(
        m.contains(&"a1xc3".to_string()) && m.contains(&"a1-a2".to_string()),
        "{m:?}"
    );
}
