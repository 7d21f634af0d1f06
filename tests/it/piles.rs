//! Piles (`piles`), paths (`path`), pieces taken to hand (`taken to hand`), `height(SQ)`
//! and `by die past the end`, each on its own in two small games written for the test
//! (Backgammon, in tests/it/backgammon.rs, uses them all).

use crate::common::{compile, moves, play_line, play_move, position, position_text};

/// Each player's way round a 4 x 2 board, in opposite directions.
const LANE: &str = "path lane {
  White: a1 to d1, d2 to a2
  Black: a2 to d2, d1 to a1
}";

/// Piles on a lane: a stone steps one square on along its owner's way, onto an empty
/// square, a pile of its own, or a single enemy stone, which goes back to its owner's
/// hand; from the hand a stone comes back on the last square of the way.
fn lanes() -> String {
    format!(
        "game \"Lanes\"
board 4 x 2
players White, Black
pieces stone
piles
taken to hand
{LANE}
setup {{
  White 3 stone on a1
  Black 2 stone on d2
  Black stone on c1
}}
move step {{
  along lane
  onto any
  if not (to is enemy and height(to) > 1)
}}
move back {{
  place stone
  onto empty
  if to + lane is off
}}
"
    )
}

/// A pile's top stone moves and the rest stay; a stone landing on its own kind goes on
/// top (no capture: `a1-b1`); the setup's counts make piles.
#[test]
fn a_pile_gives_its_top_piece_and_takes_its_own_kind_on_top() {
    let g = compile(&lanes());
    let s = crate::common::Position::start(&g);
    assert_eq!(position_text(&g, &s), "3[ss]/[SSS]1s1 White hand=0,0");
    let s = play_line(&g, s, &["a1-b1", "d2-d1"]);
    assert_eq!(position_text(&g, &s), "3s/[SS]Sss White hand=0,0");
    assert_eq!(moves(&g, &s), ["a1-b1", "b1xc1"]);
    let s = play_move(&g, &s, "a1-b1");
    assert_eq!(position_text(&g, &s), "3s/S[SS]ss Black hand=0,0");
}

/// A single enemy stone is taken to its owner's hand; two block the square
/// (`height(to) > 1`); a stone in hand comes back where `to + lane is off`, the last
/// square of its owner's way.
#[test]
fn a_lone_stone_taken_goes_to_its_owners_hand_and_two_block() {
    let g = compile(&lanes());
    let s = position(&g, "3s/[SS]Sss White hand=0,0");
    let s = play_move(&g, &s, "b1xc1");
    assert_eq!(position_text(&g, &s), "3s/[SS]1Ss Black hand=0,1");
    // Black's stone in hand comes back on a1, the end of Black's way, were it empty; its
    // stones step on.
    assert_eq!(moves(&g, &s), ["d1xc1", "d2-d1"]);
    let s = position(&g, "3s/1[SS]ss White hand=0,0");
    assert_eq!(moves(&g, &s), ["b1xc1"]);
    // Two Black stones on c1: b1 is stuck.
    let s = position(&g, "3s/1[SS][ss]1 White hand=0,0");
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    let s = position(&g, "4/4 White hand=1,0");
    assert_eq!(moves(&g, &s), ["a2"]);
    // The comparison read the other way round blocks alike.
    let flipped = compile(&lanes().replace("height(to) > 1", "1 < height(to)"));
    let s = position(&flipped, "3s/1[SS][ss]1 White hand=0,0");
    assert_eq!(moves(&flipped, &s), Vec::<String>::new());
    let s = position(&flipped, "3s/1[SS]ss White hand=0,0");
    assert_eq!(moves(&flipped, &s), ["b1xc1"]);
}

/// `height(SQ)`: the pieces on a square; 0 on an empty one, 1 for a lone piece.
#[test]
fn height_counts_the_pieces_on_a_square() {
    let g = compile(&format!(
        "game \"Heights\"
board 4 x 2
players White, Black
pieces stone
piles
{LANE}
setup {{
  White 3 stone on a1
}}
move step {{
  along lane
  onto any
  if height(from) == 3 or height(to) == 2
}}
"
    ));
    let s = crate::common::Position::start(&g);
    // From the pile of three; then from a pile of two onto a square holding one it is no
    // move (height(to) == 1), and from a lone stone onto the pile of two it is.
    let s = play_move(&g, &s, "a1-b1");
    assert_eq!(
        moves(&g, &position(&g, "4/[SS]S2 White")),
        Vec::<String>::new()
    );
    assert_eq!(position_text(&g, &s), "4/[SS]S2 Black");
    assert_eq!(moves(&g, &position(&g, "4/S[SS]2 White")), ["a1-b1"]);
}

/// With dice: a placement `by die` along a path enters it on the square the die counts to;
/// `by die past the end` moves a piece only when the die goes past the way's last
/// square, and stops it there.
#[test]
fn a_die_enters_a_path_and_goes_past_its_end() {
    let g = compile(&format!(
        "game \"Lanes with a die\"
board 4 x 2
players White, Black
pieces stone
piles
dice 1 faces 1..3
{LANE}
setup {{
  White 2 stone in hand
  Black 2 stone in hand
}}
move enter {{
  place stone
  along lane
  by die
  onto empty
}}
move run {{
  along lane
  by die
  onto any
}}
move home {{
  along lane
  by die past the end
  onto any
}}
"
    ));
    // The third square of White's way (a1, b1, c1).
    let s = position(&g, "4/4 White hand=2,2 dice=3");
    assert_eq!(moves(&g, &s), ["c1"]);
    // From c2 (the sixth square), 3 goes past a2: home stops it on a2; 2 lands there
    // exactly, by `run`.
    let s = position(&g, "2S1/4 White hand=1,2 dice=3");
    assert_eq!(moves(&g, &s), ["c1", "c2-a2"]);
    let s = position(&g, "2S1/4 White hand=1,2 dice=2");
    assert_eq!(moves(&g, &s), ["b1", "c2-a2"]);
}

const CAPTORS: &str = "taken to captor's hand";

/// `taken to captor's hand`: a piece taken goes to the hand of the player who took it, as
/// the type it was promoted from; a placement brings it back as the captor's.
#[test]
fn a_piece_taken_goes_to_the_captors_hand_unpromoted() {
    let g = compile(&format!(
        "game \"Drops\"
board 3 x 3
players White, Black
pieces pawn, tokin as t
{CAPTORS}
zone far = row == 2
promote pawn to tokin in far
setup {{
  White pawn on b1
  Black tokin on b2
  Black pawn on c3
}}
move step {{
  along forward
  onto empty
}}
move take {{
  along forward
  onto enemy
}}
move drop {{
  place pawn
  onto empty
  if row(to) < 2
}}
"
    ));
    let s = crate::common::Position::start(&g);
    assert_eq!(position_text(&g, &s), "2p/1t1/1P1 White hand=0:0,0:0");
    // Black's tokin, taken, is a pawn in White's hand.
    let s = play_line(&g, s, &["b1xb2", "c3-c2"]);
    assert_eq!(position_text(&g, &s), "3/1Pp/3 White hand=1:0,0:0");
    assert_eq!(moves(&g, &s), ["a1", "a2", "b1", "b2-b3", "c1"]);
    let s = play_move(&g, &s, "a2");
    assert_eq!(position_text(&g, &s), "3/PPp/3 Black hand=0:0,0:0");
}

/// Every example above is in docs/LANGUAGE.md word for word.
#[test]
fn the_language_reference_shows_paths() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    for example in [LANE, CAPTORS] {
        assert!(doc.contains(example), "docs/LANGUAGE.md lacks:\n{example}");
    }
}
