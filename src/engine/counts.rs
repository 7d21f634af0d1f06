//! Conditions that are counts alone (`count(friend in away) == 0 and count(friend in hand)
//! == 0`: `Program::counts`), read from the state's sets and hands. The commonest gate of
//! a rule and the commonest end rule, they would otherwise each build an environment of a
//! few hundred bytes to read two numbers (in a race game, a quarter of a playout's time).

use super::layout::Layout;
use super::state::State;
use crate::eval::arith::binary_holds;
use crate::eval::board::{held, pieces};
use crate::ir::program::{CountTest, Counted, BY_CELL, WHOLE_BOARD};
use crate::ir::{Game, Mask, Program};

/// Whether `program`, whose `counts` are not empty, holds for `player` at `s`: the same
/// answer as the program run in an environment of `s` read by `player`.
#[inline(never)]
pub(super) fn counts_hold<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    player: u8,
    program: &Program,
) -> bool {
    program
        .counts
        .iter()
        .all(|t| count_holds(game, s, player, t))
}

/// Whether one count compares as its test asks, for `player`. Whether some pieces of
/// whole owners stand in a zone, or are in hand, is read here, and compared by what the
/// test says of a count that is not 0 (`CountTest::holds_when_any`); every other count is
/// read out of line (`counted_apart`), so that what one kind of count reads is not worked
/// out ahead for all of them.
#[inline(always)]
fn count_holds<Z: Layout>(game: &Game, s: &State<Z>, player: u8, test: &CountTest) -> bool {
    let owners = test.owners[player as usize];
    let any = match test.counted {
        _ if !test.zero_or_not || owners == BY_CELL => {
            return binary_holds(test.op, counted_apart(game, s, player, test), test.k)
        }
        Counted::Squares(_, zone) => !in_zone(game, owned(s, owners), zone, player).is_empty(),
        // Whole hands: a word each, whose bytes are the counts of each type.
        Counted::InHand(_) => bits(owners).any(|o| u64::from_ne_bytes(s.hand[o]) != 0),
        Counted::Pieces(_) => {
            return binary_holds(test.op, counted_apart(game, s, player, test), test.k)
        }
    };
    any == test.holds_when_any
}

/// The owners of the bits of `owners`.
#[inline(always)]
fn bits(mut owners: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let owner = (owners != 0).then(|| owners.trailing_zeros() as usize)?;
        owners &= owners - 1;
        Some(owner)
    })
}

/// The squares the owners of the bits of `owners` command.
#[inline(always)]
pub(super) fn owned<Z: Layout>(s: &State<Z>, owners: u8) -> Z::Set {
    let occupied = s.occupied_sets();
    bits(owners).fold(Z::Set::default(), |set, o| set | occupied[o])
}

/// The squares of `set` in `zone` (seen by `player`), or all of them on the whole board.
#[inline(always)]
pub(super) fn in_zone<M: Mask>(game: &Game, set: M, zone: u32, player: u8) -> M {
    match zone {
        WHOLE_BOARD => set,
        z => set & M::from_set(&game.zones[z as usize].sets[player as usize]),
    }
}

/// The number a count reads, for `player`; where the test asks only whether it is 0, 0
/// or 1 (whether any square matches, without counting them). For the counts
/// `count_holds` does not read in line: counted, or read cell by cell.
#[inline(never)]
fn counted_apart<Z: Layout>(game: &Game, s: &State<Z>, player: u8, test: &CountTest) -> i64 {
    match test.counted {
        Counted::Squares(pattern, zone) => {
            let set = match test.owners[player as usize] {
                BY_CELL => {
                    let empty =
                        || Z::Set::from_set(&game.board.used_set) & !s.all_occupied(game.owners);
                    let occupied = s.occupied_sets();
                    super::generate::matching(game, s, player, occupied, empty, &pattern)
                }
                owners => owned(s, owners),
            };
            let set = in_zone(game, set, zone, player);
            match test.zero_or_not {
                true => !set.is_empty() as i64,
                false => set.count() as i64,
            }
        }
        Counted::InHand(pattern) => match test.owners[player as usize] {
            BY_CELL => held(
                pattern.masks[player as usize],
                game.pieces.len(),
                &s.hand[..game.owners],
            ),
            // Whole hands, counted (whether any is held is read in line).
            owners => bits(owners)
                .flat_map(|o| s.hand[o])
                .map(|held| held as i64)
                .sum(),
        },
        Counted::Pieces(own) => {
            let occupied = s.occupied_sets();
            pieces(occupied, game.players.len(), player as usize, own)
        }
    }
}
