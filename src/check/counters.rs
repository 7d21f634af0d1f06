//! `counter NAME [= N] [shared]`: named numbers the moves change (`add EXPR to NAME`) and
//! conditions read (`NAME`, `NAME(PLAYER)`). A counter of each player takes a slot of the
//! state for each player, a shared one a single slot; a game has at most
//! `MAX_COUNTER_SLOTS` of them, so that every state keeps its counters in a fixed array.

use super::Checker;
use crate::diagnostic::{Kind, Problem};
use crate::ir::{self, MAX_COUNTER_SLOTS};
use crate::syntax::ast::{self, Item};

/// Names that are fields of the position text (`hand=`, `clock=` …) or words of the
/// language's expressions: a counter named so could not be written, or read.
const TAKEN_NAMES: [&str; 19] = [
    "hand", "clock", "passes", "before", "stores", "capturer", "back", "previous", "unmoved",
    "store", "taken", "turned", "here", "last", "lifted", "laps", "seen", "repeated", "dice",
];

/// The range a counter's value keeps to: it is kept in 16 bits, and a change that would
/// go past either end stops there.
pub const COUNTER_RANGE: (i64, i64) = (i16::MIN as i64, i16::MAX as i64);

impl Checker<'_> {
    /// The game's counters, each given its slots, in the order declared.
    pub(super) fn counters_declared(&mut self) {
        let decls: Vec<&ast::CounterDecl> = self.items(|i| match i {
            Item::Counter(c) => Some(c),
            _ => None,
        });
        let mut slots = 0usize;
        // A counter refused for its name or its start is still declared, so that its uses
        // are not reported as unknown as well.
        for c in decls {
            let earlier = self
                .counter_decls
                .iter()
                .find(|(d, _)| d.name == c.name.name)
                .map(|(_, span)| *span);
            if !self.declare("counter", &c.name, earlier) {
                continue;
            }
            let clash = TAKEN_NAMES.contains(&c.name.name.as_str())
                || self.zones.contains_key(&c.name.name)
                || self.defines.contains_key(&c.name.name)
                || self.players.contains_key(&c.name.name)
                || self.pieces.contains_key(&c.name.name)
                || self.dir_names.contains_key(&c.name.name)
                || self.values.contains_key(&c.name.name);
            if clash {
                self.report(
                    Problem::new(
                        Kind::BadCounter,
                        format!("`{}` cannot name a counter", c.name.name),
                    )
                    .label(c.name.span, "this name is taken")
                    .help("the name is a word of the language, a field of the position text, or names something else in this game; choose another"),
                );
            }
            let start = match c.start {
                Some((n, span)) if !(COUNTER_RANGE.0..=COUNTER_RANGE.1).contains(&n) => {
                    self.report(
                        Problem::new(
                            Kind::BadCounter,
                            format!("a counter starts at {n}, out of its range"),
                        )
                        .label(span, "too large")
                        .help("a counter holds a number from -32768 to 32767"),
                    );
                    0
                }
                Some((n, _)) => n as i16,
                None => 0,
            };
            let counter = ir::Counter {
                name: c.name.name.clone(),
                start,
                shared: c.shared,
                slot: slots.min(MAX_COUNTER_SLOTS) as u8,
            };
            let taken = counter.slots(self.players.len().max(1));
            if taken.end > MAX_COUNTER_SLOTS {
                self.report(
                    Problem::new(Kind::TooManyCounters, "too many counters")
                        .label(c.span, "one too many")
                        .help(format!(
                            "a game keeps at most {MAX_COUNTER_SLOTS} numbers: a counter of each player takes one for each player, a shared counter one"
                        )),
                );
                continue;
            }
            slots = taken.end;
            self.counter_decls.push((counter, c.name.span));
        }
    }

    /// The counter called `name`, if the game declares one.
    pub(super) fn counter(&self, name: &str) -> Option<&ir::Counter> {
        self.counter_decls
            .iter()
            .map(|(c, _)| c)
            .find(|c| c.name == name)
    }
}
