//! Reads of the board that conditions make: the squares a pattern matches, counts, steps,
//! lines and connections, as operations on square sets.

use super::env::Env;
use crate::ir::expr::OFF;
use crate::ir::{Board, DirId, Pattern, SquareSet, MAX_CODES, NO_SQUARE};

/// The squares a pattern matches, seen by the player of `env`: the players' occupied sets
/// where the pattern takes all of a player's piece types, and square by square where it
/// names some.
pub fn pattern_squares(pattern: &Pattern, env: &Env) -> SquareSet {
    let codes = pattern.masks[env.player as usize];
    let all_occupied = env
        .occupied
        .iter()
        .fold(SquareSet::default(), |a, &b| a | b);
    let mut set = if codes & 1 != 0 {
        SquareSet(std::array::from_fn(|i| {
            env.used_set.0[i] & !all_occupied.0[i]
        }))
    } else {
        SquareSet::default()
    };
    let types = env.types.clamp(1, MAX_CODES - 1);
    let all = u64::MAX >> (64 - types);
    for (owner, pieces) in env.occupied.iter().enumerate() {
        let shift = 1 + owner * types;
        if shift >= MAX_CODES {
            break;
        }
        let wanted = (codes >> shift) & all;
        if wanted == all {
            set = set | *pieces;
        } else if wanted != 0 {
            for sq in pieces.iter() {
                if pattern.matches(env.player, env.cell_codes[sq as usize]) {
                    set.insert(sq);
                }
            }
        }
    }
    set
}

/// How many squares match a pattern, on the board or in a zone.
pub(crate) fn count(pattern: &Pattern, zone: Option<usize>, env: &Env) -> i64 {
    let set = pattern_squares(pattern, env);
    match zone {
        Some(z) => (set & env.zones[z].sets[env.player as usize]).len() as i64,
        None => set.len() as i64,
    }
}

/// The square one step from `sq` along `dir`, or `OFF`.
pub(crate) fn toward(env: &Env, sq: i64, dir: DirId) -> i64 {
    match env.board {
        Some(b) if (0..env.cells as i64).contains(&sq) => match b.next(sq as u16, dir) {
            NO_SQUARE => OFF,
            to => to as i64,
        },
        _ => OFF,
    }
}

/// The square `(dx, dy)` from `sq`, or `OFF`.
pub(crate) fn offset(env: &Env, sq: i64, dx: i64, dy: i64) -> i64 {
    if !(0..env.cells as i64).contains(&sq) {
        return OFF;
    }
    let width = env.width as i64;
    let height = env.cells as i64 / width.max(1);
    // A step longer than any board leads off it, whatever its sum would wrap to.
    let (Some(f), Some(r)) = ((sq % width).checked_add(dx), (sq / width).checked_add(dy)) else {
        return OFF;
    };
    if (0..width).contains(&f) && (0..height).contains(&r) && env.used[(f + r * width) as usize] {
        f + r * width
    } else {
        OFF
    }
}

/// Whether `n` squares in a row along one of `dirs` match `pattern`.
pub(crate) fn line(env: &Env, pattern: &Pattern, n: usize, dirs: &[DirId]) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let set = pattern_squares(pattern, env);
    if board.words() == 1 {
        return line_in_word(board, set.0[0], n, dirs);
    }
    dirs.iter().any(|&d| {
        // The squares that start a row of k matching squares, for k = 1, 2, …, n.
        let mut starts = set;
        for _ in 1..n {
            starts = set & starts.step_back(board, d);
            if starts.is_empty() {
                return false;
            }
        }
        !starts.is_empty()
    })
}

/// `line` on a board of up to 64 squares, one machine word a set: a row of `k` squares
/// and one of `j` overlapping by nothing make a row of `k + j`, so rows double in length
/// at each step (`n = 5` takes three steps, not four).
fn line_in_word(board: &Board, set: u64, n: usize, dirs: &[DirId]) -> bool {
    dirs.iter().any(|&d| {
        let delta = board.delta[d.index()];
        let steps_from = board.steps_from.data[d.index()];
        // The squares whose neighbour `k` steps along `d` is in `x`, for squares that have
        // one.
        let back = |x: u64, k: usize| {
            let mut x = x;
            for _ in 0..k {
                x = if delta >= 0 {
                    x >> (delta & 63)
                } else {
                    x << (-delta & 63)
                } & steps_from;
            }
            x
        };
        // `starts`: the squares that start a row of `len` matching squares.
        let (mut starts, mut len) = (set, 1);
        while len < n && starts != 0 {
            let more = (n - len).min(len);
            starts &= back(starts, more);
            len += more;
        }
        starts != 0
    })
}

/// Whether matching squares join zone `a` to zone `b`, neighbour to neighbour along `dirs`.
pub(crate) fn connected(env: &Env, pattern: &Pattern, a: usize, b: usize, dirs: &[DirId]) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let player = env.player as usize;
    let set = pattern_squares(pattern, env);
    let target = set & env.zones[b].sets[player];
    let mut reached = set & env.zones[a].sets[player];
    loop {
        if !(reached & target).is_empty() {
            return true;
        }
        let mut next = reached;
        for &d in dirs {
            next = next | reached.step(board, d);
        }
        next = next & set;
        if next == reached {
            return false;
        }
        reached = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step too long for any board leads off it: it neither wraps round to a square nor
    /// overflows (`to + (9223372036854775807, 0)`).
    #[test]
    fn a_step_beyond_any_board_is_off() {
        let used = [true; 9];
        let env = Env {
            width: 3,
            cells: 9,
            used: &used,
            ..Env::constant()
        };
        assert_eq!(offset(&env, 4, 1, 1), 8);
        for (dx, dy) in [
            (i64::MAX, 0),
            (0, i64::MAX),
            (i64::MIN, 0),
            (0, i64::MIN),
            (-1, i64::MIN),
        ] {
            assert_eq!(offset(&env, 4, dx, dy), OFF, "({dx}, {dy})");
        }
    }
}
