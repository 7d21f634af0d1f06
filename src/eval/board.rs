//! Reads of the board that conditions make: the squares a pattern matches, counts, steps,
//! lines and connections, as operations on square sets.

use super::env::{Env, SlotView};
use crate::ir::expr::OFF;
use crate::ir::{DirId, GroupRead, Mask, Pattern, MAX_CODES, NO_SQUARE};

/// The squares a pattern matches, seen by the player of `env`: the players' occupied sets
/// where the pattern takes all of a player's piece types, and square by square where it
/// names some.
pub fn pattern_squares<M: Mask>(pattern: &Pattern, env: &Env<M>) -> M {
    pattern_squares_within(pattern, env, None)
}

/// The squares of `within` (of the whole board where it is `None`) a pattern matches.
/// Where the pattern names some piece types, only the pieces within are read square by
/// square: `count(friend pawn where file(here) == file(to))` reads a file, not an army.
#[inline]
pub fn pattern_squares_within<M: Mask>(pattern: &Pattern, env: &Env<M>, within: Option<M>) -> M {
    let codes = pattern.masks[env.player as usize];
    let mut set = if codes & 1 != 0 {
        let all_occupied = env.occupied.iter().fold(M::default(), |a, &b| a | b);
        env.used_set & !all_occupied
    } else {
        M::default()
    };
    let types = env.types.clamp(1, MAX_CODES - 1);
    let all = u64::MAX >> (64 - types);
    for (owner, &pieces) in env.occupied.iter().enumerate() {
        let shift = 1 + owner * types;
        if shift >= MAX_CODES {
            break;
        }
        let wanted = (codes >> shift) & all;
        if wanted == all {
            set |= pieces;
        } else if wanted != 0 {
            let pieces = within.map_or(pieces, |w| pieces & w);
            for sq in pieces.squares() {
                if pattern.matches(env.player, env.cell_codes[sq as usize]) {
                    set |= M::bit(sq);
                }
            }
        }
    }
    within.map_or(set, |w| set & w)
}

/// `count(friend)` (`own`) or `count(enemy)` for `player`, from each owner's occupied
/// squares: the enemy's are the other players', never nobody's (neutral pieces stand after
/// the `players` players).
#[inline(always)]
pub(crate) fn pieces<M: Mask>(occupied: &[M], players: usize, player: usize, own: bool) -> i64 {
    let mine = occupied[player].count() as i64;
    match own {
        true => mine,
        false => {
            let each = occupied.iter().take(players);
            each.map(|o| o.count() as i64).sum::<i64>() - mine
        }
    }
}

/// The squares that match a pattern, on the board or in a zone.
#[inline(always)]
pub(crate) fn matching_in<M: Mask>(pattern: &Pattern, zone: Option<usize>, env: &Env<M>) -> M {
    let within = zone.map(|z| env.zone(z));
    pattern_squares_within(pattern, env, within)
}

/// How many squares match a pattern, on the board or in a zone.
pub(crate) fn count<M: Mask>(pattern: &Pattern, zone: Option<usize>, env: &Env<M>) -> i64 {
    matching_in(pattern, zone, env).count() as i64
}

/// How many squares match a pattern, on the board or in a zone, where `holds` (read for
/// each) says yes. Where `holds` reads its square only through the square's group along
/// `group` (`reaches(here, friend)`), it is read once for each group and answers for all
/// its squares: Go's territory is a few floods, not one a square.
pub(crate) fn count_where<M: Mask>(
    pattern: &Pattern,
    zone: Option<usize>,
    env: &Env<M>,
    group_dirs: Option<&[DirId]>,
    mut holds: impl FnMut(u16) -> bool,
) -> i64 {
    let mut set = matching_in(pattern, zone, env);
    let Some(dirs) = group_dirs else {
        return set.squares().filter(|&sq| holds(sq)).count() as i64;
    };
    let mut n = 0;
    while !set.is_empty() {
        let sq = set.lowest();
        let joined = (group(env, sq, dirs) | M::bit(sq)) & set;
        if holds(sq) {
            n += joined.count() as i64;
        }
        set &= !joined;
    }
    n
}

