//! Dice (`dice N faces …`, `by die`), each rule on its own in a small race written for the
//! test, with perft against an independent model (tests/models/race.py), the session's
//! rolls, and the computer over rolls. docs/LANGUAGE.md's examples are their pieces.

use crate::common::{
    compile, moves, outcome, play_move, position, position_text, Move, Position, Workspace,
};
use tabula::search::perft::{perft_at, perft_without_chance_at};

const DICE: &str = "dice 2 faces 1..3 doubles twice use most";
const BY_DIE: &str = "move run {
  along forward
  by die
  onto empty
}";

/// Two runners a side on a row of 9, running towards each other; a runner that lands on
/// an enemy takes it. The model in tests/models/race.py is written from these rules.
fn race() -> String {
    format!(
        "game \"Race\"
board 9 x 1
players White facing e, Black facing w
pieces runner
{DICE}
zone goal = row >= 7
setup {{
  runner where row <= 1
}}
{BY_DIE}
move hit {{
  along forward
  by die
  onto enemy
}}
end {{
  win when count(friend) > 0 and count(friend in goal) == count(friend)
  win when count(enemy) == 0
}}
"
    )
}

/// Perft with a roll as a step of its own, and without (a roll's moves counted at the
/// roll's depth, summed over its outcomes): both equal to the model's
/// (`python3 tests/models/race.py 10`, `python3 tests/models/race.py 6 --no-chance`).
#[test]
fn perft_counts_a_roll_as_a_step_or_not_as_the_model_does() {
    let g = compile(&race());
    let start = Position::start(&g);
    let with: Vec<u64> = (1..=10).map(|d| perft_at(&g, &start, d, 2)).collect();
    assert_eq!(with, [6, 15, 26, 113, 267, 578, 2133, 4159, 8935, 26908]);
    let without: Vec<u64> = (1..=6)
        .map(|d| perft_without_chance_at(&g, &start, d))
        .collect();
    assert_eq!(without, [15, 26, 257, 443, 3865, 5773]);
}

/// The six ways two three-sided dice fall, largest first; a double gives four moves.
#[test]
fn a_turn_begins_with_a_roll_and_a_double_is_played_twice_over() {
    let g = compile(&race());
    let s = Position::start(&g);
    assert_eq!(
        moves(&g, &s),
        ["roll 1-1", "roll 2-1", "roll 2-2", "roll 3-1", "roll 3-2", "roll 3-3"]
    );
    let s = play_move(&g, &s, "roll 1-1");
    assert_eq!(position_text(&g, &s), "RR5rr White dice=1,1,1,1");
    // Four moves of one, by the same player, then Black rolls.
    let s = ["b1-c1", "c1-d1", "a1-b1", "d1-e1"]
        .iter()
        .fold(s, |s, m| play_move(&g, &s, m));
    assert_eq!(position_text(&g, &s), "1R2R2rr Black");
    assert_eq!(moves(&g, &s)[0], "roll 1-1");
}

/// `use most`: a move that would leave the other die unplayable is not legal while
/// another plays both; when only one die can be played, it is the larger.
#[test]
fn as_many_dice_as_can_be_played_and_else_the_larger() {
    let g = compile(&race());
    // b1-d1 (the 2) would leave the 3 with no move; b1-e1 and g1xi1 each leave one.
    let s = position(&g, "rR4R1r White dice=3,2");
    assert_eq!(moves(&g, &s), ["b1-e1", "g1xi1"]);
    // Either die alone, never both: the 3.
    let s = position(&g, "r1R3rR1 White dice=3,2");
    assert_eq!(moves(&g, &s), ["c1-f1"]);
    // After it, the 2 has no move: the turn passes.
    let s = play_move(&g, &s, "c1-f1");
    assert_eq!(position_text(&g, &s), "r4RrR1 Black");
}

/// A roll no move can use passes the turn at once; a runner landing on an enemy takes it.
#[test]
fn a_roll_with_no_move_passes_and_a_landing_on_an_enemy_takes_it() {
    let g = compile(&race());
    // With 2-2, White's runner on f is blocked by its own on h, which would run off the
    // row: Black rolls next.
    let s = position(&g, "3r1R1R1 White");
    let s = play_move(&g, &s, "roll 2-2");
    assert_eq!(position_text(&g, &s), "3r1R1R1 Black");
    let s = position(&g, "2R2r1r1 White dice=3");
    let s = play_move(&g, &s, "c1xf1");
    assert_eq!(position_text(&g, &s), "5R1r1 Black");
    // Black's last runner taken: White wins.
    let s = play_move(&g, &position(&g, "5R1r1 White dice=2"), "f1xh1");
    assert_eq!(outcome(&g, &s), Some(tabula::engine::Outcome::Win(0)));
}

