//! Columns of pieces (`stacks`) and promotion.

use super::setup::Supply;
use super::Checker;
use crate::diagnostic::{Kind, Problem};
use crate::ir::{Columns, MAX_SLOTS};
use crate::syntax::ast::Item;

impl Checker<'_> {
    /// `piles`: columns of one kind of piece; not with `stacks`.
    pub(super) fn piles_declared(&mut self) {
        let piles = self.items(|i| match i {
            Item::Piles(s) => Some(s),
            _ => None,
        });
        self.single(&piles, |s| *s, "`piles` declaration");
        let Some(&&span) = piles.first() else {
            return;
        };
        if self.stacks {
            let stacks = self
                .items(|i| match i {
                    Item::Stacks(s) => Some(s),
                    _ => None,
                })
                .first()
                .map(|&&s| s)
                .unwrap_or(span);
            self.report(
                Problem::new(
                    Kind::PilesAndStacks,
                    "a square holds a column of any pieces or a pile of one kind, not both",
                )
                .label(span, "piles")
                .label(stacks, "stacks")
                .help(
                    "keep `piles` for a race game's points, `stacks` for columns of mixed pieces",
                ),
            );
        }
        self.stacks = true;
        self.piles = true;
    }

    /// How columns are packed, once the board and the setup are known.
    pub(super) fn columns(&mut self, supply: &Supply) -> Option<Columns> {
        if !self.stacks {
            return None;
        }
        let board = self.board.as_ref()?;
        let used: Vec<usize> = (0..board.cells()).filter(|&s| board.used[s]).collect();
        let span = self
            .file
            .items
            .iter()
            .find_map(|i| match i {
                Item::Stacks(s) => Some(*s),
                _ => None,
            })
            .unwrap_or(self.file.title_span);
        if used.len() > MAX_SLOTS {
            self.report(
                Problem::new(
                    Kind::TooManyColumns,
                    format!(
                        "a game with columns uses at most {MAX_SLOTS} squares, this board uses {}",
                        used.len()
                    ),
                )
                .label(span, "columns on every used square")
                .help("use a smaller board, or a mask that leaves squares out"),
            );
            return None;
        }
        let kinds = (self.owners() * self.pieces.len()).max(2) as u32;
        let bits = u32::BITS - (kinds - 1).leading_zeros();
        let room = Columns::room(bits) as u32;
        if let Some(place) = supply.unbounded {
            self.report(
                Problem::new(
                    Kind::ColumnsUnbounded,
                    "with stacks, new pieces must come from a hand",
                )
                .label(place, "places pieces with no bound")
                .label(span, "columns could grow past what fits in one")
                .help("give each player a supply in the setup: `12 man in hand`"),
            );
            return None;
        }
        let on_board: usize = supply
            .setup
            .iter()
            .zip(self.heights.iter().chain(std::iter::repeat(&1)))
            .filter(|(&c, _)| c != 0)
            .map(|(_, &h)| h as usize)
            .sum();
        let pieces = (on_board + supply.from_hands) as u32;
        if pieces > room + 1 {
            self.report(
                Problem::new(
                    Kind::ColumnsTooTall,
                    format!(
                        "a column could grow to {pieces} pieces, but at most {} fit",
                        room + 1
                    ),
                )
                .label(span, "columns of every piece on the board")
                .help("use fewer pieces or fewer kinds of piece"),
            );
            return None;
        }
        let mut slot = vec![u8::MAX; board.cells()];
        for (i, &sq) in used.iter().enumerate() {
            slot[sq] = i as u8;
        }
        Some(Columns {
            slot,
            bits,
            piles: self.piles,
            keeps_tall: false,
        })
    }

    /// The piece types promoted by a step that starts in their zone too (`promote A to B
    /// in or from ZONE`), a bit each. (Names not known are reported by `promotions`.)
    pub(super) fn promote_leaving(&self) -> u64 {
        self.file
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Promote(p) if p.leaving => self.pieces.get_index_of(&p.from.name),
                _ => None,
            })
            .fold(0, |mask, t| mask | (1 << t))
    }

    /// `promote A to B in ZONE` (or `to B, C in ZONE`: the player's choice), as a table by
    /// piece type: the zone, and the types it may become, the first one by default.
    pub(super) fn promotions(&mut self) -> Vec<Option<(usize, Vec<usize>)>> {
        let mut table: Vec<Option<(usize, Vec<usize>)>> = vec![None; self.pieces.len()];
        let mut first: Vec<Option<crate::diagnostic::Span>> = vec![None; self.pieces.len()];
        for item in &self.file.items {
            let Item::Promote(p) = item else {
                continue;
            };
            let piece = |this: &mut Self, id: &crate::syntax::ast::Ident| {
                let found = this.pieces.get_index_of(&id.name);
                if found.is_none() {
                    let known: Vec<String> = this.pieces.keys().cloned().collect();
                    this.unknown("piece type", id, known.iter().map(String::as_str));
                }
                found
            };
            let from = piece(self, &p.from);
            let to: Vec<Option<usize>> = p.to.iter().map(|t| piece(self, t)).collect();
            let to: Option<Vec<usize>> = to.into_iter().collect();
            let zone = self.zones.get(&p.zone.name).copied();
            if zone.is_some() {
                self.names_read.insert(p.zone.name.clone());
            }
            if zone.is_none() {
                let known: Vec<String> = self.zones.keys().cloned().collect();
                self.unknown("zone", &p.zone, known.iter().map(String::as_str));
            }
            let (Some(from), Some(to), Some(zone)) = (from, to, zone) else {
                continue;
            };
            // Among other choices, its own type makes promotion optional
            // (`promote man to man, king`); alone, it would change nothing.
            if to == [from] {
                self.report(
                    Problem::new(
                        Kind::BadPromotion,
                        format!("a {} cannot be promoted to itself", p.from.name),
                    )
                    .label(p.to[0].span, "the same type")
                    .help(format!(
                        "promote to another piece type; to let the player choose to stay a {0}, name it among others: `promote {0} to {0}, …`",
                        p.from.name
                    )),
                );
                continue;
            }
            if let Some(i) = (1..to.len()).find(|&i| to[..i].contains(&to[i])) {
                self.report(
                    Problem::new(
                        Kind::DuplicatePromotion,
                        format!("{} is named twice as a choice", p.to[i].name),
                    )
                    .label(p.to[i].span, "named again here")
                    .help("name each type the piece may become once"),
                );
                continue;
            }
            if let Some(earlier) = first[from] {
                self.report(
                    Problem::new(
                        Kind::DuplicatePromotion,
                        format!("a {} is promoted twice", p.from.name),
                    )
                    .label(p.span, "promoted again here")
                    .label(earlier, "first promoted here")
                    .help("a piece type is promoted in one way"),
                );
                continue;
            }
            first[from] = Some(p.span);
            table[from] = Some((zone, to));
        }
        table
    }
}
