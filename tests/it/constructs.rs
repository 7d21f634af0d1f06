//! The constructs for placing, turning and taking, moves in two parts and ends, each on its
//! own in a small game. The examples are the ones docs/LANGUAGE.md shows: the last test
//! checks that the reference still holds each of them word for word.

use crate::common::{
    after, compile, ending, moves, outcome, play_move, position, position_text, Outcome, Position,
};
use crate::common::{legal_moves, make, perft_table, play_line};

/// A game of stones on a 5 x 5 board with the given rules.
fn stones(rules: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces stone\n{rules}\n"
    ))
}

const DROP: &str = "move drop {
  place stone
  onto empty
  if to + (0, -1) is occupied or to + (0, -1) is off
}";

#[test]
fn a_placement_reads_the_squares_around_where_it_lands() {
    let g = stones(DROP);
    // A stone on a1: the next one in file a goes on a2; every other file starts on rank 1.
    let s = position(&g, "5/5/5/5/S4 Black");
    assert_eq!(moves(&g, &s), ["a2", "b1", "c1", "d1", "e1"]);
    assert_eq!(after(&g, "5/5/5/5/S4 Black", "a2"), "5/5/5/s4/S4 White");
}

const HAND: &str = "setup {
  White 2 stone in hand
  Black 1 stone in hand
}
move drop {
  place stone
  onto empty
}";

#[test]
fn pieces_in_hand_are_counted_shown_and_written_in_the_position() {
    let g = stones(&format!("{HAND}\nno move: pass"));
    let s = Position::start(&g);
    assert_eq!(position_text(&g, &s), "5/5/5/5/5 White hand=2,1");
    assert!(tabula::present::board_text(&g, &s)
        .ends_with("  in hand: White 2 stone, Black 1 stone\n  S White stone, s Black stone\n"));
    let s = play_move(&g, &s, "c3");
    let s = play_move(&g, &s, "d3");
    assert_eq!(position_text(&g, &s), "5/5/2Ss1/5/5 White hand=1,0");
    // Black has none left: after White's last, Black passes.
    let s = play_move(&g, &s, "a1");
    assert_eq!(moves(&g, &s), ["pass"]);
    // A position text without `hand=` starts with the setup's hands.
    assert_eq!(
        position(&g, "5/5/5/5/5 Black").hand,
        Position::start(&g).hand
    );
}

const AROUND: &str = "move grow {
  place stone
  onto empty
  if count(friend around to) > 0
}";

#[test]
fn count_around_reads_the_neighbours_of_a_square() {
    let g = stones(AROUND);
    let s = position(&g, "5/5/5/5/S3s White");
    assert_eq!(moves(&g, &s), ["a2", "b1", "b2"]);
    // Along some directions only.
    let g = stones(
        "move grow { place stone onto empty if count(friend around to along orthogonal) > 0 }",
    );
    assert_eq!(moves(&g, &position(&g, "5/5/5/5/S3s White")), ["a2", "b1"]);
}

const STEP_TO: &str = "move step {
  along forward
  onto empty
  if to + forward is off or to + forward is empty
}";

#[test]
fn a_direction_added_to_a_square_turns_with_each_player() {
    let g = stones(STEP_TO);
    // White's stone on b1 may not step where a piece stands straight ahead of the landing.
    let s = position(&g, "5/5/1s3/5/1S2S White");
    assert_eq!(moves(&g, &s), ["e1-e2"]);
    // Black's forward is south: b3 may not step to b2, which has White's b1 ahead; d3 may.
    let s = position(&g, "5/5/1s1s1/5/1S3 Black");
    assert_eq!(moves(&g, &s), ["d3-d2"]);
}

const REVERSAL: &str = "move play {
  place stone
  onto empty
  turn { along all over 1+ enemy onto friend }
  require turned > 0
}";

#[test]
fn a_reversal_turns_every_closed_line_and_a_placement_that_turns_nothing_is_not_a_move() {
    let g = stones(REVERSAL);
    // A White stone on c3 closes three lines: b3 against a3, c2 against c1, b2 against a1.
    let text = "5/5/Ss3/1ss2/S1S2 White";
    assert_eq!(after(&g, text, "c3"), "5/5/SSS2/1SS2/S1S2 Black");
    // e5 is empty but closes no line: it is not a move.
    assert!(!moves(&g, &position(&g, text)).contains(&"e5".to_string()));
    assert_eq!(moves(&g, &position(&g, text)), ["c3"]);
}

const CONVERSION: &str = "move spread {
  place stone
  onto empty
  turn { along all onto enemy }
}";

#[test]
fn a_conversion_turns_the_adjacent_enemies() {
    let g = stones(CONVERSION);
    assert_eq!(
        after(&g, "5/5/1ss2/1s3/5 White", "a1"),
        "5/5/1ss2/1S3/S4 Black"
    );
    assert_eq!(
        after(&g, "5/5/1ss2/1s3/5 White", "c1"),
        "5/5/1ss2/1S3/2S2 Black"
    );
}

const CHANGE: &str = "move crown {
  along n
  onto empty
  change { along orthogonal onto friend man into king }
}";

#[test]
fn a_change_gives_pieces_another_type_and_keeps_their_owner() {
    let g = compile(&format!(
        "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces man, king\n{CHANGE}\n"
    ));
    // White's man c2 steps to c3; the White men beside c3 become kings, Black's man stays.
    assert_eq!(
        after(&g, "5/5/1M1m1/2M2/5 White", "c2-c3"),
        "5/5/1KMm1/5/5 Black"
    );
}

const CUSTODIAN: &str = "move step {
  along orthogonal
  onto empty
  take { along orthogonal over 1 enemy onto friend }
}";

#[test]
fn a_custodial_capture_takes_an_enemy_enclosed_between_the_landing_and_a_friend() {
    let g = stones(CUSTODIAN);
    // White a2 steps to a3, enclosing b3 against c3 (taken) and a4 against a5 (taken).
    assert_eq!(
        after(&g, "S4/s4/1sS2/S4/5 White", "a2-a3"),
        "S4/5/S1S2/5/5 Black"
    );
    // A move that encloses nothing takes nothing.
    assert_eq!(
        after(&g, "S4/s4/1sS2/S4/5 White", "c3-d3"),
        "S4/s4/1s1S1/S4/5 Black"
    );
}

const APPROACH: &str = "move approach {
  along all
  onto empty
  take { along onward over 1+ enemy }
}";

#[test]
fn a_capture_by_approach_takes_the_enemies_met_onward() {
    let g = stones(APPROACH);
    // White c1 moves up to c2, toward Black's c3 and c4: both are taken, up to White's c5.
    assert_eq!(
        after(&g, "2S2/2s2/2s2/5/2S2 White", "c1-c2"),
        "2S2/5/5/2S2/5 Black"
    );
}

const WITHDRAWAL: &str = "move withdraw {
  along all
  onto empty
  take { at from along reverse over 1+ enemy }
}";

#[test]
fn a_capture_by_withdrawal_takes_the_enemies_left_behind() {
    let g = stones(WITHDRAWAL);
    // Black d3 moves north, away from White's d2, which is taken; moving west leaves
    // nothing behind it.
    assert_eq!(
        after(&g, "5/5/3s1/3S1/5 Black", "d3-d4"),
        "5/3s1/5/5/5 White"
    );
    assert_eq!(
        after(&g, "5/5/3s1/3S1/5 Black", "d3-c3"),
        "5/5/2s2/3S1/5 White"
    );
}

const CONDITIONAL: &str = "move drop {
  place stone
  onto empty
  take { along all onto enemy when row(to) == 0 }
}";

#[test]
fn an_effect_with_when_happens_only_where_its_condition_holds() {
    let g = stones(CONDITIONAL);
    // On White's own first row the drop takes the neighbours; elsewhere it does not.
    assert_eq!(after(&g, "5/5/5/s4/1s3 White", "a1"), "5/5/5/5/S4 Black");
    assert_eq!(after(&g, "5/5/5/s4/1s3 White", "b2"), "5/5/5/sS3/1s3 Black");
}

const REQUIRE: &str = "move drop {
  place stone
  onto empty
  take { along orthogonal over 1 enemy onto friend }
  require taken >= 1 or count(friend) < 3
}";

#[test]
fn require_reads_the_position_after_the_move_and_what_it_did() {
    let g = stones(REQUIRE);
    // White has two stones: only a drop that takes is a move (c3 encloses c2 against c1).
    let s = position(&g, "5/5/5/2s2/2S1S White");
    assert_eq!(moves(&g, &s), ["c3"]);
    // With one stone (two after the drop), any drop will do.
    assert_eq!(moves(&g, &position(&g, "5/5/5/5/4S White")).len(), 24);
}

const TWO_PARTS: &str = "move queen {
  piece amazon
  along all
  over 0+ empty
  onto empty
  then shoot
}
move shoot {
  place arrow
  along all
  over 0+ empty
  onto empty
}";

#[test]
fn a_move_in_two_parts_is_one_move_written_with_a_slash() {
    let g = compile(&format!(
        "game \"T\"\nboard 3 x 3\nplayers White, Black\npieces amazon as Q, arrow as X\n{TWO_PARTS}\n"
    ));
    let s = position(&g, "3/3/Q2 White");
    let m = moves(&g, &s);
    // a1 to b1, then an arrow from b1: a1 (just left), c1, b2, b3, a2, c2.
    for shot in ["a1", "c1", "b2", "b3", "a2", "c2"] {
        assert!(m.contains(&format!("a1-b1/{shot}")), "{shot}: {m:?}");
    }
    assert_eq!(after(&g, "3/3/Q2 White", "a1-b1/a1"), "3/3/XQ1 Black");
    // Six landings, with six shots from each, and eight from the centre.
    assert_eq!(m.len(), 5 * 6 + 8);
}

const MOVE_THEN_MOVE: &str = "move walk {
  along n
  onto empty
  then sidestep
}
move sidestep {
  along e, w
  onto empty
}";

#[test]
fn a_second_part_may_move_the_same_piece_again() {
    let g = stones(MOVE_THEN_MOVE);
    assert_eq!(moves(&g, &position(&g, "5/5/5/5/S4 White")), ["a1-a2/b2"]);
    assert_eq!(
        after(&g, "5/5/5/5/S4 White", "a1-a2/b2"),
        "5/5/5/1S3/5 Black"
    );
}

const LINE: &str = "end {
  win when line(friend, 4)
}";

#[test]
fn line_finds_n_in_a_row_in_any_direction_or_the_ones_named() {
    let g = stones(&format!("move drop {{ place stone onto empty }}\n{LINE}"));
    assert_eq!(outcome(&g, &position(&g, "5/5/5/5/SSS2 White")), None);
    assert_eq!(
        outcome(&g, &position(&g, "5/3S1/2S2/1S3/S4 Black")),
        Some(Outcome::Win(0))
    );
    let g = stones(
        "move drop { place stone onto empty }\nend { win when line(friend, 4 along orthogonal) }",
    );
    assert_eq!(outcome(&g, &position(&g, "5/3S1/2S2/1S3/S4 Black")), None);
    assert_eq!(
        outcome(&g, &position(&g, "5/5/5/5/1ssss White")),
        Some(Outcome::Win(1))
    );
}

const CONNECTED: &str = "zone west = file == 0
zone east = file == 4
end {
  win when connected(friend, west, east)
}";

#[test]
fn connected_finds_a_chain_of_friends_joining_two_zones() {
    let g = stones(&format!(
        "move drop {{ place stone onto empty }}\n{CONNECTED}"
    ));
    // A crooked chain from a1 to e3, diagonals included (the default directions).
    assert_eq!(
        outcome(&g, &position(&g, "5/5/3SS/1SS2/S4 Black")),
        Some(Outcome::Win(0))
    );
    assert_eq!(outcome(&g, &position(&g, "5/5/3SS/2S2/S4 Black")), None);
}

const FAR_ROW: &str = "zone far = row == 4
move step { along forward onto empty }
end {
  win when count(friend in far) > 0
}";

#[test]
fn an_end_rule_is_read_for_every_player_after_every_move() {
    let g = stones(FAR_ROW);
    // White steps onto the far row: White wins at once, before Black moves.
    let s = play_move(&g, &position(&g, "5/S4/5/4s/5 White"), "a4-a5");
    assert_eq!(
        ending(&g, &s),
        Some((
            Outcome::Win(0),
            "White: win when count(friend in far) > 0".to_string()
        ))
    );
}

const BEFORE_TURN: &str = "end before turn {
  lose when count(friend) < 2
}";

#[test]
fn an_end_rule_before_turn_is_read_for_the_player_to_move_only() {
    let every =
        stones("move step { along forward onto empty }\nend { lose when count(friend) < 2 }");
    let before = stones(&format!(
        "move step {{ along forward onto empty }}\n{BEFORE_TURN}"
    ));
    // Black has one stone, but it is White's turn.
    let text = "5/4s/5/S4/S4 White";
    assert_eq!(
        outcome(&every, &position(&every, text)),
        Some(Outcome::Win(0))
    );
    assert_eq!(outcome(&before, &position(&before, text)), None);
    let s = play_move(&before, &position(&before, text), "a2-a3");
    assert_eq!(outcome(&before, &s), Some(Outcome::Win(0)));
}

