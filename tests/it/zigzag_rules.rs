//! Zig Zag's rules (../shared/RULES.md), each from a hand-made position. Positions are
//! written North's row (A…F) first, then South's (a…f). A few seeds are left in A and a
//! where a test needs the game to go on (a capture must stay reachable).

use crate::common::{
    after, game, generate, legal_moves, make, moves, play_move, position, position_text, Outcome,
    Position,
};
use tabula::ir::Game;

fn zigzag() -> Game {
    game("zigzag", "")
}

#[test]
fn the_first_lap_goes_toward_the_centre_and_turns_at_an_end_column() {
    let g = zigzag();
    let start = position_text(&g, &Position::start(&g));
    assert_eq!(start, "5,5,5,5,5,5/5,5,5,5,5,5 South stores=0,0");
    // c is in the left half: right, zig-zagging D e F, straight across to f, then left to E.
    assert_eq!(
        after(&g, &start, "c"),
        "5,5,5,6,6,6/5,5,0,5,6,6 North stores=0,0"
    );
    // d is in the right half: left, C b A, across to a, then right to B.
    assert_eq!(
        after(&g, &start, "d"),
        "6,6,6,5,5,5/6,6,5,0,5,5 North stores=0,0"
    );
}

#[test]
fn a_lap_ending_in_a_full_pit_of_ones_own_row_relays() {
    let g = zigzag();
    // b: C, then d, which held a seed: lift d's two and sow on to the right: E, then f,
    // which was empty: the turn ends.
    assert_eq!(
        after(&g, "5,0,0,0,0,0/5,2,0,1,0,0 South", "b"),
        "5,0,1,0,1,0/5,0,0,0,0,1 North stores=0,0"
    );
}

#[test]
fn a_relay_goes_on_in_the_direction_the_lap_turned_to() {
    let g = zigzag();
    // c: D e F, across to f (now going left), which held a seed: lift two, sow E then d.
    assert_eq!(
        after(&g, "5,0,0,0,0,0/5,0,4,0,0,1 South", "c"),
        "5,0,0,1,1,1/5,0,0,1,1,0 North stores=0,0"
    );
}

#[test]
fn a_lap_ending_in_an_empty_pit_across_captures_ones_own_pit_of_that_column() {
    let g = zigzag();
    // a: one seed to B, which was empty: South takes b's three.
    assert_eq!(
        after(&g, "5,0,0,0,0,0/1,3,0,0,0,0 South", "a"),
        "5,1,0,0,0,0/0,0,0,0,0,0 North stores=3,0 capturer=South"
    );
}

#[test]
fn a_lap_ending_in_a_full_pit_across_or_an_empty_one_at_home_ends_the_turn() {
    let g = zigzag();
    // a: two seeds, B (empty) then c, South's own and empty: the turn ends.
    assert_eq!(
        after(&g, "5,0,0,0,0,0/2,0,0,0,0,3 South", "a"),
        "5,1,0,0,0,0/0,0,1,0,0,3 North stores=0,0"
    );
    // a: one seed to B, which held one: the turn ends. (The move lifted one seed and took
    // nothing, so the rule against sowing back may read it: the position keeps it.)
    assert_eq!(
        after(&g, "5,1,0,0,0,0/1,0,0,0,0,3 South", "a"),
        "5,2,0,0,0,0/0,0,0,0,0,3 North stores=0,0 previous=a:B:1:1:0"
    );
}

#[test]
fn a_capture_of_nothing_and_the_forbidden_sowing_back() {
    let g = zigzag();
    // c: one seed to D, empty: South captures d, which is empty. That single seed may not
    // go straight back.
    let text = after(&g, "5,0,0,0,0,2/5,0,1,0,0,0 South", "c");
    assert_eq!(
        text,
        "5,0,0,1,0,2/5,0,0,0,0,0 North stores=0,0 previous=c:D:1:1:0"
    );
    let s = position(&g, &text);
    assert_eq!(moves(&g, &s), ["A", "F"], "D back to c is not allowed");
}

#[test]
fn sowing_back_is_allowed_when_it_captures() {
    let g = zigzag();
    let text = "5,0,3,1,0,2/5,0,0,0,0,0 North stores=0,0 previous=c:D:1:1:0";
    assert_eq!(moves(&g, &position(&g, text)), ["A", "C", "D", "F"]);
    // D back into c, which is empty: North takes C's three.
    assert_eq!(
        after(&g, text, "D"),
        "5,0,0,0,0,2/5,0,1,0,0,0 South stores=0,3 capturer=North"
    );
}