/// A board's pieces as one number (what each cell holds, and the columns or seeds of the
/// slots), for `seen`: two boards that differ differ here too, but for chance.
pub fn board_hash(cells: &[u8], slots: SlotView) -> u64 {
    // Four lanes, each a multiply chain of its own, so that a large board's words are
    // mixed in parallel rather than one after another (the hash is read every ply).
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut lanes = [
        0xcbf2_9ce4_8422_2325u64,
        0x9e37_79b9_7f4a_7c15,
        0xc2b2_ae3d_27d4_eb4f,
        0x1656_67b1_9e37_79f9,
    ];
    let mix = |lane: &mut u64, w: u64| {
        *lane = (*lane ^ w).wrapping_mul(PRIME);
        *lane ^= *lane >> 29;
    };
    // The cells as words of eight, word `i` mixed into lane `i % 4`: whole blocks of four
    // words read as they stand (a copy of a slice whose length is known only in play is a
    // call to `memcpy`), then the words left, the last padded with zeros.
    let word = |eight: &[u8]| u64::from_le_bytes(eight.try_into().expect("eight cells"));
    let mut blocks = cells.chunks_exact(32);
    for block in &mut blocks {
        for (lane, eight) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            mix(lane, word(eight));
        }
    }
    let mut words = blocks.remainder().chunks_exact(8);
    let mut next = 0;
    for eight in &mut words {
        mix(&mut lanes[next], word(eight));
        next += 1;
    }
    let tail = words.remainder();
    if !tail.is_empty() {
        let mut padded = [0u8; 8];
        padded[..tail.len()].copy_from_slice(tail);
        mix(&mut lanes[next], u64::from_le_bytes(padded));
    }
    match slots {
        SlotView::Words(words) => words.iter().for_each(|&s| mix(&mut lanes[0], s)),
        SlotView::Bytes(bytes) => bytes.iter().for_each(|&s| mix(&mut lanes[0], s as u64)),
    }
    let mut h = lanes[0];
    for &lane in &lanes[1..] {
        mix(&mut h, lane);
    }
    h
}

/// Whether the board of `env` is one of the boards before it: the last `n`, or any for 0.
pub(crate) fn seen<M: Mask>(env: &Env<M>, n: usize) -> bool {
    let h = board_hash(env.cell_codes, env.slots);
    let earlier = match n {
        0 => env.earlier,
        n => &env.earlier[env.earlier.len().saturating_sub(n)..],
    };
    earlier.contains(&h)
}

