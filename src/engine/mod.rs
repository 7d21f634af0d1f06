//! The interpreter: states, moves, the legal moves of a state, the state after a move, and
//! the end of a game with its result. It is a set of small parts over a compiled `Game`,
//! reads the game's tables, and knows no game. Writing positions and moves as text is not
//! its business (see `present`).
//!
//! - `generate`: the legal moves of a position, or how the game has ended there;
//! - `make`: the position after a move;
//! - `outcome` / `ending`: whether, how and why the game has ended.
//!
//! The caches a search keeps (the memo of `reachable(capture)`) live in a `Scratch` that
//! the caller owns, one per thread.

mod after;
mod chain;
pub mod column;
mod counts;
mod dice;
mod drawn_test;
mod end;
mod env;
mod generate;
mod history;
mod key;
mod layout;
mod legal_count;
mod make;
mod moves;
mod packed;
mod position;
pub mod reach;
mod runs;
mod sample;
pub mod sowing;
pub mod state;
mod stuck;

pub use after::{meets_after_move, refusal, Refusal};
pub use end::{
    final_stores, no_move_words, sayings, scores, seeds_left, standing_scores, Cause, Outcome,
};
pub use generate::{generate, moves_by_tier, moves_by_tier_unrequired};
pub use history::History;
pub use key::KeyLayout;
pub use layout::{
    seeds_capacity, Large, Layout, LayoutKind, Medium, MediumSlots, Slot, Small, SmallPits,
    SmallSlots,
};
pub use legal_count::legal_count;
pub use make::{make, make_drawn, make_rest, make_sown};
pub use moves::{Move, Step, MAX_CHAIN};
pub use packed::{MoveStore, PackedMove};
pub use position::{Position, Workspace, Wrap};
pub use reach::{set_search_positions, ReachMemo};
pub use sample::{
    chained, countable, drawn, rolled, sample, sample_chained, sample_counted, sample_drawn,
    sample_rolled, Landings, Listed,
};
pub use sowing::SownList;
pub use sowing::{sowing_ends, MAX_SOWN};
pub use state::{Info, State, NOBODY};

use crate::ir::Game;

/// The working memory of one thread running the engine on states of layout `Z`: caches
/// that survive from call to call, each with a size bound. Make one per search (or per
/// thread) and reuse it.
#[derive(Debug)]
pub struct Scratch<Z: Layout> {
    /// What `reachable(capture)` has found.
    pub reach: ReachMemo<Z>,
    /// The landing sets of the last `sample` (or of the tier `sample_drawn` drew from).
    landings: Vec<Landings<Z::Set>>,
    /// The landing sets of a rule's twin, kept aside while the rule's are found
    /// (`sample_drawn`).
    aside: Vec<Landings<Z::Set>>,
    /// The moves `sample_drawn` struck off, as (place in the list, index of the move that
    /// took it).
    swapped: Vec<(u32, u32)>,
    /// The positions of the line being searched, for `repeated`: whoever searches from a
    /// position of a game sets it to that game's history (`History::start` otherwise).
    pub history: History,
    /// After `generate` in a sowing game whose end rules read `reachable(capture)`: the
    /// position after each sowing listed, in the same order (empty otherwise). The search
    /// ahead starts from them, and a playout plays its chosen move from them
    /// (`make_sown`), so no sowing is made twice.
    pub sown: sowing::SownList<Z::Slot>,
    /// The moves after a move drawn in a game of dice, listed as it was looked ahead from
    /// (`sample_rolled`).
    ahead: Vec<Move>,
}

impl<Z: Layout> Default for Scratch<Z> {
    fn default() -> Scratch<Z> {
        Scratch {
            reach: ReachMemo::default(),
            landings: Vec::new(),
            aside: Vec::new(),
            swapped: Vec::new(),
            history: History::default(),
            sown: SownList::default(),
            ahead: Vec::new(),
        }
    }
}

/// The starting position.
pub fn start<Z: Layout>(game: &Game) -> State<Z> {
    State::start(game)
}

/// The legal moves of `s`; empty when the game is over. For occasional use: a search
/// should call `generate` with a buffer and a `Scratch` of its own.
pub fn legal_moves<Z: Layout>(game: &Game, s: &State<Z>) -> Vec<Move> {
    let mut out = Vec::new();
    generate(game, s, &mut Scratch::default(), &mut out);
    out
}

/// How the game has ended at `s`, if it has.
pub fn outcome<Z: Layout>(game: &Game, s: &State<Z>, scratch: &mut Scratch<Z>) -> Option<Outcome> {
    generate(game, s, scratch, &mut Vec::new())
}

/// How and why the game has ended at `s`, if it has: the first end rule that decides, or
/// the no-move rule.
pub fn ending<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
) -> Option<(Outcome, Cause)> {
    let mut moves = Vec::new();
    let boards = scratch.history.boards().to_vec();
    let before = &boards[..boards.len().saturating_sub(1)];
    let by_play = generate::by_rules_of_play(game, s, &mut moves, &boards);
    let reachable = game.reads_reachable
        && reach::capture_reachable(game, s, &moves, &SownList::default(), &mut scratch.reach);
    if let Some(ended) = end::end_rule(game, s, reachable, before) {
        return Some(ended);
    }
    by_play
}
