//! A position of any game, whatever layout its board takes: what the play session, the
//! pictures and the command line hold, and how they ask the engine about it. The engine's
//! own work (move generation, search) runs on `State<Z>` of the game's layout; a
//! `Position` is that state in an enum, read and changed through methods that pick the
//! layout once per call.

use super::end::Cause;
use super::layout::{
    Large, Layout, LayoutKind, Medium, MediumSlots, Slot, Small, SmallPits, SmallSlots,
};
use super::state::{Info, State};
use super::{History, Move, Outcome, Scratch};
use crate::ir::{Code, Game, Mask, Sq, SquareSet};
use std::ops::{Deref, DerefMut};

// A position is copied as a value (a session keeps the positions of its game); the
// sizes differ by layout, and the largest is a few kilobytes, which the callers that
// hold positions (not the engine's search) can afford.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Position {
    Small(State<Small>),
    SmallSlots(State<SmallSlots>),
    SmallPits(State<SmallPits>),
    Medium(State<Medium>),
    MediumSlots(State<MediumSlots>),
    Large(State<Large>),
}

/// Runs `$body` with `$s` bound to the state inside a position (`&` or `&mut`, as the
/// position is), whatever its layout.
#[macro_export]
macro_rules! each_state {
    ($pos:expr, $s:ident => $body:expr) => {
        match $pos {
            $crate::engine::Position::Small($s) => $body,
            $crate::engine::Position::SmallSlots($s) => $body,
            $crate::engine::Position::SmallPits($s) => $body,
            $crate::engine::Position::Medium($s) => $body,
            $crate::engine::Position::MediumSlots($s) => $body,
            $crate::engine::Position::Large($s) => $body,
        }
    };
}

/// A layout whose states a position can hold.
pub trait Wrap: Layout {
    fn wrap(s: State<Self>) -> Position;
    fn unwrap(p: &Position) -> Option<&State<Self>>;
    /// The workspace's scratch for this layout.
    fn scratch(w: &mut Workspace) -> &mut Scratch<Self>;
}

macro_rules! wrap {
    ($layout:ident, $field:ident) => {
        impl Wrap for $layout {
            fn wrap(s: State<$layout>) -> Position {
                Position::$layout(s)
            }
            fn unwrap(p: &Position) -> Option<&State<$layout>> {
                match p {
                    Position::$layout(s) => Some(s),
                    _ => None,
                }
            }
            fn scratch(w: &mut Workspace) -> &mut Scratch<$layout> {
                &mut w.$field
            }
        }
    };
}

wrap!(Small, small);
wrap!(SmallSlots, small_slots);
wrap!(SmallPits, small_pits);
wrap!(Medium, medium);
wrap!(MediumSlots, medium_slots);
wrap!(Large, large);

/// The working memory of a caller that holds positions of any layout (the play session):
/// a `Scratch` for each, made as it is first used, and the game's history, which the
/// engine reads (`repeated`, `seen`) in whichever scratch it works.
#[derive(Debug, Default)]
pub struct Workspace {
    /// The positions of the game so far; the caller keeps it (`History::record_at`).
    pub history: History,
    small: Scratch<Small>,
    small_slots: Scratch<SmallSlots>,
    small_pits: Scratch<SmallPits>,
    medium: Scratch<Medium>,
    medium_slots: Scratch<MediumSlots>,
    large: Scratch<Large>,
}

impl Workspace {
    /// How many searches for `reachable(capture)` have given up so far.
    pub fn given_up(&self) -> u64 {
        self.small.reach.given_up
            + self.small_slots.reach.given_up
            + self.small_pits.reach.given_up
            + self.medium.reach.given_up
            + self.medium_slots.reach.given_up
            + self.large.reach.given_up
    }
}

impl History {
    /// Forgets every position; `p` is the first of a new game. The `_at` calls are for
    /// whoever holds the game, and keep its trail (`History::start_game`, `played`).
    pub fn start_at(&mut self, game: &Game, p: &mut Position) {
        each_state!(p, s => self.start_game(game, s, &[]))
    }

    /// `start_at`, with the positions before `p` (oldest first): `seen` reads their boards.
    pub fn start_at_after(&mut self, game: &Game, p: &mut Position, before: &[Position]) {
        let keys: Vec<u64> = before.iter().map(|b| b.board_key(game)).collect();
        each_state!(p, s => self.start_game(game, s, &keys))
    }

    /// A history whose first position is `p`.
    pub fn new_at(game: &Game, p: &mut Position) -> History {
        let mut h = History::default();
        h.start_at(game, p);
        h
    }

    /// Adds `p`, the position after a move the game plays, and sets its count of
    /// repetitions.
    pub fn record_at(&mut self, game: &Game, p: &mut Position) {
        each_state!(p, s => self.record_played(game, s))
    }
}

impl Deref for Position {
    type Target = Info;
    fn deref(&self) -> &Info {
        each_state!(self, s => &s.info)
    }
}

