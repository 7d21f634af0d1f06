//! Zola's rules, each checked from a hand-made position (4x4 and 6x6 boards).

use crate::common::{game, legal_moves, make, moves, outcome, parse_move, position, Outcome};

#[test]
fn a_step_goes_outward_only() {
    let g = game("zola", "size=6");
    // A lone Red checker on c3 (near the centre) and a Blue one far away on f6.
    let s = position(&g, "5c/6/6/2C3/6/6 Red");
    assert_eq!(moves(&g, &s), ["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2"]);
}

#[test]
fn a_capture_slides_over_empty_squares_onto_a_nearer_or_level_enemy() {
    let g = game("zola", "size=6");
    // Red in the corner a1 (as far out as can be); Blue on d4 along the diagonal.
    let s = position(&g, "6/6/3c2/6/6/C5 Red");
    let m = moves(&g, &s);
    assert!(m.contains(&"a1xd4".to_string()), "{m:?}");
}

#[test]
fn a_capture_may_not_go_outward() {
    let g = game("zola", "size=6");
    // Red on c3 next to the centre; Blue on a1 in the corner, along the diagonal.
    let s = position(&g, "6/6/6/2C3/6/c5 Red");
    let m = moves(&g, &s);
    assert!(!m.contains(&"c3xa1".to_string()), "{m:?}");
    // ... but Blue, to move, may capture inward along the same line.
    let s = position(&g, "6/6/6/2C3/6/c5 Blue");
    assert!(moves(&g, &s).contains(&"a1xc3".to_string()));
}

#[test]
fn a_capture_stops_at_the_first_occupied_square() {
    let g = game("zola", "size=6");
    // Red a1, Red b2 in the way, Blue d4: no capture along the diagonal.
    let s = position(&g, "6/6/3c2/6/1C4/C5 Red");
    assert!(!moves(&g, &s).iter().any(|m| m.starts_with("a1x")));
}

#[test]
fn a_player_without_a_move_passes() {
    let g = game("zola", "size=4");
    // Red's only checker is in a corner with no enemy on its lines: no step, no capture.
    let s = position(&g, "4/1c2/4/C3 Red");
    assert_eq!(moves(&g, &s), ["pass"]);
}

#[test]
fn capturing_the_last_checker_wins() {
    let g = game("zola", "size=4");
    let s = position(&g, "4/4/1c2/C3 Red");
    let m = parse_move(&g, &s, "a1xb2").expect("a1xb2 is legal");
    let mut after = s;
    make(&g, &mut after, m);
    assert_eq!(outcome(&g, &after), Some(Outcome::Win(0)));
    assert!(
        legal_moves(&g, &after).is_empty(),
        "a finished game offers no move"
    );
}
