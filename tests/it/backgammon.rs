//! Backgammon (games/backgammon.game): piles, a path for each player, pieces taken to
//! hand, entering by a die, bearing off `past the end`. Perft by whole turns against
//! OpenSpiel's backgammon, and each rule from a hand-made position.
//!
//! Squares: rank 1 holds White's points 12 to 7 (a1 to f1) and 6 to 1 (h1 to m1), rank 2
//! White's 13 to 18 (a2 to f2) and 19 to 24 (h2 to m2); file g is the bar (no square), n1
//! White's tray and n2 Black's. A position text writes rank 2 first, 13 squares a rank.

use crate::common::{game, moves, outcome, play_move, position, position_text, Position};
use tabula::search::plays::{perft_turns_at, turns_by_roll_at};

const PILES: &str = "piles";
const PATH: &str = "path route {
  White: m2 to a2, a1 to n1
  Black: m1 to a1, a2 to n2
}";
const TAKEN: &str = "taken to hand";
const OPEN: &str = "define open(sq) = not (sq is enemy and height(sq) > 1)";
const PAST_END: &str = "move bear_off_high {
  along route
  by die past the end
  onto any
  if all_home and count(friend in home where file(here) < file(from)) == 0
}";

/// The plays of each roll from the start, merged by the position they lead to: the
/// non-doubles from OpenSpiel (the table of the issue; OpenSpiel's first roll is never a
/// double), and under each first roll the whole-turn perft 2 from OpenSpiel too
/// (`python3 tests/models/backgammon_openspiel.py --depth2`): the plays of the first roll,
/// then each of Black's 21 rolls and its plays. The doubles' plays at depth 1 are this
/// engine's; the positions of tests/backgammon_plays.txt check doubles against OpenSpiel.
#[test]
fn whole_turns_from_the_start_agree_with_openspiel() {
    let g = game("backgammon", "");
    let start = Position::start(&g);
    let by_roll = |depth| -> Vec<(String, u64)> {
        turns_by_roll_at(&g, &start, depth)
            .into_iter()
            .map(|(m, n)| (tabula::present::move_text(&g, m), n))
            .collect()
    };
    let one = by_roll(1);
    let openspiel = [
        ("2-1", 15),
        ("3-1", 16),
        ("4-1", 14),
        ("5-1", 8),
        ("6-1", 10),
        ("3-2", 17),
        ("4-2", 18),
        ("5-2", 8),
        ("6-2", 14),
        ("4-3", 17),
        ("5-3", 9),
        ("6-3", 14),
        ("5-4", 9),
        ("6-4", 14),
        ("6-5", 7),
    ];
    for (roll, plays) in openspiel {
        let found = one.iter().find(|(m, _)| *m == format!("roll {roll}"));
        assert_eq!(found.map(|(_, n)| *n), Some(plays), "{roll}");
    }
    let doubles: Vec<u64> = ["1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]
        .iter()
        .map(|r| {
            one.iter()
                .find(|(m, _)| *m == format!("roll {r}"))
                .unwrap()
                .1
        })
        .collect();
    assert_eq!(doubles, [42, 75, 73, 52, 4, 11]);
    let two = by_roll(2);
    let openspiel = [
        ("2-1", 7070),
        ("3-1", 7459),
        ("4-1", 6586),
        ("5-1", 3744),
        ("6-1", 4701),
        ("3-2", 7974),
        ("4-2", 8409),
        ("5-2", 3691),
        ("6-2", 6647),
        ("4-3", 7988),
        ("5-3", 4118),
        ("6-3", 6659),
        ("5-4", 4194),
        ("6-4", 6613),
        ("6-5", 3300),
    ];
    for (roll, count) in openspiel {
        let found = two.iter().find(|(m, _)| *m == format!("roll {roll}"));
        assert_eq!(found.map(|(_, n)| *n), Some(count), "{roll}");
    }
}

/// 300 positions at the start of a turn, from random OpenSpiel games: men on the bar,
/// doubles, bearing off, hits. Each has as many plays as OpenSpiel finds.
#[test]
fn plays_from_random_positions_agree_with_openspiel() {
    let g = game("backgammon", "");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/backgammon_plays.txt"),
    )
    .unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (pos, plays) = line.split_once('|').unwrap();
        let s = position(&g, pos);
        assert_eq!(
            perft_turns_at(&g, &s, 1),
            plays.parse::<u64>().unwrap(),
            "{pos}"
        );
        checked += 1;
    }
    assert_eq!(checked, 300);
}