impl DerefMut for Position {
    fn deref_mut(&mut self) -> &mut Info {
        each_state!(self, s => &mut s.info)
    }
}

/// The set `set` of a layout, at the widest.
fn widest<M: Mask>(set: M) -> SquareSet {
    let mut out = SquareSet::default();
    set.store(&mut out);
    out
}

impl Position {
    /// The board as one number, as `seen` compares boards.
    pub fn board_key(&self, game: &Game) -> u64 {
        each_state!(self, s => super::history::board_key(game, s))
    }

    /// The starting position of `game`.
    pub fn start(game: &Game) -> Position {
        crate::by_layout!(game, Z => Z::wrap(State::<Z>::start(game)))
    }

    /// An empty board of `game` with `to_move` to move.
    pub fn empty(game: &Game, to_move: u8) -> Position {
        crate::by_layout!(game, Z => Z::wrap(State::<Z>::empty(to_move)))
    }

    /// A position of `game` with these cells and this player to move.
    pub fn from_cells(game: &Game, cells: &[Code], to_move: u8) -> Position {
        crate::by_layout!(game, Z => Z::wrap(State::<Z>::from_cells(game, cells, to_move)))
    }

    /// Whether this position is of the layout `game` takes.
    pub fn fits(&self, game: &Game) -> bool {
        let kind = match self {
            Position::Small(_) => LayoutKind::Small,
            Position::SmallSlots(_) => LayoutKind::SmallSlots,
            Position::SmallPits(_) => LayoutKind::SmallPits,
            Position::Medium(_) => LayoutKind::Medium,
            Position::MediumSlots(_) => LayoutKind::MediumSlots,
            Position::Large(_) => LayoutKind::Large,
        };
        kind == LayoutKind::of(game)
    }

    /// What stands on `sq`: 0 for nothing.
    pub fn at(&self, sq: Sq) -> Code {
        each_state!(self, s => s.at(sq))
    }

    /// Puts `code` (0 for nothing) on `sq`.
    pub fn put(&mut self, game: &Game, sq: Sq, code: Code) {
        each_state!(self, s => s.put(game, sq, code))
    }

    /// The squares whose pieces are followed for `moved`.
    pub fn followed(&self, game: &Game) -> SquareSet {
        each_state!(self, s => widest(s.followed(game)))
    }

    /// The squares whose pieces have moved (see `State::moved`).
    pub fn moved(&self) -> SquareSet {
        each_state!(self, s => widest(s.moved))
    }

    pub fn set_moved(&mut self, set: &SquareSet) {
        each_state!(self, s => s.moved = Mask::from_set(set))
    }

    /// The squares `player` commands.
    pub fn occupied(&self, player: usize) -> SquareSet {
        each_state!(self, s => widest(*s.occupied(player)))
    }

    /// The seeds in pit `pit`.
    pub fn seeds(&self, pit: usize) -> u64 {
        self.slot(pit)
    }

    /// What the used square of slot `slot` holds besides its cell code (see
    /// `State::slots`): a column's pieces, or a pit's seeds.
    pub fn slot(&self, slot: usize) -> u64 {
        each_state!(self, s => s.slots.as_ref()[slot].get())
    }

    /// How many slots the position's layout has (none without stacks or counters).
    pub fn slot_count(&self) -> usize {
        each_state!(self, s => s.slots.as_ref().len())
    }

    /// Sets what slot `slot` holds; with stacks, `settle_tall` follows once the columns
    /// are written. `n` must fit the layout's slots (`seeds_capacity` for seeds).
    pub fn set_slot(&mut self, slot: usize, n: u64) {
        each_state!(self, s => s.slots.as_mut()[slot] = Slot::of(n))
    }

    /// Sets which squares hold columns of two or more from the columns written with
    /// `slots_mut`.
    pub fn settle_tall(&mut self, game: &Game) {
        each_state!(self, s => s.settle_tall(game))
    }

    /// This position without its history (the clock, the passes, the repetitions).
    pub fn position_key(&self) -> Position {
        let mut key = *self;
        key.clock = 0;
        key.passes = 0;
        key.repeated = 1;
        key
    }

    /// The legal moves; empty when the game is over.
    pub fn legal_moves(&self, game: &Game) -> Vec<Move> {
        each_state!(self, s => super::legal_moves(game, s))
    }

    /// Plays `m`, one of the legal moves.
    pub fn make(&mut self, game: &Game, m: Move) {
        each_state!(self, s => super::make(game, s, m))
    }

    /// How the game has ended here, if it has.
    pub fn outcome(&self, game: &Game, w: &mut Workspace) -> Option<Outcome> {
        each_state!(self, s => scratch_for(s, w, |sc| super::outcome(game, s, sc)))
    }

    /// The legal moves in `out`, or how the game has ended (see `engine::generate`).
    pub fn generate(&self, game: &Game, w: &mut Workspace, out: &mut Vec<Move>) -> Option<Outcome> {
        each_state!(self, s => scratch_for(s, w, |sc| super::generate(game, s, sc, out)))
    }