const SCORE: &str = "score = count(friend)
end {
  score when count(empty) == 0
}";

#[test]
fn a_score_decides_who_wins_when_the_game_ends_by_score() {
    let g = compile(&format!(
        "game \"T\"\nboard 2 x 2\nplayers White, Black\npieces stone\nmove drop {{ place stone onto empty }}\n{SCORE}\n"
    ));
    assert_eq!(
        outcome(&g, &position(&g, "Ss/SS Black")),
        Some(Outcome::Win(0))
    );
    assert_eq!(
        outcome(&g, &position(&g, "Ss/sS Black")),
        Some(Outcome::Draw)
    );
    assert_eq!(outcome(&g, &position(&g, "Ss/1S Black")), None);
}

const CLOCK: &str = "clock resets on capture, push
end {
  draw when clock >= 6
}";

#[test]
fn the_clock_counts_plies_since_a_capture_or_a_move_of_a_rule() {
    let g = stones(&format!(
        "move push {{ along forward onto empty }}\nmove slide {{ along e, w onto empty }}\nmove hit {{ along e, w onto enemy }}\n{CLOCK}"
    ));
    let s = position(&g, "4s/5/5/5/S4 White clock=4");
    let s = play_move(&g, &s, "a1-b1");
    assert_eq!(position_text(&g, &s), "4s/5/5/5/1S3 Black clock=5");
    // A push resets it (and a capture, below); a slide is the sixth ply: a draw.
    assert_eq!(
        position_text(&g, &play_move(&g, &s, "e5-e4")),
        "5/4s/5/5/1S3 White"
    );
    let s = play_move(&g, &s, "e5-d5");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Draw, "Black: draw when clock >= 6".to_string()))
    );
    let g2 = stones(&format!(
        "move push {{ along forward onto empty }}\nmove hit {{ along e, w onto enemy }}\n{CLOCK}"
    ));
    let s = play_move(&g2, &position(&g2, "5/5/5/5/Ss3 White clock=5"), "a1xb1");
    assert_eq!(position_text(&g2, &s), "5/5/5/5/1S3 Black");
}

/// A move whose second part is made by a rule the clock resets on resets it too (as a
/// move of that rule would), and the first part's rule alone does not.
#[test]
fn a_move_whose_second_part_resets_the_clock_resets_it() {
    let g = stones(
        "move walk { along n onto empty then sidestep }\n\
         move sidestep { along e, w onto empty }\n\
         move slide { along e, w onto empty }\n\
         clock resets on sidestep",
    );
    let s = position(&g, "4s/5/5/5/S4 White clock=3");
    assert_eq!(
        position_text(&g, &play_move(&g, &s, "a1-a2/b2")),
        "4s/5/5/1S3/5 Black"
    );
    assert_eq!(
        position_text(&g, &play_move(&g, &s, "a1-b1")),
        "4s/5/5/5/1S3 Black clock=4"
    );
}

/// Where every end rule reads a clock, passes or repetitions reaching a number, or a side
/// left without pieces, the game keeps a watch on them that the generator reads before the
/// rules (`EndWatch`): the least values at which a rule may hold (`>` one more than its
/// number) and the owners whose pieces, all gone, end it. A rule of another shape leaves
/// the game without one. Read through the watch, the game ends exactly where the rules
/// say: not a ply before the clock's number, and on it.
#[test]
fn end_rules_of_counts_are_watched_and_end_the_game_where_they_say() {
    use tabula::ir::EndWatch;
    let watch = |end: &str| {
        stones(&format!(
            "zone far = row == 4\nmove slide {{ along e, w onto empty }}\nclock resets on capture\nend {{\n{end}\n}}"
        ))
        .end_watch
    };
    let none = u32::MAX;
    assert_eq!(
        watch("  draw when clock > 5\n  draw when repeated >= 3\n  lose when count(friend) == 0"),
        Some(EndWatch {
            clock: 6,
            passes: none,
            repeated: 3,
            emptied: [1, 2, 0, 0],
        })
    );
    assert_eq!(
        watch("  draw when clock >= 9\n  win when count(enemy) == 0\n  draw when passes == 2"),
        Some(EndWatch {
            clock: 9,
            passes: 2,
            repeated: none,
            emptied: [2, 1, 0, 0],
        })
    );
    // Pieces in a zone, a clock that holds below a number, and two sets of owners
    // watched for one player are read rule by rule.
    assert_eq!(watch("  win when count(friend in far) > 0"), None);
    assert_eq!(watch("  draw when clock < 5"), None);
    assert_eq!(
        watch("  lose when count(friend) == 0\n  win when count(enemy) == 0"),
        None
    );

    let g = stones(
        "move slide { along e, w onto empty }\nclock resets on capture\nend {\n  draw when clock > 5\n}",
    );
    let s = position(&g, "4s/5/5/5/S4 White clock=4");
    let s = play_move(&g, &s, "a1-b1");
    assert_eq!(ending(&g, &s), None, "clock 5 is not past 5");
    let s = play_move(&g, &s, "e5-d5");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Draw, "Black: draw when clock > 5".to_string()))
    );
    let g = stones("move hit { along e, w onto enemy }\nend {\n  lose when count(friend) == 0\n}");
    let s = play_move(&g, &position(&g, "5/5/5/5/Ss3 White"), "a1xb1");
    assert_eq!(
        ending(&g, &s),
        Some((
            Outcome::Win(0),
            "Black: lose when count(friend) == 0".to_string()
        ))
    );
}

const REPETITION: &str = "end {
  draw when repeated >= 3
}";

/// `repeated` counts the earlier positions of the line kept that equal this one, however
/// the line is cut back and played on (as a search does): random lines of a game whose
/// positions repeat often, cut back at random, against a count of equal positions kept
/// beside them. (The history looks among its keys only where a filter of their hashes says
/// the position may have stood before.)
#[test]
fn repetitions_are_counted_through_a_line_cut_back_and_played_on() {
    use tabula::engine::{History, Position};
    let g = stones("move slide { along e, w onto empty }\nend {\n  draw when repeated >= 200\n}");
    let mut rng = tabula::rng::Rng::new(9);
    let (mut repeats, mut cuts) = (0, 0);
    // One history for every line, started again: it keeps the words of the lines before,
    // which must count for nothing.
    let mut history = History::new_at(&g, &mut position(&g, "4s/5/5/5/S4 White"));
    for _ in 0..20 {
        let mut s = position(&g, "4s/5/5/5/S4 White");
        history.start_at(&g, &mut s);
        let mut line: Vec<Position> = vec![s];
        for _ in 0..400 {
            if rng.below(10) == 0 && line.len() > 1 {
                // Back to a position of the line, as a search goes back.
                let keep = 1 + rng.below(line.len());
                history.truncate(keep);
                line.truncate(keep);
                s = *line.last().expect("the first position stays");
                cuts += 1;
            }
            let legal = legal_moves(&g, &s);
            make(&g, &mut s, legal[rng.below(legal.len())]);
            history.record_at(&g, &mut s);
            let same = line
                .iter()
                .filter(|p| p.position_key() == s.position_key())
                .count();
            assert_eq!(s.repeated as usize, same + 1);
            repeats += (same > 0) as usize;
            line.push(s);
        }
    }
    assert!(repeats > 1000 && cuts > 100, "{repeats} {cuts}");
}

#[test]
fn a_position_that_stands_for_the_third_time_draws() {
    let g = stones(&format!(
        "move slide {{ along e, w onto empty }}\n{REPETITION}"
    ));
    // Both players go back and forth twice: the start stands for the third time.
    let s = play_line(
        &g,
        position(&g, "4s/5/5/5/S4 White"),
        &[
            "a1-b1", "e5-d5", "b1-a1", "d5-e5", "a1-b1", "e5-d5", "b1-a1", "d5-e5",
        ],
    );
    assert_eq!(s.repeated, 3);
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Draw, "Black: draw when repeated >= 3".to_string()))
    );
}

const PASSES: &str = "no move: pass
end {
  draw when passes >= 1
}";

#[test]
fn passes_counts_the_passes_in_a_row() {
    let g = stones(&format!(
        "move step {{ along forward onto empty }}\n{PASSES}"
    ));
    // White is blocked and passes; the game then ends in a draw.
    let s = play_move(&g, &position(&g, "5/5/5/s4/S3s White"), "pass");
    assert_eq!(position_text(&g, &s), "5/5/5/s4/S3s Black passes=1");
    assert_eq!(outcome(&g, &s), Some(Outcome::Draw));
}

const REFUSED: &str =
    "after move require count(friend in home) == 0 else \"it leaves a piece at home\"";
const SAY: &str = "say \"in danger\" when count(enemy in home) > 0";

/// The words a game gives its session: a refusal in the game's terms (`else`), words said
/// after a move while a condition holds (`say`), and the name of the end a no-move case
/// gives.
#[test]
fn the_session_says_the_words_the_game_gives() {
    let dir = crate::common::temp_folder("words");
    let file = dir.join("words.game");
    std::fs::write(
        &file,
        format!(
            "game \"Words\"\nboard 5 x 5\nplayers White, Black\npieces stone\nzone home = row == 0\n\
             move drop {{ place stone  onto empty }}\n{REFUSED}\n{SAY}\n\
             no move: lose when count(friend) > 3 \"swamped\", draw \"blocked\"\n"
        ),
    )
    .unwrap();
    let session = |position: &str, typed: &str| {
        let mut args = vec!["play", file.to_str().unwrap()];
        if !position.is_empty() {
            args.extend(["--position", position]);
        }
        let out = crate::common::tabula_command()
            .args(&args)
            .write_stdin(typed)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = session("", "a1\na2\nb5\na1\n");
    assert!(
        text.contains("White> a1\na1 is not allowed: it leaves a piece at home\n"),
        "{text}"
    );
    assert!(
        text.contains("Black> b5\nb5 is not allowed: it leaves a piece at home\n"),
        "{text}"
    );
    // Black's stone on White's home row: White is told before its turn.
    assert!(
        text.contains("Black plays a1.\n") && text.ends_with("In danger.\nWhite to move.\n"),
        "{text}"
    );
    let text = session("ssss1/SSSSS/SSSSS/SSSSS/SSSSS Black", "");
    assert!(
        text.contains("Game over: White wins. Swamped (Black has no legal move).\n"),
        "{text}"
    );
    let text = session("SSSS1/SSSSS/SSSSS/SSSSS/SSSSS Black", "");
    assert!(
        text.contains("Game over: draw. Blocked (Black has no legal move).\n"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

const COUNTERS: &str = "counter trophies          # one for each player, from 0
counter moves shared      # one for the game";
const ADD: &str = "move capture {
  along forward_left, forward_right
  onto enemy
  add taken to trophies
  add 1 to moves
}";
const COUNTER_END: &str = "end {
  win when trophies >= 3
  win when count(friend in far) > 0
  draw when moves >= 100
}";

/// Counters as Trophies has them: each player's trophies, the game's moves, changed by a
/// move's `add` and read by the end rules; shown under the board and written in the text.
#[test]
fn counters_count_what_moves_add_and_the_end_rules_read_them() {
    let g = crate::common::game("trophies", "");
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/trophies.game"),
    )
    .unwrap();
    for part in [COUNTERS, ADD, COUNTER_END] {
        assert!(source.contains(part), "games/trophies.game lacks:\n{part}");
    }
    let start = Position::start(&g);
    assert_eq!(
        position_text(&g, &start),
        "mmmmmm/mmmmmm/6/6/MMMMMM/MMMMMM White trophies=0,0 moves=0"
    );
    assert!(tabula::present::board_text(&g, &start)
        .contains("  trophies: White 0, Black 0\n  moves: 0\n"));
    // A step adds to the moves only; a capture adds what it took to the mover's trophies.
    let line = ["b2-b3", "c5-c4", "b3xc4"];
    let s = play_line(&g, start, &line);
    assert_eq!(
        position_text(&g, &s),
        "mmmmmm/mm1mmm/2M3/6/M1MMMM/MMMMMM Black trophies=1,0 moves=3"
    );
    // The third trophy wins, for the player who takes it.
    let text = "6/2m3/1M4/6/6/6 White trophies=2,1 moves=40";
    assert_eq!(
        after(&g, text, "b4xc5"),
        "6/2M3/6/6/6/6 Black trophies=3,1 moves=41"
    );
    let s = position(&g, "6/2M3/6/6/6/6 Black trophies=3,1 moves=41");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Win(0), "White: win when trophies >= 3".to_string()))
    );
    // Two trophies are not enough: the game goes on.
    assert_eq!(
        outcome(
            &g,
            &position(&g, "6/2M3/6/6/m5/6 Black trophies=2,1 moves=41")
        ),
        None
    );
    // The hundredth move draws, whoever makes it.
    let s = play_move(
        &g,
        &position(&g, "6/m5/6/6/5M/6 White trophies=0,0 moves=99"),
        "f2-f3",
    );
    assert_eq!(outcome(&g, &s), Some(Outcome::Draw));
    // A text without the counters starts them where the game does.
    assert_eq!(position(&g, "6/m5/6/6/5M/6 White").counters, start.counters);
}

