//! `dice N faces …` and a move rule's `by die`: the dice are worked out into every way
//! they can fall (`ir::Dice`), and a rule that moves by a die must have lines to move along.

use super::Checker;
use crate::diagnostic::{Kind, Problem, Span};
use crate::ir::{self, MAX_DICE};
use crate::syntax::ast::{self, Item, Value, ValueSet};

/// The largest value a face may show, so that a distance fits the walks of any board.
const MAX_FACE: i64 = 99;
/// The most faces a die may have.
const MAX_FACES: usize = 32;

impl Checker<'_> {
    /// The game's dice, if it declares them (once).
    pub(super) fn dice(&mut self) -> Option<ir::Dice> {
        let found = self.items(|i| match i {
            Item::Dice(d) => Some(d),
            _ => None,
        });
        let d: &ast::DiceDecl = self.single(&found, |d| d.span, "dice")?;
        let bad = |this: &mut Self, span: Span, message: String, help: &str| {
            this.report(
                Problem::new(Kind::BadDice, message)
                    .label(span, "these dice")
                    .help(help.to_string()),
            );
        };
        let count = d.count.value;
        if !(1..=MAX_DICE as i64).contains(&count) {
            bad(
                self,
                d.count.span,
                format!("a game rolls 1 to {MAX_DICE} dice, not {count}"),
                "write `dice 2 faces 1..6`",
            );
            return None;
        }
        let faces: Option<Vec<i64>> = match &d.faces {
            ValueSet::Range {
                lo, hi: Some(hi), ..
            } if hi >= lo && hi - lo < MAX_FACES as i64 => Some((*lo..=*hi).collect()),
            ValueSet::Range { .. } => None,
            ValueSet::List(values) => values
                .iter()
                .map(|v| match v.value {
                    Value::Int(n) => Some(n),
                    _ => None,
                })
                .collect(),
        };
        let faces = match faces {
            Some(f)
                if !f.is_empty()
                    && f.len() <= MAX_FACES
                    && f.iter().all(|v| (0..=MAX_FACE).contains(v)) =>
            {
                f
            }
            _ => {
                bad(
                    self,
                    d.faces_span,
                    "a die's faces are numbers from 0 to 99".to_string(),
                    "write a range, `faces 1..6`, or the faces one by one, `faces 0, 1` (at most 32)",
                );
                return None;
            }
        };
        let throws = (faces.len() as u64).pow(count as u32);
        if throws > ir::dice::MAX_THROWS {
            bad(
                self,
                d.span,
                format!("these dice fall {throws} ways, more than the 1048576 a roll may"),
                "roll fewer dice, or dice with fewer faces",
            );
            return None;
        }
        if d.doubles_twice && (count != 2 || d.summed) {
            bad(
                self,
                d.span,
                "`doubles twice` needs two dice, each played on its own".to_string(),
                "a double of two dice is played as four moves; leave it out otherwise",
            );
            return None;
        }
        Some(ir::Dice::new(
            count as u8,
            faces.into_iter().map(|v| v as u8).collect(),
            d.summed,
            d.doubles_twice,
            d.use_most,
        ))
    }

    /// Whether the game declares dice, for a rule's `by die`.
    pub(super) fn has_dice(&self) -> bool {
        self.file.items.iter().any(|i| matches!(i, Item::Dice(_)))
    }
}