/// The squares joined to the squares of `seed` along `dirs`, through squares of `within`.
fn flood<M: Mask>(board: &crate::ir::Board, seed: M, within: M, dirs: &[DirId]) -> M {
    let mut reached = seed & within;
    loop {
        let next = (reached | neighbours(board, reached, dirs)) & within;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The squares next to those of `set` along `dirs`.
fn neighbours<M: Mask>(board: &crate::ir::Board, set: M, dirs: &[DirId]) -> M {
    dirs.iter().fold(M::default(), |acc, &d| {
        acc | board.stepper::<M>(d).step(set)
    })
}

/// The empty squares.
fn empty_squares<M: Mask>(env: &Env<M>) -> M {
    let all = env.occupied.iter().fold(M::default(), |a, &b| a | b);
    env.used_set & !all
}

/// The group of `sq`: the squares joined to it along `dirs` that hold what it holds (its
/// owner's pieces, of any type, or empty squares); nothing for no square.
pub(crate) fn group<M: Mask>(env: &Env<M>, sq: u16, dirs: &[DirId]) -> M {
    let Some(board) = env.board else {
        return M::default();
    };
    if sq as usize >= env.cells || !env.used_set.has(sq) {
        return M::default();
    }
    let kind = match env.cell_codes[sq as usize] {
        0 => empty_squares(env),
        code => {
            let owner = (code as usize - 1) / env.types.max(1);
            env.occupied.get(owner).copied().unwrap_or_default()
        }
    };
    flood(board, M::bit(sq), kind, dirs)
}

/// What is read of the group of `sq` (see `GroupRead`).
pub(crate) fn group_read<M: Mask>(env: &Env<M>, read: GroupRead, sq: u16, dirs: &[DirId]) -> i64 {
    let Some(board) = env.board else {
        return 0;
    };
    if read == GroupRead::Free {
        return has_liberty(env, board, sq, dirs) as i64;
    }
    let g = group(env, sq, dirs);
    match read {
        GroupRead::Free => unreachable!("answered above"),
        GroupRead::Size => g.count() as i64,
        GroupRead::Liberties => (neighbours(board, g, dirs) & empty_squares(env)).count() as i64,
        GroupRead::Encloses => {
            if g.is_empty() {
                return 0;
            }
            // The squares that a group's absence leaves, reached from the board's edge.
            let rest = env.used_set & !g;
            let inside = dirs.iter().fold(env.used_set, |acc, &d| {
                acc & M::at(&board.steps_from, d.index())
            });
            let outside = flood(board, rest & !inside, rest, dirs);
            !(rest & !outside).is_empty() as i64
        }
    }
}

/// Whether the group of `sq` has a liberty: a search of the group stone by stone that
/// stops at the first empty neighbour. Most groups have one next to the square asked
/// about, and a group is small beside the board, so this beats a set-wise fill (whose
/// every step shifts the whole board's sets) on boards of many words.
fn has_liberty<M: Mask>(env: &Env<M>, board: &crate::ir::Board, sq: u16, dirs: &[DirId]) -> bool {
    if sq as usize >= env.cells || !env.used_set.has(sq) {
        return false;
    }
    let code = env.cell_codes[sq as usize];
    if code == 0 {
        // An empty region's liberties are its own squares next to one another.
        return group_read(env, GroupRead::Liberties, sq, dirs) > 0;
    }
    let owner = (code as usize - 1) / env.types.max(1);
    let kind = env.occupied.get(owner).copied().unwrap_or_default();
    let mut reached = M::bit(sq);
    let mut todo = reached;
    while !todo.is_empty() {
        let stone = todo.pop();
        for &d in dirs {
            let n = board.next(stone, d);
            if n == NO_SQUARE || reached.has(n) {
                continue;
            }
            if env.cell_codes[n as usize] == 0 && env.used_set.has(n) {
                return true;
            }
            if kind.has(n) {
                reached.insert(n);
                todo.insert(n);
            }
        }
    }
    false
}

/// Whether the group of `sq` has a neighbour that `pattern` matches.
pub(crate) fn reaches<M: Mask>(env: &Env<M>, sq: u16, pattern: &Pattern, dirs: &[DirId]) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let g = group(env, sq, dirs);
    !(neighbours(board, g, dirs) & pattern_squares(pattern, env) & !g).is_empty()
}

/// Whether the group of `sq` has a square in zone `zone`.
pub(crate) fn touches<M: Mask>(env: &Env<M>, sq: u16, zone: usize, dirs: &[DirId]) -> bool {
    let g = group(env, sq, dirs);
    !(g & env.zone(zone)).is_empty()
}

/// How many groups the squares `pattern` matches make, joined along `dirs`.
pub(crate) fn groups<M: Mask>(env: &Env<M>, pattern: &Pattern, dirs: &[DirId]) -> i64 {
    let Some(board) = env.board else {
        return 0;
    };
    let mut left = pattern_squares(pattern, env);
    let mut n = 0;
    while !left.is_empty() {
        let seed = M::bit(left.lowest());
        left &= !flood(board, seed, left, dirs);
        n += 1;
    }
    n
}

/// How many pieces the players hold in hand, of the owners and types `pattern` takes.
pub(crate) fn in_hand<M: Mask>(pattern: &Pattern, env: &Env<M>) -> i64 {
    held(pattern.masks[env.player as usize], env.types, env.hands)
}

/// The pieces in `hands` whose codes are in `codes` (of `types` piece types an owner): for
/// each owner, the types it takes, one look in its hand for each (no division by `types`).
pub(crate) fn held(codes: u64, types: usize, hands: &[crate::ir::Hand]) -> i64 {
    let types = types.clamp(1, MAX_CODES - 1);
    let all = u64::MAX >> (64 - types);
    let mut n = 0;
    for (owner, hand) in hands.iter().enumerate() {
        let shift = 1 + owner * types;
        if shift >= MAX_CODES {
            break;
        }
        // An empty square (code 0) is in no hand.
        let mut wanted = (codes >> shift) & all;
        while wanted != 0 {
            let t = wanted.trailing_zeros() as usize;
            wanted &= wanted - 1;
            n += hand.get(t).map_or(0, |&held| held as i64);
        }
    }
    n
}

/// Whether `n` squares in a row along one of `dirs`, one of them `sq`, match `pattern`:
/// the matching squares next to `sq` each way along the direction, and `sq` itself.
pub(crate) fn line_through<M: Mask>(
    env: &Env<M>,
    pattern: &Pattern,
    n: usize,
    dirs: &[DirId],
    sq: u16,
) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let matches =
        |s: u16| s != NO_SQUARE && pattern.matches(env.player, env.cell_codes[s as usize]);
    if !matches(sq) {
        return false;
    }
    dirs.iter().any(|&d| {
        let mut run = 1;
        let mut at = board.next(sq, d);
        while run < n && matches(at) {
            run += 1;
            at = board.next(at, d);
        }
        let mut at = board.back(sq, d, 1);
        while run < n && matches(at) {
            run += 1;
            at = board.back(at, d, 1);
        }
        run >= n
    })
}