/// `NAME(PLAYER)` reads a player's counter whoever reads it; `= N` sets the start; `when`
/// limits a change; an amount may be negative, and a counter stops at its ends.
#[test]
fn counters_start_where_declared_and_change_where_their_condition_holds() {
    let g = stones(
        "counter lives = 3
counter points = 32766
move drop {
  place stone
  onto empty
  add -1 to lives when row(to) == 0
  add 1 to points
}
end {
  lose when lives == 0
  win when lives > lives(Black) and points(White) == 32767
}",
    );
    let s = Position::start(&g);
    assert_eq!(
        position_text(&g, &s),
        "5/5/5/5/5 White lives=3,3 points=32766,32766"
    );
    let s = play_line(&g, s, &["c3", "a5"]);
    assert_eq!(
        position_text(&g, &s),
        "s4/5/2S2/5/5 White lives=3,2 points=32767,32767"
    );
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)));
    // At 32767 a counter stays there.
    let s = play_move(
        &g,
        &position(&g, "5/5/5/5/5 White lives=3,3 points=32767,0"),
        "b3",
    );
    assert_eq!(
        position_text(&g, &s),
        "5/5/1S3/5/5 Black lives=3,3 points=32767,0"
    );
    // Black's lives run out on its own home row.
    let s = position(&g, "5/5/5/5/5 Black lives=3,1");
    let s = play_move(&g, &s, "a5");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)));
    // A text with the wrong number of values is refused in words.
    assert_eq!(
        crate::common::parse_position(&g, "5/5/5/5/5 White lives=3").unwrap_err(),
        "`lives=` gives 1 values, but the counter has 2 (one for each player)"
    );
}

const END_WORDS: &str = "end {
  lose when count(friend) + count(friend man in hand) <= 2 \"{player} is down to two men\"
}";

/// An end rule's own words, `{player}` the player it holds for, said in place of the rule.
#[test]
fn an_end_rule_says_its_own_words() {
    let dir = crate::common::temp_folder("end_words");
    let file = dir.join("men.game");
    std::fs::write(
        &file,
        format!(
            "game \"Men\"\nboard 3 x 3\nplayers White, Black\npieces man\n\
             setup {{\n  White 2 man in hand\n  Black 3 man in hand\n}}\n\
             move drop {{ place man onto empty }}\n{END_WORDS}\n"
        ),
    )
    .unwrap();
    let out = crate::common::tabula_command()
        .args(["play", file.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Game over: Black wins. White is down to two men.\n"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every example above is in docs/LANGUAGE.md word for word.
#[test]
fn the_language_reference_shows_each_example() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    for example in [
        DROP,
        HAND,
        AROUND,
        STEP_TO,
        REVERSAL,
        CONVERSION,
        CHANGE,
        CUSTODIAN,
        APPROACH,
        WITHDRAWAL,
        CONDITIONAL,
        REQUIRE,
        TWO_PARTS,
        MOVE_THEN_MOVE,
        LINE,
        CONNECTED,
        FAR_ROW,
        BEFORE_TURN,
        SCORE,
        CLOCK,
        REPETITION,
        PASSES,
        REFUSED,
        SAY,
        COUNTERS,
        ADD,
        COUNTER_END,
        END_WORDS,
    ] {
        assert!(doc.contains(example), "docs/LANGUAGE.md lacks:\n{example}");
    }
}

/// An end rule that counts a player's pieces (read without the rest of the position, for
/// speed) decides as any other condition does: `friend` and `enemy`, each comparison, and
/// for the player who moved last as well as for the one to move.
#[test]
fn end_rules_on_a_count_of_pieces_decide_for_each_player() {
    use tabula::engine::Outcome;
    let slide = "move slide {\n  along n, e, s, w\n  onto empty\n}";
    let cases = [
        // (end rule, position, outcome)
        (
            "lose when count(friend) == 0",
            "5/5/5/5/S4 Black",
            Some(Outcome::Win(0)),
        ),
        ("lose when count(friend) == 0", "5/5/5/5/Ss3 Black", None),
        (
            "win when count(enemy) < 2",
            "5/5/5/5/SSs2 White",
            Some(Outcome::Win(0)),
        ),
        // The player who moved last (Black) is counted first: White has one piece.
        (
            "win when count(enemy) < 2",
            "5/5/5/5/Sss2 White",
            Some(Outcome::Win(1)),
        ),
        (
            "win when count(enemy) >= 3",
            "5/5/5/5/SSSs1 White",
            Some(Outcome::Win(1)),
        ),
        ("win when count(enemy) >= 3", "5/5/5/5/SSss1 White", None),
        (
            "draw when count(friend) != 1",
            "5/5/5/5/SSs2 White",
            Some(Outcome::Draw),
        ),
        ("draw when count(friend) > 4", "5/5/5/5/SSs2 White", None),
        (
            "draw when count(friend) <= 1",
            "5/5/5/5/SSs2 Black",
            Some(Outcome::Draw),
        ),
    ];
    for (rule, text, expected) in cases {
        let g = stones(&format!("{slide}\nend {{\n  {rule}\n}}"));
        let s = position(&g, text);
        assert_eq!(outcome(&g, &s), expected, "{rule} at {text}");
    }
}

const ONTO_TYPES: &str = "move capture {
  along orthogonal
  onto enemy king, rook
}";

/// A pattern that ends a clause names several piece types: `onto enemy king, rook` takes a
/// king or a rook, never a pawn.
#[test]
fn a_clause_pattern_names_several_piece_types() {
    let g = crate::common::compile(&format!(
        "game \"Multi\"
board 4 x 1
players White, Black
pieces king, rook, pawn
{ONTO_TYPES}
move bump {{
  along e
  onto empty
}}
"
    ));
    let moves = |text: &str| crate::common::moves(&g, &crate::common::position(&g, text));
    assert_eq!(moves("Kr2 White"), ["a1xb1"]);
    assert_eq!(moves("Kk2 White"), ["a1xb1"]);
    assert_eq!(moves("Kp2 White"), Vec::<String>::new());
    assert_eq!(moves("KR2 White"), ["b1-c1"]);
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    assert!(
        doc.contains(ONTO_TYPES),
        "docs/LANGUAGE.md lacks:\n{ONTO_TYPES}"
    );
}

/// A move is read for promotion choices only where a piece that chooses stands on a
/// square from which the choosing rules' walks reach its zone (`Game::choice_origins`),
/// as far as their runs go: a lance sliding the whole board still chooses, and a piece
/// whose moves are not one walk (a chain) keeps every move read.
#[test]
fn a_piece_far_from_its_zone_chooses_when_a_run_takes_it_there() {
    let source = |moves: &str| {
        format!(
            "game \"Lances\"
board 2 x 6
players White, Black
pieces lance, tokin as t
zone far = row == 5
promote lance to lance, tokin in far
setup {{
  White lance on a1
  Black lance on b6
}}
{moves}
"
        )
    };
    let slide = "move slide { along forward  over 0+ empty  onto empty }";
    let g = crate::common::compile(&source(slide));
    assert_eq!(g.choice_origins.len(), 2);
    assert!(g.choice_origins[0].contains(0), "a1 reaches the far row");
    let start = tabula::engine::Position::start(&g);
    let moves = crate::common::moves(&g, &start);
    assert_eq!(
        moves,
        ["a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6=L", "a1-a6=T"]
    );
    let chain = "move hop { along forward  onto empty  chain may }";
    let g = crate::common::compile(&source(chain));
    assert!(g.choice_origins.is_empty());
}

const OPTIONAL_PROMOTION: &str = "promote pawn to pawn, tokin in far";

/// A piece's own type among the choices makes promotion optional; `require` and `after
/// move require` read each choice as made, whichever type is named first.
#[test]
fn promotion_is_optional_when_the_piece_may_stay_what_it_is() {
    let source = |promote: &str, require: &str| {
        format!(
            "game \"Optional\"
board 3 x 3
players White, Black
pieces pawn, tokin as t
zone far = row == 2
{promote}
setup {{
  White pawn on a2
  Black pawn on c2
}}
move step {{
  along forward
  onto empty
}}
{require}
"
        )
    };
    let moves = |src: String| {
        let g = crate::common::compile(&src);
        crate::common::moves(&g, &tabula::engine::Position::start(&g))
    };
    assert_eq!(
        moves(source(OPTIONAL_PROMOTION, "")),
        ["a2-a3=P", "a2-a3=T"]
    );
    let stay_out = "after move require count(friend pawn in far) == 0";
    assert_eq!(moves(source(OPTIONAL_PROMOTION, stay_out)), ["a2-a3=T"]);
    let reversed = "promote pawn to tokin, pawn in far";
    assert_eq!(moves(source(reversed, stay_out)), ["a2-a3=T"]);
    // The rule's own `require`, both ways round.
    for promote in [OPTIONAL_PROMOTION, reversed] {
        let own = source(promote, "").replace(
            "  onto empty\n}",
            "  onto empty\n  require count(friend pawn in far) == 0\n}",
        );
        assert!(own.contains("require"));
        assert_eq!(moves(own), ["a2-a3=T"]);
    }
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    assert!(
        doc.contains(OPTIONAL_PROMOTION),
        "docs/LANGUAGE.md lacks:\n{OPTIONAL_PROMOTION}"
    );
}

const STEP_IN_PLAY: &str = "define ahead(sq, k) = sq + (0, k)
move run {
  along n
  over 0+ empty
  onto empty
  if to == ahead(from, count(friend))
}";

/// A step whose ranks are read during play: a man runs as many squares as its player has
/// pieces, no further and no shorter; a step off the board is no square.
#[test]
fn a_step_may_be_read_during_play() {
    let g = stones(&format!(
        "setup {{\n  White stone on a1, b1\n  Black stone on e5\n}}\n{}",
        STEP_IN_PLAY.replace("man", "stone")
    ));
    assert_eq!(moves(&g, &Position::start(&g)), ["a1-a3", "b1-b3"]);
    // Three friends: three squares; from b3, three squares would be b6, off the board.
    let s = position(&g, "5/1S3/5/5/S1S2 White");
    assert_eq!(moves(&g, &s), ["a1-a4", "c1-c4"]);
    // Backwards, `-` negates both parts.
    let g = stones(
        "setup {\n  White stone on a5\n}\nmove back {\n  along s\n  over 0+ empty\n  onto empty\n  if to == from - (0, count(friend) + 1)\n}",
    );
    assert_eq!(moves(&g, &Position::start(&g)), ["a5-a3"]);
    crate::common::assert_documented(&[STEP_IN_PLAY]);
}

const HUNT_RULES: &str = "move step {
  along all
  onto empty
  if player == Fox or row(to) > row(from)
}
move take { piece fox  along all  onto enemy }
end {
  win when player == Geese and count(friend in far) > 0
  win when player == Fox and count(enemy) < 2
}";

/// `player`, the player an expression is read for, compared with a player's name: the
/// geese only go forward, the fox any way; each side wins its own way.
#[test]
fn rules_and_end_rules_may_name_the_player_they_are_read_for() {
    let g = compile(&format!(
        "game \"Hunt\"\nboard 3 x 3\nplayers Geese, Fox\npieces goose, fox\nzone far = row == 2\nsetup {{\n  Geese goose on a1, c1\n  Fox fox on b3\n}}\n{HUNT_RULES}\n"
    ));
    let start = Position::start(&g);
    assert_eq!(moves(&g, &start), ["a1-a2", "a1-b2", "c1-b2", "c1-c2"]);
    let s = play_move(&g, &start, "a1-a2");
    assert_eq!(moves(&g, &s), ["b3-a3", "b3-b2", "b3-c2", "b3-c3", "b3xa2"]);
    let fox_takes = play_move(&g, &s, "b3xa2");
    assert_eq!(outcome(&g, &fox_takes), Some(Outcome::Win(1)));
    let s = position(&g, "f2/G2/2G Geese");
    assert_eq!(
        outcome(&g, &play_move(&g, &s, "a2-b3")),
        Some(Outcome::Win(0))
    );
    // A name that is no player's is still an unknown name; a player is not a number.
    let problems = |end: &str| {
        match tabula::compile::compile_source(
        &format!("game \"T\"\nboard 3 x 3\nplayers Geese, Fox\npieces goose\nsetup {{ Geese goose on a1 }}\nmove step {{ along n onto empty }}\nend {{ {end} }}\n"),
        &tabula::compile::Choices::default(),
    ) {
        Ok(_) => Vec::new(),
        Err(tabula::compile::Failure::Problems(ps)) => ps.iter().map(|p| p.message.clone()).collect(),
        Err(tabula::compile::Failure::Choice(m)) => panic!("{m}"),
    }
    };
    assert_eq!(
        problems("win when player == Wolf"),
        ["there is no name called `Wolf`"]
    );
    assert_eq!(
        problems("win when player > 0"),
        ["`>` needs numbers, found a player"]
    );
    crate::common::assert_documented(&[HUNT_RULES]);
}

