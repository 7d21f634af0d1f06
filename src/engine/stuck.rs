//! `stuck`: whether the player who moves next has no legal move, on the position after a
//! move. `require` and `after move require` read it (a pawn may not be dropped to give
//! mate); the engine answers by listing that player's moves by the rules of play. A
//! `stuck` read while listing them reads false: asking again whether each of those moves
//! leaves *its* opponent stuck would be a search of the game, with no end in general.

use std::cell::Cell;

use super::history::board_key;
use super::layout::Layout;
use super::make::{after_move, pass_turn, Done};
use super::moves::Move;
use super::state::State;
use crate::ir::Game;

/// How many `stuck`s may be read one inside another: one. A `stuck` read while another is
/// being answered reads "not stuck".
const MAX_STUCK_DEPTH: u8 = 1;

thread_local! {
    /// How many `stuck`s this thread is reading, one inside another.
    static DEPTH: Cell<u8> = const { Cell::new(0) };
}

/// Whether the player who moves next after `m` has no legal move by the rules of play.
/// `after` is the board after `m` (the mover still to move), `done` what it took and
/// turned, `earlier` the boards of the line before it (for `seen`).
pub(super) fn stuck_after<Z: Layout>(
    game: &Game,
    after: &State<Z>,
    m: &Move,
    done: Done,
    earlier: &[u64],
) -> bool {
    let depth = DEPTH.get();
    if depth >= MAX_STUCK_DEPTH || m.is_pass() {
        return false;
    }
    let mut next = *after;
    pass_turn(game, &mut next, m, done, None);
    after_move(game, &mut next, *m, done);
    let mut line = Vec::with_capacity(earlier.len() + 1);
    line.extend_from_slice(earlier);
    if game.reads_seen {
        line.push(board_key(game, &next));
    }
    DEPTH.set(depth + 1);
    let can_move = super::generate::own_moves(game, &next, &mut Vec::new(), None, &line);
    DEPTH.set(depth);
    !can_move
}
