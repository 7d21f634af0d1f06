//! Compact, exact keys of positions, for the searches that remember positions: a key holds
//! just what the rules of play read in a game (its squares' pieces if it has pieces, its
//! columns or its pits' seeds, the player to move, the look-back, the passes in a row, the
//! pieces in hand, the counters and the dice left to play), packed into a few
//! words, and a position can be rebuilt from its key. The stores and the last capturer
//! are left out: no rule of play reads them.

use super::layout::{Layout, LayoutKind, Slot};
use super::state::{State, NOBODY};
use crate::ir::expr::LookBack;
use crate::ir::{Game, Mask, Sq};

/// How one game's positions are packed into keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyLayout {
    /// Squares whose pieces are packed, eight to a word (0 in a game without pieces).
    cells: usize,
    /// Pits whose seeds are packed, four to a word (16 bits each: at most 65,535 seeds),
    /// or eight where the game's layout keeps a byte a pit (`pit_bytes`).
    pits: usize,
    pit_bytes: bool,
    /// Columns packed, one to a word.
    columns: usize,
    /// Words for the pieces in hand (eight counts to a word, a word for each player), or 0.
    hands: usize,
    /// The counters' slots packed, four to a word (`counter NAME`).
    counters: usize,
    /// Whether the dice left to play are kept, in a word of their own.
    dice: bool,
    /// Whether the look-back is kept, in the word before the last.
    look: bool,
    /// Words for the squares whose pieces have moved (when a rule reads `moved`), before
    /// the look-back.
    moved: usize,
    /// Words in all, the last one for the player to move and the passes.
    pub words: usize,
    /// Whether the key has columns, hands, counters or dice: parts most games lack,
    /// written out of line behind one test (`write_rare`).
    rare: bool,
}

impl KeyLayout {
    /// The bits of the last word that hold the passes in a row.
    pub const PASSES: u64 = 0xFF << 24;

    pub fn of(game: &Game) -> KeyLayout {
        let cells = if game.pieces.is_empty() {
            0
        } else {
            game.board.cells()
        };
        let pits = game.sowing.as_ref().map_or(0, |sw| sw.count());
        let pit_bytes = LayoutKind::of(game) == LayoutKind::SmallPits;
        let pit_words = if pit_bytes {
            pits.div_ceil(8)
        } else {
            pits.div_ceil(4)
        };
        let columns = game
            .columns
            .as_ref()
            .map_or(0, |c| c.slot.iter().filter(|&&s| s != u8::MAX).count());
        let hands = if game.hands.is_empty() {
            0
        } else {
            game.players.len()
        };
        let counters = game
            .counters
            .iter()
            .map(|c| c.slots(game.players.len()).len())
            .sum::<usize>();
        let dice = game.dice.is_some();
        let look = game.reads_previous;
        let moved = if game.reads_moved {
            game.board.cells().div_ceil(64)
        } else {
            0
        };
        KeyLayout {
            cells,
            pits,
            pit_bytes,
            columns,
            hands,
            counters,
            dice,
            look,
            moved,
            rare: columns > 0 || hands > 0 || counters > 0 || dice,
            words: cells.div_ceil(8)
                + pit_words
                + columns
                + hands
                + counters.div_ceil(4)
                + dice as usize
                + moved
                + look as usize
                + 1,
        }
    }

    /// Writes the key of `s` into `out` (`words` long). A look-back no rule could read is
    /// left out (`Game::kept_look`). Written into its callers, with the parts most games
    /// lack behind one test: a playout writes a key every ply (random games with a look-back
    /// 0.992 of their instructions on 36 squares, 0.999 on 64 and 90; games with hands or
    /// pits 1.0006).
    #[inline(always)]
    pub fn write<Z: Layout>(&self, game: &Game, s: &State<Z>, out: &mut [u64]) {
        // Eight cells a word, read a word at a time: the cells past the board's are empty,
        // and a layout has a multiple of 64. Zipped, so that no word is checked against
        // the bounds of `out` (on 64 squares: 0.83 of the instructions it took indexed).
        let chunks = s.cells(self.cells.next_multiple_of(8)).chunks_exact(8);
        let mut w = chunks.len();
        for (word, chunk) in out[..w].iter_mut().zip(chunks) {
            *word = u64::from_le_bytes(chunk.try_into().expect("eight cells"));
        }
        w += self.write_pits(s, &mut out[w..]);
        if self.rare {
            w = self.write_rare(s, out, w);
        }
        match self.moved {
            0 => {}
            // One word (a board of 64 squares or fewer) is written, not copied by a call.
            1 => out[w] = s.moved.words()[0],
            n => out[w..w + n].copy_from_slice(&s.moved.words()[..n]),
        }
        w += self.moved;
        let look = &if self.look {
            game.kept_look(s.look)
        } else {
            LookBack::NONE
        };
        if self.look {
            out[w] = look.from as u64
                | (look.to as u64) << 16
                | (look.lifted as u64) << 32
                | (look.taken as u64) << 48;
            w += 1;
        }
        out[w] = s.to_move as u64
            | (look.laps as u64) << 32
            | (look.rule.0 as u64) << 48
            | (s.passes as u64) << 24;
    }

    /// A hash of the key of `s`, never 0, written through `words` (`self.words` long): how
    /// a search and a game's trail (`History::played`) tell positions apart without
    /// keeping their keys.
    #[inline]
    pub fn hash<Z: Layout>(&self, game: &Game, s: &State<Z>, words: &mut [u64]) -> u64 {
        self.write(game, s, words);
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        for &w in words.iter() {
            h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 31;
        }
        h | 1
    }

