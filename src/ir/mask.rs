//! Sets of squares as machine words, for set-wise move generation and evaluation: one
//! `u64` on boards of up to 64 squares, `Wide<4>` up to 256 and `Wide<16>` up to 1,024.
//! The compiled game keeps its tables' sets at the board's width (`MaskTable`) or at the
//! widest (`SquareSet`); the engine's hot code is written once over `Mask` and compiled
//! for each width, so a small board pays for one word only and a large board takes the
//! same path.

use super::{MaskTable, Sq, SquareSet};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

pub trait Mask:
    Copy
    + Eq
    + std::hash::Hash
    + std::fmt::Debug
    + Send
    + Sync
    + 'static
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
    /// Whether the set has exactly one square (without counting them: no popcount).
    #[inline(always)]
    fn is_single(self) -> bool {
        let mut rest = self;
        !self.is_empty() && {
            rest.pop();
            rest.is_empty()
        }
    }
    /// Every square moved by `delta` (up when positive): the set one step along a
    /// direction, for squares that have a neighbour there (see `Board::steps_from`).
    fn shift(self, delta: i32) -> Self;
    /// `shift`, for a set whose every square has a square `delta` away on the board (it
    /// was masked by `Board::steps_from` first), so that no square leaves the set's words:
    /// on one word, a rotation, with no branch on the sign of `delta`.
    #[inline(always)]
    fn shift_within(self, delta: i32) -> Self {
        self.shift(delta)
    }

    /// The set's words, lowest squares first.
    fn words(&self) -> &[u64];
    fn words_mut(&mut self) -> &mut [u64];

    /// Adds `sq` to the set.
    #[inline(always)]
    fn insert(&mut self, sq: Sq) {
        *self |= Self::bit(sq);
    }

    /// Adds `sq` to the set if `yes`, without a branch.
    #[inline(always)]
    fn insert_if(&mut self, sq: Sq, yes: bool) {
        self.words_mut()[sq as usize / 64] |= (yes as u64) << (sq % 64);
    }

    /// Takes `sq` out of the set.
    #[inline(always)]
    fn remove(&mut self, sq: Sq) {
        *self &= !Self::bit(sq);
    }

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
    fn words(&self) -> &[u64] {
        std::slice::from_ref(self)
    }
    #[inline(always)]
    fn words_mut(&mut self) -> &mut [u64] {
        std::slice::from_mut(self)
    }

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
    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }
    #[inline(always)]
    fn insert_if(&mut self, sq: Sq, yes: bool) {
        *self |= (yes as u64) << (sq & 63);
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
    #[inline(always)]
    fn shift_within(self, delta: i32) -> u64 {
        // No square moves past either end of the word, so none comes round the other way.
        self.rotate_left(delta as u32 & 63)
    }
}

/// A set of up to `64 * N` squares: `N` words, lowest squares in the first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    #[inline(always)]
    fn default() -> Wide<N> {
        Wide([0; N])
    }
}

impl<const N: usize> BitAnd for Wide<N> {
    type Output = Wide<N>;
    #[inline(always)]
    fn bitand(self, o: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl<const N: usize> BitOr for Wide<N> {
    type Output = Wide<N>;
    #[inline(always)]
    fn bitor(self, o: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl<const N: usize> Not for Wide<N> {
    type Output = Wide<N>;
    #[inline(always)]
    fn not(self) -> Wide<N> {
        Wide(self.0.map(|w| !w))
    }
}

impl<const N: usize> BitAndAssign for Wide<N> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Wide<N>) {
        *self = *self & o;
    }
}

impl<const N: usize> BitOrAssign for Wide<N> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Wide<N>) {
        *self = *self | o;
    }
}

impl<const N: usize> Mask for Wide<N> {
    const WORDS: usize = N;

    #[inline(always)]
    fn words(&self) -> &[u64] {
        &self.0
    }
    #[inline(always)]
    fn words_mut(&mut self) -> &mut [u64] {
        &mut self.0
    }

    #[inline(always)]
    fn from_set(set: &SquareSet) -> Wide<N> {
        Wide(std::array::from_fn(|i| set.0[i]))
    }
    #[inline(always)]
    fn store(self, set: &mut SquareSet) {
        set.0[..N].copy_from_slice(&self.0);
        set.0[N..].fill(0);
    }
    #[inline(always)]
    fn at(table: &MaskTable, i: usize) -> Wide<N> {
        let w = &table.data[i * N..i * N + N];
        Wide(std::array::from_fn(|k| w[k]))
    }
    #[inline(always)]
    fn bit(sq: Sq) -> Wide<N> {
        let mut w = [0; N];
        w[(sq as usize >> 6) % N] = 1 << (sq & 63);
        Wide(w)
    }
    #[inline(always)]
    fn has(self, sq: Sq) -> bool {
        (self.0[(sq as usize >> 6) % N] >> (sq & 63)) & 1 != 0
    }
    /// One word written, not a set of `N` words made and joined to this one.
    #[inline(always)]
    fn insert(&mut self, sq: Sq) {
        self.0[(sq as usize >> 6) % N] |= 1 << (sq & 63);
    }
    #[inline(always)]
    fn remove(&mut self, sq: Sq) {
        self.0[(sq as usize >> 6) % N] &= !(1 << (sq & 63));
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
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
        for i in (0..N).rev() {
            let w = self.0[i];
            if w != 0 {
                return (i * 64) as Sq + 63 - w.leading_zeros() as Sq;
            }
        }
        0
    }
    #[inline(always)]
    fn pop(&mut self) -> Sq {
        for i in 0..N {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return (i * 64) as Sq + w.trailing_zeros() as Sq;
            }
        }
        0
    }
    #[inline(always)]
    fn shift(self, delta: i32) -> Wide<N> {
        Wide(shift_words(self.0, delta))
    }
}

/// Every bit of `w` moved by `delta` places (up when positive); bits moved past either end
/// are gone.
#[inline(always)]
pub fn shift_words<const N: usize>(w: [u64; N], delta: i32) -> [u64; N] {
    let n = delta.unsigned_abs() as usize;
    if n >= 64 * N {
        return [0; N];
    }
    let (words, bits) = (n / 64, (n % 64) as u32);
    if words == 0 {
        // A step on the board (less than a word): every word of the result at a fixed
        // place, so that it stays in registers. (Written word by word in a loop whose start
        // depends on `delta`, it went to memory, and reading it back as wider words waited
        // on those writes: a sixth of the time of a game on a 10 x 10 board.)
        return if delta >= 0 {
            std::array::from_fn(|i| {
                let carry = if bits > 0 && i > 0 {
                    w[i - 1] >> (64 - bits)
                } else {
                    0
                };
                w[i] << bits | carry
            })
        } else {
            std::array::from_fn(|i| {
                let carry = if bits > 0 && i + 1 < N {
                    w[i + 1] << (64 - bits)
                } else {
                    0
                };
                w[i] >> bits | carry
            })
        };
    }
    let mut out = [0u64; N];
    if delta >= 0 {
        for i in words..N {
            let lo = w[i - words] << bits;
            let carry = if bits > 0 && i > words {
                w[i - words - 1] >> (64 - bits)
            } else {
                0
            };
            out[i] = lo | carry;
        }
    } else {
        for i in 0..N - words {
            let hi = w[i + words] >> bits;
            let carry = if bits > 0 && i + words + 1 < N {
                w[i + words + 1] << (64 - bits)
            } else {
                0
            };
            out[i] = hi | carry;
        }
    }
    out
}
