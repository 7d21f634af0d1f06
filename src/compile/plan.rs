//! The sampler's plan of each priority tier (`Game::tier_plans`): for each tier and
//! player, its rules in order as `engine::sample` lists them, with what a walked rule
//! reads where it is all unions of sets.

use crate::ir::{Game, MoveRule, TierStep, WalkReads};

/// For each tier, for each player, the tier's rules as the sampler reads them. A rule is
/// walked where it reads nothing move by move and has no chain; a twin (`twinned`) is
/// walked with the rule before it and has no step of its own.
pub(super) fn tier_plans(game: &Game) -> Vec<Vec<Vec<TierStep>>> {
    let plan = |tier: &[crate::ir::RuleId], player: usize| {
        tier.iter()
            .filter_map(|&id| {
                let rule = &game.rules[id.index()];
                let walked = rule.plain && rule.per_move.is_none() && rule.chain.is_none();
                match (walked, rule.twinned) {
                    (false, _) => Some(TierStep::Listed(id)),
                    (true, true) => None,
                    (true, false) => Some(TierStep::Walked {
                        rule: id,
                        twin: rule.twin,
                        reads: walk_reads(game, rule, player),
                    }),
                }
            })
            .collect()
    };
    (game.tiers.iter())
        .map(|tier| (0..game.players.len()).map(|p| plan(tier, p)).collect())
        .collect()
}

/// What a walked rule reads for `player`, where its movers are the player's pieces of
/// some of (at most 16) types, it has no gate, and it and its twin read whole owners'
/// pieces (`MoveRule::by_owner`).
fn walk_reads(game: &Game, rule: &MoveRule, player: usize) -> Option<WalkReads> {
    let by_owner = |r: &MoveRule| (r.by_owner >> player) & 1 != 0;
    let twin = rule.twin.map(|t| &game.rules[t.index()]);
    let plain = !rule.neutral
        && rule.gate.is_none()
        && rule.piece_mask >> 16 == 0
        && by_owner(rule)
        && twin.is_none_or(by_owner);
    plain.then(|| {
        let reads = &rule.owner_reads[player];
        let types = rule.piece_mask as u16;
        let (first, last) = (types.trailing_zeros(), 15 - types.leading_zeros());
        WalkReads {
            types,
            two_types: (1..=2)
                .contains(&types.count_ones())
                .then_some([first as u8, last as u8]),
            onto: reads.onto,
            run: reads.run,
            twin_onto: twin.map_or(Default::default(), |t| t.owner_reads[player].onto),
        }
    })
}
