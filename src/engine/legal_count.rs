//! The number of legal moves of a position, counted without listing the moves that can be
//! counted as sets: what perft asks of every position at its last depth, where most of
//! the positions are.
//!
//! A plain rule's walk (`generate::walk`) finds its landings as one set per direction and
//! distance. Where no `after move require` reads the position, each landing is a move, and
//! a set's moves are its squares, counted in one instruction. Where the conditions are
//! `not attacked(PATTERN)` and one-step moves are settled by their squares
//! (`after::OneSteps`), the pieces that leave none of `busy_from` walk apart from the
//! others, and each of their landings off `busy_to` keeps the answer the position had
//! before any move: again a count of a set. The rest (the pieces of `busy_from`, the
//! landings on `busy_to`) are made into moves and tested one by one, as the moves listed
//! are (`Unattacked::keeps`), as are the moves of every rule that is not plain (a second
//! part, a chain, a promotion chosen, a placement, a condition read move by move).

use super::after::{OneSteps, Unattacked};
use super::end::end_rule;
use super::env::env;
use super::generate::{
    choose_promotions, generate, may_choose, no_moves, rule_moves_in_tier, rule_walkers, walk,
    Kinds, RuleSets, View, KIND_SETS,
};
use super::layout::Layout;
use super::moves::Move;
use super::state::State;
use super::Scratch;
use crate::ir::{Game, Mask, MoveRule, RuleId, Walk};
use std::cell::OnceCell;

/// How many legal moves `s` has: `generate`'s moves, counted; 0 where the game has ended.
/// `buf` holds the moves that must be listed to be tested (its contents are left
/// undefined).
pub fn legal_count<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    buf: &mut Vec<Move>,
) -> u64 {
    // Sowings, dice, piles and the end rules that search ahead are listed as `generate`
    // lists them.
    if game.reads_reachable || game.sowing.is_some() || game.dice.is_some() || game.piles {
        return match generate(game, s, scratch, buf) {
            None => buf.len() as u64,
            Some(_) => 0,
        };
    }
    // What `generate` does, with each tier counted rather than listed.
    scratch.sown.clear();
    let boards = scratch.history.boards();
    let before = &boards[..boards.len().saturating_sub(1)];
    if end_rule(game, s, false, before).is_some() {
        return 0;
    }
    for tier in &game.tiers {
        let n = tier_count(game, tier, s, boards, buf);
        if n > 0 {
            return n;
        }
    }
    match no_moves(game, s, buf) {
        None => buf.len() as u64,
        Some(_) => 0,
    }
}

/// What settles a clean landing of a plain rule (`legal_count`): whether the conditions
/// hold before any move, and the squares that make a step unclean.
#[derive(Clone, Copy)]
struct Clean<M> {
    before: bool,
    busy_from: M,
    busy_to: M,
}

/// The legal moves of one priority tier, counted (`tier_of_play`'s, for one tier). `earlier`
/// holds the boards of the line up to `s`.
fn tier_count<Z: Layout>(
    game: &Game,
    tier: &[RuleId],
    s: &State<Z>,
    earlier: &[u64],
    buf: &mut Vec<Move>,
) -> u64 {
    let (reads, position);
    let test = match (&game.after_footprint, &game.after_attacks) {
        _ if game.after_move.is_empty() => None,
        (None, Some(attacks)) => {
            (reads, position) = (OnceCell::new(), env(game, s));
            let test = Unattacked::new(game, s, &position, earlier, attacks, &reads);
            match test.one_steps() {
                Some(&steps) => Some((test, steps)),
                None => return tier_listed(game, tier, s, earlier, buf),
            }
        }
        _ => return tier_listed(game, tier, s, earlier, buf),
    };
    let clean = match &test {
        Some((test, steps)) => Clean {
            before: test.before(),
            busy_from: steps.busy_from,
            busy_to: steps.busy_to,
        },
        None => Clean {
            before: true,
            busy_from: Z::Set::default(),
            busy_to: Z::Set::default(),
        },
    };
    buf.clear();
    let view = View::<Z::Set>::of(game, s);
    let mut kind_sets = None;
    let kinds = Kinds::fill(game, s, &view, &mut kind_sets);
    let choosing = !game.promotion_choices.is_empty() && may_choose(game, s);
    let after_check =
        (!game.after_move.is_empty() && game.after_footprint.is_none()).then_some(earlier);
    let countable = |id: RuleId| {
        let rule = &game.rules[id.index()];
        let chooses = game.rules_choose.get(id.index()).copied().unwrap_or(false);
        rule.plain
            && rule.chain.is_none()
            && rule.per_move.is_none()
            && rule.movers_moved.is_none()
            && !(choosing && chooses)
    };
    let mut shut = false;
    let mut n = 0;
    for &rule_id in tier {
        let rule = &game.rules[rule_id.index()];
        if rule.plain && rule.twinned {
            // Counted or listed with the rule before it.
            continue;
        }
        if countable(rule_id) && rule.twin.is_none_or(countable) {
            let test = test.as_ref().map(|(t, steps)| (t, *steps));
            n += rule_count(game, rule_id, s, &view, kinds, clean, test);
        } else {
            let after = after_check;
            rule_moves_in_tier::<Z, false>(game, rule_id, s, &view, kinds, after, &mut shut, buf);
        }
    }
    if !game.promotion_choices.is_empty() {
        choose_promotions(game, s, buf, 0);
    }
    if let Some((test, steps)) = &test {
        buf.retain(|m| test.keeps_with(m, *steps));
    }
    n + buf.len() as u64
}

