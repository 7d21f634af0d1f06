//! The look-back guard read: whether a move's look-back must be kept for the next turn's
//! rules (`Game::look_kept`), read after every move.

use super::arith::binary_holds;
use super::env::Env;
use crate::ir::{Game, LookBack, LookGuard};

impl LookGuard {
    /// Whether the guard holds for a look-back.
    #[inline]
    pub fn holds(&self, look: &LookBack) -> bool {
        match self {
            LookGuard::AnyOf(lists) => {
                let packed = look.packed();
                lists.iter().any(|tests| {
                    packed & tests.mask == tests.value
                        && tests
                            .rest
                            .iter()
                            .all(|&(f, op, k)| binary_holds(op, look.field(f), k))
                })
            }
            LookGuard::Program(p) => p.holds(&Env::<u64> {
                previous: *look,
                ..Env::constant()
            }),
        }
    }
}

impl Game {
    /// Whether some rule could read this look-back: where not, the rules read as they do
    /// with `LookBack::NONE`.
    #[inline]
    pub fn look_matters(&self, look: &LookBack) -> bool {
        match &self.look_kept {
            Some(guard) => guard.holds(look),
            None => *look != LookBack::NONE,
        }
    }

    /// The look-back a state keeps after a move that did `look`.
    #[inline]
    pub fn kept_look(&self, look: LookBack) -> LookBack {
        // A move of a rule the guard names nowhere is known not to matter, unread. (Asked
        // here, not in `look_matters`: the sowings ask that at every sowing, where the
        // test cost a sowing game's playouts 0.14% of their instructions for nothing.)
        let named = self.look_rules.get(look.rule.index()) != Some(&false);
        if look != LookBack::NONE && named && self.look_matters(&look) {
            look
        } else {
            LookBack::NONE
        }
    }
}
