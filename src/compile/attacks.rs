//! For `attacked`: each player's capturing rules, with the cell codes of the pieces that
//! use them, so that an attack is read backwards from a square through these rules only.
//! A rule that moves neutral pieces is no player's attack: nobody owns its pieces.

use crate::eval::attack::attacker_codes;
use crate::ir::{AttackRules, MoveRule, RuleId};

pub(super) fn attack_rules(rules: &[MoveRule], players: usize, types: usize) -> AttackRules {
    (0..players)
        .map(|p| {
            rules
                .iter()
                .enumerate()
                .filter(|(_, r)| r.captures_as_attack() && !r.neutral)
                .map(|(i, r)| (RuleId(i as u16), attacker_codes(types, p, r.piece_mask)))
                .collect()
        })
        .collect()
}
