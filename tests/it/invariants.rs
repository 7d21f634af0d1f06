//! The engine's invariants, over every shipped game and each of its variants: random games
//! end or reach the ply cap; a finished game offers no move; every legal move applies
//! without a panic, is written in a notation that reads back as the same move; every
//! position printed as text reads back as the same position; pieces are neither made nor
//! lost but by the rules (a placement brings one in, from the hand where the game keeps
//! one), and seeds are never made or lost at all.

use crate::common::{generate, make, position_text, Move, Position};
use tabula::engine::Workspace;
use tabula::ir::Game;
use tabula::load::{load_source, GameSpec};
use tabula::rng::Rng;
use tabula::search::perft::perft_at;
use tabula::search::playout::{playout_at, Playout};

fn every_shipped_game() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for name in tabula::load::shipped::names() {
        let spec = GameSpec::named(name);
        let source = tabula::load::find_source(name).unwrap();
        let default = load_source(source.clone(), &spec).unwrap().game;
        let variants: Vec<String> = default.variants.iter().map(|v| v.name.clone()).collect();
        out.push((name.to_string(), default));
        for v in variants {
            let spec = GameSpec {
                variant: Some(v.clone()),
                ..GameSpec::named(name)
            };
            out.push((
                format!("{name} ({v})"),
                load_source(source.clone(), &spec).unwrap().game,
            ));
        }
    }
    // Every file in games/ is a shipped game, and nothing else is: the harness then runs
    // over every game there is.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            let stem = path.file_stem()?.to_str()?.to_string();
            path.extension()
                .is_some_and(|x| x == "game")
                .then_some(stem)
        })
        .collect();
    files.sort();
    let mut shipped: Vec<String> = tabula::load::shipped::names()
        .into_iter()
        .map(String::from)
        .collect();
    shipped.sort();
    assert_eq!(files, shipped, "the games in games/ and the shipped games");
    out
}

/// What a game keeps: the seeds of a counting game (in pits and stores), or the pieces of a
/// game of pieces (with stacks, every piece of every column). The piece counters kept in
/// the state must agree with the board.
fn conserved(game: &Game, s: &Position) -> u64 {
    if let Some(sw) = &game.sowing {
        let pits: u64 = (0..sw.count()).map(|pit| s.seeds(pit)).sum();
        let stores: u64 = s.stores.iter().map(|&n| n as u64).sum();
        return pits + stores;
    }
    // The sets of squares each player commands agree with the board, square by square.
    let occupied: Vec<_> = (0..game.players.len()).map(|p| s.occupied(p)).collect();
    let cells: Vec<_> = game.board.squares().map(|sq| (sq, s.at(sq))).collect();
    for &(sq, cell) in &cells {
        let owner = (cell != 0).then(|| game.owner[cell as usize] as usize);
        for (p, set) in occupied.iter().enumerate() {
            assert_eq!(
                set.contains(sq),
                owner == Some(p),
                "the occupied sets drift on {}",
                game.board.name(sq)
            );
        }
    }
    let below = |sq| match &game.columns {
        Some(c) => tabula::engine::column::height_below(s.slot(c.slot[sq as usize] as usize)),
        None => 0,
    };
    let on_board: u64 = cells
        .iter()
        .filter(|&&(_, cell)| cell != 0)
        .map(|&(sq, _)| 1 + below(sq) as u64)
        .sum();
    let in_hand: u64 = s.hand.iter().flatten().map(|&n| n as u64).sum();
    on_board + in_hand
}

/// The pieces on the board (a column's, each).
fn on_board(game: &Game, s: &Position) -> u64 {
    let in_hand: u64 = s.hand.iter().flatten().map(|&n| n as u64).sum();
    conserved(game, s) - in_hand
}

/// How many parts of a move place a piece.
fn placed_parts(game: &Game, m: &Move) -> u64 {
    if m.is_pass() {
        return 0;
    }
    let rule = &game.rules[m.rule.index()];
    let parts = std::iter::once(rule).chain(rule.then.map(|t| &game.rules[t.index()]));
    parts.filter(|r| r.place.is_some()).count() as u64
}

