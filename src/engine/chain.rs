//! Chains: a rule with `chain` extends each landing by a depth-first search on a copy of the
//! state with the step made, so captures are taken at once and the same square is never
//! passed over twice by a capturing chain. A chain of hops (`MoveRule::hops`) keeps the
//! squares it has landed on, its start included, in the same set, and never lands on one
//! again.

use super::after::holds_after;
use super::generate::{gate_holds, landings, may_step_from, passable, walk, RuleSets, View};
use super::layout::Layout;
use super::make::{effects_of_step, make_step, Done, StepPlan};
use super::moves::Move;
use super::state::State;
use crate::ir::Mask;
use crate::ir::{Chain, Code, Game, MoveRule, Sq};

/// Emits `m` (whose last step starts on `at`, in state `s`) and the chains that go on from
/// it; says whether its last step is a step of the chain at all (a step of a `taking` chain
/// that takes nothing is not). `passed` holds the squares the chain has passed over so far
/// (for a chain of hops, those it has landed on). With `after_check` (the boards of the
/// line so far, for `seen`), a chain is emitted only where the `after move require`
/// conditions hold after it: the position after it is in hand here.
pub(super) fn extend_chain<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    at: Sq,
    m: Move,
    passed: Z::Set,
    after_check: Option<&[u64]>,
    out: &mut Vec<Move>,
) -> bool {
    let emit = |out: &mut Vec<Move>, after: &State<Z>, m: Move| {
        if after_check.is_none_or(|earlier| holds_after(game, after, &m, Done::default(), earlier))
        {
            out.push(m);
        }
    };
    let step = *m.steps().last().expect("a chain has a step");
    let mut after = *s;
    let mut passed = passed;
    let mut took = 0;
    let promoted = make_step(game, &mut after, rule, at, step, &mut passed, &mut took);
    // In a chain, the rule's effects happen after each step.
    let mut by_effects = Done::default();
    effects_of_step(game, rule, &mut after, at, step, &mut by_effects);
    took += by_effects.taken;
    if rule.taking && took == 0 {
        // A step that takes nothing is no step of a `taking` chain: no move, and the chain
        // before it does not go on by it.
        return false;
    }
    if promoted {
        // A promotion ends the chain.
        emit(out, &after, m);
        return true;
    }
    let view = View::<Z::Set>::of(game, &after);
    let sets = RuleSets::of(game, &after, &view, rule);
    let to = step.to();
    if rule.hops {
        passed |= Z::Set::bit(at) | Z::Set::bit(to);
    }
    let mut went_on = false;
    if !gate_holds(game, rule, &after) || !may_step_from(rule, after.to_move, to, sets, passed) {
        emit(out, &after, m);
        return true;
    }
    landings(
        game,
        rule,
        &after,
        Z::Set::bit(to),
        sets,
        passed,
        |_, d, next| {
            if (rule.hops && passed.has(next)) || (rule.turning && d == step.dir()) {
                return;
            }
            // The checker has made sure that no chain outgrows a move.
            let longer = m.then(d, next).expect("a chain within the checked bound");
            went_on |= extend_chain(game, rule, &after, to, longer, passed, after_check, out);
        },
    );
    if !went_on || rule.chain == Some(Chain::May) {
        emit(out, &after, m);
    }
    true
}

/// Whether a chain of `rule` can be followed on the occupied sets alone (`extend_light`):
/// what the compiler settled (`MoveRule::light_chain`), and no `after move require` to
/// check at its end.
#[inline(always)]
pub(super) fn light(rule: &MoveRule, player: u8, after_check: bool) -> bool {
    (rule.light_chain >> player) & 1 != 0 && !after_check
}

/// `extend_chain` on the occupied sets alone (see `light`): each step's plan is applied to
/// the sets instead of a state, and the rule's patterns are read as whole owners' pieces
/// (`MoveRule::light_sets`). `code` is the moving piece. `taken` is what the last step
/// takes, where the caller knows it (a jump from the rule's table); otherwise the step's
/// plan says. `HOPS` is the rule's `hops`, settled when the walk is compiled so that a
/// chain of captures pays nothing for it.
#[allow(clippy::too_many_arguments)]
pub(super) fn extend_light<Z: Layout, const HOPS: bool>(
    game: &Game,
    rule: &MoveRule,
    view: &View<Z::Set>,
    code: Code,
    at: Sq,
    m: &mut Move,
    passed: Z::Set,
    taken: Option<Z::Set>,
    out: &mut Vec<Move>,
) {
    let step = *m.steps().last().expect("a chain has a step");
    let plan = StepPlan::of(game, rule, code, at, step);
    let taken = taken.unwrap_or_else(|| {
        let mut taken = Z::Set::default();
        for sq in plan.taken(&game.board) {
            taken |= Z::Set::bit(sq);
        }
        taken
    });
    if plan.lands_code != code {
        // A promotion ends the chain.
        m.push_copy(out);
        return;
    }
    let after = view.after(game, &plan, taken);
    let to = plan.lands;
    let mut passed = passed | taken;
    // The squares no step may land on: for a chain of hops, those it has been on.
    let mut visited = Z::Set::default();
    if HOPS {
        passed |= Z::Set::bit(at) | Z::Set::bit(to);
        visited = passed;
    }
    let reads = rule.light_sets[view.player as usize];
    let sets = RuleSets {
        onto: after.owners(reads.onto),
        stop: reads
            .run
            .map_or(Z::Set::default(), |run| !after.owners(run)),
    };
    let mut went_on = false;
    if let Some(jumps) = rule.jumps.get(view.player as usize) {
        // The same landings as the walk below, in the same order.
        let through = passable(rule, sets, passed);
        for jump in jumps.from(to) {
            if through.has(jump.over)
                && sets.onto.has(jump.lands)
                && !(HOPS && visited.has(jump.lands))
            {
                // The checker has made sure that no chain outgrows a move.
                let longer = m.push_step(jump.dir, jump.lands);
                assert!(longer, "a chain within the checked bound");
                went_on = true;
                let taken = match rule.takes_run {
                    true => Z::Set::bit(jump.over),
                    false => Z::Set::default(),
                };
                extend_light::<Z, HOPS>(game, rule, &after, code, to, m, passed, Some(taken), out);
                m.pop_step();
            }
        }
    } else if may_step_from(rule, view.player, to, sets, passed) {
        walk(
            rule,
            view.player,
            Z::Set::bit(to),
            sets,
            passed,
            |_, w, _, land| {
                for next in (land & !visited).squares() {
                    let longer = m.push_step(w.dir, next);
                    assert!(longer, "a chain within the checked bound");
                    went_on = true;
                    extend_light::<Z, HOPS>(game, rule, &after, code, to, m, passed, None, out);
                    m.pop_step();
                }
            },
        );
    }
    if !went_on || rule.chain == Some(Chain::May) {
        m.push_copy(out);
    }
}
