//! Chains: a rule with `chain` extends each landing by a depth-first search on a copy of the
//! state with the step made, so captures are taken at once and the same square is never
//! passed over twice by a capturing chain.

use super::generate::{landings, RuleSets, View};
use super::make::make_step;
use super::mask::Mask;
use super::moves::Move;
use super::state::State;
use crate::ir::{Chain, Game, MoveRule, Sq, SquareSet};

/// Emits `m` (whose last step starts on `at`, in state `s`) and the chains that go on from
/// it. `passed` holds the squares the chain has passed over so far.
pub(super) fn extend_chain<M: Mask>(
    game: &Game,
    rule: &MoveRule,
    s: &State,
    at: Sq,
    m: Move,
    passed: M,
    out: &mut Vec<Move>,
) {
    let step = *m.steps().last().expect("a chain has a step");
    let mut after = *s;
    let mut passed_set = SquareSet::default();
    passed.store(&mut passed_set);
    if make_step(game, &mut after, rule, at, step, &mut passed_set) {
        // A promotion ends the chain.
        out.push(m);
        return;
    }
    let passed = M::from_set(&passed_set);
    let view = View::<M>::of(game, &after);
    let sets = RuleSets::of(game, &after, &view, rule);
    let to = step.to as Sq;
    let mut went_on = false;
    landings(
        game,
        rule,
        &after,
        M::bit(to),
        sets,
        passed,
        |_, d, next| {
            // The checker has made sure that no chain outgrows a move.
            let longer = m.then(d, next).expect("a chain within the checked bound");
            went_on = true;
            extend_chain(game, rule, &after, to, longer, passed, out);
        },
    );
    if !went_on || rule.chain == Some(Chain::May) {
        out.push(m);
    }
}