#[test]
fn a_player_with_no_move_passes() {
    let g = zigzag();
    let text = "0,0,0,0,0,0/5,0,1,0,0,2 North";
    assert_eq!(moves(&g, &position(&g, text)), ["pass"]);
    assert_eq!(
        after(&g, text, "pass"),
        "0,0,0,0,0,0/5,0,1,0,0,2 South stores=0,0 passes=1"
    );
}

#[test]
fn a_restriction_can_leave_no_move_and_a_pass_clears_it() {
    let g = zigzag();
    let text = "0,0,0,1,0,0/5,0,0,0,0,0 North previous=c:D:1:1:0";
    assert_eq!(moves(&g, &position(&g, text)), ["pass"]);
    assert_eq!(
        after(&g, text, "pass"),
        "0,0,0,1,0,0/5,0,0,0,0,0 South stores=0,0 passes=1"
    );
}

/// The result at `text`, the reason, and the final stores.
fn ending(g: &Game, text: &str) -> (Outcome, String, Vec<u64>) {
    let s = position(g, text);
    let (o, why) = crate::common::ending(g, &s).expect("the game is over");
    assert_eq!(generate(g, &s, &mut Vec::new()), Some(o));
    (o, why, s.final_stores(g))
}

#[test]
fn the_game_ends_when_no_capture_is_reachable_and_the_last_capturer_gets_the_rest() {
    let g = zigzag();
    let (o, why, stores) = ending(
        &g,
        "0,0,0,0,0,1/0,0,0,0,1,0 South stores=30,28 capturer=South",
    );
    assert_eq!(o, Outcome::Win(0));
    assert_eq!(why, "South: score when not reachable(capture)");
    assert_eq!(stores, [32, 28]);
    let (o, _, stores) = ending(
        &g,
        "0,0,0,0,0,1/0,0,0,0,1,0 North stores=28,30 capturer=North",
    );
    assert_eq!((o, stores), (Outcome::Win(1), vec![28, 32]));
}

#[test]
fn equal_stores_draw() {
    let g = zigzag();
    let (o, _, stores) = ending(
        &g,
        "0,0,0,0,0,1/0,0,0,0,1,0 South stores=30,28 capturer=North",
    );
    assert_eq!((o, stores), (Outcome::Draw, vec![30, 30]));
}

#[test]
fn seeds_left_before_anyone_captured_go_to_no_one() {
    let g = zigzag();
    let (o, _, stores) = ending(&g, "0,0,0,0,0,1/0,0,0,0,1,0 South stores=0,0");
    assert_eq!((o, stores), (Outcome::Draw, vec![0, 0]));
}

#[test]
fn a_game_goes_on_while_a_capture_is_reachable_even_if_not_at_once() {
    let g = zigzag();
    // South's only move, a, sows B c D e F and ends in F, empty: a capture of nothing.
    let s = position(&g, "5,0,0,0,0,0/5,0,0,0,0,0 South");
    let legal = legal_moves(&g, &s);
    assert_eq!(legal.len(), 1);
    assert!(!legal[0].takes, "a capture of nothing is not a capture");
    assert_eq!(
        crate::common::ending(&g, &s),
        None,
        "a capture is reachable later"
    );
    assert_eq!(
        position_text(&g, &play_move(&g, &s, "a")),
        "5,1,0,1,0,1/0,0,1,0,1,0 North stores=0,0"
    );
}

/// Games that end within `depth` plies of `s`, by result: (first player, second, draw).
fn endings(g: &Game, s: &Position, depth: usize, tally: &mut [u64; 3]) {
    let mut moves = Vec::new();
    match generate(g, s, &mut moves) {
        Some(Outcome::Win(p)) => tally[p as usize] += 1,
        Some(Outcome::Draw) => tally[2] += 1,
        None if depth > 0 => {
            for &m in &moves {
                let mut next = *s;
                make(g, &mut next, m);
                endings(g, &next, depth - 1, tally);
            }
        }
        None => {}
    }
}

/// Every line from the start of small boards, to depths at which games really end: the
/// finished games by result (South, North, draw). The numbers agree with an independent
/// Python reference written from RULES.md alone.
#[test]
fn small_boards_end_with_the_results_of_an_independent_reference() {
    for (options, depth, expected) in [
        ("pits=2 seeds=1", 12, [0, 0, 144]),
        ("pits=2 seeds=3", 12, [48, 18, 2]),
        ("pits=4 seeds=1", 10, [438, 1520, 310]),
        ("pits=4 seeds=3", 10, [12, 90, 4]),
    ] {
        let g = game("zigzag", options);
        let mut tally = [0; 3];
        endings(&g, &Position::start(&g), depth, &mut tally);
        assert_eq!(tally, expected, "{options} to depth {depth}");
    }
}
