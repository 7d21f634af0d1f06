//! The engine's invariants, over every shipped game and each of its variants: random games
//! end or reach the ply cap; a finished game offers no move; every legal move applies
//! without a panic, is written in a notation that reads back as the same move; and every
//! position printed as text reads back as the same position.

use tabula::check::{compile_source, Choices};
use tabula::engine::{Generated, State};
use tabula::ir::Game;
use tabula::search::playout::{playout, Finish};
use tabula::search::rng::Rng;

fn every_shipped_game() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for (name, source) in tabula::cli::shipped::SHIPPED {
        let default = compile_source(source, &Choices::default()).unwrap().game;
        let variants: Vec<String> = default.variants.iter().map(|v| v.name.clone()).collect();
        out.push((name.to_string(), default));
        for v in variants {
            let choices = Choices {
                variant: Some(v.clone()),
                options: vec![],
            };
            out.push((
                format!("{name} ({v})"),
                compile_source(source, &choices).unwrap().game,
            ));
        }
    }
    assert!(!out.is_empty());
    out
}

/// Checks every invariant at one state.
fn check_state(name: &str, game: &Game, s: &State, moves: &mut Vec<tabula::engine::Move>) {
    let text = game.position_text(s);
    let back = game
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
    assert!(
        back == *s,
        "{name}: position text does not round-trip: {text}"
    );
    match game.generate(s, moves) {
        Generated::Over(_) => assert!(moves.is_empty(), "{name}: a finished game offers moves"),
        Generated::Moves => {
            assert!(
                !moves.is_empty(),
                "{name}: a game that goes on offers a move"
            );
            for &m in moves.iter() {
                let written = game.move_text(m);
                assert_eq!(
                    game.parse_move(s, &written),
                    Some(m),
                    "{name}: {written} does not read back at {text}"
                );
                let mut after = *s;
                game.apply(&mut after, m);
                let total: u16 = after.pieces.iter().sum();
                let on_board = after.cells.iter().filter(|&&c| c != 0).count() as u16;
                assert_eq!(
                    total, on_board,
                    "{name}: piece counts drift after {written} at {text}"
                );
            }
        }
    }
}

#[test]
fn random_games_keep_every_invariant() {
    for (name, game) in every_shipped_game() {
        let mut rng = Rng::new(7);
        let mut moves = Vec::new();
        for _ in 0..30 {
            let mut s = State::start(&game);
            for _ in 0..2000 {
                check_state(&name, &game, &s, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                game.apply(&mut s, m);
            }
        }
    }
}

#[test]
fn random_games_end_or_reach_the_cap() {
    for (name, game) in every_shipped_game() {
        let mut rng = Rng::new(11);
        let mut buffer = Vec::new();
        let start = State::start(&game);
        for _ in 0..200 {
            let (finish, plies) = playout(&game, &start, &mut rng, 1000, &mut buffer);
            match finish {
                Finish::Over(_) => assert!(plies < 1000, "{name}"),
                Finish::Capped => assert_eq!(plies, 1000, "{name}"),
            }
        }
    }
}

#[test]
fn playouts_are_deterministic_under_a_seed() {
    for (name, game) in every_shipped_game() {
        let start = State::start(&game);
        let run = |seed| {
            let mut rng = Rng::new(seed);
            let mut buffer = Vec::new();
            (0..50)
                .map(|_| playout(&game, &start, &mut rng, 1000, &mut buffer))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3), "{name}");
    }
}

#[test]
fn the_computer_always_answers_with_a_legal_move_in_time() {
    use tabula::search::mcts::{choose, Level, Limits};
    for (name, game) in every_shipped_game() {
        let mut rng = Rng::new(5);
        let mut s = State::start(&game);
        for ply in 0..6 {
            let legal = game.legal_moves(&s);
            let started = std::time::Instant::now();
            let m = choose(&game, &s, Limits::for_level(Level(2)), &mut rng);
            assert!(
                started.elapsed().as_secs_f64() < 6.0,
                "{name}: ply {ply} took too long"
            );
            match m {
                Some(m) => {
                    assert!(legal.contains(&m), "{name}: an illegal move");
                    game.apply(&mut s, m);
                }
                None => {
                    assert!(legal.is_empty(), "{name}: no answer while moves exist");
                    break;
                }
            }
        }
    }
}
