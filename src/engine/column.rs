//! Packed columns. The commander of a square stays in `State::cells`, so that patterns,
//! ownership and moves read it as they read any piece; the pieces under it are packed in
//! one `u64` per used square: the low 6 bits count them, then each piece's code minus one,
//! `bits` bits each, from the one just under the commander down to the bottom.

const COUNT_BITS: u32 = crate::ir::Columns::COUNT_BITS;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;

/// How many pieces are under the commander.
pub fn height_below(col: u64) -> usize {
    (col & COUNT_MASK) as usize
}

/// The code of the `i`-th piece under the commander (0 is just under it).
pub fn below(col: u64, i: usize, bits: u32) -> u8 {
    (((col >> (COUNT_BITS + i as u32 * bits)) & ((1 << bits) - 1)) + 1) as u8
}

/// Takes the piece just under the commander, which becomes the new commander.
pub fn pop_top(col: u64, bits: u32) -> Option<(u8, u64)> {
    let n = height_below(col);
    if n == 0 {
        return None;
    }
    let top = below(col, 0, bits);
    let rest = (col >> (COUNT_BITS + bits)) << COUNT_BITS;
    Some((top, rest | (n as u64 - 1)))
}

/// Puts a piece at the bottom of the column. The checker has made sure it fits.
pub fn push_bottom(col: u64, code: u8, bits: u32) -> u64 {
    let n = height_below(col);
    let shifted = ((code as u64 - 1) & ((1 << bits) - 1)) << (COUNT_BITS + n as u32 * bits);
    ((col & !COUNT_MASK) | shifted) | (n as u64 + 1)
}

/// The column from the bottom up, commander last.
pub fn bottom_up(commander: u8, col: u64, bits: u32) -> Vec<u8> {
    let mut out: Vec<u8> = (0..height_below(col))
        .rev()
        .map(|i| below(col, i, bits))
        .collect();
    out.push(commander);
    out
}
