//! Laska's rules, each checked from a hand-made position on the 7x7 board. Used squares:
//! ranks 1, 3, 5, 7 hold a, c, e, g; ranks 2, 4, 6 hold b, d, f. Blue (upper case) moves up,
//! Red (lower case) down; S/s soldiers, O/o officers; `[sS]` a column from the bottom up.

use crate::common::{after, game, moves, outcome, position, Outcome};

fn laska(options: &str) -> tabula::ir::Game {
    game("laska", options)
}

#[test]
fn soldiers_step_forward_and_officers_both_ways() {
    let g = laska("");
    assert_eq!(
        moves(&g, &position(&g, "3s/3/4/1S1/4/3/4 Blue")),
        ["d4-c5", "d4-e5"]
    );
    assert_eq!(
        moves(&g, &position(&g, "3s/3/4/1O1/4/3/4 Blue")),
        ["d4-c3", "d4-c5", "d4-e3", "d4-e5"]
    );
}

#[test]
fn a_jump_takes_only_the_commander_and_puts_it_under_the_jumper() {
    let g = laska("");
    // Blue c3 jumps the column [Ss] on d4 (a Red soldier on a Blue one): the Red soldier
    // goes under the Blue jumper on e5, and d4 is now commanded by the Blue soldier.
    assert_eq!(
        after(&g, "3s/3/4/1[Ss]1/1S2/3/4 Blue", "c3xe5"),
        "3s/3/2[sS]1/1S1/4/3/4 Red"
    );
}

#[test]
fn a_freed_officer_is_still_an_officer() {
    let g = laska("");
    let text = after(&g, "3s/3/4/1[Os]1/1S2/3/4 Blue", "c3xe5");
    assert_eq!(text, "3s/3/2[sS]1/1O1/4/3/4 Red");
}

#[test]
fn capturing_is_compulsory() {
    let g = laska("");
    assert_eq!(
        moves(&g, &position(&g, "3s/3/4/1s1/1S2/3/3S Blue")),
        ["c3xe5"]
    );
}

#[test]
fn a_chain_must_go_on_unless_jumps_are_optional() {
    let text = "3s/3/4/1s1/4/s2/S3 Blue";
    let forced = laska("");
    assert_eq!(moves(&forced, &position(&forced, text)), ["a1xc3xe5"]);
    let optional = laska("jumps=optional");
    assert_eq!(
        moves(&optional, &position(&optional, text)),
        ["a1xc3", "a1xc3xe5"]
    );
}

#[test]
fn a_column_is_never_jumped_twice_in_one_move() {
    let g = laska("");
    // The officer jumps the Red column [ss] on b2 to c3; what is left on b2 is still Red,
    // but may not be jumped again back to a1.
    let text = "3s/3/4/3/4/[ss]2/O3 Blue";
    assert_eq!(moves(&g, &position(&g, text)), ["a1xc3"]);
    assert_eq!(after(&g, text, "a1xc3"), "3s/3/4/3/1[sO]2/s2/4 Red");
}

#[test]
fn a_soldier_reaching_the_far_row_is_promoted_and_the_chain_ends() {
    let g = laska("");
    // c5 jumps d6 onto e7, becomes an officer, and may not go on over f6.
    let text = "4/1ss/1S2/3/4/3/4 Blue";
    assert_eq!(moves(&g, &position(&g, text)), ["c5xe7"]);
    assert_eq!(after(&g, text, "c5xe7"), "2[sO]1/2s/4/3/4/3/4 Red");
}

#[test]
fn a_step_onto_the_far_row_promotes() {
    let g = laska("");
    assert_eq!(
        after(&g, "4/1S1/4/3/4/3/s3 Blue", "d6-c7"),
        "1O2/3/4/3/4/3/s3 Red"
    );
}

#[test]
fn a_player_with_no_legal_move_loses() {
    let g = laska("");
    // Red's only soldier on a1 cannot move down the board.
    assert_eq!(
        outcome(&g, &position(&g, "4/3/4/3/4/1S1/s3 Red")),
        Some(Outcome::Win(0))
    );
    // Blue has no column at all.
    assert_eq!(
        outcome(&g, &position(&g, "s3/3/4/3/4/3/4 Blue")),
        Some(Outcome::Win(1))
    );
}

#[test]
fn the_eight_by_eight_board_starts_with_twelve_soldiers_each() {
    let g = laska("size=8");
    let s = tabula::engine::Position::start(&g);
    assert_eq!([s.occupied(0).len(), s.occupied(1).len()], [12, 12]);
}
