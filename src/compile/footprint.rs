//! The squares a condition reads, when that is all it reads: a condition read after every
//! move (`after move require`) need then be read again only for a move that changes one of
//! them.

use crate::ir::expr::Watched;
use crate::ir::{Expr, Zone};

impl Expr {
    /// What the value reads, for each player reading it: pairs of (squares, pattern mask
    /// over cell codes). The value can change only where a square of a pair changes
    /// whether it matches that pair's mask. `None` when it depends on more than a fixed set
    /// of squares (a count over the whole board, the piece counters, the move's squares).
    pub fn footprint(&self, zones: &[Zone], players: usize) -> Option<Vec<Watched>> {
        let mut out = vec![Vec::new(); players];
        self.add_footprint(zones, &mut out).then_some(out)
    }

    fn add_footprint(&self, zones: &[Zone], out: &mut [Watched]) -> bool {
        match self {
            Expr::Int(_) | Expr::Clock | Expr::Passes | Expr::Reader => true,
            Expr::Square(_)
            | Expr::Count(_, None)
            | Expr::Pieces(_)
            | Expr::Seeds(_)
            | Expr::SeedsIn(_)
            | Expr::Store
            | Expr::Counter { .. }
            | Expr::Lifted
            | Expr::Laps
            | Expr::Previous(_)
            | Expr::CaptureReachable
            | Expr::Attacked(..)
            | Expr::AttackedAny(..)
            | Expr::Moved(_)
            | Expr::Height(_)
            | Expr::Offset(..)
            | Expr::OffsetBy(..)
            | Expr::Toward(..)
            | Expr::Is(..)
            | Expr::Around(..)
            | Expr::Line(..)
            | Expr::LineThrough(..)
            | Expr::Group(..)
            | Expr::Reaches(..)
            | Expr::Touches(..)
            | Expr::Groups(..)
            | Expr::Seen(_)
            | Expr::InHand(_)
            | Expr::CountWhere(..)
            | Expr::Connected(..)
            | Expr::Repeated
            | Expr::Turned
            | Expr::Taken
            | Expr::Stuck => false,
            Expr::Count(pattern, Some(z)) => {
                for (p, entries) in out.iter_mut().enumerate() {
                    entries.push((zones[*z].sets[p], pattern.masks[p]));
                }
                true
            }
            // Reading a square's coordinates reads no piece, but which square it is
            // depends on the move.
            Expr::File(e) | Expr::Rank(e) | Expr::Row(e) | Expr::InZone(_, e) => {
                e.add_footprint(zones, out)
            }
            Expr::Unary(_, e) | Expr::Abs(e) => e.add_footprint(zones, out),
            Expr::Binary(_, a, b) | Expr::Min(a, b) | Expr::Max(a, b) => {
                a.add_footprint(zones, out) && b.add_footprint(zones, out)
            }
        }
    }
}

impl Expr {
    /// The value as `reader` reads it where no square of its footprint matches its mask,
    /// so that every count it makes is 0: the value with each count and the reader put
    /// in. `None` where it reads anything else that varies (the clock, the passes) or that
    /// needs a board to be read.
    pub fn when_clear(&self, reader: u8) -> Option<Expr> {
        Some(match self {
            Expr::Int(n) => Expr::Int(*n),
            Expr::Reader => Expr::Int(reader as i64),
            Expr::Count(_, Some(_)) => Expr::Int(0),
            Expr::Unary(op, e) => Expr::Unary(*op, Box::new(e.when_clear(reader)?)),
            Expr::Abs(e) => Expr::Abs(Box::new(e.when_clear(reader)?)),
            Expr::Binary(op, a, b) => Expr::Binary(
                *op,
                Box::new(a.when_clear(reader)?),
                Box::new(b.when_clear(reader)?),
            ),
            Expr::Min(a, b) => Expr::Min(
                Box::new(a.when_clear(reader)?),
                Box::new(b.when_clear(reader)?),
            ),
            Expr::Max(a, b) => Expr::Max(
                Box::new(a.when_clear(reader)?),
                Box::new(b.when_clear(reader)?),
            ),
            _ => return None,
        })
    }
}
