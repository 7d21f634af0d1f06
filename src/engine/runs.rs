//! The moves of a rule that passes several runs in turn (`over 0+ empty` `over 1
//! occupied` `over 0+ empty`: one piece to leap, anywhere on the line). They are listed by a walker of their
//! own, apart from `generate::walk`, so that the common rule of one run pays nothing for
//! them: all the movers walk each direction together, as there, but with a set of squares
//! for each item of the spelt-out runs.

use super::generate::{dynamic_ok, gate_holds, View};
use super::layout::Layout;
use super::moves::Move;
use super::state::State;
use crate::ir::{Game, Mask, MoveRule, RuleId, RunParts, Times, Walk};
use crate::ir::{MAX_RUN_ITEMS, MAX_RUN_PARTS};

/// The moves of `rule` (which has `parts`), where its conditions hold. Out of line: the
/// generator's common rules should not carry it.
#[cold]
#[inline(never)]
pub(super) fn run_parts_moves<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    let Some(parts) = &rule.parts else {
        return;
    };
    let movers = view.movers(game, s, rule);
    if movers.is_empty() || !gate_holds(game, rule, s) {
        return;
    }
    let mut may_pass = [Z::Set::default(); MAX_RUN_PARTS];
    for (set, run) in may_pass.iter_mut().zip(&parts.runs) {
        *set = view.pattern(game, s, &run.pattern);
    }
    let onto = view.pattern(game, s, &rule.onto);
    let takes = rule.captures();
    walk_parts(
        rule,
        parts,
        s.to_move,
        movers,
        onto,
        &may_pass,
        |walk, k, land| {
            for to in land.squares() {
                let from = walk.origin(&game.board, to, k);
                if dynamic_ok(game, rule, s, from, to) {
                    out.push(Move::step(from, rule_id, takes, walk.dir, to));
                }
            }
        },
    );
}

/// Calls `found(walk, distance, landings)` for each walk of `rule` and each distance with
/// landings. `at[i]` holds the squares walkers stand on having passed `i` items: those
/// that have passed them all land where the square is in `onto`; the others pass the
/// square if their next item's run may (`may_pass`), and stay on an item that repeats.
fn walk_parts<M: Mask>(
    rule: &MoveRule,
    parts: &RunParts,
    player: u8,
    movers: M,
    onto: M,
    may_pass: &[M; MAX_RUN_PARTS],
    mut found: impl FnMut(&Walk, u32, M),
) {
    let items = &parts.items;
    let n = items.len();
    for walk in &rule.walks[player as usize] {
        let mut at = [M::default(); MAX_RUN_ITEMS + 1];
        at[0] = walk.step(movers);
        for k in 1.. {
            for i in 0..n {
                if items[i].times.skippable() {
                    let skipped = at[i];
                    at[i + 1] |= skipped;
                }
            }
            let mut land = at[n] & onto;
            if let Some(allowed) = &walk.allowed {
                land &= allowed
                    .get(k as usize - 1)
                    .map_or(M::default(), M::from_set);
            }
            if !land.is_empty() {
                found(walk, k, land);
            }
            let mut next = [M::default(); MAX_RUN_ITEMS + 1];
            let mut walking = false;
            for (i, item) in items.iter().enumerate() {
                let passing = at[i] & may_pass[item.run as usize];
                if passing.is_empty() {
                    continue;
                }
                walking = true;
                let stepped = walk.step(passing);
                match item.times {
                    Times::Any => next[i] |= stepped,
                    _ => next[i + 1] |= stepped,
                }
            }
            if !walking {
                break;
            }
            at = next;
        }
    }
}
