//! A counting game's tables: for each player and pit, the track of the first lap and
//! whether sowing passes the pit by; each capture's pits by where the last seed fell; and
//! the outcomes as a table by player, pit and seeds in the last pit, so that the engine
//! sows by table look-ups alone.

use super::Tables;
use crate::check::{self, SowAction};
use crate::eval::env::SlotView;
use crate::eval::{value, value_once, Env};
use crate::ir::expr::{Expr as IExpr, SquareRef};
use crate::ir::{BinOp, Capture, LastSeed, Outcomes, Program, Sowing, Walks, NO_LAP};

impl Tables<'_> {
    /// The tables of a sowing; `None` where a condition overflows (reported) or the
    /// outcome table would not fit.
    pub(super) fn sowing(&mut self, s: check::Sowing) -> Option<Sowing> {
        let mut overflow = None;
        let (first, skip) = self.first_laps(&s, &mut overflow);
        let mut captures = Vec::new();
        let mut actions = Vec::new();
        for (c, action) in &s.outcomes {
            let a = match action {
                SowAction::Stop => LastSeed::Stop,
                SowAction::Relay => LastSeed::Relay,
                SowAction::Again => LastSeed::Again,
                SowAction::Capture {
                    pits,
                    along,
                    unless,
                } => {
                    captures.push(Capture {
                        pits: self.captured_pits(&s, pits, &mut overflow),
                        along: along.as_ref().map(|(t, c)| (*t, Program::of(c))),
                        unless: unless.as_ref().map(Program::of),
                    });
                    LastSeed::Capture((captures.len() - 1) as u8)
                }
            };
            actions.push((c, a));
        }
        let outcomes = self.outcome_table(&actions, &s.pits, &s.pit_of, &mut overflow)?;
        if let Some(sq) = overflow {
            self.overflow_on(s.name_span, sq);
            return None;
        }
        let n = s.pits.len();
        let players = self.players;
        let owner = (0..n)
            .map(|pit| {
                (0..players)
                    .find(|&p| first[p * n + pit] != NO_LAP)
                    .map_or(u8::MAX, |p| p as u8)
            })
            .collect();
        let lifts = (0..players)
            .map(|p| {
                (0..n)
                    .filter(|&pit| first[p * n + pit] != NO_LAP)
                    .map(|pit| pit as u8)
                    .collect()
            })
            .collect();
        Some(Sowing {
            name: s.name,
            walks: Walks::of(&s.next, n),
            lifts,
            pits: s.pits,
            pit_of: s.pit_of,
            store_pits: s.store_pits,
            tracks: s.tracks,
            next: s.next,
            first,
            skip,
            skip_origin: s.skip_origin,
            outcomes,
            captures,
            leftover: s.leftover,
            owner,
            start: s.start,
        })
    }

    /// For each player and pit: the track of the first lap (`NO_LAP` where the player may
    /// not lift), and the pits sowing passes by, as a mask per player.
    fn first_laps(&self, s: &check::Sowing, overflow: &mut Option<usize>) -> (Vec<u8>, Vec<u64>) {
        let (players, n) = (self.players, s.pits.len());
        let cells = self.board.cells();
        let mut first = vec![NO_LAP; players * n];
        let mut skip = vec![0u64; players];
        let env = self.square_env();
        for p in 0..players {
            for (i, &sq) in s.pits.iter().enumerate() {
                let e: Env = Env {
                    player: p as u8,
                    here: sq,
                    ..env
                };
                let in_zone = |z: usize| self.zones[z].squares[p * cells + sq as usize];
                if in_zone(s.from_zone) && !s.store_pits.contains(&(i as u8)) {
                    let lap = s
                        .laps
                        .iter()
                        .find(|(_, c)| value_once(c, &e, sq as usize, overflow) != 0);
                    if let Some((t, _)) = lap {
                        first[p * n + i] = *t;
                    }
                }
                if s.skip_zones.iter().any(|&z| in_zone(z)) {
                    skip[p] |= 1 << i;
                }
            }
        }
        (first, skip)
    }

    /// A capture's first pits, by player and where the last seed fell.
    fn captured_pits(
        &self,
        s: &check::Sowing,
        targets: &[IExpr],
        overflow: &mut Option<usize>,
    ) -> Vec<Vec<u8>> {
        let (players, n) = (self.players, s.pits.len());
        let env = self.square_env();
        let mut by_pit = vec![Vec::new(); players * n];
        for p in 0..players {
            for (i, &sq) in s.pits.iter().enumerate() {
                let e: Env = Env {
                    player: p as u8,
                    to: sq,
                    board: Some(self.board),
                    ..env
                };
                for t in targets {
                    let to = value_once(t, &e, sq as usize, overflow);
                    if let Some(&pit) = s.pit_of.get(to as usize).filter(|_| to >= 0) {
                        if pit != u8::MAX {
                            by_pit[p * n + i].push(pit);
                        }
                    }
                }
            }
        }
        by_pit
    }

    /// The outcomes as a table by player, pit and seeds in the last pit: each condition's
    /// parts that read no more than the last pit and its seeds compared with numbers are
    /// settled here, and the rest is left to play (`ir::Outcomes`).
    fn outcome_table(
        &self,
        actions: &[(&IExpr, LastSeed)],
        pits: &[u16],
        pit_of: &[u8],
        overflow: &mut Option<usize>,
    ) -> Option<Outcomes> {
        let mut top = 0i64;
        // Each outcome's settled parts (as one program) and the rest.
        let mut split = Vec::new();
        let mut checks = Vec::new();
        for (c, _) in actions {
            let mut parts = Vec::new();
            c.conjuncts(&mut parts);
            let (settled, rest): (Vec<&IExpr>, Vec<&IExpr>) =
                parts.into_iter().partition(|p| tabulable(p, &mut top));
            let all = |v: Vec<&IExpr>| {
                v.into_iter()
                    .cloned()
                    .reduce(|a, b| IExpr::Binary(BinOp::And, Box::new(a), Box::new(b)))
            };
            let rest = all(rest).map(|r| {
                checks.push(Program::of(&r));
                (checks.len() - 1) as u16
            });
            split.push((all(settled).map(|s| Program::of(&s)), rest));
        }
        // Seeds above `top` compare with every number alike: they share the last bucket.
        let buckets = usize::try_from(top.max(0) + 2)
            .ok()
            .filter(|&b| b <= 256)
            .unwrap_or(2);
        let players = self.players;
        let n = pits.len();
        let board = self.board;
        let env = self.square_env();
        let mut slots = vec![0u64; n];
        let mut cells = vec![(0u16, 0u16); players * n * buckets];
        let mut candidates = Vec::new();
        for p in 0..players {
            for (i, &sq) in pits.iter().enumerate() {
                for b in 1..buckets {
                    slots[i] = b as u64;
                    let e: Env = Env {
                        player: p as u8,
                        to: sq,
                        board: Some(board),
                        slots: SlotView::Words(&slots),
                        pit_of,
                        ..env
                    };
                    let start = candidates.len();
                    for ((settled, rest), (_, action)) in split.iter().zip(actions) {
                        let holds = settled
                            .as_ref()
                            .is_none_or(|c| value(c, &e, sq as usize, overflow) != 0);
                        if holds {
                            candidates.push((*action, *rest));
                            if rest.is_none() {
                                break;
                            }
                        }
                    }
                    // Cells alike share their candidates.
                    let (a, z) = (start, candidates.len());
                    let same = (0..a).find(|&s| {
                        s + (z - a) <= a && candidates[s..s + (z - a)] == candidates[a..z]
                    });
                    let range = match same {
                        Some(s) if z > a => {
                            candidates.truncate(a);
                            (s, s + (z - a))
                        }
                        _ => (a, z),
                    };
                    cells[(p * n + i) * buckets + b] = (range.0 as u16, range.1 as u16);
                }
                slots[i] = 0;
            }
        }
        if candidates.len() > u16::MAX as usize {
            return None;
        }
        Some(Outcomes {
            buckets,
            settled: Outcomes::settle(&cells, &candidates),
            cells,
            candidates,
            checks,
        })
    }
}

/// Whether a condition reads no more than the last pit (`last`, where it is, which zones
/// hold it) and its seeds compared with numbers; `top` becomes the largest such number.
fn tabulable(e: &IExpr, top: &mut i64) -> bool {
    let last = |x: &IExpr| matches!(x, IExpr::Seeds(s) if **s == IExpr::Square(SquareRef::To));
    match e {
        IExpr::Binary(
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge,
            a,
            b,
        ) => match (&**a, &**b) {
            (x, IExpr::Int(k)) | (IExpr::Int(k), x) if last(x) => {
                *top = (*top).max(*k);
                true
            }
            _ => tabulable(a, top) && tabulable(b, top),
        },
        IExpr::Square(SquareRef::To) | IExpr::Int(_) => true,
        IExpr::Square(_) => false,
        e if e.children().is_empty() => !e.reads_state(),
        IExpr::Seeds(_) => false,
        e => e.children().into_iter().all(|c| tabulable(c, top)),
    }
}