/// A man on the bar enters on the point of the opponent's home the die counts to (with 1,
/// White's 24-point m2), not onto two enemy men; no other man moves before it.
#[test]
fn a_man_on_the_bar_enters_where_the_point_is_open() {
    let g = game("backgammon", "");
    let bar = "10[cc][cc]1/[ccccccccccc]5[CCCCCCCCCCCCCC]6 White hand=1,0";
    // 1 and 2 would enter on m2 and l2, both held by Black: the roll passes.
    let s = play_move(&g, &position(&g, bar), "roll 2-1");
    assert_eq!(
        position_text(&g, &s),
        "10[cc][cc]1/[ccccccccccc]5[CCCCCCCCCCCCCC]6 Black hand=1,0"
    );
    // The 3 enters on k2; the men on h1 wait for it.
    let s = position(&g, &format!("{bar} dice=3,1"));
    assert_eq!(moves(&g, &s), ["k2"]);
    let s = play_move(&g, &s, "k2");
    assert_eq!(moves(&g, &s), ["h1-i1", "k2-j2"]);
}

/// A man landing on a single enemy man (a blot) hits it: it goes to its owner's bar.
#[test]
fn a_blot_hit_goes_to_the_bar() {
    let g = game("backgammon", "");
    let s = position(
        &g,
        "5c2C4/[cccccccccccccc]5[CCCCCCCCCCCCCC]6 White hand=0,0 dice=3",
    );
    assert_eq!(moves(&g, &s), ["h1-k1", "j2xf2"]);
    let s = play_move(&g, &s, "j2xf2");
    assert_eq!(
        position_text(&g, &s),
        "5C7/[cccccccccccccc]5[CCCCCCCCCCCCCC]6 Black hand=0,1"
    );
}

/// Bearing off: by the exact number from any point, by a higher one only from the highest
/// point held, and not while a man is outside the home board.
#[test]
fn men_bear_off_by_the_number_or_a_higher_one_from_the_highest_point() {
    let g = game("backgammon", "");
    let home = "[ccccccccccccccc]12/8[CC][CCCCCCCCCCCCC]3 White hand=0,0";
    // 6 and 5: only from the 4-point j1, the highest held.
    assert_eq!(
        moves(&g, &position(&g, &format!("{home} dice=6"))),
        ["j1-n1"]
    );
    assert_eq!(
        moves(&g, &position(&g, &format!("{home} dice=5"))),
        ["j1-n1"]
    );
    // 3: off from the 3-point, or a man of the 4-point on to the 1-point.
    assert_eq!(
        moves(&g, &position(&g, &format!("{home} dice=3"))),
        ["j1-m1", "k1-n1"]
    );
    // With a man on the 7-point f1, nobody bears off.
    let outside = "[ccccccccccccccc]12/5C2C[CCCCCCCCCCCCC]3 White hand=0,0 dice=3";
    assert_eq!(moves(&g, &position(&g, outside)), ["f1-j1", "j1-m1"]);
    // The last man off wins.
    let last = position(
        &g,
        "[ccccccccccccccc]12/10C1[CCCCCCCCCCCCCC] White hand=0,0 dice=2",
    );
    let s = play_move(&g, &last, "l1-n1");
    assert_eq!(outcome(&g, &s), Some(tabula::engine::Outcome::Win(0)));
}

/// When either die can be played but not both, the larger must be.
#[test]
fn when_only_one_die_can_be_played_it_is_the_larger() {
    let g = game("backgammon", "");
    // The 13-point man: 5 to e1 or 2 to b1, and then the other die always meets Black's
    // men on the 6-point h1.
    let s = position(
        &g,
        "C11[ccccccccccccc]/6[cc]5[CCCCCCCCCCCCCC] White hand=0,0 dice=5,2",
    );
    assert_eq!(moves(&g, &s), ["a2-e1"]);
    let s = play_move(&g, &s, "a2-e1");
    assert_eq!(position_text(&g, &s).split(' ').nth(1), Some("Black"));
}

/// Both dice must be played when they can: entering with the 1 would leave the 6 no move,
/// so the man enters with the 6.
#[test]
fn both_dice_are_played_when_they_can_be() {
    let g = game("backgammon", "");
    let s = position(
        &g,
        "5[cc]7/[ccccccccccccc]5[CCCCCCCCCCCCCC]6 White hand=1,0 dice=6,1",
    );
    assert_eq!(moves(&g, &s), ["h2"]);
    let s = play_move(&g, &s, "h2");
    assert_eq!(moves(&g, &s), ["h1-i1"]);
}

