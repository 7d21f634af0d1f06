//! The end of a game: the one result type (`Outcome`), how a verdict of the file (an end
//! rule's or the no-move rule's) becomes an outcome, and the end rules read at a position.

use super::env::env;
use super::layout::Layout;
use super::state::{State, NOBODY};
use crate::eval::arith::binary_holds;
use crate::eval::board::pieces;
use crate::eval::Env;
use crate::ir::{
    BinOp, EndRule, EndScope, EndShape, EndWatch, Game, Leftover, Mask, Scalar, Verdict,
};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(u8),
    Draw,
}

/// Why a game ended, for saying so in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The end rule with this index in `Game::end_rules`, read for this player.
    EndRule(usize, u8),
    /// The player to move had no legal move, and the no-move rule ended the game.
    NoMove,
    /// With `no move: pass`, no player had a legal move.
    NobodyCanMove,
}

/// The outcome of `verdict` befalling `player` at `s`; `None` for a pass. Out of line: it
/// is read where a rule holds, about once a game, and inlined into the end rules' loop it
/// cost that loop five instructions on every ply (a sowing game's playouts ran 1.001 of
/// their instructions).
#[inline(never)]
pub(super) fn verdict_outcome<Z: Layout>(
    game: &Game,
    verdict: Verdict,
    s: &State<Z>,
    player: u8,
) -> Option<Outcome> {
    match verdict {
        Verdict::Pass => None,
        Verdict::Win => Some(Outcome::Win(player)),
        // With two players the other one wins; with more, the next in turn order.
        Verdict::Lose => Some(Outcome::Win(game.next_player(player))),
        Verdict::Draw => Some(Outcome::Draw),
        Verdict::Score => Some(score_outcome(game, s)),
    }
}

/// How the game ends when no player can move (with `no move: pass`): by the score when the
/// game keeps one (`score = …`, or stores), else a draw.
pub(super) fn nobody_moves<Z: Layout>(game: &Game, s: &State<Z>) -> Outcome {
    if game.score.is_some() || game.sowing.is_some() {
        score_outcome(game, s)
    } else {
        Outcome::Draw
    }
}

/// The final stores: each player's store, with the seeds still in the pits where
/// `leftover` sends them (to the last player who captured, to no one if nobody has; or each
/// pit's to its owner).
pub fn final_stores<Z: Layout>(game: &Game, s: &State<Z>) -> Vec<u64> {
    stores_sending(game, s, true)
}

/// Each player's store, with the seeds still in the pits sent where `leftover` says; where
/// not `at_end`, the seeds a last capture would win go to no one (see `standing_scores`).
fn stores_sending<Z: Layout>(game: &Game, s: &State<Z>, at_end: bool) -> Vec<u64> {
    let players = game.players.len();
    let Some(sw) = &game.sowing else {
        return s.stores[..players].iter().map(|&n| n as u64).collect();
    };
    let mut stores: Vec<u64> = (0..players)
        .map(|p| match sw.store_pits.get(p) {
            Some(&pit) => s.seeds(pit as usize),
            None => s.stores[p] as u64,
        })
        .collect();
    let left = (0..sw.count()).filter(|&pit| !sw.is_store(pit));
    match sw.leftover {
        Leftover::Nobody => {}
        Leftover::LastCapturer => {
            if at_end && s.capturer != NOBODY {
                stores[s.capturer as usize] += left.map(|pit| s.seeds(pit)).sum::<u64>();
            }
        }
        Leftover::Owner => {
            for pit in left {
                if let Some(n) = stores.get_mut(sw.owner[pit] as usize) {
                    *n += s.seeds(pit);
                }
            }
        }
    }
    stores
}

/// The seeds still in the pits (stores left out), given each pit's seeds.
pub fn seeds_left(sw: &crate::ir::Sowing, seeds: impl Fn(usize) -> u64) -> u64 {
    (0..sw.count())
        .filter(|&pit| !sw.is_store(pit))
        .map(seeds)
        .sum()
}

/// Each player's score in hundredths of a point: `score = …` read from their side, or else
/// their final store, and their `bonus`.
pub fn scores<Z: Layout>(game: &Game, s: &State<Z>) -> Vec<i64> {
    scores_sending(game, s, true)
}