    /// How and why the game has ended here, if it has (see `engine::ending`).
    pub fn ending(&self, game: &Game, w: &mut Workspace) -> Option<(Outcome, Cause)> {
        each_state!(self, s => scratch_for(s, w, |sc| super::ending(game, s, sc)))
    }

    /// The moves of each priority tier (see `engine::moves_by_tier`).
    pub fn moves_by_tier(&self, game: &Game) -> Vec<Vec<Move>> {
        each_state!(self, s => super::moves_by_tier(game, s))
    }

    /// `moves_by_tier`, with the moves whose rule's `require` fails left in (see
    /// `engine::moves_by_tier_unrequired`).
    pub fn moves_by_tier_unrequired(&self, game: &Game) -> Vec<Vec<Move>> {
        each_state!(self, s => super::moves_by_tier_unrequired(game, s))
    }

    /// Why `m`, a move the rules give, is not legal, the game so far being `history`
    /// (see `engine::refusal`).
    pub fn refusal(&self, game: &Game, m: &Move, history: &History) -> Option<super::Refusal> {
        each_state!(self, s => super::refusal(game, s, m, history.boards()))
    }

    /// Whether `m` meets every `after move require` condition, the game so far being
    /// `history`.
    pub fn meets_after_move(&self, game: &Game, m: &Move, history: &History) -> bool {
        each_state!(self, s => super::meets_after_move(game, s, m, history.boards()))
    }

    /// Each player's score (see `engine::scores`).
    pub fn scores(&self, game: &Game) -> Vec<i64> {
        each_state!(self, s => super::scores(game, s))
    }

    /// Each player's store at the end (see `engine::final_stores`).
    pub fn final_stores(&self, game: &Game) -> Vec<u64> {
        each_state!(self, s => super::final_stores(game, s))
    }

    /// The move the generator would list at index `pick(number of moves)`, built alone
    /// where the game allows (see `engine::sample`), or how the game has ended.
    pub fn sample(
        &self,
        game: &Game,
        w: &mut Workspace,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Move, Outcome> {
        each_state!(self, s => scratch_for(s, w, |sc| super::sample(game, s, sc, &mut Vec::new(), pick)))
    }

    /// Where `after move require` is read move by move (`engine::drawn`): a random legal
    /// move drawn as a playout draws it (`engine::sample_drawn`), `pick(n)` choosing
    /// among `n` moves left, with the position after it where testing it made it (as a
    /// playout plays on from there: `engine::make_rest`); or how the game has ended.
    pub fn sample_drawn(
        &self,
        game: &Game,
        w: &mut Workspace,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Result<(Move, Option<Position>), Outcome> {
        fn drawn<Z: Wrap>(
            game: &Game,
            s: &State<Z>,
            w: &mut Workspace,
            pick: &mut dyn FnMut(usize) -> usize,
        ) -> Result<(Move, Option<Position>), Outcome> {
            let mut after = *s;
            let chosen = scratch_for(s, w, |sc| {
                super::sample_drawn(game, s, sc, &mut Vec::new(), &mut after, pick)
            })?;
            Ok(match chosen {
                (m, Some(done)) => {
                    super::make_rest(game, &mut after, m, done);
                    (m, Some(Z::wrap(after)))
                }
                (m, None) => (m, None),
            })
        }
        each_state!(self, s => drawn(game, s, w, pick))
    }

    /// In a game of dice (`engine::rolled`): a random legal move drawn as a playout draws
    /// it (`engine::sample_rolled`), `pick(n)` choosing among `n`, with whether the player
    /// goes on moving after it where the drawing found that; or how the game has ended.
    pub fn sample_rolled(
        &self,
        game: &Game,
        w: &mut Workspace,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Result<(Move, Option<bool>), Outcome> {
        each_state!(self, s => scratch_for(s, w, |sc| super::sample_rolled(game, s, sc, &mut Vec::new(), &mut super::Listed::Nothing, &mut { *s }, pick)))
    }

    /// Whether sowing from `from` would never end (see `engine::sowing_ends`).
    pub fn sowing_ends(&self, game: &Game, from: Sq) -> bool {
        each_state!(self, s => super::sowing_ends(game, s, from))
    }
}

/// Runs `f` with the workspace's scratch for the layout of `s`, holding the workspace's
/// history while it runs.
fn scratch_for<Z: Wrap, R>(
    _: &State<Z>,
    w: &mut Workspace,
    f: impl FnOnce(&mut Scratch<Z>) -> R,
) -> R {
    let mut history = std::mem::take(&mut w.history);
    let scratch = Z::scratch(w);
    std::mem::swap(&mut scratch.history, &mut history);
    let result = f(scratch);
    std::mem::swap(&mut scratch.history, &mut history);
    w.history = history;
    result
}