/// How many pieces a move brings into the game: one for each part that places a piece of
/// a type not kept in hand.
fn brought_in(game: &Game, m: &Move) -> u64 {
    if m.is_pass() {
        return 0;
    }
    let rule = &game.rules[m.rule.index()];
    let parts = std::iter::once(rule).chain(rule.then.map(|t| &game.rules[t.index()]));
    parts
        .filter_map(|r| r.place)
        .filter(|&t| (game.hand_types >> t) & 1 == 0)
        .count() as u64
}

/// Whether a move may take pieces by an effect, besides its steps.
fn takes_by_effect(game: &Game, m: &Move) -> bool {
    if m.is_pass() {
        return false;
    }
    let rule = &game.rules[m.rule.index()];
    let parts = std::iter::once(rule).chain(rule.then.map(|t| &game.rules[t.index()]));
    parts
        .flat_map(|r| &r.effects)
        .any(|e| e.verb == tabula::ir::EffectVerb::Take)
}

/// A tier's moves with the choices of what a promoted piece becomes, as the generator
/// gives them: a move that promotes by choice takes the first choice where it stands, and
/// the moves with the other choices follow the tier's, in the order of their moves.
fn with_choices(game: &Game, s: &Position, tier: Vec<Move>) -> Vec<Move> {
    let mut out = tier.clone();
    for (i, m) in tier.into_iter().enumerate() {
        let chooses = game.rules_choose.get(m.rule.index()).copied();
        if !chooses.unwrap_or(false) || m.places() || !game.choice_landings.contains(m.to()) {
            continue;
        }
        let code = s.at(m.from);
        let (Some(choices), Some(&Some((zone, _)))) = (
            game.promotion_choices.get(code as usize),
            game.promotions.get(code as usize),
        ) else {
            continue;
        };
        if choices.is_empty() || !game.promotes_on(zone, code, m.from, m.to()) {
            continue;
        }
        out[i].promote = choices[0];
        for &c in &choices[1..] {
            let mut chosen = m;
            chosen.promote = c;
            out.push(chosen);
        }
    }
    out
}

/// Picks by a fixed sequence of its own for each seed, the same for every caller.
fn picks(seed: u64) -> impl FnMut(usize) -> usize {
    let mut rng = Rng::new(seed);
    move |n| rng.below(n)
}

/// In a game whose playouts draw a move and test it alone (`engine::drawn`), the move drawn
/// is the one the listed moves give: the moves of each tier, with no `after move require`
/// applied, a move drawn by `pick(number left)` and kept if it is legal, else struck off by
/// `swap_remove` and another drawn; the next tier where none is legal. Where testing the
/// move made it, a playout plays on from the position the test made: it is the one `make`
/// gives.
fn drawn_as_listed(name: &str, game: &Game, s: &Position, legal: &[Move], text: &str) {
    drawn_as_listed_by(name, game, s, legal, text, 0..4);
}

/// `drawn_as_listed`, for each seed of `seeds`.
fn drawn_as_listed_by(
    name: &str,
    game: &Game,
    s: &Position,
    legal: &[Move],
    text: &str,
    seeds: std::ops::Range<u64>,
) {
    for seed in seeds {
        let drawn = s.sample_drawn(game, &mut Workspace::default(), &mut picks(seed));
        if let Ok((m, Some(tested))) = &drawn {
            let mut made = *s;
            made.make(game, *m);
            assert!(
                *tested == made,
                "{name}: the position tested after {m:?} at {text} is not the one made"
            );
        }
        let chosen = drawn.map(|(m, _)| m);
        let mut pick = picks(seed);
        let listed = s
            .moves_by_tier_unrequired(game)
            .into_iter()
            .map(|tier| with_choices(game, s, tier))
            .find_map(|mut tier| {
                while !tier.is_empty() {
                    let i = pick(tier.len());
                    if legal.contains(&tier[i]) {
                        return Some(tier[i]);
                    }
                    tier.swap_remove(i);
                }
                None
            });
        assert_eq!(
            chosen.ok(),
            listed,
            "{name}: drawn with seed {seed} at {text}"
        );
    }
}