/// Each player's score as a position of a game still being played stands, for judging it
/// (`search::evaluate`): `scores`, except that the seeds `leftover to last capturer`
/// would send at the end are no one's yet, since the next capture sends them to another
/// player. (Counted, they make the first capture look like a win of the whole board and
/// the reply like its loss, and a search that sees both captures neither.) Seeds sent to
/// the pits' owners stay counted: each pit's seeds are its owner's until sown.
pub fn standing_scores<Z: Layout>(game: &Game, s: &State<Z>) -> Vec<i64> {
    scores_sending(game, s, false)
}

/// `scores`, with the stores as `stores_sending` counts them.
fn scores_sending<Z: Layout>(game: &Game, s: &State<Z>, at_end: bool) -> Vec<i64> {
    points(game, s, at_end)
        .into_iter()
        .enumerate()
        .map(|(p, n)| {
            n.saturating_mul(100)
                .saturating_add(game.bonus.get(p).copied().unwrap_or(0))
        })
        .collect()
}

/// Each player's whole points, before any bonus: the game's `score`, or else their stores
/// (`stores_sending`).
fn points<Z: Layout>(game: &Game, s: &State<Z>, at_end: bool) -> Vec<i64> {
    match &game.score {
        Some(score) => {
            let base = env(game, s);
            (0..game.players.len())
                .map(|p| {
                    score
                        .eval(&Env {
                            player: p as u8,
                            ..base
                        })
                        .unwrap_or(0)
                })
                .collect()
        }
        None => stores_sending(game, s, at_end)
            .iter()
            .map(|&n| n as i64)
            .collect(),
    }
}

/// The highest score wins; a tie for the highest is a draw.
fn score_outcome<Z: Layout>(game: &Game, s: &State<Z>) -> Outcome {
    let scores = scores(game, s);
    let best = scores.iter().copied().max().unwrap_or(0);
    let mut leaders = (0..scores.len()).filter(|&p| scores[p] == best);
    match (leaders.next(), leaders.next()) {
        (Some(p), None) => Outcome::Win(p as u8),
        _ => Outcome::Draw,
    }
}

/// Whether the count of `player`'s pieces (`own`) or the others' compares with `n` by
/// `op`. Out of line: inlined, the sum of every player's pieces was worked out ahead of
/// the loop over the end rules, for games whose end rules count nothing of the kind.
#[inline(never)]
fn pieces_hold<Z: Layout>(
    s: &State<Z>,
    players: u8,
    player: u8,
    own: bool,
    op: BinOp,
    n: i64,
) -> bool {
    let count = pieces(s.occupied_sets(), players as usize, player as usize, own);
    binary_holds(op, count, n)
}

/// The first end rule that decides the game at `s`, with its index and the player it was
/// read for; `reachable` is the value of `reachable(capture)` there. Rules are read in
/// order; a rule of `end { … }` for every player, the one who moved last first, and a rule
/// of `end before turn { … }` for the player to move.
#[inline]
pub(super) fn end_rule<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    reachable: bool,
    earlier: &[u64],
) -> Option<(Outcome, Cause)> {
    if game.end_rules.is_empty() {
        None
    } else if game.end_reads_position {
        end_rule_read(game, s, reachable, earlier)
    } else if game
        .end_watch
        .is_some_and(|w| quiet(&w, game.players.len(), s))
    {
        None
    } else {
        end_rule_counted(game, s, reachable)
    }
}

/// Whether `s` shows none of what some end rule of the game needs to hold (`EndWatch`):
/// the clock, passes and repetitions below the least that any rule reads, and every
/// watched set of pieces still on the board.
#[inline(always)]
fn quiet<Z: Layout>(watch: &EndWatch, players: usize, s: &State<Z>) -> bool {
    u32::from(s.clock) < watch.clock
        && u32::from(s.passes) < watch.passes
        && u32::from(s.repeated) < watch.repeated
        && watch.emptied[..players]
            .iter()
            .all(|&o| o == 0 || !super::counts::owned(s, o).is_empty())
}

