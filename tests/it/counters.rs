//! The constructs of counting games (`counters`, `put`, `names`, `track`, `sow`, `seeds`,
//! `store`, `previous`, `leftover`, `score`, `reachable(capture)`), each tested on its own in small games
//! written for the test; docs/LANGUAGE.md's examples are their pieces. Zig Zag's own rules
//! are in tests/zigzag_rules.rs.

use crate::common::{
    after, compile, ending, generate, moves, outcome, position, position_text, Outcome, Position,
};

/// A ring of 3 x 2 pits sown counter-clockwise: along rank 1 to the right, up, along rank 2
/// to the left, down. `extra` adds to (or completes) the sowing rule's clauses.
fn ring(setup: &str, clauses: &str, extra: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"Ring\"
board 3 x 2
players South, North
counters
zone home = row == 0
setup {{ {setup} }}
track ccw {{
  (file + 1, rank) if rank == 0 and file < 2
  (file, 1) if rank == 0
  (file - 1, rank) if file > 0
  (file, 0)
}}
sow lift {{
  from home
  lap ccw
  {clauses}
}}
{extra}
"
    ))
}

#[test]
fn put_fills_pits_with_a_count_that_may_depend_on_the_square() {
    let g = ring("put file + 1 where true", "", "");
    let s = Position::start(&g);
    assert_eq!(position_text(&g, &s), "1,2,3/1,2,3 South stores=0,0");
    let g = ring("put 4 where rank == 0\n put 2 on b2", "", "");
    assert_eq!(
        position_text(&g, &Position::start(&g)),
        "0,2,0/4,4,4 South stores=0,0"
    );
}

#[test]
fn pits_keep_the_usual_square_names_unless_renamed() {
    let g = ring("put 1 where true", "", "");
    assert_eq!(moves(&g, &Position::start(&g)), ["a1", "b1", "c1"]);
    let g = ring("put 1 where true", "", "names rank 1 from a, rank 2 from A");
    assert_eq!(moves(&g, &Position::start(&g)), ["a", "b", "c"]);
    let g = ring("put 1 where true", "", "names rank 1 from p");
    assert_eq!(moves(&g, &Position::start(&g)), ["p", "q", "r"]);
    assert_eq!(g.board.name(3), "a2", "rank 2 keeps its names");
}

#[test]
fn sowing_follows_the_track_one_seed_a_pit_and_passes_its_origin() {
    // Seven seeds from a1 go round the ring once (b1 c1 c2 b2 a2 a1) and on to b1.
    let g = ring("", "", "");
    assert_eq!(
        after(&g, "0,0,0/7,0,0 South stores=0,0", "a1"),
        "1,1,1/1,2,1 North stores=0,0"
    );
}

#[test]
fn the_first_lap_is_chosen_by_the_pit_lifted() {
    // Two tracks along rank 1; pits left of the middle sow right, the others left.
    let g = compile(
        "game \"Row\"
board 4 x 1
players South, North
counters
setup { put 1 where true }
zone all_pits = true
track right { (file + 1, 0) if file < 3
              (file, 0) then left }
track left  { (file - 1, 0) if file > 0
              (file, 0) then right }
sow lift { from all_pits  lap right if file < 2  lap left }
",
    );
    assert_eq!(after(&g, "1,0,0,1 South", "a1"), "0,1,0,1 North stores=0,0");
    assert_eq!(after(&g, "1,0,0,1 South", "d1"), "1,0,1,0 North stores=0,0");
    // `then`: at the end the track turns. Four seeds from c1 go b1, a1, then a1 again (the
    // end case stays in its pit and turns right), then b1.
    assert_eq!(after(&g, "0,0,4,0 South", "c1"), "2,2,0,0 North stores=0,0");
}

#[test]
fn where_the_last_seed_falls_decides_relay_capture_or_stop() {
    let clauses = "when home(last) and seeds(last) > 1: relay
  when home(last) and seeds(last) == 1: capture last + n
  when not home(last): stop";
    let g = ring("", clauses, "");
    // a1: b1, which held one: relay its two, c1 c2; c2 is North's: stop.
    assert_eq!(
        after(&g, "0,0,0/1,1,0 South stores=0,0", "a1"),
        "0,0,1/0,0,1 North stores=0,0"
    );
    // a1: b1, which was empty: capture the pit north of it, b2.
    assert_eq!(
        after(&g, "0,3,0/1,0,0 South stores=0,0", "a1"),
        "0,0,0/0,1,0 North stores=3,0 capturer=South"
    );
    // No `when` holds: the turn ends.
    let g = ring("", "", "");
    assert_eq!(
        after(&g, "0,3,0/1,1,0 South stores=0,0", "a1"),
        "0,3,0/0,2,0 North stores=0,0"
    );
}

#[test]
fn a_move_whose_relays_never_end_is_not_a_move() {
    // Every lap relays, so every sowing goes round for ever: no move, and no move loses.
    let g = ring("put 1 where true", "when true: relay", "no move: lose");
    let s = Position::start(&g);
    assert!(moves(&g, &s).is_empty());
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(1)));
}