/// A double is played four times by the same player, then the other rolls.
#[test]
fn a_double_is_played_four_times() {
    let g = game("backgammon", "");
    let s = position(
        &g,
        "13/[ccccccccccccccc]5[CCCCCCCCCCCCCCC]6 White hand=0,0 dice=1,1,1,1",
    );
    let s = ["h1-i1", "h1-i1", "i1-j1", "h1-i1"]
        .iter()
        .fold(s, |s, m| play_move(&g, &s, m));
    assert_eq!(
        position_text(&g, &s),
        "13/[ccccccccccccccc]5[CCCCCCCCCCCC][CC]C4 Black hand=0,0"
    );
}

/// The session shows the board's piles and each roll; the computer plays a whole game.
#[test]
fn the_computer_plays_a_whole_game_showing_each_roll() {
    let text = crate::common::computer_game("backgammon");
    assert!(text.contains("White rolls "), "{text}");
    assert!(text.contains("Black rolls "), "{text}");
    assert!(text.contains("Game over: "), "{text}");
    assert!(
        text.contains("1 |  5c   .   .   .  3C   .      5C"),
        "{text}"
    );
}

/// Every example above is in docs/LANGUAGE.md word for word.
#[test]
fn the_language_reference_shows_piles_paths_and_pieces_taken_to_hand() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    for example in [PILES, PATH, TAKEN, OPEN, PAST_END] {
        assert!(doc.contains(example), "docs/LANGUAGE.md lacks:\n{example}");
    }
    let game_file = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/backgammon.game"),
    )
    .unwrap();
    for example in [PATH, OPEN, PAST_END] {
        assert!(
            game_file.contains(example),
            "games/backgammon.game lacks:\n{example}"
        );
    }
}

/// A roll taken back falls the same again (taking it back does not throw the dice anew),
/// and what was taken back after it is still there to play again; the record saved reads
/// back at the same position.
#[test]
fn a_roll_taken_back_falls_the_same_again() {
    use tabula::load::{load, GameSpec};
    use tabula::repl::Session;
    let spec = GameSpec::named("backgammon");
    let mut session = Session::new(spec.clone(), load(&spec).unwrap(), &[], 1).unwrap();
    session.opening();
    session.computer_move(&mut |_| {});
    let rolled = position_text(session.game(), session.state());
    assert!(rolled.contains(" dice="), "{rolled}");
    session.execute("undo");
    session.computer_move(&mut |_| {});
    assert_eq!(position_text(session.game(), session.state()), rolled);
    let dir = crate::common::temp_folder("bg_undo");
    let record = dir.join("game.rec");
    session.execute(&format!("save {}", record.display()));
    session.execute("new");
    session.execute(&format!("load {}", record.display()));
    assert_eq!(position_text(session.game(), session.state()), rolled);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The session lists a roll's plays, one for each position they lead to: 6-5 from the
/// start has the seven of the table, as OpenSpiel counts them.
#[test]
fn the_session_lists_the_plays_of_a_roll() {
    let out = crate::common::tabula_command()
        .args(["play", "backgammon", "--typed-dice"])
        .write_stdin("plays\nroll 6-5\nplays\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "the dice are not rolled yet: `plays` lists the ways to play them once they are\n"
        ),
        "{text}"
    );
    let listed = "White> plays\n7 plays, each to a different position:\n   1. e1-l1 e1-k1\n   2. e1-l1 a2-e1\n   3. a2-f1 e1-k1\n   4. a2-f1 a2-e1\n   5. m2-f2 e1-k1\n   6. m2-f2 a2-e1\n   7. m2-f2 f2-a2\n";
    assert!(text.contains(listed), "{text}");
}

/// A picture draws a pile as one disc with its count on it.
#[test]
fn a_picture_shows_each_pile_by_its_count() {
    let dir = crate::common::temp_folder("bg_svg");
    let file = dir.join("start.svg");
    crate::common::tabula_command()
        .args(["show", "backgammon", "--svg", file.to_str().unwrap()])
        .assert()
        .success();
    let svg = std::fs::read_to_string(&file).unwrap();
    // Four piles of 5, two of 3, two of 2: their counts in the piles' large type.
    let piles = |n: usize| {
        svg.lines()
            .filter(|l| l.contains("font-size=\"22\"") && l.ends_with(&format!(">{n}</text>")))
            .count()
    };
    assert_eq!([piles(5), piles(3), piles(2)], [4, 2, 2], "{svg}");
    std::fs::remove_dir_all(&dir).unwrap();
}