/// `end_rule` where every rule is read from counts kept in the state (pieces, the clock,
/// passes, repetitions) or from `reachable`: no view of the position is built, on every
/// ply of a playout.
#[inline(never)]
fn end_rule_counted<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    reachable: bool,
) -> Option<(Outcome, Cause)> {
    first_ending(game, s, |rule, player| {
        counted_holds(game, s, rule, player, reachable).expect("an end rule read from counts")
    })
}

/// `end_rule` where some rule reads the position as a whole: its view is built once.
#[inline(never)]
fn end_rule_read<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    reachable: bool,
    earlier: &[u64],
) -> Option<(Outcome, Cause)> {
    let mut read = Env {
        reachable,
        earlier,
        ..env(game, s)
    };
    first_ending(game, s, |rule, player| {
        counted_holds(game, s, rule, player, reachable).unwrap_or_else(|| {
            read.player = player;
            rule.program.holds(&read)
        })
    })
}

/// The first rule, read in turn for each player it concerns, for which `holds` says yes
/// and whose verdict ends the game.
#[inline(always)]
fn first_ending<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    mut holds: impl FnMut(&EndRule, u8) -> bool,
) -> Option<(Outcome, Cause)> {
    let players = game.players.len() as u8;
    // Turn order wraps round by a subtraction, not a division (a few dozen cycles each,
    // on every ply).
    let wrap = |p: u8| if p >= players { p - players } else { p };
    let last = wrap(s.to_move + players - 1);
    for (i, rule) in game.end_rules.iter().enumerate() {
        let (first, count) = match rule.scope {
            EndScope::Every => (last, players),
            EndScope::BeforeTurn => (s.to_move, 1),
        };
        for k in 0..count {
            let player = wrap(first + k);
            if holds(rule, player) {
                if let Some(o) = verdict_outcome(game, rule.verdict, s, player) {
                    return Some((o, Cause::EndRule(i, player)));
                }
            }
        }
    }
    None
}

/// Whether `rule` holds for `player`, where it is read from counts kept in the state (or
/// `reachable`, the value of `reachable(capture)`); `None` for a rule that reads the
/// position (`EndShape::General`).
#[inline(always)]
fn counted_holds<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    rule: &EndRule,
    player: u8,
    reachable: bool,
) -> Option<bool> {
    let players = game.players.len() as u8;
    Some(match rule.shape {
        EndShape::Pieces(own, op, n) => pieces_hold(s, players, player, own, op, n),
        EndShape::Any { owners, zone, some } => {
            let owned = super::counts::owned(s, owners[player as usize]);
            super::counts::in_zone(game, owned, zone, player).is_empty() != some
        }
        EndShape::Counts => super::counts::counts_hold(game, s, player, &rule.program),
        EndShape::Scalar(scalar, op, n) => {
            let value = match scalar {
                Scalar::Clock => s.clock as i64,
                Scalar::Passes => s.passes as i64,
                Scalar::Repeated => s.repeated as i64,
                Scalar::Reachable => reachable as i64,
            };
            binary_holds(op, value, n)
        }
        EndShape::General => return None,
    })
}

/// What the session names the end by when the player to move at `s` has no move: the words
/// of the no-move case that applies (`lose when attacked(friend king) "checkmate"`), where
/// the file gives some.
pub fn no_move_words<'g, Z: Layout>(game: &'g Game, s: &State<Z>) -> Option<&'g str> {
    let e = env(game, s);
    let nm = &game.no_move;
    let case = nm
        .cases
        .iter()
        .position(|(condition, _)| condition.holds(&e));
    match case {
        Some(i) => nm.words.get(i)?.as_deref(),
        None => nm.otherwise_words.as_deref(),
    }
}

/// The words of each `say` whose condition holds for the player to move at `s`.
pub fn sayings<'g, Z: Layout>(game: &'g Game, s: &State<Z>) -> Vec<&'g str> {
    if game.sayings.is_empty() {
        return Vec::new();
    }
    let e = env(game, s);
    game.sayings
        .iter()
        .filter(|(_, condition)| condition.holds(&e))
        .map(|(words, _)| words.as_str())
        .collect()
}
