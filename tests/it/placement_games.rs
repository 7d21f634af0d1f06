//! The rules of the games written with placements, effects and moves in two parts
//! (tic-tac-toe, Connect Four, Othello, Amazons, Breakthrough, English draughts), each
//! checked from a hand-made position.

use crate::common::{after, ending, game, moves, outcome, play_move, position, Outcome};
use tabula::present::position_text;

#[test]
fn tictactoe_a_row_of_three_wins_the_moment_it_is_made() {
    let g = game("tictactoe", "");
    // X on a3 and b3, O on a2 and b2; X to move.
    let text = "MM1/mm1/3 X";
    assert_eq!(moves(&g, &position(&g, text)).len(), 5);
    let s = play_move(&g, &position(&g, text), "c3");
    assert_eq!(position_text(&g, &s), "MMM/mm1/3 O");
    // It is O's turn, but the game is over: X's row is read at once.
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Win(0), "X: win when line(friend, 3)".to_string()))
    );
}

#[test]
fn tictactoe_a_full_grid_without_a_row_is_a_draw() {
    let g = game("tictactoe", "");
    let s = position(&g, "MmM/Mmm/mMM O");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Draw, "O has no legal move".to_string()))
    );
}

#[test]
fn connect4_a_disc_falls_to_the_lowest_empty_square_of_its_column() {
    let g = game("connect4", "");
    // Column a holds two discs, column b is full, the rest are empty.
    let s = position(&g, "1d5/1D5/1d5/1D5/dd5/DD5 Red");
    assert_eq!(moves(&g, &s), ["a3", "c1", "d1", "e1", "f1", "g1"]);
}

#[test]
fn connect4_four_on_a_diagonal_win_at_once() {
    let g = game("connect4", "");
    // Red holds a1, b2 and c3, and d4 stands on d3.
    let text = "7/7/7/2DD3/1Ddd3/DddDd2 Red";
    let s = play_move(&g, &position(&g, text), "d4");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(0)));
    // After any other move the game goes on, and d4 is open to Yellow.
    let s = play_move(&g, &position(&g, text), "e2");
    assert_eq!(outcome(&g, &s), None);
    assert!(moves(&g, &s).contains(&"d4".to_string()));
}

#[test]
fn othello_a_disc_turns_every_line_it_closes() {
    let g = game("othello", "");
    // Black b4 and d2, White c4 and d3: a Black disc on d4 closes a line to the west and
    // one to the south.
    let text = "8/8/8/8/1Dd5/3d4/3D4/8 Black";
    assert_eq!(moves(&g, &position(&g, text)), ["d4"]);
    assert_eq!(after(&g, text, "d4"), "8/8/8/8/1DDD4/3D4/3D4/8 White");
}

#[test]
fn othello_a_disc_that_turns_nothing_is_not_a_move() {
    let g = game("othello", "");
    let s = position(&g, "8/8/8/8/1Dd5/3d4/3D4/8 Black");
    // e4 is empty and next to nothing it could turn; a5 touches White's c4 only across b4.
    for square in ["e4", "a5", "c5", "e3"] {
        assert!(!moves(&g, &s).contains(&square.to_string()), "{square}");
    }
}

#[test]
fn othello_a_player_who_cannot_place_passes_and_the_game_ends_when_neither_can() {
    let g = game("othello", "");
    // Only Black discs: White cannot place, and after White's pass neither can Black.
    let s = position(&g, "8/8/8/3DD3/8/8/8/8 White");
    assert_eq!(moves(&g, &s), ["pass"]);
    let s = play_move(&g, &s, "pass");
    assert_eq!(position_text(&g, &s), "8/8/8/3DD3/8/8/8/8 Black passes=1");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Win(0), "no player can move".to_string()))
    );
    assert_eq!(
        tabula::present::score_text(&g, &s).as_deref(),
        Some("Final score: Black 2, White 0.\n")
    );
}