/// Checks every invariant at one state.
/// Returns how many moves it made and read back.
fn check_state(name: &str, game: &Game, s: &Position, moves: &mut Vec<Move>) -> usize {
    let text = position_text(game, s);
    let back = tabula::present::parse_position(game, &text)
        .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
    assert!(
        back == *s,
        "{name}: position text does not round-trip: {text}"
    );
    // A state's slots past those its game writes stay empty: a look ahead copies only
    // those (`State::copy_from`).
    assert!(
        (game.slots_used..s.slot_count()).all(|i| s.slot(i) == 0),
        "{name}: a slot past the {} the game writes holds something at {text}",
        game.slots_used
    );
    let before = conserved(game, s);
    let mut checked = 0;
    let outcome = generate(game, s, moves);
    // Perft's last depth counts the moves without listing those it can count as sets
    // (`engine::legal_count`): as many as are listed, none where the game has ended.
    if game.dice.is_none() {
        let listed = if outcome.is_some() { 0 } else { moves.len() };
        assert_eq!(
            perft_at(game, s, 1, 1),
            listed as u64,
            "{name}: the moves counted at {text}"
        );
    }
    match outcome {
        Some(_) => assert!(moves.is_empty(), "{name}: a finished game offers moves"),
        None => {
            assert!(
                !moves.is_empty(),
                "{name}: a game that goes on offers a move"
            );
            // A roll is drawn as the dice fall: by the index of a throw, each way the dice
            // can fall being as many throws as give it.
            if let (Some(dice), true) = (&game.dice, moves[0].is_roll()) {
                let throws = dice.throws as usize;
                for i in [0, throws / 2, throws - 1] {
                    let chosen = s.sample(game, &mut Workspace::default(), &mut |n| {
                        assert_eq!(n, throws, "{name}: the throws at {text}");
                        i
                    });
                    let roll = Move::roll(dice.roll_of_throw(i as u32));
                    assert_eq!(chosen, Ok(roll), "{name}: throw {i} at {text}");
                    assert!(moves.contains(&roll), "{name}: throw {i} at {text}");
                }
            } else {
                // A move chosen by index without listing the others is the listed one.
                for i in [0, moves.len() / 2, moves.len() - 1] {
                    let chosen = s.sample(game, &mut Workspace::default(), &mut |n| {
                        assert_eq!(n, moves.len(), "{name}: the count of moves at {text}");
                        i
                    });
                    assert_eq!(chosen, Ok(moves[i]), "{name}: move {i} at {text}");
                }
            }
            // (Placements are drawn from their sets, in an order of their own.)
            let moving = game.rules.iter().all(|r| r.place.is_none() && !r.passes);
            if tabula::engine::drawn(game) && moving {
                drawn_as_listed(name, game, s, moves, &text);
            }
            // Every move where there are few; an even sample where there are thousands.
            let step = moves.len().div_ceil(64);
            checked = moves.len().div_ceil(step);
            for &m in moves.iter().step_by(step) {
                let written = tabula::present::move_text_among(game, m, moves);
                assert_eq!(
                    tabula::present::parse_move(game, moves, &written),
                    Some(m),
                    "{name}: {written} does not read back at {text}"
                );
                let mut after = *s;
                make(game, &mut after, m);
                let now = conserved(game, &after);
                if game.sowing.is_some() || game.columns.is_some() {
                    // Seeds only move; a column's taken piece goes under the taker.
                    assert_eq!(
                        now, before,
                        "{name}: {written} makes or loses some at {text}"
                    );
                } else if game.taken_to_hand || game.taken_to_captor {
                    // A piece taken goes to a hand: none leaves the game, and a move takes
                    // one if and only if the board holds fewer than its placements leave.
                    assert_eq!(
                        now, before,
                        "{name}: {written} makes or loses some at {text}"
                    );
                    let placed = placed_parts(game, &m);
                    assert_eq!(
                        on_board(game, &after) < on_board(game, s) + placed,
                        m.takes,
                        "{name}: {written} takes a piece if and only if it says so, at {text}"
                    );
                } else {
                    // Moves take pieces; none adds one but by placing it.
                    let most = before + brought_in(game, &m);
                    assert!(now <= most, "{name}: {written} adds a piece at {text}");
                    if !takes_by_effect(game, &m) {
                        assert_eq!(
                            now < most,
                            m.takes,
                            "{name}: {written} takes a piece if and only if it says so, at {text}"
                        );
                    }
                }
            }
        }
    }
    checked
}

