//! Legal moves.
//!
//! The hot path: for each piece of the player to move, for each rule of the current
//! priority tier that the piece may use, for each of the directions worth walking from its
//! square, walk the neighbour table over the run and test the landing square against
//! bitmask patterns and the precomputed geometry table. Nothing is allocated and no name is
//! looked up; moves go into a caller's buffer that is reused from call to call.

use super::after::keep_allowed_after;
use super::chain::extend_chain;
use super::end::{end_rule, verdict_outcome, Outcome};
use super::env::env;
use super::moves::Move;
use super::reach::capture_reachable;
use super::sowing::sowings;
use super::state::State;
use super::Scratch;
use crate::ir::expr::{holds, Env};
use crate::ir::{DirId, Game, MoveRule, RuleId, SquareSet, NO_SQUARE};

/// Fills `out` with the legal moves of `s` (a pass, when passing is the rule and there is
/// no other move), or says how the game has ended.
pub fn generate(
    game: &Game,
    s: &State,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
) -> Option<Outcome> {
    out.clear();
    if !game.reads_reachable {
        if let Some((o, _)) = end_rule(game, s, false) {
            return Some(o);
        }
        return by_rules_of_play(game, s, out);
    }
    // The end rules search ahead from the moves of `s`, so those come first.
    let ended = by_rules_of_play(game, s, out);
    let reachable = capture_reachable(game, s, out, &mut scratch.reach);
    if let Some((o, _)) = end_rule(game, s, reachable) {
        out.clear();
        return Some(o);
    }
    ended
}

/// The moves of `s` by the rules of play alone, with no end rule read: the sowings, or the
/// moves of the first priority tier that has one, or what the no-move rule says.
pub(super) fn by_rules_of_play(game: &Game, s: &State, out: &mut Vec<Move>) -> Option<Outcome> {
    out.clear();
    if let Some(sw) = &game.sowing {
        sowings(game, sw, s, |m, _| out.push(m));
        if !out.is_empty() {
            return None;
        }
    }
    for tier in &game.tiers {
        generate_tier(game, tier, s, out);
        if !game.after_move.is_empty() {
            keep_allowed_after(game, s, out);
        }
        if !out.is_empty() {
            return None;
        }
    }
    match verdict_outcome(game, game.no_move, s) {
        Some(o) => Some(o),
        None => {
            out.push(Move::PASS);
            None
        }
    }
}

/// The moves of each priority tier, highest first, with no priority applied and no
/// `after move require` test: what the player might have meant, for explaining why a move
/// is not legal.
pub fn moves_by_tier(game: &Game, s: &State) -> Vec<Vec<Move>> {
    game.tiers
        .iter()
        .map(|tier| {
            let mut out = Vec::new();
            generate_tier(game, tier, s, &mut out);
            out
        })
        .collect()
}

/// The moves of one priority tier: one scan of the board, every rule of the tier for each
/// piece of the player to move.
fn generate_tier(game: &Game, tier: &[RuleId], s: &State, out: &mut Vec<Move>) {
    let p = s.to_move;
    let types = game.pieces.len();
    let first_own = 1 + p as usize * types;
    for from in 0..game.board.cells() {
        let own = (s.cells[from] as usize).wrapping_sub(first_own);
        if own >= types {
            continue;
        }
        for &rule_id in tier {
            let rule = &game.rules[rule_id as usize];
            if rule.piece_mask & (1 << own) == 0 {
                continue;
            }
            let start = Move::start(from as u16, rule_id, rule.captures());
            let none = SquareSet::default();
            match rule.chain {
                None => landings(game, rule, s, from as u16, &none, |d, to| {
                    out.extend(start.then(d, to));
                }),
                Some(_) => landings(game, rule, s, from as u16, &none, |d, to| {
                    if let Some(m) = start.then(d, to) {
                        extend_chain(game, rule, s, from as u16, m, none, out);
                    }
                }),
            }
        }
    }
}

/// Calls `found(direction, landing)` for every landing of the piece on `from` by one rule,
/// never passing over a square of `passed` in a capturing run.
///
/// Cells are indexed with `sq & 0xFF`: every square is below `MAX_CELLS` (256), and the
/// mask lets the compiler see it, so the hot loop has no bounds checks.
#[inline(always)]
pub(super) fn landings(
    game: &Game,
    rule: &MoveRule,
    s: &State,
    from: u16,
    passed: &SquareSet,
    mut found: impl FnMut(DirId, u16),
) {
    const _: () = assert!(crate::ir::MAX_CELLS == 256);
    let p = s.to_move;
    let cells = game.board.cells();
    let steps = rule.steps_from(p, cells, from);
    let Some(run) = &rule.run else {
        // The landing is the adjacent square, and the geometry is settled already.
        for &(d, to) in steps {
            if rule.onto.matches(p, s.cells[(to & 0xFF) as usize])
                && dynamic_ok(game, rule, s, from, to)
            {
                found(d, to);
            }
        }
        return;
    };
    for &(d, first) in steps {
        // Every square reached after `min..=max` squares of the run's pattern is a landing
        // if it matches `onto`.
        let mut sq = first;
        let mut len = 0u16;
        while sq != NO_SQUARE {
            let code = s.cells[(sq & 0xFF) as usize];
            if len >= run.min
                && rule.onto.matches(p, code)
                && rule
                    .geometry
                    .as_ref()
                    .is_none_or(|g| g[(p as usize * cells + from as usize) * cells + sq as usize])
                && dynamic_ok(game, rule, s, from, sq)
            {
                found(d, sq);
            }
            if len == run.max
                || !run.pattern.matches(p, code)
                || (rule.takes_run && passed.contains(sq))
            {
                break;
            }
            len += 1;
            sq = game.board.next(sq, d);
        }
    }
}

/// The rule's conditions that read the state.
#[inline(always)]
fn dynamic_ok(game: &Game, rule: &MoveRule, s: &State, from: u16, to: u16) -> bool {
    if rule.conditions.is_empty() {
        return true;
    }
    let env = Env {
        from,
        to,
        ..env(game, s)
    };
    rule.conditions.iter().all(|c| holds(c, &env))
}
