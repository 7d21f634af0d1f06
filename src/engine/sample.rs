//! One legal move chosen by its index, without building the others: for a random playout.
//!
//! Where every move of a game is one landing of the set-wise walk (no chains, no conditions
//! read during play, no `after move require`, no sowing, no search in the end rules), the
//! walk's landing sets say everything: their popcounts are the number of moves, and the
//! chosen index is found in them. The order is the generator's own, so the move chosen for
//! an index is the move `generate` would list at that index; elsewhere this falls back to
//! `generate`.

use super::end::{end_rule, verdict_outcome, Outcome};
use super::generate::{generate, walk, RuleSets, View};
use super::mask::{Mask, Wide};
use super::moves::Move;
use super::state::State;
use super::Scratch;
use crate::ir::{Game, RuleId, Sq, SquareSet};

/// A set of landings found by the walk: its rule, walk and distance, and its squares.
#[derive(Clone, Copy, Debug)]
pub struct Landings {
    rule: RuleId,
    walk: u16,
    distance: u16,
    count: u32,
    squares: SquareSet,
}

/// Whether every move of the game is one landing of the walk, so that moves can be counted
/// from the landing sets.
pub fn countable(game: &Game) -> bool {
    game.sowing.is_none()
        && !game.reads_reachable
        && game.after_move.is_empty()
        && game
            .rules
            .iter()
            .all(|r| r.chain.is_none() && r.conditions.is_empty())
}

/// The legal move of `s` with index `pick(number of legal moves)` in the order `generate`
/// lists them, or how the game has ended. `out` is a buffer for when the moves must be
/// listed after all.
pub fn sample(
    game: &Game,
    s: &State,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
    pick: impl FnOnce(usize) -> usize,
) -> Result<Move, Outcome> {
    if !countable(game) {
        return match generate(game, s, scratch, out) {
            Some(o) => Err(o),
            None => Ok(out[pick(out.len())]),
        };
    }
    if let Some((o, _)) = end_rule(game, s, false) {
        return Err(o);
    }
    let chosen = if game.board.words() == 1 {
        sample_at::<u64>(game, s, &mut scratch.landings, pick)
    } else {
        sample_at::<Wide>(game, s, &mut scratch.landings, pick)
    };
    match chosen {
        Some(m) => Ok(m),
        None => match verdict_outcome(game, game.no_move, s) {
            Some(o) => Err(o),
            None => Ok(Move::PASS),
        },
    }
}

/// The chosen move among the landings of the first priority tier that has any; `None`
/// when no tier has one.
fn sample_at<M: Mask>(
    game: &Game,
    s: &State,
    found: &mut Vec<Landings>,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    let total = landings_of_tier::<M>(game, s, found);
    if total == 0 {
        return None;
    }
    let mut index = pick(total);
    for l in found.iter() {
        let n = l.count as usize;
        if index >= n {
            index -= n;
            continue;
        }
        let to = M::from_set(&l.squares)
            .squares()
            .nth(index)
            .expect("an index within the set");
        let rule = &game.rules[l.rule as usize];
        let walk = &rule.walks[s.to_move as usize][l.walk as usize];
        let from = (to as i32 - l.distance as i32 * walk.delta) as Sq;
        return Some(Move::step(from, l.rule, rule.captures(), walk.dir, to));
    }
    unreachable!("the index is below the number of landings")
}

/// The landing sets of the first priority tier that has any, in the generator's order,
/// and how many landings they hold.
fn landings_of_tier<M: Mask>(game: &Game, s: &State, out: &mut Vec<Landings>) -> usize {
    out.clear();
    let view = View::<M>::of(game, s);
    for tier in &game.tiers {
        let mut total = 0;
        for &rule_id in tier {
            let rule = &game.rules[rule_id as usize];
            let movers = view.movers(game, s, rule);
            if movers.is_empty() {
                continue;
            }
            let sets = RuleSets::of(game, s, &view, rule);
            walk(
                rule,
                s.to_move,
                movers,
                sets,
                M::default(),
                |w, _, k, land| {
                    let mut squares = SquareSet::default();
                    land.store(&mut squares);
                    let count = land.count();
                    total += count as usize;
                    out.push(Landings {
                        rule: rule_id,
                        walk: w as u16,
                        distance: k as u16,
                        count,
                        squares,
                    });
                },
            );
        }
        if total > 0 {
            return total;
        }
    }
    0
}
