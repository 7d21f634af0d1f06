//! Sets of squares as machine words, for set-wise move generation: one `u64` on boards of
//! up to 64 squares, four on larger ones (up to 256). The compiled game and the state keep
//! every set in four words (`ir::SquareSet`); the engine's hot code is written once over
//! `Mask` and compiled for each width, so a small board pays for one word only and a large
//! board takes the same path.

use crate::ir::{MaskTable, Sq, SquareSet};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

pub trait Mask:
    Copy
    + Eq
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// Words a set of this width takes in a `MaskTable`.
    const WORDS: usize;

    fn from_set(set: &SquareSet) -> Self;
    fn store(self, set: &mut SquareSet);
    /// The set at index `i` of a table of this width.
    fn at(table: &MaskTable, i: usize) -> Self;
    fn bit(sq: Sq) -> Self;
    fn has(self, sq: Sq) -> bool;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// The lowest square of a non-empty set.
    fn lowest(self) -> Sq;
    /// The highest square of a non-empty set.
    fn highest(self) -> Sq;
    /// Removes and returns the lowest square of a non-empty set.
    fn pop(&mut self) -> Sq;
    /// Every square moved by `delta` (up when positive): the set one step along a
    /// direction, for squares that have a neighbour there (see `Board::steps_from`).
    fn shift(self, delta: i32) -> Self;

    /// The squares of the set, lowest first.
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// The squares of a set, lowest first.
pub struct Squares<M>(M);

impl<M: Mask> Iterator for Squares<M> {
    type Item = Sq;

    #[inline(always)]
    fn next(&mut self) -> Option<Sq> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop())
        }
    }
}

impl Mask for u64 {
    const WORDS: usize = 1;

    #[inline(always)]
    fn from_set(set: &SquareSet) -> u64 {
        set.0[0]
    }
    #[inline(always)]
    fn store(self, set: &mut SquareSet) {
        set.0[0] = self;
    }
    #[inline(always)]
    fn at(table: &MaskTable, i: usize) -> u64 {
        table.data[i]
    }
    #[inline(always)]
    fn bit(sq: Sq) -> u64 {
        1 << (sq & 63)
    }
    #[inline(always)]
    fn has(self, sq: Sq) -> bool {
        (self >> (sq & 63)) & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> Sq {
        self.trailing_zeros() as Sq
    }
    #[inline(always)]
    fn highest(self) -> Sq {
        63 - self.leading_zeros() as Sq
    }
    #[inline(always)]
    fn pop(&mut self) -> Sq {
        let sq = self.trailing_zeros() as Sq;
        *self &= *self - 1;
        sq
    }
    #[inline(always)]
    fn shift(self, delta: i32) -> u64 {
        // A step never leaves a 64-square board, so |delta| < 64.
        if delta >= 0 {
            self << (delta & 63)
        } else {
            self >> (-delta & 63)
        }
    }
}

/// A set of up to 256 squares.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Wide(pub [u64; 4]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl BitAndAssign for Wide {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}

impl BitOrAssign for Wide {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

impl Mask for Wide {
    const WORDS: usize = 4;

    #[inline(always)]
    fn from_set(set: &SquareSet) -> Wide {
        Wide(set.0)
    }
    #[inline(always)]
    fn store(self, set: &mut SquareSet) {
        set.0 = self.0;
    }
    #[inline(always)]
    fn at(table: &MaskTable, i: usize) -> Wide {
        let w = &table.data[i * 4..i * 4 + 4];
        Wide([w[0], w[1], w[2], w[3]])
    }
    #[inline(always)]
    fn bit(sq: Sq) -> Wide {
        let mut w = [0; 4];
        w[(sq as usize >> 6) & 3] = 1 << (sq & 63);
        Wide(w)
    }
    #[inline(always)]
    fn has(self, sq: Sq) -> bool {
        (self.0[(sq as usize >> 6) & 3] >> (sq & 63)) & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn lowest(self) -> Sq {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return (i * 64) as Sq + w.trailing_zeros() as Sq;
            }
        }
        0
    }
    #[inline(always)]
    fn highest(self) -> Sq {
        for i in (0..4).rev() {
            let w = self.0[i];
            if w != 0 {
                return (i * 64) as Sq + 63 - w.leading_zeros() as Sq;
            }
        }
        0
    }
    #[inline(always)]
    fn pop(&mut self) -> Sq {
        for i in 0..4 {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return (i * 64) as Sq + w.trailing_zeros() as Sq;
            }
        }
        0
    }
    #[inline(always)]
    fn shift(self, delta: i32) -> Wide {
        Wide(SquareSet(self.0).shifted(delta).0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<M: Mask + std::fmt::Debug>(squares: &[Sq]) {
        let mut m = M::default();
        for &sq in squares {
            m |= M::bit(sq);
        }
        assert_eq!(m.count() as usize, squares.len());
        assert_eq!(m.lowest(), *squares.iter().min().unwrap());
        assert_eq!(m.highest(), *squares.iter().max().unwrap());
        let mut sorted = squares.to_vec();
        sorted.sort();
        assert_eq!(m.squares().collect::<Vec<_>>(), sorted);
        let mut set = SquareSet::default();
        m.store(&mut set);
        assert_eq!(M::from_set(&set), m);
        assert!(squares.iter().all(|&sq| m.has(sq)));
    }

    #[test]
    fn wide_shifts_carry_between_words() {
        for sq in [0u16, 5, 63, 64, 100, 191, 200] {
            for delta in [1i32, -1, 9, -9, 63, 64, 65, -64, -70, 130] {
                let to = sq as i32 + delta;
                let shifted = Wide::bit(sq).shift(delta);
                if (0..256).contains(&to) {
                    assert_eq!(shifted, Wide::bit(to as Sq), "{sq} by {delta}");
                } else {
                    assert!(shifted.is_empty(), "{sq} by {delta}");
                }
            }
        }
    }

    #[test]
    fn one_word_and_four_words_agree() {
        check::<u64>(&[0, 5, 63, 17]);
        check::<Wide>(&[0, 5, 63, 17]);
        check::<Wide>(&[64, 200, 255, 3, 130]);
    }
}
