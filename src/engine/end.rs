//! The end of a game: the one result type (`Outcome`), how a verdict of the file (an end
//! rule's or the no-move rule's) becomes an outcome, and the end rules read at a position.

use super::env::env;
use super::state::{State, NOBODY};
use crate::ir::expr::Env;
use crate::ir::{Game, Verdict};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(u8),
    Draw,
}

/// Why a game ended, for saying so in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The end rule with this index in `Game::end_rules`.
    EndRule(usize),
    /// The player to move had no legal move, and the no-move rule ended the game.
    NoMove,
}

/// The outcome of `verdict` befalling the player to move at `s`; `None` for a pass.
pub(super) fn verdict_outcome(game: &Game, verdict: Verdict, s: &State) -> Option<Outcome> {
    let player = s.to_move;
    match verdict {
        Verdict::Pass => None,
        Verdict::Win => Some(Outcome::Win(player)),
        // With two players the other one wins; with more, the next in turn order.
        Verdict::Lose => Some(Outcome::Win(game.next_player(player))),
        Verdict::Draw => Some(Outcome::Draw),
        Verdict::Score => Some(score_outcome(game, s)),
    }
}

/// The final stores: each player's store, and with `leftover to last capturer` the seeds
/// still on the board go to the last player who captured (to no one if nobody has).
pub fn final_stores(game: &Game, s: &State) -> Vec<u64> {
    let mut stores: Vec<u64> = s.stores[..game.players.len()]
        .iter()
        .map(|&n| n as u64)
        .collect();
    if let Some(sw) = &game.sowing {
        if sw.leftover_to_last_capturer && s.capturer != NOBODY {
            stores[s.capturer as usize] += s.slots[..sw.count()].iter().sum::<u64>();
        }
    }
    stores
}

/// The larger store wins; a tie for the largest is a draw.
fn score_outcome(game: &Game, s: &State) -> Outcome {
    let stores = final_stores(game, s);
    let best = stores.iter().copied().max().unwrap_or(0);
    let mut leaders = (0..stores.len()).filter(|&p| stores[p] == best);
    match (leaders.next(), leaders.next()) {
        (Some(p), None) => Outcome::Win(p as u8),
        _ => Outcome::Draw,
    }
}

/// The first end rule that decides the game at `s`, read for the player to move, with its
/// index; `reachable` is the value of `reachable(capture)` there.
pub(super) fn end_rule(game: &Game, s: &State, reachable: bool) -> Option<(Outcome, usize)> {
    if game.end_rules.is_empty() {
        return None;
    }
    let env = Env {
        reachable,
        ..env(game, s)
    };
    game.end_rules.iter().enumerate().find_map(|(i, r)| {
        if !r.program.holds(&env) {
            return None;
        }
        verdict_outcome(game, r.verdict, s).map(|o| (o, i))
    })
}