#[test]
fn random_games_keep_every_invariant() {
    // Thirty games each, or as many as 8,000 positions and 200,000 moves made and read
    // back allow: a game of Go on 19 x 19 is some 600 plies of 360 moves each, and its
    // rules are checked in full on 9 x 9 and 5 x 5 as well; Shogi's positions hold a
    // hundred moves and more (the README's test command must stay within three minutes).
    const POSITIONS: usize = 8000;
    const MOVES: usize = 200_000;
    for (name, game) in every_shipped_game() {
        keep_every_invariant(&name, &game, 30, POSITIONS, MOVES);
    }
}

/// Plays up to `games` random games of `game` (seed 7), checking every invariant at each
/// position (`check_state`), until `positions` positions or `moves_made` moves made and read
/// back.
fn keep_every_invariant(
    name: &str,
    game: &Game,
    games: usize,
    positions: usize,
    moves_made: usize,
) {
    let mut rng = Rng::new(7);
    let mut moves = Vec::new();
    let (mut checked, mut made) = (0, 0);
    for _ in 0..games {
        if checked >= positions || made >= moves_made {
            break;
        }
        let mut s = Position::start(game);
        for _ in 0..2000 {
            made += check_state(name, game, &s, &mut moves);
            checked += 1;
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            make(game, &mut s, m);
        }
    }
}

/// Where a royal piece's attacks are read through the tables, a playout answers most moves
/// it draws without making them (`engine::drawn_test`): by the check and the pins, or by
/// one attack with the royal piece lifted. Hand-made positions where that answer is
/// easiest to get wrong (a pinned piece, one that may move along its pin, a check to
/// block or take, a double check, a king stepping along the line of the piece that
/// checks it, castling onto an attacked square, a promotion that blocks) draw, seed after
/// seed, the move the listed moves give.
#[test]
fn drawn_chess_moves_answered_without_making_them_are_the_listed_ones() {
    let game = crate::common::game("chess", "");
    let positions = [
        // The bishop on e2 is pinned by the rook on e8; the rook on d2 is not.
        "4r1k1/8/8/8/8/8/3RB3/4K3 White",
        // The rook on e2 is pinned along its line, and may move along it.
        "4r1k1/8/8/8/8/8/4R3/4K3 White",
        // Check from e8: block with the knight, take with the bishop, or step aside.
        "4r1k1/8/8/1B6/8/2N5/8/4K3 White",
        // Double check: only the king may move.
        "4r1k1/8/8/8/8/3n4/8/4K3 White",
        // The king in check along the file may not step back along it.
        "4k3/4r3/8/8/8/8/8/R3K3 White",
        // Castling short would land on an attacked square; long would not.
        "4k1r1/8/8/8/8/8/8/R3K2R White unmoved=a1,e1,h1",
        // A pawn that promotes may block the check along the back rank.
        "r6K/1P6/8/8/8/8/8/6k1 White",
        // Black to move, pinned knight and a checking bishop.
        "4k3/8/2n5/1B6/8/8/8/4K3 Black",
    ];
    for text in positions {
        let s = crate::common::position(&game, text);
        let mut legal = Vec::new();
        assert_eq!(generate(&game, &s, &mut legal), None, "{text}");
        drawn_as_listed_by("chess", &game, &s, &legal, text, 0..64);
    }
}

/// A game whose sampler reads a rule both ways (`units::compile_tier_plans`): from unions
/// of sets, and, for a gated slide, from the rule; the moves drawn are those listed.
#[test]
fn a_tier_plan_draws_as_the_moves_are_listed() {
    let game = crate::common::compile(crate::units::compile_tier_plans::GAME);
    assert!(tabula::engine::drawn(&game));
    keep_every_invariant("plans", &game, 20, 2000, 50_000);
}

#[test]
fn random_games_end_or_reach_the_cap() {
    for (name, game) in every_shipped_game() {
        let mut rng = Rng::new(11);
        let mut buffer = Vec::new();
        let start = Position::start(&game);
        let mut work = Workspace::default();
        for _ in 0..200 {
            let p = playout_at(&game, &start, &mut rng, 1000, &mut work, &mut buffer);
            match p.outcome {
                // A game may end on the last ply the cap allows.
                Some(_) => assert!(p.plies <= 1000, "{name}"),
                None => assert_eq!(p.plies, 1000, "{name}"),
            }
        }
    }
}