/// The session rolls for everyone and says so; with `dice typed`, people type the roll
/// they threw at the table, in either order, and a roll the dice cannot give is refused.
#[test]
fn the_session_shows_each_roll_and_takes_the_rolls_people_throw() {
    let dir = crate::common::temp_folder("dice");
    let file = dir.join("race.game");
    std::fs::write(&file, race()).unwrap();
    let session = |typed: &str, args: &[&str]| {
        let mut all = vec!["play", file.to_str().unwrap(), "--seed", "3"];
        all.extend(args);
        let out = crate::common::tabula_command()
            .args(&all)
            .write_stdin(typed)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = session("", &[]);
    assert!(text.contains("White to roll.\n\nWhite rolls "), "{text}");
    assert!(text.contains(", with "), "{text}");
    let text = session(
        "a1-b1\nroll 4-1\nroll 1-3\nroll\nb1-e1\na1-b1\nfen\ndice rolled\n",
        &["--position", "RR5rr White", "--typed-dice"],
    );
    for expected in [
        "White to roll: type the roll thrown (`roll 3-1`), or `roll` to throw here.\n",
        "White> a1-b1\nthe dice are to be rolled first: type the roll thrown (`roll 3-1`), or `roll`\n",
        "White> roll 4-1\n`4-1` is not a roll of these dice: 2 dice with faces 1, 2, 3, such as `roll 1-1`\n",
        "White> roll 1-3\nWhite rolls 3-1.\n",
        "White to move, with 3 and 1 to play.\n",
        "White> roll\nit is not time to roll: the dice rolled are still to be played\n",
        "White> b1-e1\nWhite plays b1-e1.\n",
        "White to move, with 1 to play.\n",
        "White> a1-b1\nWhite plays a1-b1.\n",
        "Black to roll: type the roll thrown",
        "Black> fen\nFEN describes games of two players whose squares hold one piece each, with nothing in hand, no dice and no counters;",
        "Black> dice rolled\nThe session rolls the dice for everyone.\n\nBlack rolls ",
    ] {
        assert!(text.contains(expected), "lacks {expected:?}:\n{text}");
    }
    // Neither PGN nor UCI has a way to write a roll: both say so.
    let pgn = dir.join("race.pgn");
    let text = session(
        &format!("save {}\n", pgn.display()),
        &["--position", "RR5rr White"],
    );
    assert!(
        text.contains("cannot save: PGN has no way to write rolls of the dice"),
        "{text}"
    );
    let out = crate::common::tabula_command()
        .args(["uci", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        (out.status.code(), String::from_utf8(out.stderr).unwrap()),
        (
            Some(2),
            "error: the UCI protocol has no rolls of the dice: play a game of dice with `tabula play`\n".to_string()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The computer rolls as the dice fall and plays on over the rolls: a whole game ends.
#[test]
fn the_computer_plays_a_whole_game_of_dice() {
    let dir = crate::common::temp_folder("dice_ai");
    let file = dir.join("race.game");
    std::fs::write(&file, race()).unwrap();
    let text = crate::common::computer_game(file.to_str().unwrap());
    assert!(text.contains("Game over: "), "{text}");
    assert!(text.matches(" rolls ").count() >= 2, "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every example above is in docs/LANGUAGE.md word for word.
#[test]
fn the_language_reference_shows_the_dice() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    for example in [DICE, BY_DIE] {
        assert!(doc.contains(example), "docs/LANGUAGE.md lacks:\n{example}");
    }
}

/// The probability of each move `Position::sample_rolled` returns at `s`, found by
/// following every way its draws can go (`pick(n)` is each of `0..n` with chance `1/n`),
/// and the most draws a way made; `None` where there are more than `most` ways. Where a
/// move comes with whether its player goes on moving after it, that is checked against
/// the position `make` leaves.
type Odds = std::collections::HashMap<Move, f64>;
fn drawn_odds(g: &tabula::ir::Game, s: &Position, most: usize) -> Option<(Odds, usize)> {
    let mut odds = std::collections::HashMap::new();
    // Each way is the picks made, in order; a way is followed to its end, and the ways
    // that differ at its last pick that has a choice left are followed next.
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    let (mut ways, mut longest) = (0, 0);
    while let Some(prefix) = stack.pop() {
        ways += 1;
        if ways > most {
            return None;
        }
        let (mut picks, mut chance, mut k) = (Vec::new(), 1.0, 0);
        let (m, goes_on) = s
            .sample_rolled(g, &mut Workspace::default(), &mut |n| {
                let i = match prefix.get(k) {
                    Some(&i) => i,
                    None => {
                        // A new pick: the ways that take the others are left for later.
                        for other in 1..n {
                            let mut way = picks.clone();
                            way.push(other);
                            stack.push(way);
                        }
                        0
                    }
                };
                picks.push(i);
                chance /= n as f64;
                k += 1;
                i
            })
            .expect("a game that goes on");
        if let Some(goes_on) = goes_on {
            let mut after = *s;
            crate::common::make(g, &mut after, m);
            assert_eq!(after.to_move == s.to_move, goes_on, "{m:?}");
        }
        *odds.entry(m).or_insert(0.0) += chance;
        longest = longest.max(k);
    }
    Some((odds, longest))
}

/// Checks at `s` that `Position::sample_rolled` draws each legal move as often as any
/// other (a roll as the dice fall), exactly, over every way its draws can go. Returns
/// whether the position was checked (not too many ways) and whether some way struck a
/// move off.
fn draws_alike(g: &tabula::ir::Game, s: &Position) -> (bool, bool) {
    let mut list = Vec::new();
    let text = position_text(g, s);
    if let Some(o) = crate::common::generate(g, s, &mut list) {
        // (A position given with dice that no move can use, as no game reaches.)
        let drawn = s.sample_rolled(g, &mut Workspace::default(), &mut |_| unreachable!());
        assert_eq!(drawn.map(|(m, _)| m), Err(o), "{text}");
        return (false, false);
    }
    if list[0].is_roll() {
        let dice = g.dice.as_ref().expect("dice");
        let throws = dice.throws as usize;
        for i in [0, throws / 2, throws - 1] {
            let chosen = s.sample_rolled(g, &mut Workspace::default(), &mut |n| {
                assert_eq!(n, throws);
                i
            });
            let roll = Move::roll(dice.roll_of_throw(i as u32));
            let (m, can_play) = chosen.expect("a roll");
            assert_eq!(m, roll, "{text}: throw {i}");
            // Where the drawing says whether the dice can be played, it says it rightly.
            if let Some(can_play) = can_play {
                let mut after = *s;
                crate::common::make(g, &mut after, roll);
                assert_eq!(after.to_move == s.to_move, can_play, "{text}: throw {i}");
            }
        }
        return (true, false);
    }
    let Some((odds, longest)) = drawn_odds(g, s, 20_000) else {
        return (false, false);
    };
    let even = 1.0 / list.len() as f64;
    for (m, p) in &odds {
        assert!(list.contains(m), "{text}: drew {m:?}, which is not legal");
        assert!(
            (p - even).abs() < 1e-9,
            "{text}: {m:?} drawn {p}, not {even}"
        );
    }
    assert_eq!(
        odds.len(),
        list.len(),
        "{text}: some legal move is never drawn"
    );
    // A way with more draws than one struck a move off.
    (true, longest > 1)
}

/// A random playout in a game of dice draws each legal move as often as any other: where
/// `use most` strikes a move off, it is struck off only when it is drawn, and a roll falls
/// as the dice do. Checked exactly, over every way the draws can go, against the moves
/// `generate` lists: at the positions of random games of the race and of Backgammon, and
/// at Backgammon's 300 positions from OpenSpiel's games and those of its rule tests
/// (a die that cannot be played, a man on the bar that must enter with the larger).
#[test]
fn a_playout_draws_each_legal_move_of_a_game_of_dice_alike() {
    use tabula::rng::Rng;
    let (mut checked, mut struck) = (0, 0);
    let mut tally = |(c, s): (bool, bool)| {
        checked += usize::from(c);
        struck += usize::from(s);
    };
    let backgammon = crate::common::game("backgammon", "");
    for (g, games) in [(compile(&race()), 60), (backgammon.clone(), 40)] {
        let mut rng = Rng::new(5);
        for _ in 0..games {
            let mut s = Position::start(&g);
            let mut list = Vec::new();
            for _ in 0..400 {
                if crate::common::generate(&g, &s, &mut list).is_some() {
                    break;
                }
                tally(draws_alike(&g, &s));
                let m = list[rng.below(list.len())];
                crate::common::make(&g, &mut s, m);
            }
        }
    }
    let plays = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/backgammon_plays.txt"),
    )
    .unwrap();
    let hand_made = [
        "C11[ccccccccccccc]/6[cc]5[CCCCCCCCCCCCCC] White hand=0,0 dice=5,2",
        "5[cc]7/[ccccccccccccc]5[CCCCCCCCCCCCCC]6 White hand=1,0 dice=6,1",
    ];
    let texts = plays.lines().filter(|l| !l.starts_with('#'));
    for text in texts.map(|l| l.split_once('|').unwrap().0).chain(hand_made) {
        tally(draws_alike(&backgammon, &position(&backgammon, text)));
    }
    assert!(checked > 6000, "{checked} positions checked");
    assert!(
        struck > 10,
        "{struck} positions where a move drawn was struck off"
    );
}

/// A playout lists the moves after a roll, and after a move it looked ahead from, as it
/// draws them, and does not list them again; it plays the same game, ply for ply, as
/// drawing each move afresh from the position (`Position::sample_rolled`) does with the
/// same random numbers.
#[test]
fn a_playout_plays_as_drawing_each_move_afresh_does() {
    use tabula::rng::Rng;
    let g = crate::common::game("backgammon", "");
    for seed in 1..=20 {
        let start = Position::start(&g);
        let mut rng = Rng::new(seed);
        let mut work = Workspace::default();
        let played = tabula::search::playout::playout_at(
            &g,
            &start,
            &mut rng,
            10_000,
            &mut work,
            &mut Vec::new(),
        );
        let (mut s, mut rng, mut plies) = (start, Rng::new(seed), 0);
        let ended = loop {
            match s.sample_rolled(&g, &mut work, &mut |n| rng.below(n)) {
                Ok((m, _)) => s.make(&g, m),
                Err(o) => break o,
            }
            plies += 1;
        };
        assert_eq!(
            (played.outcome, played.plies),
            (Some(ended), plies),
            "seed {seed}"
        );
    }
}
