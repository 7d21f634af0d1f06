//! What the game's expressions read, found by walking them: whether the state must keep
//! the move before (`previous`), which pieces have moved (`moved`), how often a position
//! has stood (`repeated`), the passes in a row (`passes`), and whether attacks are read.

use crate::check::{Checked, ReadIn};
use crate::ir::Expr;

/// What some expression of the game reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    pub previous: bool,
    /// `previous` read outside a rule's `if` and `after move require`: the look-back is
    /// then always kept.
    pub previous_elsewhere: bool,
    pub moved: bool,
    /// `moved` read outside a rule's `if`: then every piece's having moved is kept.
    pub moved_elsewhere: bool,
    pub repetition: bool,
    /// `seen`: the boards of the positions before are read (and so kept).
    pub seen: bool,
    /// `repeated`: each position is compared with the ones before it.
    pub repeated: bool,
    /// The largest `N` of a `seen(N)`: how many boards back the rules look at most, where
    /// they look a bounded way back.
    pub seen_back: usize,
    pub passes: bool,
    pub attacked: bool,
}

pub fn reads(c: &Checked) -> Reads {
    let mut r = Reads::default();
    c.each_expression(|place, e| {
        let has = |f: fn(&Expr) -> bool| reads_any(e, f);
        if has(|x| matches!(x, Expr::Previous(_))) {
            r.previous = true;
            r.previous_elsewhere |= place == ReadIn::Elsewhere;
        }
        if has(|x| matches!(x, Expr::Moved(_))) {
            r.moved = true;
            r.moved_elsewhere |= place != ReadIn::RuleCondition;
        }
        r.repetition |= has(|x| matches!(x, Expr::Repeated | Expr::Seen(_)));
        r.seen |= has(|x| matches!(x, Expr::Seen(_)));
        r.repeated |= has(|x| matches!(x, Expr::Repeated));
        r.seen_back = r.seen_back.max(deepest_seen(e));
        r.passes |= has(|x| matches!(x, Expr::Passes));
        r.attacked |= has(|x| matches!(x, Expr::Attacked(..) | Expr::AttackedAny(..)));
    });
    r
}

/// The largest `N` of the `seen(N)` in `e` (0 for none).
fn deepest_seen(e: &Expr) -> usize {
    let own = match e {
        Expr::Seen(Some(n)) => *n,
        _ => 0,
    };
    e.children()
        .into_iter()
        .map(deepest_seen)
        .fold(own, usize::max)
}

/// Whether `e` or a part of it is a node that `f` picks.
fn reads_any(e: &Expr, f: fn(&Expr) -> bool) -> bool {
    f(e) || e.children().into_iter().any(|c| reads_any(c, f))
}
