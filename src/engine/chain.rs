//! Chains: a rule with `chain` extends each landing by a depth-first search on a copy of the
//! state with the step made, so captures are taken at once and the same square is never
//! passed over twice by a capturing chain.

use super::generate::landings;
use super::make::make_step;
use super::moves::Move;
use super::state::State;
use crate::ir::{Chain, Game, MoveRule, SquareSet};

/// Emits `m` (whose last step starts on `at`, in state `s`) and the chains that go on from
/// it.
pub(super) fn extend_chain(
    game: &Game,
    rule: &MoveRule,
    s: &State,
    at: u16,
    m: Move,
    mut passed: SquareSet,
    out: &mut Vec<Move>,
) {
    let step = *m.steps().last().expect("a chain has a step");
    let mut after = *s;
    if make_step(game, &mut after, rule, at, step, &mut passed) {
        // A promotion ends the chain.
        out.push(m);
        return;
    }
    let mut went_on = false;
    landings(game, rule, &after, step.to as u16, &passed, |d, to| {
        // The checker has made sure that no chain outgrows a move.
        let next = m.then(d, to).expect("a chain within the checked bound");
        went_on = true;
        extend_chain(game, rule, &after, step.to as u16, next, passed, out);
    });
    if !went_on || rule.chain == Some(Chain::May) {
        out.push(m);
    }
}
