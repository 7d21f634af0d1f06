//! Uniformly random games, for `bench` and for checking the engine's invariants.

use crate::each_state;
use crate::engine::{
    chained, countable, drawn, generate, make_drawn, make_rest, make_sown, rolled, sample_chained,
    sample_counted, sample_drawn, sample_rolled, Listed, Move, Outcome, Scratch, State,
};
use crate::engine::{Layout, Position, Workspace, Wrap};
use crate::ir::Game;
use crate::rng::Rng;

/// How one random game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// How it ended; `None` when it reached the ply cap first (some games can cycle).
    pub outcome: Option<Outcome>,
    /// The moves made.
    pub plies: usize,
}

/// Plays random moves from `state` until the game ends or `max_plies` moves were made.
/// `moves` is a buffer reused across playouts; `scratch.history` holds the positions that
/// led to `state` (for `repeated`), and is as it was when the playout returns.
pub fn playout<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    rng: &mut Rng,
    max_plies: usize,
    scratch: &mut Scratch<Z>,
    moves: &mut Vec<Move>,
) -> Playout {
    let mut s = *state;
    let mark = scratch.history.len();
    if mark == 0 {
        // No line leads here: the game's history starts at `state`.
        scratch.history.start(game, &mut s);
    }
    // Each way of drawing a move that needs a loop of its own has one: where `after move
    // require` must make each move to test it, one move is drawn and only it is tested
    // (`play_out_drawn`); in a game of dice, rolls fall as dice do and `use most` is read
    // for the move drawn (`play_out_rolled`).
    let result = if rolled(game) {
        play_out_rolled(game, &mut s, rng, max_plies, scratch, moves)
    } else if !countable(game) && drawn(game) {
        play_out_drawn(game, &mut s, rng, max_plies, scratch, moves)
    } else {
        play_out(game, &mut s, rng, max_plies, scratch, moves)
    };
    scratch.history.truncate(mark);
    result
}

/// `playout` on `s`, in a game without dice whose moves are not drawn one at a time
/// (`drawn`): the move the generator would list at a random index is built alone where
/// the game allows it (`sample`), and otherwise the moves are listed and one is picked.
/// Out of line: inlined into `playout` beside `play_out_drawn`, it took a game of slides
/// 1.03 of its instructions (out of line, 1.006).
#[inline(never)]
fn play_out<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    rng: &mut Rng,
    max_plies: usize,
    scratch: &mut Scratch<Z>,
    moves: &mut Vec<Move>,
) -> Playout {
    let by_count = countable(game);
    let with_chains = by_count && chained(game);
    for plies in 0..max_plies {
        let chosen = if with_chains {
            sample_chained(game, s, scratch, moves, |n| rng.below(n))
        } else if by_count {
            sample_counted(game, true, s, scratch, moves, |n| rng.below(n))
        } else {
            match generate(game, s, scratch, moves) {
                Some(o) => Err(o),
                None => {
                    let i = rng.below(moves.len());
                    // Where the generator kept the position after each move, it is taken.
                    if i < scratch.sown.len() {
                        make_sown(game, s, moves[i], &scratch.sown, i);
                        scratch.history.record(game, s);
                        continue;
                    }
                    Ok(moves[i])
                }
            }
        };
        if let Some(ended) = made(game, s, scratch, chosen.map(|m| (m, None)), plies) {
            return ended;
        }
    }
    Playout {
        outcome: generate(game, s, scratch, moves),
        plies: max_plies,
    }
}

/// Makes the move drawn (with whether its player goes on moving after it, where the
/// drawing found that) and records the position; or, where the game has ended instead,
/// the playout as it ended after `plies` moves.
#[inline(always)]
fn made<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    scratch: &mut Scratch<Z>,
    chosen: Result<(Move, Option<bool>), Outcome>,
    plies: usize,
) -> Option<Playout> {
    match chosen {
        Ok((m, goes_on)) => {
            make_drawn(game, s, m, goes_on);
            scratch.history.record(game, s);
            None
        }
        Err(o) => Some(Playout {
            outcome: Some(o),
            plies,
        }),
    }
}

/// `play_out` for a game whose moves are drawn and tested one at a time (`drawn`): where
/// the test made the move drawn (`sample_drawn`), the position it made (in `next`)
/// becomes the one played on (`now`), so that no move is made twice. A loop of its own,
/// out of line, as `play_out_rolled` is; as there, `s` is not left at the last position.
#[inline(never)]
fn play_out_drawn<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    rng: &mut Rng,
    max_plies: usize,
    scratch: &mut Scratch<Z>,
    moves: &mut Vec<Move>,
) -> Playout {
    let mut other = *s;
    let (mut now, mut next) = (s, &mut other);
    for plies in 0..max_plies {
        let chosen = sample_drawn(game, now, scratch, moves, next, |n| rng.below(n));
        if let Ok((m, Some(done))) = chosen {
            make_rest(game, next, m, done);
            std::mem::swap(&mut now, &mut next);
            scratch.history.record(game, now);
            continue;
        }
        if let Some(ended) = made(game, now, scratch, chosen.map(|(m, _)| (m, None)), plies) {
            return ended;
        }
    }
    Playout {
        outcome: generate(game, now, scratch, moves),
        plies: max_plies,
    }
}

/// `play_out` for a game of dice (`rolled`): each move drawn by `sample_rolled` and made
/// with what the drawing found (`make_drawn`), or taken as the drawing made it. A loop of
/// its own, out of line, so that the other games' loop stays as it was. The game is
/// played on `s` and a copy by turns, so `s` is not left at its last position.
#[inline(never)]
fn play_out_rolled<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    rng: &mut Rng,
    max_plies: usize,
    scratch: &mut Scratch<Z>,
    moves: &mut Vec<Move>,
) -> Playout {
    // Whether `moves` holds the moves of `s`, listed when the move before was drawn.
    let mut listed = Listed::Nothing;
    // Where the drawing made the move to list the moves after it, the position it made
    // (in `next`) becomes the one played on (`now`): no move is made twice, and no
    // position copied back.
    let mut other = *s;
    let (mut now, mut next) = (s, &mut other);
    for plies in 0..max_plies {
        let chosen = sample_rolled(game, now, scratch, moves, &mut listed, next, |n| {
            rng.below(n)
        });
        if listed != Listed::Nothing {
            std::mem::swap(&mut now, &mut next);
            scratch.history.record(game, now);
            continue;
        }
        if let Some(ended) = made(game, now, scratch, chosen, plies) {
            return ended;
        }
    }
    Playout {
        outcome: generate(game, now, scratch, moves),
        plies: max_plies,
    }
}

/// `playout` from a position of any layout, with the workspace's scratch for it (whose
/// history is the line so far).
pub fn playout_at(
    game: &Game,
    position: &Position,
    rng: &mut Rng,
    max_plies: usize,
    work: &mut Workspace,
    moves: &mut Vec<Move>,
) -> Playout {
    fn run<Z: Wrap>(
        game: &Game,
        s: &State<Z>,
        rng: &mut Rng,
        max_plies: usize,
        work: &mut Workspace,
        moves: &mut Vec<Move>,
    ) -> Playout {
        playout(game, s, rng, max_plies, Z::scratch(work), moves)
    }
    each_state!(position, s => run(game, s, rng, max_plies, work, moves))
}
