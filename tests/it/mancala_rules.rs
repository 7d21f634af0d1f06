//! Kalah and Oware from hand-made positions: the rules each game file writes with the
//! general constructs of counting games (stores on the board, `skip`, `again`, captures
//! of named pits and along a track, `unless`, `after move require` over seeds, `leftover
//! to owner`).

use crate::common::{after, ending, game, moves, position, Outcome};

#[test]
fn kalah_sows_into_its_own_store_and_a_last_seed_there_gives_another_turn() {
    let g = game("kalah", "");
    // c: four seeds, d e f and the store: South moves again.
    assert_eq!(
        after(&g, "0,4,4,4,4,4,4/4,4,4,4,4,4,0 South", "c"),
        "0,4,4,4,4,4,4/4,4,0,5,5,5,1 South"
    );
}

#[test]
fn kalah_skips_the_opponents_store_and_captures_with_the_pit_opposite() {
    let g = game("kalah", "");
    // f: ten seeds, the store, F E D C B A, past North's store, a b c. The last falls in
    // c, empty, whose opposite C has one: both go to South's store.
    assert_eq!(
        after(&g, "0,0,0,0,0,0,2/0,0,0,0,0,10,0 South", "f"),
        "0,1,1,0,1,1,3/1,1,0,0,0,0,3 North capturer=South"
    );
    // a: into b, empty, but its opposite B is empty too: no capture.
    assert_eq!(
        after(&g, "0,0,0,0,0,0,2/1,0,0,0,0,0,0 South", "a"),
        "0,0,0,0,0,0,2/0,1,0,0,0,0,0 North"
    );
}

#[test]
fn kalah_ends_when_a_side_is_empty_and_each_side_keeps_its_seeds() {
    let g = game("kalah", "");
    let s = position(&g, "20,1,2,0,0,0,0/0,0,0,0,0,0,21 South");
    let (o, why) = ending(&g, &s).expect("South's side is empty");
    assert_eq!(why, "South: score when seeds(home) == 0");
    assert_eq!(s.final_stores(&g), [21, 23]);
    assert_eq!(o, Outcome::Win(1));
}

#[test]
fn oware_captures_twos_and_threes_backward_along_the_opponents_row() {
    let g = game("oware", "");
    // f: three seeds, F E D, each now 2: D is taken, then E and F behind it.
    assert_eq!(
        after(&g, "1,1,0,1,1,1/0,0,0,0,0,3 South", "f"),
        "1,1,0,0,0,0/0,0,0,0,0,0 North stores=6,0 capturer=South"
    );
}

#[test]
fn oware_grand_slam_captures_nothing_or_is_forbidden_by_option() {
    let g = game("oware", "");
    let text = "0,0,0,1,1,1/1,0,0,0,0,3 South";
    // Taking D E F would leave North nothing: the seeds are sown, and nothing is taken.
    assert_eq!(
        after(&g, text, "f"),
        "0,0,0,2,2,2/1,0,0,0,0,0 North stores=0,0"
    );
    assert_eq!(moves(&g, &position(&g, text)), ["a", "f"]);
    let g = game("oware", "grand_slam=forbidden");
    assert_eq!(moves(&g, &position(&g, text)), ["a"]);
}

#[test]
fn oware_must_feed_and_ends_when_it_cannot() {
    let g = game("oware", "");
    // North has nothing: a (into b) does not feed, f does.
    assert_eq!(
        moves(&g, &position(&g, "0,0,0,0,0,0/1,0,0,0,0,5 South")),
        ["f"]
    );
    // No move feeds: the game ends, and South keeps the seed on their side.
    let s = position(&g, "0,0,0,0,0,0/1,0,0,0,0,0 South stores=23,24");
    let (o, _) = ending(&g, &s).expect("no move feeds North");
    assert_eq!(s.final_stores(&g), [24, 24]);
    assert_eq!(o, Outcome::Draw);
}

#[test]
fn oware_passes_by_the_pit_lifted_and_wins_past_half_the_seeds() {
    let g = game("oware", "");
    // Twelve seeds from a go round once, pass a by, and the last falls in b.
    assert_eq!(
        after(&g, "0,0,0,0,0,0/12,0,0,0,0,0 South", "a"),
        "1,1,1,1,1,1/0,2,1,1,1,1 North stores=0,0"
    );
    let s = position(&g, "1,0,0,0,0,0/1,0,0,0,0,0 North stores=25,21");
    let (o, why) = ending(&g, &s).expect("South has 25");
    assert_eq!(o, Outcome::Win(0));
    assert_eq!(why, "South: win when store > pits * seeds");
}