/// Fifty playouts from the start with one seed.
fn playouts(game: &Game, seed: u64) -> Vec<Playout> {
    let mut rng = Rng::new(seed);
    let mut buffer = Vec::new();
    let start = Position::start(game);
    let mut work = Workspace::default();
    (0..50)
        .map(|_| playout_at(game, &start, &mut rng, 1000, &mut work, &mut buffer))
        .collect()
}

/// A seed decides the games: the same seed plays the same games, and another seed others
/// (so a playout that ignored its generator, or always played the same game, fails).
#[test]
fn playouts_follow_their_seed() {
    for (name, game) in every_shipped_game() {
        assert_eq!(playouts(&game, 3), playouts(&game, 3), "{name}");
        assert_ne!(playouts(&game, 3), playouts(&game, 4), "{name}");
    }
}

/// A playout plays the same game whether its scratch space is fresh or was used by another
/// game's search (the positions a sowing game's generator keeps belong to one position).
#[test]
fn a_scratch_used_by_another_game_changes_no_playout() {
    let (zigzag, kalah) = (
        crate::common::game("zigzag", ""),
        crate::common::game("kalah", ""),
    );
    // The layout both games take: a byte a pit (`LayoutKind::of`), so that the two share
    // one scratch of a workspace. (Through `Position` and `Workspace`, whose methods the
    // library compiles, rather than the generic engine, which this crate would compile
    // again for its own instances.)
    use tabula::engine::LayoutKind;
    assert_eq!(LayoutKind::of(&kalah), LayoutKind::SmallPits);
    assert_eq!(LayoutKind::of(&zigzag), LayoutKind::SmallPits);
    let start = Position::start(&kalah);
    let mut used = Workspace::default();
    let play = |work: &mut Workspace, seed| {
        playout_at(
            &kalah,
            &start,
            &mut Rng::new(seed),
            1000,
            work,
            &mut Vec::new(),
        )
    };
    for seed in 0..20 {
        Position::start(&zigzag).generate(&zigzag, &mut used, &mut Vec::new());
        let a = play(&mut used, seed);
        let b = play(&mut Workspace::default(), seed);
        assert_eq!(a, b, "seed {seed}");
    }
}

/// The generator's values are the same from version to version, so that a seed means the
/// same random choices wherever and whenever it is used.
#[test]
fn the_random_generator_is_pinned() {
    let mut rng = Rng::new(1);
    let words: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    assert_eq!(
        words,
        [
            12966619160104079557,
            9600361134598540522,
            10590380919521690900
        ]
    );
    let picks: Vec<usize> = (0..5).map(|_| rng.below(10)).collect();
    assert_eq!(picks, [3, 6, 1, 0, 3]);
}

/// The computer's work is bounded by its level, whatever the machine's speed: a level-1
/// move never runs more than its 100 playouts (level 1, so that every shipped game's six
/// moves stay within the README's three minutes of tests).
#[test]
fn the_computer_always_answers_with_a_legal_move_within_its_budget() {
    use tabula::search::mcts::{choose_at, Level, Limits};
    for (name, game) in every_shipped_game() {
        let mut rng = Rng::new(5);
        let mut s = Position::start(&game);
        let mut history = tabula::engine::History::new_at(&game, &mut s);
        let limits = Limits::for_level(Level(1));
        for ply in 0..6 {
            let legal = s.legal_moves(&game);
            let chosen = choose_at(&game, &s, &history, limits, &mut rng);
            match chosen {
                Some(c) => {
                    assert!(
                        legal.contains(&c.mv),
                        "{name}: an illegal move at ply {ply}"
                    );
                    assert!(
                        c.playouts <= Level(1).playouts(),
                        "{name}: {} playouts at ply {ply}",
                        c.playouts
                    );
                    make(&game, &mut s, c.mv);
                    history.record_at(&game, &mut s);
                }
                None => {
                    assert!(legal.is_empty(), "{name}: no answer while moves exist");
                    break;
                }
            }
        }
    }
}