const AGAIN: &str = "move take {
  along forward_left, forward_right
  onto enemy
  again when row(to) < 2
}";

/// `again when COND`: another turn for the same player where the condition holds after
/// the move. Perft of a small game against tests/models/again.py, a model written from its
/// rules alone (`python3 tests/models/again.py 9`: 10 100 814 6324 46428 304016 1931438
/// 9944354 48736578; this engine agrees to depth 9, the test stops at 7 for time).
#[test]
fn again_gives_the_same_player_another_turn() {
    let source = format!(
        "game \"Again\"\nboard 4 x 4\nplayers White, Black\npieces man\nzone far = row == 3\nsetup {{ man where row == 0 }}\nmove step {{ along forward, forward_left, forward_right  onto empty }}\n{AGAIN}\nend {{ win when count(friend in far) > 0 }}\nno move: lose\n"
    );
    let g = compile(&source);
    let counts = perft_table(&g, 7);
    assert_eq!(counts, [10, 100, 814, 6324, 46428, 304016, 1931438]);
    // White takes on b2, its own half: White moves again. On c3, Black's half: Black moves.
    assert_eq!(after(&g, "4/4/1m2/M3 White", "a1xb2"), "4/4/1M2/4 White");
    assert_eq!(after(&g, "4/2m1/1M2/4 White", "b2xc3"), "4/2M1/4/4 Black");
    // `again` alone: always; in a game of dice: refused.
    let always = compile(&source.replace("  again when row(to) < 2", "  again"));
    assert_eq!(
        after(&always, "4/2m1/1M2/4 White", "b2xc3"),
        "4/2M1/4/4 White"
    );
    let dice = source.replace("pieces man\n", "pieces man\ndice 1 faces 1..2\n");
    match tabula::compile::compile_source(&dice, &tabula::compile::Choices::default()) {
        Err(tabula::compile::Failure::Problems(ps)) => assert!(ps
            .iter()
            .any(|p| p.message == "in a game of dice, the dice say who moves next")),
        _ => panic!("`again` in a game of dice is refused"),
    }
    crate::common::assert_documented(&[AGAIN]);
}

const PROMOTE_LEAVING: &str = "promote pawn to pawn, tokin in or from far";

/// `promote … in or from ZONE`: a step that starts in the zone promotes too (Shogi's
/// promotion on leaving the zone); `in ZONE` alone reads the landing only.
#[test]
fn a_promotion_may_be_read_where_a_step_starts() {
    let source = |promote: &str| {
        format!(
            "game \"T\"\nboard 3 x 4\nplayers White, Black\npieces pawn as P, tokin as T\nzone far = row >= 2\nsetup {{\n  White pawn on a3\n  Black pawn on c4\n}}\nmove step {{ along n, s  onto empty }}\n{promote}\n"
        )
    };
    let from_a3 = |promote: &str| -> Vec<String> {
        let g = compile(&source(promote));
        moves(&g, &Position::start(&g))
            .into_iter()
            .filter(|m| m.starts_with("a3"))
            .collect()
    };
    assert_eq!(
        from_a3(PROMOTE_LEAVING),
        ["a3-a2=P", "a3-a2=T", "a3-a4=P", "a3-a4=T"]
    );
    assert_eq!(
        from_a3("promote pawn to pawn, tokin in far"),
        ["a3-a2", "a3-a4=P", "a3-a4=T"]
    );
    // Forced: leaving the zone makes a tokin.
    let g = compile(&source("promote pawn to tokin in or from far"));
    assert_eq!(after(&g, "2p/P2/3/3 White", "a3-a2"), "2p/3/T2/3 Black");
    crate::common::assert_documented(&[PROMOTE_LEAVING]);
}

const TAKE_ITSELF: &str = "move run {
  along forward
  onto empty
  take { at to onto friend when far(to) }
}";

const CHANGE_ITSELF: &str = "move crown_self {
  along forward
  onto empty
  change { at to onto friend man into king when far(to) }
}";

/// An effect `at to` with no `along` reaches the moving piece itself: it may take it off
/// the board (a move that removes its own piece) or change it where it stands.
#[test]
fn an_effect_may_reach_the_moving_piece_itself() {
    let head = "game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man, king\nzone far = row == 2\nsetup { White man on a1, b2 }\n";
    let g = compile(&format!("{head}{TAKE_ITSELF}\n"));
    // b2-b3 lands on the far row and leaves the board; a1-a2 stays.
    assert_eq!(after(&g, "3/1M1/M2 White", "b2-b3"), "3/3/M2 Black");
    assert_eq!(after(&g, "3/1M1/M2 White", "a1-a2"), "3/MM1/3 Black");
    let g = compile(&format!("{head}{CHANGE_ITSELF}\n"));
    assert_eq!(after(&g, "3/1M1/M2 White", "b2-b3"), "1K1/3/M2 Black");
    // Without `at`, an effect still needs its directions.
    let refused = tabula::compile::compile_source(
        &format!("{head}move m {{ along forward onto empty take {{ onto friend }} }}\n"),
        &tabula::compile::Choices::default(),
    );
    assert!(matches!(
        refused,
        Err(tabula::compile::Failure::Problems(_))
    ));
    crate::common::assert_documented(&[TAKE_ITSELF, CHANGE_ITSELF]);
}

const STUCK: &str = "move step {
  along orthogonal
  onto empty
  require not stuck else \"it would leave the other player no move\"
}";

/// `stuck`: whether the player who moves next has no legal move, after the move. Perft of
/// a small game against tests/models/blockade.py, a model written from its rules alone
/// (`python3 tests/models/blockade.py 12`: 3 6 24 96 266 636 2274 8054 22932 58382 201668
/// 689930; with blocking allowed, depths 5, 6, 9 and 10 give 272, 644, 23260 and 59106;
/// this engine agrees to depth 12, the test stops at 10), the same written as `after move
/// require`, the words of a refusal, and the places where `stuck` means nothing.
#[test]
fn stuck_says_the_next_player_has_no_move() {
    let head = "game \"Blockade\"\nboard 3 x 3\nplayers White, Black\npieces man\nsetup { man where row == 0 }\n";
    let source = format!("{head}{STUCK}\nno move: lose\n");
    let perft = |g: &tabula::ir::Game| perft_table(g, 10);
    let table = [3, 6, 24, 96, 266, 636, 2274, 8054, 22932, 58382];
    let g = compile(&source);
    assert_eq!(perft(&g), table);
    let after_move = format!(
        "{head}move step {{ along orthogonal  onto empty }}\nafter move require not stuck\nno move: lose\n"
    );
    assert_eq!(perft(&compile(&after_move)), table);
    // Blocking allowed: more moves at depth 5.
    let blocking = compile(&format!(
        "{head}move step {{ along orthogonal  onto empty }}\nno move: lose\n"
    ));
    assert_eq!(perft(&blocking)[4], 272);
    // White's c3-b3 would shut Black's man on a3 in.
    let text = "m1M/M2/3 White";
    assert_eq!(moves(&g, &position(&g, text)), ["a2-a1", "a2-b2", "c3-c2"]);
    let dir = crate::common::temp_folder("stuck");
    let file = dir.join("blockade.game");
    std::fs::write(&file, &source).unwrap();
    let out = crate::common::play(&[file.to_str().unwrap(), "--position", text], "c3-b3\n");
    assert!(
        out.contains(
            "White> c3-b3\nc3-b3 is not allowed: it would leave the other player no move\n"
        ),
        "{out}"
    );
    // `stuck` is read after a move: not in an `if`, nor in an end rule (see the snapshot
    // tests/diagnostics/stuck_out_of_scope.snap).
    for misplaced in [
        "move step { along orthogonal  onto empty  if not stuck }",
        "move step { along orthogonal  onto empty }\nend { win when stuck }",
    ] {
        let refused = tabula::compile::compile_source(
            &format!("{head}{misplaced}\n"),
            &tabula::compile::Choices::default(),
        );
        assert!(matches!(
            refused,
            Err(tabula::compile::Failure::Problems(_))
        ));
    }
    crate::common::assert_documented(&[STUCK]);
}

const HOP: &str = "move hop {
  along all
  over 1 occupied
  onto empty
  chain may
}";

/// A chain of hops: steps that take nothing, never landing twice on a square. Perft of a
/// small game against tests/models/hops.py, a model written from its rules alone (`python3
/// tests/models/hops.py 6`: 13 169 3380 70448 1704370 43342572; this engine agrees to depth
/// 6, the test stops at 4), lines of hops from a hand-made position, and the bound.
#[test]
fn a_chain_of_hops_never_lands_twice_on_a_square() {
    let head = "game \"Hops\"\nplayers White, Black\npieces man\nzone far = row == 4\nsetup { man where row == 0 }\nmove step { along all  onto empty }\n";
    let tail = "end { win when count(friend in far) == 5 }\nno move: lose\n";
    let g = compile(&format!("{head}board 5 x 5\n{HOP}\n{tail}"));
    let counts = perft_table(&g, 4);
    assert_eq!(counts, [13, 169, 3380, 70448]);
    // White's man on a1 hops over b2 to c3 or over b1 to c1, and on from there, but never
    // back to a1 (over b2 from c3, over b1 from c1) nor to a square it has left.
    let text = "5/3m1/5/1Mm2/MM3 White";
    let mut hops: Vec<String> = moves(&g, &position(&g, text))
        .into_iter()
        .filter(|m| m.starts_with("a1") && m != "a1-a2")
        .collect();
    hops.sort();
    assert_eq!(
        hops,
        [
            "a1-c1",
            "a1-c1-a3",
            "a1-c1-c3",
            "a1-c1-c3-e5",
            "a1-c3",
            "a1-c3-c1",
            "a1-c3-c1-a3",
            "a1-c3-e5"
        ]
    );
    // On 10 x 10 a man lands on at most 25 squares of one colour of files and ranks alike
    // (24 hops); on 11 x 11, 36: too many for a move.
    let on = |n: usize| {
        tabula::compile::compile_source(
            &format!("{head}board {n} x {n}\n{HOP}\n"),
            &tabula::compile::Choices::default(),
        )
    };
    assert!(on(10).is_ok());
    match on(11) {
        Err(tabula::compile::Failure::Problems(p)) => {
            assert!(
                p.iter().any(|p| p.message.contains("up to 35 steps")),
                "{p:?}"
            )
        }
        _ => panic!("an 11 x 11 chain of hops is refused"),
    }
    crate::common::assert_documented(&[HOP]);
}

/// A chain whose steps pass over one square walks on from each landing by its rule's
/// table of jumps (`MoveRule::jumps`) where it can be followed on the occupied sets alone;
/// a rule that reads the position walks each direction on a copy of the state. In random
/// games of Jerboa (jumps in eight directions, under `after move require`), draughts
/// (men's and kings' jumps) and Laska (columns, whose commanders a jump takes, leaving the
/// rest standing), both find the same moves in the same order, in every position.
#[test]
fn a_chain_by_its_table_of_jumps_finds_what_the_walk_finds() {
    use tabula::ir::RuleId;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for (name, rule) in [
        ("jerboa", "move jump {"),
        ("draughts", "move king_jump {"),
        ("laska", "move jump {"),
        ("laska", "move officer_jump {"),
    ] {
        let source = std::fs::read_to_string(root.join(format!("{name}.game"))).unwrap();
        // True wherever a piece moves, but read from the position: no table.
        let condition = format!("{rule}\n  if count(friend) + count(enemy) > 0");
        let light = compile(&source);
        let heavy = compile(&source.replace(rule, &condition));
        let id = light
            .rules
            .iter()
            .position(|r| format!("move {} {{", r.name) == rule);
        let id = RuleId(id.unwrap() as u16);
        assert!(
            light.rules[id.index()].light_chain != 0 && !light.rules[id.index()].jumps.is_empty()
        );
        assert_eq!(heavy.rules[id.index()].light_chain, 0);
        let mut rng = tabula::rng::Rng::new(7);
        // Chains found where some column of two pieces or more stands.
        let (mut positions, mut chained, mut by_columns) = (0, 0, 0);
        for _ in 0..200 {
            let mut s = Position::start(&light);
            for _ in 0..200 {
                let found = legal_moves(&light, &s);
                assert_eq!(
                    found,
                    legal_moves(&heavy, &s),
                    "{name}: {}",
                    position_text(&light, &s)
                );
                positions += 1;
                let chains = found
                    .iter()
                    .filter(|m| m.rule == id && m.steps().len() > 1)
                    .count();
                chained += chains;
                if position_text(&light, &s).contains('[') {
                    by_columns += chains;
                }
                if found.is_empty() || outcome(&light, &s).is_some() {
                    break;
                }
                make(&light, &mut s, found[rng.below(found.len())]);
            }
        }
        assert!(
            positions > 5000 && chained > 50,
            "{name}: {positions} positions, {chained} chains"
        );
        if name == "laska" {
            assert!(by_columns > 50, "{name}: {by_columns} chains among columns");
        }
    }
}