/// A tier's moves listed and kept as `tier_of_play` keeps them, counted.
fn tier_listed<Z: Layout>(
    game: &Game,
    tier: &[RuleId],
    s: &State<Z>,
    earlier: &[u64],
    buf: &mut Vec<Move>,
) -> u64 {
    buf.clear();
    super::generate::tier_listed(game, tier, s, earlier, buf);
    buf.len() as u64
}

/// The legal moves of a plain rule without a chain (and of its twin, found by the same
/// walk, as `twin_moves` finds them), counted: the clean movers' landings as sets, the
/// others move by move.
fn rule_count<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
    clean: Clean<Z::Set>,
    test: Option<(&Unattacked<Z>, OneSteps<Z::Set>)>,
) -> u64 {
    let rule = &game.rules[rule_id.index()];
    let Some((movers, sets)) = rule_walkers(game, rule, s, view, kinds) else {
        return 0;
    };
    let none = Z::Set::default();
    let twin = rule.twin.map(|id| {
        let twin = &game.rules[id.index()];
        (id, twin, RuleSets::of(game, s, view, twin).onto)
    });
    let both = RuleSets {
        onto: sets.onto | twin.map_or(none, |t| t.2),
        stop: sets.stop,
    };
    // One rule's landings `land` at distance `k` of its walk `w`: those of clean movers
    // counted as a set where the rule's steps write their two ends alone, the others
    // tested one by one.
    let side = |id: RuleId, r: &MoveRule, w: usize, k: u32, land: Z::Set, movers_clean: bool| {
        let tested = |land: Z::Set| match test {
            _ if land.is_empty() => 0,
            None => land.count() as u64,
            Some((test, steps)) => {
                let walk: &Walk = &r.walks[s.to_move as usize][w];
                let takes = r.captures();
                land.squares()
                    .filter(|&to| {
                        let from = walk.origin(&game.board, to, k);
                        test.keeps_with(&Move::step(from, id, takes, walk.dir, to), steps)
                    })
                    .count() as u64
            }
        };
        if !movers_clean || (test.is_some() && !r.writes_ends) {
            return tested(land);
        }
        let settled = match clean.before {
            true => (land & !clean.busy_to).count() as u64,
            false => 0,
        };
        settled + tested(land & clean.busy_to)
    };
    let mut n = 0;
    for (group, movers_clean) in [
        (movers & !clean.busy_from, true),
        (movers & clean.busy_from, false),
    ] {
        if group.is_empty() {
            continue;
        }
        walk(rule, s.to_move, group, both, none, |w, _, k, land| {
            let mine = land & sets.onto;
            if !mine.is_empty() {
                n += side(rule_id, rule, w, k, mine, movers_clean);
            }
            if let Some((id, twin, onto)) = twin {
                let theirs = land & onto;
                if !theirs.is_empty() {
                    n += side(id, twin, w, k, theirs, movers_clean);
                }
            }
        });
    }
    n
}
