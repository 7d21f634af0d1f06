//! The rules of each priority tier as the sampler of drawn moves reads them
//! (`Game::tier_plans`), worked out when the game is compiled: a ply reads a few words
//! for each rule instead of asking the rule's flags which way it is listed, and passes
//! over the rules whose landings come with another's (twins).

use super::{OwnerPattern, RuleId};

/// One rule of a tier, for one player, as `engine::sample` lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TierStep {
    /// A rule whose moves are listed one by one: it reads something move by move, chains,
    /// places, or has a second part.
    Listed(RuleId),
    /// A plain rule, walked set-wise, and its twin (`MoveRule::twin`), whose landings the
    /// same walk finds. `reads`, where its movers and its landings' squares are unions of
    /// sets the sampler keeps (`WalkReads`); otherwise the rule's patterns are read.
    Walked {
        rule: RuleId,
        twin: Option<RuleId>,
        reads: Option<WalkReads>,
    },
}

/// What a walked rule reads, for one player, where every part of it is a union of sets:
/// its movers are its player's pieces of some types, it has no gate, and it and its twin
/// land on (and its run passes over) whole owners' pieces or empty squares
/// (`MoveRule::owner_reads`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkReads {
    /// Bit `t`: the player's pieces of type `t` move by the rule.
    pub types: u16,
    /// The same types as two indices, where they are one or two (one type is given twice):
    /// the movers are then a union of two sets, with no loop over the bits of `types`.
    pub two_types: Option<[u8; 2]>,
    /// What the rule lands on.
    pub onto: OwnerPattern,
    /// What its run may pass over, where it has a run.
    pub run: Option<OwnerPattern>,
    /// What its twin lands on (nothing where it has none).
    pub twin_onto: OwnerPattern,
}