/// A chain followed on the occupied sets that takes only the commanders of the columns it
/// passes over (`capture over under`) reads what is left on each square from the column as
/// the chain began: a column left standing is not landed on, and a square emptied is.
/// White leaps from a4 over a3 and a2 to a1, then over b1 to c1 and over c2 to c3. Where
/// a3 held one Black man, the chain goes on over b3 back to a3; where it held a column of
/// two, one is left standing there, and the chain ends on c3.
#[test]
fn a_light_chain_reads_the_columns_it_takes_commanders_from() {
    let source = |condition: &str| {
        format!(
            "game \"T\"\nboard 4 x 4\nplayers White, Black\npieces man\nstacks\n\
             move leap {{\n  along orthogonal\n  over 1+ enemy\n  onto empty\n  \
             capture over under\n  chain must\n  {condition}\n}}\n"
        )
    };
    let light = compile(&source(""));
    assert_eq!(light.rules[0].light_chain, 0b11);
    // True wherever a piece moves, but read from the position.
    let heavy = compile(&source("if count(friend) > 0"));
    assert_eq!(heavy.rules[0].light_chain, 0);
    for (a3, chain) in [("m", "a4xa1xc1xc3xa3"), ("[mm]", "a4xa1xc1xc3")] {
        let text = format!("M3/{a3}m2/m1m1/1m2 White");
        assert_eq!(moves(&light, &position(&light, &text)), [chain], "{text}");
        assert_eq!(moves(&heavy, &position(&heavy, &text)), [chain], "{text}");
    }
}

/// Where every `after move require` condition is `not attacked(PATTERN)`, an attack is
/// found through tables (`ir::AttackLines`): a capture of one step is a look-up of the
/// squares one step back, and a run over empty squares finds the first piece on its line
/// as the line's lowest or highest square, for all the rule's lines at once where every
/// one of them is such a run (`AttackHow::Open`). A move of one step is then kept or
/// made by two sets read once a position (`AttackReads::one_step_sets`: where a piece
/// leaving or arriving may change an attack on the king; for the one king, found from its
/// lines at once, `eval::attack::royal_sets`). A capturing rule with a
/// condition of its own (always true here) turns all this off, and every move is made and
/// its attacks walked square by square. In random games of chess and Los Alamos, both find
/// the same moves in every position.
#[test]
fn attacks_found_through_tables_agree_with_attacks_walked() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for name in ["chess", "losalamos"] {
        let source = std::fs::read_to_string(root.join(format!("{name}.game"))).unwrap();
        let rule = "move leap_take { piece knight  along leaps  onto enemy";
        assert!(source.contains(rule), "{name}");
        let tables = compile(&source);
        let walked = compile(&source.replace(rule, &format!("{rule}  if count(friend) > 0")));
        let lines = tables.attack_lines.as_ref().expect("the tables are kept");
        // The king's, the knight's and the pawn's captures, one table each for both
        // players; and for each player's two open runs, the squares of their lines
        // together (`AttackHow::Open::reach`).
        assert_eq!(lines.steps.len(), 3 + 2 * 2, "{name}");
        assert!(lines.rising.iter().all(|r| r.is_some()), "{name}");
        // For each player: those three, and the line and the diagonal captures as open
        // runs of four lines each. (The capture in passing takes no piece where it lands,
        // so it attacks nothing.)
        for plans in &lines.plans {
            let hows: Vec<tabula::ir::AttackHow> = plans.iter().map(|plan| plan.how).collect();
            let steps = hows
                .iter()
                .filter(|h| matches!(h, tabula::ir::AttackHow::Step(_)))
                .count();
            let open: Vec<u16> = hows
                .iter()
                .filter_map(|h| match h {
                    tabula::ir::AttackHow::Open { count, .. } => Some(*count),
                    _ => None,
                })
                .collect();
            assert_eq!((hows.len(), steps, open), (5, 3, vec![4, 4]), "{name}");
        }
        // From a square in the middle, a line capture reaches along the rank and the
        // file, a diagonal one along both diagonals: each player's own rows only.
        let cells = tables.board.cells();
        let middle = tables.board.square("c3").unwrap() as usize;
        for (player, plans) in lines.plans.iter().enumerate() {
            let reaches: Vec<(usize, usize)> = plans
                .iter()
                .filter_map(|plan| match plan.how {
                    tabula::ir::AttackHow::Open { reach, .. } => {
                        let table = &lines.steps[reach as usize];
                        let of = |p: usize| table.get(p * cells + middle).len();
                        Some((of(player), of(1 - player)))
                    }
                    _ => None,
                })
                .collect();
            let (rank_and_file, diagonals) = match name {
                "chess" => (7 + 7, 5 + 2 + 2 + 2),
                _ => (5 + 5, 3 + 2 + 2 + 2),
            };
            assert_eq!(reaches, [(rank_and_file, 0), (diagonals, 0)], "{name}");
        }
        assert!(walked.attack_lines.is_none());
        let (positions, refused) = same_moves_in_random_games(&tables, &walked, name);
        assert!(
            positions > 4000 && refused > 2000,
            "{name}: {positions} positions, {refused} moves refused"
        );
    }
}

/// Plays 60 random games of up to 150 plies with `tables`, and asserts that `walked`
/// finds the same legal moves in every position; the positions seen and the moves the
/// rules list that `after move require` refuses.
fn same_moves_in_random_games(
    tables: &tabula::ir::Game,
    walked: &tabula::ir::Game,
    name: &str,
) -> (usize, usize) {
    let mut rng = tabula::rng::Rng::new(11);
    let (mut positions, mut refused) = (0, 0);
    for _ in 0..60 {
        let mut s = Position::start(tables);
        for _ in 0..150 {
            let found = legal_moves(tables, &s);
            assert_eq!(
                found,
                legal_moves(walked, &s),
                "{name}: {}",
                position_text(tables, &s)
            );
            positions += 1;
            let listed: usize = s
                .moves_by_tier_unrequired(tables)
                .iter()
                .map(Vec::len)
                .sum();
            refused += listed - found.len();
            if found.is_empty() || outcome(tables, &s).is_some() {
                break;
            }
            make(tables, &mut s, found[rng.below(found.len())]);
        }
    }
    (positions, refused)
}

/// A piece of the mover's put down on a line can open an attack as well as close one:
/// here a cannon captures by jumping one piece (a screen), so a move onto the line between
/// an enemy cannon and one's king puts the king in check; so does a neutral stone, which
/// either player may push, as the screen of a cannon, or as the last stone of a bridge
/// (which captures over neutral stones only). Such landings are in the set a move of one
/// step is read against (`AttackReads::one_step_sets`), and the moves onto them are made
/// and refused. In random games, the same moves are found as where every move is made and
/// its attacks walked (a rook's capture with an always-true condition turns the tables
/// off).
#[test]
fn a_piece_put_down_as_a_screen_opens_an_attack() {
    let rules = r#"
game "Screens"
board 6 x 6
players White, Black
pieces king as K, cannon as C, rook as R, bridge as B, stone as S
setup {
  king where row == 0 and file == 2
  cannon where row == 0 and (file == 0 or file == 5)
  rook where row == 1 and file == 1
  bridge where row == 1 and file == 4
  neutral stone on b3, e4, c4, d3
}
move king_step { piece king  along all  onto empty }
move push { piece neutral stone  along orthogonal  onto empty }
move king_take { piece king  along all  onto enemy }
move slide { piece cannon, rook, bridge  along orthogonal  over 0+ empty  onto empty }
move bridge_take { piece bridge  along orthogonal  over 1+ neutral  onto enemy }
move rook_take { piece rook  along orthogonal  over 0+ empty  onto enemy }
"#;
    let end = "after move require not attacked(friend king)\nno move: lose\n";
    let source = format!("{rules}{}\n{end}", crate::runs::CANNON_TAKE);
    // The game, and its twin that makes every move and walks its attacks.
    let twins = |source: &str| {
        let rule = "move rook_take { piece rook  along orthogonal  over 0+ empty  onto enemy";
        let walked = source.replace(rule, &format!("{rule}  if count(friend) > 0"));
        (compile(source), compile(&walked))
    };
    let (tables, walked) = twins(&source);
    assert!(tables.attack_lines.is_some() && walked.attack_lines.is_none());
    let (positions, refused) = same_moves_in_random_games(&tables, &walked, "screens");
    assert!(
        positions > 2000 && refused > 1000,
        "{positions} positions, {refused} moves refused"
    );
    // Pushing the stone to a2 makes it a bridge between Black's piece on a3 and the king.
    // (Without the cannon's capture, whose walk asks of a2 whether it holds anything at
    // all, only the bridge's asks whether a2 holds a neutral piece.)
    let (bridges, walked) = twins(&source.replace(crate::runs::CANNON_TAKE, ""));
    let s = position(&bridges, "5k/6/6/b5/1*s4/K5 White");
    let found = moves(&bridges, &s);
    assert_eq!(found, moves(&walked, &s));
    assert!(found.contains(&"b2-c2".to_string()), "{found:?}");
    assert!(!found.contains(&"b2-a2".to_string()), "{found:?}");
}

/// A king's step is judged without making it (`eval::attack::attacked_lifted`): the attack
/// on its landing is read through the tables with the king lifted from its square, so a
/// step away from a rook along the rook's line is refused, though the king on its square
/// hides the landing from the rook. Where a capture that could take the king is walked (a
/// lance's, whose run has a length, so no table reads it: `AttackLines::by_tables`), the
/// step is made and read as before. In random games, with the lance and without it, the
/// same moves are found as where every move is made and its attacks walked.
#[test]
fn a_royal_step_is_judged_without_making_it() {
    let source = r#"
game "Royal steps"
board 6 x 6
players White, Black
pieces king as K, rook as R, lance as L
setup {
  king where row == 0 and file == 2
  rook where row == 0 and (file == 0 or file == 5)
  lance where row == 1 and (file == 1 or file == 4)
}
move king_step { piece king  along all  onto empty }
move king_take { piece king  along all  onto enemy }
move slide { piece rook, lance  along orthogonal  over 0+ empty  onto empty }
move rook_take { piece rook  along orthogonal  over 0+ empty  onto enemy }
move lance_take { piece lance  along orthogonal  over 0..1 empty  onto enemy }
after move require not attacked(friend king)
no move: lose
"#;
    let lance = "move lance_take { piece lance  along orthogonal  over 0..1 empty  onto enemy }";
    let twins = |source: &str| {
        let rule = "move rook_take { piece rook  along orthogonal  over 0+ empty  onto enemy";
        let walked = source.replace(rule, &format!("{rule}  if count(friend) > 0"));
        (compile(source), compile(&walked))
    };
    // A king's code is 1 for White and 4 for Black (three types a player).
    let kings = |g: &tabula::ir::Game| {
        let by_tables = &g
            .attack_lines
            .as_ref()
            .expect("the tables are kept")
            .by_tables;
        ((by_tables[0] >> 1) & 1, (by_tables[1] >> 4) & 1)
    };
    for (source, read_by_tables) in [(source.to_string(), 0), (source.replace(lance, ""), 1)] {
        let (tables, walked) = twins(&source);
        assert_eq!(kings(&tables), (read_by_tables, read_by_tables));
        assert!(walked.attack_lines.is_none());
        let (positions, refused) = same_moves_in_random_games(&tables, &walked, "royal steps");
        assert!(
            positions > 2000 && refused > 500,
            "{positions} positions, {refused} moves refused"
        );
        // The rook on a1 checks the king on c1 along the first row: d1 is as attacked as
        // b1 once the king has left c1.
        let s = position(&tables, "5k/6/6/6/6/r1K3 White");
        let found = moves(&tables, &s);
        assert_eq!(found, moves(&walked, &s));
        assert_eq!(found, ["c1-b2", "c1-c2", "c1-d2"]);
    }
}

