//! A position seen by the compiled expressions: the slices of the state and the game's
//! tables that `ir::expr::eval` reads.

use super::layout::{Layout, Slot};
use super::state::State;
use crate::eval::Env;
use crate::ir::{Game, Mask};

/// The environment in which conditions are read at `s`, for the player to move.
pub(super) fn env<'a, Z: Layout>(game: &'a Game, s: &'a State<Z>) -> Env<'a, Z::Set> {
    Env {
        width: game.board.width,
        cells: game.board.cells(),
        rows: &game.rows,
        used: &game.board.used,
        zones: &game.zones,
        cell_codes: s.cells(game.board.cells()),
        occupied: s.occupancy(game.owners),
        used_set: Z::Set::from_set(&game.board.used_set),
        types: game.pieces.len(),
        player: s.to_move,
        board: Some(&game.board),
        clock: s.clock as u32,
        passes: s.passes as u32,
        repeated: s.repeated as u32,
        slots: Slot::view(s.slots.as_ref()),
        pit_of: game.sowing.as_ref().map_or(&[], |sw| &sw.pit_of),
        store_pits: game.sowing.as_ref().map_or(&[], |sw| &sw.store_pits),
        stores: &s.stores,
        counters: &s.counters,
        previous: s.look,
        game: Some(game),
        moved: s.moved,
        hands: &s.hand,
        ..Env::constant()
    }
}
