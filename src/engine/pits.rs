//! The position text and the drawing of a counting game (`counters`).
//!
//! Text: the pits rank by rank from the top, `/` between ranks, the counts of a rank
//! separated by commas; then the player to move; then `stores=` with each player's store
//! in turn order, and, when they apply, `capturer=` (the last player who captured) and
//! `back=Y:O` (the player to move may not sow the single seed of Y back into O).
//! A start with 6 pits a row: `5,5,5,5,5,5/5,5,5,5,5,5 South stores=0,0`.

use super::state::{State, NOBODY, NO_PIT};
use crate::ir::{Game, Sowing};

impl Game {
    pub(super) fn pits_position_text(&self, sw: &Sowing, s: &State) -> String {
        let b = &self.board;
        let ranks: Vec<String> = (0..b.height)
            .rev()
            .map(|r| {
                let counts: Vec<String> = (0..b.width)
                    .map(|f| f + r * b.width)
                    .filter(|&sq| b.used[sq])
                    .map(|sq| s.slots[sw.pit_of[sq] as usize].to_string())
                    .collect();
                counts.join(",")
            })
            .collect();
        let stores: Vec<String> = s.stores[..self.players.len()]
            .iter()
            .map(u16::to_string)
            .collect();
        let mut text = format!(
            "{} {} stores={}",
            ranks.join("/"),
            self.players[s.to_move as usize].name,
            stores.join(",")
        );
        if s.capturer != NOBODY {
            text.push_str(&format!(
                " capturer={}",
                self.players[s.capturer as usize].name
            ));
        }
        if s.back[0] != NO_PIT {
            let name = |pit: u8| self.board.name(sw.pits[pit as usize]);
            text.push_str(&format!(" back={}:{}", name(s.back[0]), name(s.back[1])));
        }
        text
    }

    /// Reads the pits of a position text; `fields` are the words after the player to move.
    pub(super) fn parse_pits(
        &self,
        sw: &Sowing,
        board_text: &str,
        to_move: u8,
        fields: &[&str],
    ) -> Result<State, String> {
        let b = &self.board;
        let mut s = State::from_cells(self, &vec![0; b.cells()], to_move);
        let ranks = self.rank_texts(board_text)?;
        let mut total = 0u64;
        for (i, rank_text) in ranks.iter().enumerate() {
            let r = b.height - 1 - i;
            let pits: Vec<usize> = (0..b.width)
                .map(|f| f + r * b.width)
                .filter(|&sq| b.used[sq])
                .collect();
            let counts: Vec<&str> = rank_text.split(',').collect();
            if counts.len() != pits.len() {
                return Err(format!(
                    "rank {} has {} pits, but the text gives {} counts",
                    r + 1,
                    pits.len(),
                    counts.len()
                ));
            }
            for (&sq, c) in pits.iter().zip(counts) {
                let n: u16 = c
                    .parse()
                    .map_err(|_| format!("`{c}` on rank {} is not a count of seeds", r + 1))?;
                total += n as u64;
                s.slots[sw.pit_of[sq] as usize] = n as u64;
            }
        }
        for field in fields {
            let (key, value) = field.split_once('=').ok_or_else(|| {
                format!("unexpected `{field}` (expected stores=, capturer= or back=)")
            })?;
            match key {
                "stores" => {
                    let stores: Vec<&str> = value.split(',').collect();
                    if stores.len() != self.players.len() {
                        return Err(format!(
                            "`stores=` gives {} stores for {} players",
                            stores.len(),
                            self.players.len()
                        ));
                    }
                    for (p, v) in stores.iter().enumerate() {
                        s.stores[p] = v
                            .parse()
                            .map_err(|_| format!("`{v}` is not a count of seeds in `stores=`"))?;
                        total += s.stores[p] as u64;
                    }
                }
                "capturer" => {
                    s.capturer = self.player_index(value)? as u8;
                }
                "back" => {
                    let (y, o) = value
                        .split_once(':')
                        .ok_or_else(|| format!("`back={value}`: write the two pits as `Y:O`"))?;
                    let pit = |name: &str| {
                        b.square(name)
                            .map(|sq| sw.pit_of[sq as usize])
                            .ok_or_else(|| format!("no such pit: {name}"))
                    };
                    s.back = [pit(y)?, pit(o)?];
                }
                _ => {
                    return Err(format!(
                        "unknown field `{key}=` (the fields are stores=, capturer= and back=)"
                    ))
                }
            }
        }
        if total > u16::MAX as u64 {
            return Err(format!("{total} seeds: at most 65535 fit"));
        }
        Ok(s)
    }

    /// The pits drawn as a mancala player sees them: each rank's counts under (or, for
    /// the bottom rank, over) its pit names, then the stores.
    pub(super) fn pits_board_text(&self, sw: &Sowing, s: &State) -> String {
        let b = &self.board;
        let width = (0..b.cells())
            .filter(|&sq| b.used[sq])
            .map(|sq| {
                let count = s.slots[sw.pit_of[sq] as usize].to_string().len();
                count.max(b.names[sq].len())
            })
            .max()
            .unwrap_or(1);
        let line = |r: usize, names: bool| {
            let cells: Vec<String> = (0..b.width)
                .map(|f| f + r * b.width)
                .map(|sq| {
                    let text = if !b.used[sq] {
                        String::new()
                    } else if names {
                        b.names[sq].clone()
                    } else {
                        s.slots[sw.pit_of[sq] as usize].to_string()
                    };
                    format!("{text:>width$}")
                })
                .collect();
            format!("  {}\n", cells.join(" ").trim_end())
        };
        let mut out = String::new();
        for r in (0..b.height).rev() {
            if r > 0 {
                out.push_str(&line(r, true));
                out.push_str(&line(r, false));
            } else {
                out.push_str(&line(r, false));
                out.push_str(&line(r, true));
            }
        }
        let stores: Vec<String> = self
            .players
            .iter()
            .zip(&s.stores)
            .map(|(p, n)| format!("{} {n}", p.name))
            .collect();
        out.push_str(&format!("  stores: {}\n", stores.join(", ")));
        out
    }

    /// With counters, the final score and where the seeds left on the board went:
    /// "Final score: South 31, North 29 (the 4 seeds left went to North, who captured last)."
    pub fn score_text(&self, s: &State) -> Option<String> {
        let sw = self.sowing.as_ref()?;
        let stores = self.final_stores(s);
        let parts: Vec<String> = self
            .players
            .iter()
            .zip(&stores)
            .map(|(p, n)| format!("{} {n}", p.name))
            .collect();
        let left: u64 = s.slots[..sw.count()].iter().sum();
        let seeds = if left == 1 { "seed" } else { "seeds" };
        let note = match (left, sw.leftover_to_last_capturer, s.capturer) {
            (0, _, _) => String::new(),
            (_, false, _) => format!(" ({left} {seeds} left on the board)"),
            (_, true, NOBODY) => {
                format!(" (the {left} {seeds} left went to no one: nobody captured)")
            }
            (_, true, p) => format!(
                " (the {left} {seeds} left went to {}, who captured last)",
                self.players[p as usize].name
            ),
        };
        Some(format!("Final score: {}{note}.\n", parts.join(", ")))
    }
}