/// A carry whose squares read the board and one square of the move alone (`carry to + e
/// to from + e`) is looked up, not run (`Carry::squares`, one table a square, found when
/// the game is compiled): castling short from e1 carries h1 to f1 for White, and from e8
/// h8 to f8 for Black, and a table is no more than what the program gives. In random games
/// of chess that castle whenever they can, the positions reached are those of a twin whose
/// carries run their programs.
#[test]
fn a_carry_of_the_move_squares_is_looked_up() {
    use tabula::ir::expr::SquareRef;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let tables = compile(&std::fs::read_to_string(root.join("chess.game")).unwrap());
    let mut programs = tables.clone();
    for rule in &mut programs.rules {
        for carry in &mut rule.carries {
            carry.squares = None;
        }
    }
    let square = |name: &str| tables.board.square(name).unwrap();
    let short = tables
        .rules
        .iter()
        .find(|r| r.name == "castle_short")
        .unwrap();
    let [rook, onto] = short.carries[0].squares.as_ref().expect("tabulated");
    assert_eq!(
        (rook.key, onto.key),
        (Some(SquareRef::To), Some(SquareRef::From))
    );
    let (e1, g1, e8, g8) = (square("e1"), square("g1"), square("e8"), square("g8"));
    assert_eq!(
        [rook.at(0, e1, g1, 64), onto.at(0, e1, g1, 64)],
        [square("h1"), square("f1")]
    );
    assert_eq!(
        [rook.at(1, e8, g8, 64), onto.at(1, e8, g8, 64)],
        [square("h8"), square("f8")]
    );
    let mut rng = tabula::rng::Rng::new(3);
    let mut castled = 0;
    for _ in 0..200 {
        let (mut a, mut b) = (Position::start(&tables), Position::start(&programs));
        for _ in 0..60 {
            let found = legal_moves(&tables, &a);
            assert_eq!(found, legal_moves(&programs, &b));
            if found.is_empty() {
                break;
            }
            let castles: Vec<_> = found
                .iter()
                .filter(|m| !tables.rules[m.rule.index()].carries.is_empty())
                .collect();
            let m = match castles.first() {
                Some(&&m) => m,
                None => found[rng.below(found.len())],
            };
            castled += castles.len().min(1);
            make(&tables, &mut a, m);
            make(&programs, &mut b, m);
            assert_eq!(position_text(&tables, &a), position_text(&programs, &b));
        }
    }
    assert!(castled > 100, "{castled} castlings");
}

/// A step of the king that carries a rook (castling without its conditions) is judged
/// without making it too: the king lifted from its square, the rook from its own and put
/// on the square the king crosses (`engine::after::carrying`). With an enemy rook on a1
/// checking the king on c1, the hop c1-e1 puts the rook between them, and is allowed;
/// with the enemy rook on g1 behind the rook on f1, the hop takes away the rook that
/// shielded e1, and is refused. In random games, the same moves are found as where every
/// move is made and its attacks walked.
#[test]
fn a_royal_step_that_carries_a_piece_is_judged_without_making_it() {
    let source = r#"
game "Carried"
board 8 x 3
players White, Black
pieces king as K, rook as R
setup {
  king where row == 0 and file == 2
  rook where row == 0 and (file == 0 or file == 5)
}
move king_step { piece king  along all  onto empty }
move king_take { piece king  along all  onto enemy }
move slide { piece rook  along orthogonal  over 0+ empty  onto empty }
move rook_take { piece rook  along orthogonal  over 0+ empty  onto enemy }
move hop {
  piece king
  along e
  over 1 empty
  onto empty
  carry to + e to from + e
}
after move require not attacked(friend king)
no move: lose
"#;
    let rule = "move rook_take { piece rook  along orthogonal  over 0+ empty  onto enemy";
    let tables = compile(source);
    let walked = compile(&source.replace(rule, &format!("{rule}  if count(friend) > 0")));
    assert!(tables.attack_lines.is_some() && walked.attack_lines.is_none());
    let hop = tables.rules.iter().find(|r| r.name == "hop").unwrap();
    assert!(hop.carries[0].squares.is_some());
    for (text, allowed) in [("7k/8/r1K2R2 White", true), ("7k/8/2K2Rr1 White", false)] {
        let s = position(&tables, text);
        let found = moves(&tables, &s);
        assert_eq!(found, moves(&walked, &s), "{text}");
        assert_eq!(
            found.contains(&"c1-e1".to_string()),
            allowed,
            "{text}: {found:?}"
        );
    }
    let (positions, refused) = same_moves_in_random_games(&tables, &walked, "carried");
    assert!(
        positions > 2000 && refused > 500,
        "{positions} positions, {refused} moves refused"
    );
}

/// A moving rule whose conditions read the position at `to` alone, in a set found in a
/// few operations, is walked onto the squares where they hold, found once
/// (`MoveRule::walks_within`), not read landing by landing; `previous(to) == to + STEP` is such a set (`Where::Previous`): the one square
/// a step from where the move before landed, or, before any move, the squares whose step
/// leaves the board (no square equals no square). Written so that it is no set
/// (`not (… != …)`), the same condition is read landing by landing: in random games of
/// chess, both find the same moves, captures in passing included, and in a small game
/// whose start allows the squares on the far row, both count the same perft.
#[test]
fn a_condition_on_the_move_before_is_a_set_of_landings() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let source = std::fs::read_to_string(root.join("chess.game")).unwrap();
    let condition = "previous(to) == to + backward";
    assert!(source.contains(condition));
    let sets = compile(&source);
    let read = compile(&source.replace(condition, "not (previous(to) != to + backward)"));
    let in_passing = |g: &tabula::ir::Game| {
        let r = g.rules.iter().find(|r| r.name == "in_passing").unwrap();
        r.condition_sets.is_some() && r.walks_within
    };
    assert!(in_passing(&sets) && !in_passing(&read));
    let mut rng = tabula::rng::Rng::new(5);
    let (mut positions, mut passing) = (0, 0);
    for _ in 0..80 {
        let mut s = Position::start(&sets);
        for _ in 0..120 {
            let found = legal_moves(&sets, &s);
            assert_eq!(
                found,
                legal_moves(&read, &s),
                "{}",
                position_text(&sets, &s)
            );
            positions += 1;
            passing += found
                .iter()
                .filter(|m| sets.rules[m.rule.index()].name == "in_passing")
                .count();
            if found.is_empty() || outcome(&sets, &s).is_some() {
                break;
            }
            make(&sets, &mut s, found[rng.below(found.len())]);
        }
    }
    assert!(
        positions > 5000 && passing > 20,
        "{positions} positions, {passing} in passing"
    );

    let small = |condition: &str| {
        compile(&format!(
            "game \"Follow\"
board 3 x 3
players White, Black
pieces man
setup {{
  White man on a2, b2
  Black man on c2
}}
move step {{ along forward  onto empty  if {condition} }}
move shift {{ along e, w  onto empty }}
"
        ))
    };
    let as_set = small("previous(to) == to + forward");
    let as_read = small("not (previous(to) != to + forward)");
    assert!(as_set.rules[0].condition_sets.is_some() && as_read.rules[0].condition_sets.is_none());
    let start = Position::start(&as_set);
    // Before any move: a2-a3 and b2-b3, whose squares forward leave the board.
    assert_eq!(moves(&as_set, &start), ["a2-a3", "b2-b3"]);
    assert_eq!(perft_table(&as_set, 5), perft_table(&as_read, 5));
}

const TURNING: &str = "move jump {
  along all
  over 1 enemy
  onto empty
  capture over
  chain must turning
}";

/// `chain … turning`: no step of a chain goes the way the step before it went. Perft of a
/// small game against tests/models/turns.py, a model written from its rules alone
/// (`python3 tests/models/turns.py 6`: 13 145 2085 29105 437095 6450504; going on the same
/// way allowed, depths 5 and 6 give 437015 and 6453772; this engine agrees to depth 6, the
/// test stops at 5), and the chains of a hand-made position.
#[test]
fn a_turning_chain_never_goes_on_the_way_it_came() {
    let source = format!(
        "game \"Turns\"\nboard 5 x 5\nplayers White, Black\npieces man\nsetup {{ man where row <= 1 }}\nmove step {{ along all  onto empty }}\n{TURNING}\nno move: lose\n"
    );
    let perft = |g: &tabula::ir::Game| perft_table(g, 5);
    let g = compile(&source);
    assert_eq!(perft(&g), [13, 145, 2085, 29105, 437095]);
    let straight = compile(&source.replace("chain must turning", "chain must"));
    assert_eq!(perft(&straight)[4], 437015);
    // White's man on a1 jumps a2 to a3; north again over a4 is barred, north-east over b4
    // to c5 is not.
    let text = "5/mm3/5/m4/M4 White";
    let jumps = |g: &tabula::ir::Game| -> Vec<String> {
        moves(g, &position(g, text))
            .into_iter()
            .filter(|m| m.contains('x'))
            .collect()
    };
    assert_eq!(jumps(&g), ["a1xa3xc5"]);
    assert_eq!(jumps(&straight), ["a1xa3xa5xc3", "a1xa3xc5"]);
    // `turning` names nothing elsewhere: a piece may be called so.
    let named = source.replace("pieces man", "pieces man, turning");
    assert!(tabula::compile::compile_source(&named, &Default::default()).is_ok());
    crate::common::assert_documented(&[TURNING]);
}

const LENGTH: &str = "# The line of the move: squares in a row with `from` and `to`.
define in_line(sq) = (file(sq) - file(from)) * (rank(to) - rank(from))
  == (rank(sq) - rank(from)) * (file(to) - file(from))
# Strictly between `from` and `to`.
define between(sq) = in_line(sq) and sq != from and sq != to
  and min(file(from), file(to)) <= file(sq) and file(sq) <= max(file(from), file(to))
  and min(rank(from), rank(to)) <= rank(sq) and rank(sq) <= max(rank(from), rank(to))
define length = max(abs(file(to) - file(from)), abs(rank(to) - rank(from)))
move slide {
  along all
  over 0+ any
  onto empty
  if length == count(occupied where in_line(here))
  if count(enemy where between(here)) == 0
}";

/// A move's length from the position: Lines of Action's moves on 5 x 5. Perft against
/// tests/models/lines.py, a model written from its rules alone (`python3
/// tests/models/lines.py 5`: 18 280 4164 56332 752484; this engine agrees to depth 5, the
/// test stops at 4), and the moves of a hand-made position.
#[test]
fn a_moves_length_may_come_from_the_position() {
    let take = "move take {\n  along all\n  over 0+ any\n  onto enemy\n  if length == count(occupied where in_line(here))\n  if count(enemy where between(here)) == 0\n}";
    let source = format!(
        "game \"Lines\"\nboard 5 x 5\nplayers Black, White\npieces man\nsetup {{\n  Black man where (rank == 0 or rank == 4) and file > 0 and file < 4\n  White man where (file == 0 or file == 4) and rank > 0 and rank < 4\n}}\n{LENGTH}\n{take}\nno move: lose\n"
    );
    let g = compile(&source);
    let counts = perft_table(&g, 4);
    assert_eq!(counts, [18, 280, 4164, 56332]);
    // Black's man on c3: two men on file c (c1, its own, bars the way south; north it goes
    // to c5), one on rank 3 (b3, d3), two on the diagonal through White's d4 (north-east
    // would pass over it; south-west it goes to a1), one on the other diagonal (b4, d2).
    let text = "5/3m1/2M2/5/2M2 Black";
    let mut from_c3: Vec<String> = moves(&g, &position(&g, text))
        .into_iter()
        .filter(|m| m.starts_with("c3"))
        .collect();
    from_c3.sort();
    assert_eq!(
        from_c3,
        ["c3-a1", "c3-b3", "c3-b4", "c3-c5", "c3-d2", "c3-d3"]
    );
    crate::common::assert_documented(&[LENGTH]);
}

const TAKING: &str = "move approach {
  along all
  onto empty
  take { along onward over 1+ enemy }
  chain may turning taking
}";

/// `chain … taking`, with effects after each step of a chain: captures by approach and by
/// withdrawal at every step of a line, Fanorona's way. Perft of a small game against
/// tests/models/approach.py, a model written from its rules alone (`python3
/// tests/models/approach.py 7`: 5 24 169 1747 19581 186831 1510905; this engine agrees to
/// depth 7, the test stops at 6), a line from a hand-made position, and the bound.
#[test]
fn a_taking_chain_takes_at_every_step() {
    let head = "game \"Approach\"\nplayers White, Black\npieces man\n";
    let rules = format!(
        "{TAKING}\nmove withdraw {{\n  along all\n  onto empty\n  take {{ at from along reverse over 1+ enemy }}\n  chain may turning taking\n}}\nmove step {{ along all  onto empty }}\npriority approach, withdraw > step\nno move: lose\n"
    );
    let setup = "setup {\n  man where row <= 1\n  White man on a3, d3\n  Black man on b3, e3\n}\n";
    let g = compile(&format!("{head}board 5 x 5\n{setup}{rules}"));
    let counts = perft_table(&g, 6);
    assert_eq!(counts, [5, 24, 169, 1747, 19581, 186831]);
    // White's man on a1 comes up to c3 (b2), then to b4 (b3), then to d3 (c3): each step
    // takes, and every stop is a move.
    let text = "5/1m3/2mm1/5/M4 White";
    assert_eq!(
        moves(&g, &position(&g, text)),
        ["a1-b2", "a1-b2-b3", "a1-b2-b3-c3"]
    );
    assert_eq!(after(&g, text, "a1-b2-b3-c3"), "5/5/2M2/5/5 Black");
    // With `chain must`, only the whole line: the steps from c3 would take nothing, so
    // they do not count as going on.
    let must = compile(&format!(
        "{head}board 5 x 5\n{setup}{}",
        rules.replace("chain may", "chain must")
    ));
    assert_eq!(moves(&must, &position(&must, text)), ["a1-b2-b3-c3"]);
    // On 9 x 5 with 22 men a side, a line could land on 44 points but take only 22 men;
    // without `taking` nothing bounds it but the 44 points.
    let wide = "setup {\n  man where row <= 1\n  White man on a3, c3, f3, h3\n  Black man on b3, d3, g3, i3\n}\n";
    let on_nine = |rules: &str| {
        tabula::compile::compile_source(
            &format!("{head}board 9 x 5\n{wide}{rules}"),
            &tabula::compile::Choices::default(),
        )
    };
    assert!(on_nine(&rules).is_ok());
    assert!(on_nine(&rules.replace(" taking", "")).is_err());
    crate::common::assert_documented(&[TAKING]);
}