    /// Writes the columns, the hands, the counters and the dice left of `s` at `out[w..]`,
    /// those the key has; where the next part goes.
    #[inline(never)]
    fn write_rare<Z: Layout>(&self, s: &State<Z>, out: &mut [u64], mut w: usize) -> usize {
        for (word, column) in out[w..w + self.columns].iter_mut().zip(s.slots.as_ref()) {
            *word = column.get();
        }
        w += self.columns;
        for (p, hand) in s.hand.iter().enumerate().take(self.hands) {
            out[w + p] = u64::from_le_bytes(*hand);
        }
        w += self.hands;
        // Counters and dice are rarer still: one test for both, and a call of their own
        // (written here, a key of hands ran 1.0006 of its playouts' instructions).
        if self.counters > 0 || self.dice {
            w = self.write_counters_and_dice(s, out, w);
        }
        w
    }

    /// Writes the pits' seeds of `s` at the start of `out`; how many words they take.
    #[inline(always)]
    fn write_pits<Z: Layout>(&self, s: &State<Z>, out: &mut [u64]) -> usize {
        // A board without pits writes nothing (an empty `fill` is still a call to `memset`).
        if self.pits == 0 {
            return 0;
        }
        let slots = s.slots.as_ref();
        if !self.pit_bytes {
            let pit_words = &mut out[..self.pits.div_ceil(4)];
            pit_words.fill(0);
            for (pit, &seeds) in slots[..self.pits].iter().enumerate() {
                pit_words[pit / 4] |= (seeds.get() & 0xFFFF) << (16 * (pit % 4));
            }
            return pit_words.len();
        }
        let pit_words = &mut out[..self.pits.div_ceil(8)];
        match Z::Slot::bytes(slots) {
            // A byte a pit in the state too: eight pits a word as they lie.
            Some(bytes) => {
                for (i, word) in pit_words.iter_mut().enumerate() {
                    let eight: [u8; 8] = bytes[8 * i..8 * i + 8].try_into().expect("eight pits");
                    *word = u64::from_le_bytes(eight);
                }
            }
            None => {
                pit_words.fill(0);
                for (pit, &seeds) in slots[..self.pits].iter().enumerate() {
                    pit_words[pit / 8] |= (seeds.get() & 0xFF) << (8 * (pit % 8));
                }
            }
        }
        // Past the last pit, nothing: the slots there are empty anyway.
        if !self.pits.is_multiple_of(8) {
            pit_words[self.pits / 8] &= (1u64 << (8 * (self.pits % 8))) - 1;
        }
        pit_words.len()
    }

    /// Writes the counters (four to a word) and the dice left (a word) of `s` at `out[w..]`;
    /// where the next part goes.
    #[inline(never)]
    fn write_counters_and_dice<Z: Layout>(
        &self,
        s: &State<Z>,
        out: &mut [u64],
        mut w: usize,
    ) -> usize {
        let counter_words = &mut out[w..w + self.counters.div_ceil(4)];
        counter_words.fill(0);
        for (i, &c) in s.counters[..self.counters].iter().enumerate() {
            counter_words[i / 4] |= (c as u16 as u64) << (16 * (i % 4));
        }
        w += counter_words.len();
        if self.dice {
            out[w] = s.dice_left as u64 | (u32::from_le_bytes(s.dice) as u64) << 8;
            w += 1;
        }
        w
    }

    /// The position a key stands for (with empty stores and no last capturer).
    #[inline]
    pub fn read<Z: Layout>(&self, game: &Game, key: &[u64]) -> State<Z> {
        let tail = key[self.words - 1];
        let mut s = State::<Z>::empty(tail as u8);
        for sq in 0..self.cells {
            let code = (key[sq / 8] >> (8 * (sq % 8))) as u8;
            if code != 0 {
                s.put(game, sq as Sq, code);
            }
        }
        let mut w = self.cells.div_ceil(8);
        if self.pit_bytes {
            for pit in 0..self.pits {
                s.slots[pit] = Slot::of((key[w + pit / 8] >> (8 * (pit % 8))) & 0xFF);
            }
            w += self.pits.div_ceil(8);
        } else {
            for pit in 0..self.pits {
                s.slots[pit] = Slot::of((key[w + pit / 4] >> (16 * (pit % 4))) & 0xFFFF);
            }
            w += self.pits.div_ceil(4);
        }
        for (column, &word) in s.slots.as_mut().iter_mut().zip(&key[w..w + self.columns]) {
            *column = Slot::of(word);
        }
        if self.columns > 0 {
            s.settle_tall(game);
        }
        w += self.columns;
        for p in 0..self.hands {
            s.hand[p] = key[w + p].to_le_bytes();
        }
        w += self.hands;
        if self.counters > 0 || self.dice {
            for i in 0..self.counters {
                s.counters[i] = (key[w + i / 4] >> (16 * (i % 4))) as u16 as i16;
            }
            w += self.counters.div_ceil(4);
            if self.dice {
                s.dice_left = key[w] as u8;
                s.dice = ((key[w] >> 8) as u32).to_le_bytes();
                w += 1;
            }
        }
        // As `write` copies them: a copy of a length known only at run time is a call.
        match self.moved {
            0 => {}
            1 => s.moved.words_mut()[0] = key[w],
            n => s.moved.words_mut()[..n].copy_from_slice(&key[w..w + n]),
        }
        w += self.moved;
        if self.look {
            let word = key[w];
            s.look = LookBack {
                from: word as u16,
                to: (word >> 16) as u16,
                lifted: (word >> 32) as u16,
                taken: (word >> 48) as u16,
                laps: (tail >> 32) as u16,
                rule: crate::ir::RuleId((tail >> 48) as u16),
            };
        }
        s.passes = (tail >> 24) as u8;
        s.capturer = NOBODY;
        s
    }
}