#[test]
fn amazons_the_arrow_may_fly_through_the_square_the_queen_left() {
    let g = game("amazons", "");
    // A White amazon on d2, a Black one on j10, nothing else.
    let text = "9q/10/10/10/10/10/10/10/3Q6/10 White";
    let m = moves(&g, &position(&g, text));
    // d2 to d4, then an arrow back down through d3 and d2 to d1.
    assert!(m.contains(&"d2-d4/d1".to_string()), "{m:?}");
    assert!(m.contains(&"d2-d4/d2".to_string()), "{m:?}");
    assert_eq!(
        after(&g, text, "d2-d4/d1"),
        "9q/10/10/10/10/10/3Q6/10/10/3X6 Black"
    );
}

#[test]
fn amazons_arrows_block_and_a_player_who_cannot_move_loses() {
    let g = game("amazons", "");
    // White's amazon on a1 is walled in by arrows on a2, b1 and b2.
    let s = position(&g, "9q/10/10/10/10/10/10/10/xx8/Qx8 White");
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(1)));
    // With b2 open the amazon goes there or beyond, and always has an arrow to shoot.
    let s = position(&g, "9q/10/10/10/10/10/10/10/x9/Qx8 White");
    let m = moves(&g, &s);
    assert!(m.contains(&"a1-b2/a1".to_string()), "{m:?}");
    assert!(m
        .iter()
        .all(|m| !m.starts_with("a1-a2") && !m.starts_with("a1-b1")));
}

#[test]
fn breakthrough_reaching_the_far_row_wins_at_once() {
    let g = game("breakthrough", "");
    // White's pawn on g7 reaches g8; Black could take back on the next turn, but the game
    // is already over.
    let text = "7p/6P1/8/8/8/8/p7/8 White";
    let s = play_move(&g, &position(&g, text), "g7-g8");
    assert_eq!(
        ending(&g, &s),
        Some((
            Outcome::Win(0),
            "White: win when count(friend in far) > 0".to_string()
        ))
    );
}

#[test]
fn breakthrough_a_win_is_read_for_every_player_not_only_the_one_to_move() {
    let g = game("breakthrough", "");
    // A Black pawn stands on Black's far row (a1) though it is White's turn: Black has won.
    let s = position(&g, "7p/6P1/8/8/8/8/8/p7 White");
    assert_eq!(
        ending(&g, &s),
        Some((
            Outcome::Win(1),
            "Black: win when count(friend in far) > 0".to_string()
        ))
    );
}

#[test]
fn breakthrough_pawns_step_forward_and_capture_diagonally_only() {
    let g = game("breakthrough", "");
    // White on d4 faces Black on d5 (blocked straight ahead) and c5 (capturable).
    let s = position(&g, "8/8/8/2pp4/3P4/8/8/8 White");
    assert_eq!(moves(&g, &s), ["d4-e5", "d4xc5"]);
}

#[test]
fn draughts_a_capture_is_compulsory_and_goes_on_while_it_can() {
    let g = game("draughts", "");
    // Black's man on a1 can jump b2 and then d4; the man on g1 may not step. (The text
    // gives the dark squares only, four a rank.)
    let s = position(&g, "4/4/4/4/1m2/4/m3/M2M Black");
    assert_eq!(moves(&g, &s), ["a1xc3xe5"]);
}

#[test]
fn draughts_a_man_crowned_by_a_capture_ends_its_move() {
    let g = game("draughts", "");
    // Black's man on b6 jumps c7 to d8 and is crowned there; it may not jump on over e7
    // as a king would.
    let text = "4/1mm1/M3/4/4/4/4/4 Black";
    assert_eq!(moves(&g, &position(&g, text)), ["b6xd8"]);
    assert_eq!(after(&g, text, "b6xd8"), "1K2/2m1/4/4/4/4/4/4 White");
}

#[test]
fn draughts_kings_move_both_ways_and_forty_moves_each_without_progress_draw() {
    let g = game("draughts", "");
    let s = position(&g, "3k/4/4/4/1K2/4/4/4 Black clock=79");
    assert_eq!(moves(&g, &s), ["d4-c3", "d4-c5", "d4-e3", "d4-e5"]);
    // A king's move does not reset the clock: the 80th ply without progress draws.
    let s = play_move(&g, &s, "d4-c5");
    assert_eq!(position_text(&g, &s), "3k/4/4/1K2/4/4/4/4 White clock=80");
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Draw, "Black: draw when clock >= 80".to_string()))
    );
}