const TWIST: &str = "move play {
  place marble
  onto empty
  if count(friend around to) == 0
  then twist
}
move twist {
  rotate 2 x 2 clockwise, anticlockwise
  if file(to) % 2 == 0 and rank(to) % 2 == 0
}";

/// `rotate N x N …`: a part of a move that turns a block of squares. Perft of a small game
/// against tests/models/twist.py, a model written from its rules alone (`python3
/// tests/models/twist.py 4`: 128 15360 1118208 75333632; this engine agrees to depth 4,
/// the test stops at 3), the position after a turn each way, and a session typing one.
#[test]
fn a_rotation_turns_a_block_of_squares() {
    let source = format!(
        "game \"Twist\"\nboard 4 x 4\nplayers White, Black\npieces marble\n{TWIST}\nno move: lose\n"
    );
    let g = compile(&source);
    let counts = perft_table(&g, 3);
    assert_eq!(counts, [128, 15360, 1118208]);
    // White places on a1 and turns the lower left quarter (a1 b1 a2 b2): clockwise the
    // marble goes to a2 and Black's on b2 to b1; anticlockwise, to b1 and a2.
    let text = "4/4/1m2/4 White";
    assert_eq!(after(&g, text, "a1/a1>"), "4/4/M3/1m2 Black");
    assert_eq!(after(&g, text, "a1/a1<"), "4/4/m3/1M2 Black");
    // The upper right quarter (c3 d3 c4 d4) holds nothing to turn: the marble stays on c1.
    assert_eq!(after(&g, text, "c1/c3>"), "4/4/1m2/2M1 Black");
    let dir = crate::common::temp_folder("twist");
    let file = dir.join("twist.game");
    std::fs::write(&file, &source).unwrap();
    let out = crate::common::play(
        &[file.to_str().unwrap(), "--position", text],
        "b2/a1>\na1/b1>\na1/a1<\nhistory\n",
    );
    // b2 holds Black's marble; b1 is no block's corner by the rule's conditions.
    assert!(
        out.contains("White> b2/a1>\nthe piece on b2 is not yours\n"),
        "{out}"
    );
    assert!(
        out.contains("White> a1/b1>\nno block turns from b1 here: the blocks turn from a1, c1, a3, c3 (`>` clockwise, `<` anticlockwise)\nWhite> a1/a1<\nWhite plays a1/a1<.\n"),
        "{out}"
    );
    assert!(out.contains("2 | m . . .\n1 | . M . .\n"), "{out}");
    assert!(
        out.ends_with("Black> history\n   1. a1/a1<\n") || out.contains("   1. a1/a1<\n"),
        "{out}"
    );
    crate::common::assert_documented(&[TWIST]);
}

const NEUTRAL: &str = "setup {
  man where row == 0 and (file == 0 or file == 3)
  neutral stone on b2, c3
}
move push {
  piece neutral stone
  along orthogonal
  onto empty
  if count(friend man around from) > 0
}
move drop {
  place neutral stone
  onto empty
  if count(neutral) < 3 and count(friend around to) > 0
}
end { win when count(neutral in far) > 0 }";

/// Neutral pieces, owned by nobody: set up, moved by either player, placed, matched by
/// `neutral` and never by `friend` or `enemy`. Perft of Ferry against tests/models/ferry.py,
/// a model written from its rules alone (`python3 tests/models/ferry.py 6`: 14 136 1364
/// 13238 134427 1321352; this engine agrees to depth 6, the test stops at 5), moves from
/// hand-made positions, the position text, and a session.
#[test]
fn neutral_pieces_belong_to_nobody_and_move_for_everybody() {
    let head = "game \"Ferry\"\nboard 4 x 4\nplayers White, Black\npieces man, stone\nzone far = row == 3\nmove step { piece man  along all  onto empty }\nmove take { piece man  along all  onto enemy }\n";
    let source = format!("{head}{NEUTRAL}\nno move: lose\n");
    let g = compile(&source);
    assert_eq!(perft_table(&g, 5), [14, 136, 1364, 13238, 134427]);
    let start = tabula::engine::Position::start(&g);
    assert_eq!(position_text(&g, &start), "m2m/2*s1/1*s2/M2M White");
    // White's man on b1 stands next to the stone on b2 and a Black man on c2: it takes the
    // man, never the stone (`enemy` is not neutral); the stone on b2 steps along files and
    // ranks; no new stone, with three on the board.
    let text = "4/1*s2/1*sm*s/1M2 White";
    assert_eq!(
        moves(&g, &position(&g, text)),
        ["b1-a1", "b1-a2", "b1-c1", "b1xc2", "b2-a2"]
    );
    // Black may push the same stones: those next to its man on c2.
    let black = "4/1*s2/1*sm*s/1M2 Black";
    assert_eq!(
        moves(&g, &position(&g, black)),
        [
            "b2-a2", "b3-a3", "b3-b4", "b3-c3", "c2-c1", "c2-c3", "c2-d1", "c2-d3", "c2xb1",
            "d2-d1", "d2-d3"
        ]
    );
    assert_eq!(after(&g, black, "d2-d3"), "4/1*s1*s/1*sm1/1M2 White");
    // With two stones, a new one goes next to one of the mover's men.
    let two = "4/1*s2/1M*s1/4 White";
    let drops: Vec<String> = moves(&g, &position(&g, two))
        .into_iter()
        .filter(|m| !m.contains('-'))
        .collect();
    assert_eq!(drops, ["a1", "a2", "a3", "b1", "c1", "c3"]);
    assert_eq!(after(&g, two, "a3"), "4/*s*s2/1M*s1/4 Black");
    // A stone on a player's far row wins for that player, whoever pushed it there.
    let s = play_move(&g, &position(&g, "4/1*s2/1M2/4 White"), "b3-b4");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)));
    let s = play_move(&g, &position(&g, "4/4/*sM2/4 White"), "a2-a1");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(1)));
    // `*` marks a neutral piece only where a game has them.
    let plain = compile(&format!("{head}setup {{ man where row == 0 }}\n"));
    assert_eq!(
        crate::common::parse_position(&plain, "4/1*s2/4/M3 White").unwrap_err(),
        "`*s` on rank 3: this game has no neutral pieces"
    );
    assert_eq!(
        crate::common::parse_position(&g, "4/1*2/4/M3 White").unwrap_err(),
        "a `*` on rank 3 is not followed by a piece letter (a neutral piece is written `*s`)"
    );
    // `piece neutral` with no type moves neutral pieces of every type.
    let any_type = compile(&source.replace("piece neutral stone", "piece neutral"));
    assert_eq!(perft_table(&any_type, 4), [14, 136, 1364, 13238]);
    // A session: the board draws a neutral piece as `*` and its letter.
    let dir = crate::common::temp_folder("ferry");
    let file = dir.join("ferry.game");
    std::fs::write(&file, &source).unwrap();
    let out = crate::common::play(&[file.to_str().unwrap()], "c3-c4\nb2-b1\n");
    assert!(
        out.contains("White> c3-c4\nthe neutral stone on c3 has no legal move\n"),
        "{out}"
    );
    assert!(
        out.contains("White> b2-b1\nWhite plays b2-b1.\n\n4 |  m  .  .  m\n3 |  .  . *s  .\n2 |  .  .  .  .\n1 |  M *s  .  M\n"),
        "{out}"
    );
    assert!(out.contains("*s neutral stone"), "{out}");
    assert!(out.contains("Game over: Black wins"), "{out}");
    // Where no rule moves neutral pieces, the session says so.
    let blockers = source.replace("piece neutral stone", "piece man");
    std::fs::write(&file, &blockers).unwrap();
    let out = crate::common::play(&[file.to_str().unwrap()], "b2-b1\n");
    assert!(
        out.contains(
            "White> b2-b1\nthe neutral stone on b2 belongs to nobody, and no rule moves it\n"
        ),
        "{out}"
    );
    crate::common::assert_documented(&[NEUTRAL]);
}

/// A condition that is counts alone (a rule's gate or an end rule: `count(friend in away)
/// == 0 and count(friend in hand) == 0`) is read from the state's sets and hands, not run
/// as a program. The same game with each count written `count(…) + 0`, which runs as a
/// program, has the same moves and the same end at every position of random games; so
/// does a variant whose gates count the men on the bar and away (`< 2`, `< 3`) rather
/// than ask whether there are any.
#[test]
fn counts_read_from_the_state_agree_with_the_program_they_are() {
    use tabula::ir::EndShape;
    let backgammon = std::fs::read_to_string("games/backgammon.game").unwrap();
    let counting = backgammon
        .replace("count(friend in hand) == 0", "count(friend in hand) < 2")
        .replace("count(friend in away) == 0", "count(friend in away) < 3");
    assert_ne!(counting, backgammon);
    for source in [backgammon, counting] {
        let mut twin = source.clone();
        for count in [
            "count(friend in away)",
            "count(friend in hand)",
            "count(friend in points)",
        ] {
            twin = twin.replace(count, &format!("{count} + 0"));
        }
        let (g, h) = (compile(&source), compile(&twin));
        // The game reads its counts from the state, its twin runs programs.
        assert!(matches!(g.end_rules[0].shape, EndShape::Counts));
        assert!(matches!(h.end_rules[0].shape, EndShape::General));
        let gated = |g: &tabula::ir::Game| {
            g.rules
                .iter()
                .filter(|r| r.gate.as_ref().is_some_and(|p| !p.counts.is_empty()))
                .count()
        };
        assert_eq!((gated(&g), gated(&h)), (3, 0));
        let (plies, ended) = play_beside(&g, &h, 5, 12, usize::MAX, |_| {});
        assert_eq!(ended, 12);
        assert!(plies > 2000, "{plies} plies");
    }
}

/// An end rule that compares only `reachable(capture)` with a number (`not
/// reachable(capture)`) is read from the generator's answer, with no view of the position
/// built (`Scalar::Reachable`). Its twin, which also reads the store (always true), runs
/// as a program; in random games of Zig Zag both have the same moves and the same end at
/// every position.
#[test]
fn reachable_read_as_a_number_agrees_with_the_program_it_is() {
    use tabula::ir::{BinOp, EndShape, Scalar};
    let zigzag = std::fs::read_to_string("games/zigzag.game").unwrap();
    let twin = zigzag.replace(
        "score when not reachable(capture)",
        "score when not reachable(capture) and store >= 0",
    );
    assert_ne!(twin, zigzag);
    let (g, h) = (compile(&zigzag), compile(&twin));
    assert!(matches!(
        g.end_rules[0].shape,
        EndShape::Scalar(Scalar::Reachable, BinOp::Eq, 0)
    ));
    assert!(matches!(h.end_rules[0].shape, EndShape::General));
    let (plies, ended) = play_beside(&g, &h, 5, 12, usize::MAX, |_| {});
    assert_eq!(ended, 12);
    assert!(plies > 500, "{plies} plies");
}

/// An end rule that asks only whether some square holds a piece of owners taken whole
/// (`count(friend) == 0`, `count(friend in far) > 0`, `count(enemy) < 1`) reads their sets
/// (`EndShape::Any`), and ends every random game where its twin, which runs the same
/// condition as a program (`count(…) + 0`), does: Zola, Breakthrough, and a game with a
/// neutral owner, whose stones `count(enemy)` never takes. A count compared with 2 is
/// still counted.
#[test]
fn end_rules_that_ask_whether_any_piece_stands_agree_with_their_programs() {
    use tabula::ir::EndShape;
    let ferry = format!(
        "game \"Ferry\"\nboard 4 x 4\nplayers White, Black\npieces man, stone\nzone far = row == 3\nmove step {{ piece man  along all  onto empty }}\nmove take {{ piece man  along all  onto enemy }}\n{NEUTRAL}\nno move: lose\n"
    )
    .replace("end {", "end {\n  win when count(enemy) < 1\n ");
    let shipped = |name: &str| std::fs::read_to_string(format!("games/{name}.game")).unwrap();
    for (source, count, games, least) in [
        (shipped("zola"), "count(friend)", 20, 600),
        (shipped("breakthrough"), "count(friend in far)", 20, 600),
        (ferry.clone(), "count(enemy)", 40, 200),
    ] {
        let twin = source.replace(count, &format!("{count} + 0"));
        assert_ne!(twin, source);
        let (g, h) = (compile(&source), compile(&twin));
        assert!(
            matches!(g.end_rules[0].shape, EndShape::Any { .. }),
            "{count}"
        );
        assert!(matches!(h.end_rules[0].shape, EndShape::General), "{count}");
        let (plies, ended) = play_beside(&g, &h, 7, games, 2000, |_| {});
        assert_eq!(ended, games, "{count}");
        assert!(plies > least, "{count}: {plies} plies");
    }
    let g = compile(&ferry);
    assert!(matches!(g.end_rules[1].shape, EndShape::Any { .. }));
    let counted = compile(&ferry.replace("count(enemy) < 1", "count(enemy) < 2"));
    assert!(matches!(counted.end_rules[0].shape, EndShape::Pieces(..)));
}