#[test]
fn a_rule_on_the_move_before_can_forbid_sowing_straight_back() {
    let source = tabula::load::shipped::find("zigzag").unwrap().1.replace(
        "after move require taken > 0 or not",
        "after move require not",
    );
    let g = compile(&source);
    // D back into c would capture C's three; without `taken > 0 or` it is forbidden all
    // the same.
    let s = position(
        &g,
        "5,0,3,1,0,2/5,0,0,0,0,0 North stores=0,0 previous=c:D:1:1:0",
    );
    assert_eq!(moves(&g, &s), ["A", "C", "F"]);
    // After a move that lifted two seeds, nothing is forbidden.
    let s = position(
        &g,
        "5,0,3,1,0,2/5,0,0,0,0,0 North stores=0,0 previous=c:D:2:1:0",
    );
    assert_eq!(moves(&g, &s), ["A", "C", "D", "F"]);
}

#[test]
fn score_compares_the_stores_and_leftover_awards_the_rest() {
    let extra = "no move: score";
    let g = ring("", "", extra);
    // South has no seed: the game ends; 5 against 4.
    let s = position(&g, "2,0,0/0,0,0 South stores=5,4 capturer=North");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)), "without leftover");
    assert_eq!(s.final_stores(&g), [5, 4]);
    let g = ring("", "", &format!("{extra}\nleftover to last capturer"));
    let s = position(&g, "2,0,0/0,0,0 South stores=5,4 capturer=North");
    assert_eq!(
        outcome(&g, &s),
        Some(Outcome::Win(1)),
        "North takes the two left"
    );
    assert_eq!(s.final_stores(&g), [5, 6]);
    let s = position(&g, "1,0,0/0,0,0 South stores=5,4 capturer=North");
    assert_eq!(outcome(&g, &s), Some(Outcome::Draw));
}

#[test]
fn reachable_capture_is_a_search_any_game_can_use() {
    // Men step north or south and take by stepping onto an enemy; the game is drawn once no
    // capture can ever happen.
    let g = compile(
        "game \"Files\"
board 3 x 5
players White, Black
pieces man
move step { along forward onto empty }
move take { along forward onto enemy }
no move: pass
end before turn { draw when not reachable(capture) }
",
    );
    // On one file they meet: a capture is some moves away.
    let s = position(&g, "m2/3/3/3/M2 White");
    assert_eq!(ending(&g, &s), None);
    // On different files they never meet.
    let s = position(&g, "1m1/3/3/3/M2 White");
    let (o, why) = ending(&g, &s).expect("no capture is reachable");
    assert_eq!(o, Outcome::Draw);
    assert_eq!(why, "White: draw when not reachable(capture)");
    assert_eq!(generate(&g, &s, &mut Vec::new()), Some(Outcome::Draw));
}

#[test]
fn previous_reads_the_move_before_in_a_game_of_pieces_too() {
    // Men step east or west; none may step straight back to where the last move came from.
    let g = compile(
        "game \"Back and forth\"
board 3 x 1
players White, Black
pieces man
setup { White man on a1 }
move step { along e, w onto empty }
after move require not (from == previous(to) and to == previous(from))
",
    );
    let s = position(&g, "1M1 White previous=a1:b1:0:0:0");
    assert_eq!(moves(&g, &s), ["b1-c1"], "b1-a1 goes straight back");
    let s = position(&g, "1M1 White");
    assert_eq!(moves(&g, &s), ["b1-a1", "b1-c1"]);
}

#[test]
fn seeds_and_store_are_read_in_end_rules() {
    let g = ring(
        "put 1 where true",
        "",
        "end { win when store > 2\n lose when seeds(home) == 0 }",
    );
    let s = position(&g, "1,1,1/1,1,1 South stores=3,0");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)));
    let s = position(&g, "1,1,1/0,0,0 South stores=0,0");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(1)));
}

#[test]
fn reachable_capture_counts_a_reply_that_captures_only_where_it_is_legal() {
    // A last seed that makes two takes them. South's only move, a1, lands alone on b1; North
    // then takes with b2, whose seed makes a2 two, unless `after move require` forbids
    // every capture.
    let end = "no move: pass\nend before turn { draw when not reachable(capture) }";
    let clause = "when seeds(last) == 2: capture last";
    let free = ring("", clause, end);
    let s = position(&free, "1,1,0/1,0,0 South");
    assert_eq!(moves(&free, &s), ["a1"]);
    assert_eq!(ending(&free, &s), None, "North's reply b2 captures");
    let forbidden = ring("", clause, &format!("{end}\nafter move require taken == 0"));
    let s = position(&forbidden, "1,1,0/1,0,0 South");
    let (o, _) = ending(&forbidden, &s).expect("no capture is legal, so none is reachable");
    assert_eq!(o, Outcome::Draw);
}

#[test]
fn reachable_capture_in_a_game_that_never_captures_is_a_warning_and_false() {
    let source = "game \"Never\"
board 2 x 1
players South, North
counters
zone home = true
setup { put 1 where true }
track round { (1 - file, 0) }
sow lift { from home lap round }
no move: pass
end before turn { draw when not reachable(capture) }
";
    let problems = tabula::compile::validate_source(source);
    assert_eq!(
        problems.iter().map(|p| p.code()).collect::<Vec<_>>(),
        ["never_captures"]
    );
    let g = compile(source);
    assert_eq!(outcome(&g, &Position::start(&g)), Some(Outcome::Draw));
}