/// The square one step from `sq` along `dir`, or `OFF`.
pub(crate) fn toward<M: Mask>(env: &Env<M>, sq: i64, dir: DirId) -> i64 {
    match env.board {
        Some(b) if (0..env.cells as i64).contains(&sq) => match b.next(sq as u16, dir) {
            NO_SQUARE => OFF,
            to => to as i64,
        },
        _ => OFF,
    }
}

/// The square `(dx, dy)` from `sq`, or `OFF`.
pub fn offset<M: Mask>(env: &Env<M>, sq: i64, dx: i64, dy: i64) -> i64 {
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
pub(crate) fn line<M: Mask>(env: &Env<M>, pattern: &Pattern, n: usize, dirs: &[DirId]) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let set = pattern_squares(pattern, env);
    dirs.iter().any(|&d| {
        let d = board.stepper::<M>(d);
        // `starts`: the squares that start a row of `len` matching squares. A row of `k`
        // squares and one of `j` that follows it make a row of `k + j`, so rows double in
        // length at each step (`n = 5` takes three steps, not four).
        let (mut starts, mut len) = (set, 1);
        while len < n && !starts.is_empty() {
            let more = (n - len).min(len);
            let mut back = starts;
            for _ in 0..more {
                back = d.back(back);
            }
            starts &= back;
            len += more;
        }
        !starts.is_empty()
    })
}

/// Whether matching squares join zone `a` to zone `b`, neighbour to neighbour along `dirs`.
pub(crate) fn connected<M: Mask>(
    env: &Env<M>,
    pattern: &Pattern,
    a: usize,
    b: usize,
    dirs: &[DirId],
) -> bool {
    let Some(board) = env.board else {
        return false;
    };
    let set = pattern_squares(pattern, env);
    let target = set & env.zone(b);
    let mut reached = set & env.zone(a);
    loop {
        if !(reached & target).is_empty() {
            return true;
        }
        let next = (reached | neighbours(board, reached, dirs)) & set;
        if next == reached {
            return false;
        }
        reached = next;
    }
}