/// `count(enemy)` counts the other players' pieces and never neutral ones, in a rule's
/// condition (read from the state, or run as a program) as in an end rule: with no enemy
/// man left, a step that needs one is refused though neutral stones stand on the board.
#[test]
fn count_enemy_takes_no_neutral_piece() {
    let head = "game \"Ferry\"\nboard 4 x 4\nplayers White, Black\npieces man, stone\nzone far = row == 3\nmove step { piece man  along all  onto empty  if count(enemy) > 0 }\nmove take { piece man  along all  onto enemy }\n";
    let source = format!("{head}{NEUTRAL}\nno move: lose\n");
    for source in [
        source.clone(),
        source.replace("count(enemy) > 0", "count(enemy) + 0 > 0"),
    ] {
        let g = compile(&source);
        let steps = |text: &str| -> Vec<String> {
            let all = moves(&g, &position(&g, text));
            all.into_iter().filter(|m| m.starts_with("b1-")).collect()
        };
        assert_eq!(
            steps("4/1*s2/2*s1/1M2 White"),
            Vec::<String>::new(),
            "{source}"
        );
        assert_eq!(
            steps("m3/1*s2/2*s1/1M2 White"),
            ["b1-a1", "b1-a2", "b1-b2", "b1-c1"]
        );
    }
}

/// A condition of `count(… where …)` that reads only `here`, one of the move's squares and
/// the board is decided when the game is compiled, for every player and square
/// (`Program::condition_tables`). The same game with the condition made to read the
/// position too (`and not here is enemy`, which the squares counted never are), so that it
/// runs square by square, has the same moves at every position of random games: bearing
/// off by a higher number reads `from` (Backgammon), a pawn dropped beside another reads
/// `to` (Shogi).
#[test]
fn conditions_decided_when_compiled_agree_with_the_programs_they_are() {
    use tabula::ir::SquareRef;
    for (game, condition, key, games, longest) in [
        (
            "backgammon",
            "file(here) < file(from)",
            SquareRef::From,
            6,
            10_000,
        ),
        ("shogi", "file(here) == file(to)", SquareRef::To, 3, 120),
    ] {
        let source = std::fs::read_to_string(format!("games/{game}.game")).unwrap();
        let twin = source.replace(condition, &format!("{condition} and not here is enemy"));
        assert_ne!(source, twin);
        let (g, h) = (compile(&source), compile(&twin));
        let keys = |g: &tabula::ir::Game| {
            g.rules
                .iter()
                .flat_map(|r| r.per_move.iter())
                .flat_map(|p| p.condition_tables.iter().flatten())
                .map(|t| t.key)
                .collect::<Vec<_>>()
        };
        assert_eq!((keys(&g), keys(&h)), (vec![Some(key)], vec![]), "{game}");
        let (plies, _) = play_beside(&g, &h, 3, games, longest, |_| {});
        assert!(plies > 300, "{game}: {plies} plies");
    }
}

/// A condition on heights of `to` (`height(to) > 1`) is read as a set, from the squares
/// the state keeps as holding two pieces or more (`State::tall`), kept in step as pieces
/// move, are hit and borne off. Backgammon, with its condition of an open point written
/// with each comparison, has the same moves at every position of random games, and at
/// positions read from text, as a twin whose height is not read as a set (`height(sq) +
/// 0`), so that it runs move by move. The state keeps its tall squares only where a
/// rule reads them.
#[test]
fn heights_read_as_sets_agree_with_the_programs_they_are() {
    let source = std::fs::read_to_string("games/backgammon.game").unwrap();
    let height = "height(sq) > 1";
    assert!(source.contains(height));
    let plays = std::fs::read_to_string("tests/backgammon_plays.txt").unwrap();
    let texts: Vec<&str> = plays
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once('|').unwrap().0)
        .take(60)
        .collect();
    for compared in ["> 1", "== 2", "< 3", ">= 4"] {
        let own = source.replace(height, &format!("height(sq) {compared}"));
        let twin = own.replace("height(sq)", "(height(sq) + 0)");
        assert_ne!(own, twin);
        let (g, h) = (compile(&own), compile(&twin));
        let keeps = |g: &tabula::ir::Game| g.columns.as_ref().unwrap().keeps_tall;
        assert_eq!((keeps(&g), keeps(&h)), (true, false), "{compared}");
        let (plies, _) = play_beside(&g, &h, 7, 4, 10_000, |_| {});
        assert!(plies > 300, "{compared}: {plies} plies");
        for text in &texts {
            let (s, t) = (position(&g, text), position(&h, text));
            assert_eq!(moves(&g, &s), moves(&h, &t), "{compared}: {text}");
        }
    }
    let laska = crate::common::game("laska", "");
    assert!(!laska.columns.as_ref().unwrap().keeps_tall);
}

/// Rules next to each other in a tier with the same gate (Backgammon's two rules of
/// bearing off, both `if all_home`) read it once, and where it fails neither is listed.
/// The same game with the second gate written the other way round (the same condition,
/// another program, so read on its own) has the same moves at every position of random
/// games.
#[test]
fn a_gate_shared_by_two_rules_is_read_once_for_both() {
    let source = std::fs::read_to_string("games/backgammon.game").unwrap();
    let shared = "if all_home and count(friend in home where";
    let own = "if count(friend in hand) == 0 and count(friend in away) == 0 and count(friend in home where";
    assert!(source.contains(shared));
    let twin = source.replace(shared, own);
    let (g, h) = (compile(&source), compile(&twin));
    let flags = |g: &tabula::ir::Game| {
        g.rules
            .iter()
            .map(|r| (r.gate_shared_next, r.gate_shared_before))
            .collect::<Vec<_>>()
    };
    let alone = (false, false);
    assert_eq!(flags(&g), [alone, alone, (true, false), (false, true)]);
    assert_eq!(flags(&h), [alone; 4]);
    let mut borne_off = 0;
    let (plies, _) = play_beside(&g, &h, 11, 8, usize::MAX, |m| {
        let rule = g.rules.get(m.rule.index());
        borne_off += rule.is_some_and(|r| r.name.starts_with("bear")) as u32;
    });
    assert!(
        plies > 1000 && borne_off > 50,
        "{plies} plies, {borne_off} borne off"
    );
}

/// A rule that moves only unmoved pieces is passed by, once none is left, by the sampler
/// of random games (`generate::passed_by`), but not where it shares its gate with the
/// next rule: its gate decides whether that rule is listed. Here `a_one`'s king has moved,
/// and the gate it shares with `b_one` holds, after a pair of rules whose shared gate
/// fails: passed by, `a_one` would leave that failure to shut `b_one` out too, and the
/// sampler would find no move where `c2-c1` is the one legal move.
#[test]
fn a_rule_with_no_unmoved_piece_still_opens_the_gate_it_shares() {
    let g = compile(
        "game \"Gates\"\nboard 4 x 4\nplayers White, Black\npieces king, rook\n\
         setup { king where row == 0 and file == 0 }\nclock resets on capture\n\
         move c_one { piece rook  along n  onto empty  if clock > 1000  require clock < 5000 }\n\
         move d_one { piece rook  along e  onto empty  if clock > 1000  require clock < 5000 }\n\
         move a_one { piece king  along e  onto empty  if not moved(from) and clock < 1000\n\
         require clock < 5000 }\n\
         move b_one { piece rook  along s  onto empty  if clock < 1000  require clock < 5000 }\n\
         move take { piece rook  along w  onto enemy }\n\
         after move require not attacked(friend king)\nno move: lose\n",
    );
    let flags: Vec<_> = g
        .rules
        .iter()
        .map(|r| (r.gate_shared_next, r.gate_shared_before, r.movers_moved))
        .collect();
    let (next, before) = ((true, false, None), (false, true, None));
    assert_eq!(
        flags,
        [
            next,
            before,
            (true, false, Some(false)),
            before,
            (false, false, None)
        ]
    );
    assert!(tabula::engine::drawn(&g));
    let s = position(&g, "3k/4/2R1/K3 White unmoved=-");
    assert_eq!(moves(&g, &s), ["c2-c1"]);
    let mut counts = Vec::new();
    let drawn = s.sample_drawn(&g, &mut tabula::engine::Workspace::default(), &mut |n| {
        counts.push(n);
        0
    });
    assert_eq!(counts, [1]);
    let (m, _) = drawn.expect("a move is drawn");
    assert_eq!(tabula::present::move_text(&g, m), "c2-c1");
}

/// Plays `games` random games (of at most `longest` plies each, drawn from `seed`) of `g`
/// beside its twin `h`, the same move by index in both: at every position the two must
/// show the same position, the same end and the same moves. `made` sees each move of `g`.
/// The plies played, and how many games ended.
fn play_beside(
    g: &tabula::ir::Game,
    h: &tabula::ir::Game,
    seed: u64,
    games: usize,
    longest: usize,
    mut made: impl FnMut(&tabula::engine::Move),
) -> (usize, usize) {
    let mut rng = tabula::rng::Rng::new(seed);
    let (mut plies, mut ended) = (0, 0);
    for _ in 0..games {
        let (mut s, mut t) = (Position::start(g), Position::start(h));
        for _ in 0..longest {
            assert_eq!(position_text(g, &s), position_text(h, &t));
            assert_eq!(outcome(g, &s), outcome(h, &t), "{}", position_text(g, &s));
            if outcome(g, &s).is_some() {
                ended += 1;
                break;
            }
            let legal = legal_moves(g, &s);
            assert_eq!(moves(g, &s), moves(h, &t), "{}", position_text(g, &s));
            let i = rng.below(legal.len());
            made(&legal[i]);
            make(g, &mut s, legal[i]);
            let twin_move = legal_moves(h, &t)[i];
            make(h, &mut t, twin_move);
            plies += 1;
        }
    }
    (plies, ended)
}

/// Two rules next to each other in a tier that walk alike and differ only in what they
/// land on and take (`king_step` onto empty, `king_take` onto enemy) are twins, listed by
/// one walk (`MoveRule::twin`), in the order the two rules list them one after the other.
/// A condition on the first of each pair (always true here) keeps the rules apart, and in
/// random games of chess both find the same moves in the same order in every position.
#[test]
fn twin_rules_list_their_moves_as_the_rules_one_by_one() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let source = std::fs::read_to_string(root.join("chess.game")).unwrap();
    let twins = compile(&source);
    let pairs: Vec<(&str, &str)> = twins
        .rules
        .iter()
        .filter_map(|r| {
            let twin = &twins.rules[r.twin?.index()];
            assert!(twin.twinned && !r.twinned);
            Some((r.name.as_str(), twin.name.as_str()))
        })
        .collect();
    assert_eq!(
        pairs,
        [
            ("king_step", "king_take"),
            ("line_slide", "line_take"),
            ("diagonal_slide", "diagonal_take"),
            ("leap", "leap_take"),
        ]
    );
    let mut apart = source.clone();
    for (first, _) in &pairs {
        let start = apart.find(&format!("move {first} {{")).unwrap();
        let end = start + apart[start..].find('}').unwrap();
        apart.insert_str(end, " if count(friend) > 0 ");
    }
    let apart = compile(&apart);
    assert!(apart.rules.iter().all(|r| r.twin.is_none() && !r.twinned));
    let (positions, _) = same_moves_in_random_games(&twins, &apart, "chess");
    assert!(positions > 4000, "{positions} positions");
    // Queens on 12 x 12, where a walk may find more of the twin's landing sets than are
    // kept aside (26 of them in the position below): the twin then walks on its own.
    let queens = "game \"Queens\"\nboard 12 x 12\nplayers White, Black\npieces queen\n\
        setup { queen where row <= 1 }\n\
        move slide { along all  over 0+ empty  onto empty }\n\
        move take { along all  over 0+ empty  onto enemy }\n\
        end { lose when count(friend) == 0 }\n";
    let twins = compile(queens);
    assert_eq!(twins.rules[0].twin, Some(tabula::ir::RuleId(1)));
    let apart = compile(&queens.replace("onto empty }", "onto empty  if count(friend) > 0 }"));
    assert_eq!(apart.rules[0].twin, None);
    let crowded = "6q4q/1q2qq3q1q/1qQq1qq2Q2/2q6qqq/2q3Q5/q1q2q3qqq/1q3Q4q1/2q1q7/\
        1qqq2qq3q/2Q2q1q1Q1q/4q1q5/7q4 White";
    let found = legal_moves(&twins, &position(&twins, crowded));
    assert_eq!(found.len(), 112);
    assert_eq!(found, legal_moves(&apart, &position(&apart, crowded)));
    same_moves_in_random_games(&twins, &apart, "queens");
}
