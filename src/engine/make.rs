//! Applying a move. Each step is first described as a `StepPlan` (the square it leaves,
//! the squares it takes over, the square it lands on and what that square will hold), and
//! then carried out. That plan is the one description of what a step changes: the
//! after-move test reads the same plan to know what a move writes, so the two cannot drift
//! apart.

use super::column;
use super::moves::{Move, Step};
use super::sowing::apply_sowing;
use super::state::{State, NO_PIT};
use crate::ir::{Board, Code, DirId, Game, MoveRule, Sq, SquareSet, NO_SQUARE};

/// Plays `m` on `s`: the board changes and the turn passes. `m` must be one of `s`'s legal
/// moves.
pub fn make(game: &Game, s: &mut State, m: Move) {
    match &game.sowing {
        Some(sw) if !m.is_pass() => apply_sowing(game, sw, s, m),
        _ => {
            make_board(game, s, &m);
            s.to_move = game.next_player(s.to_move);
        }
    }
}

/// The board after `m`, with the same player still to move.
pub(super) fn make_board(game: &Game, s: &mut State, m: &Move) {
    if m.is_pass() {
        // A pass forgets what the move before it forbade.
        s.back = [NO_PIT; 2];
        return;
    }
    if let Some(sw) = &game.sowing {
        let mover = s.to_move;
        apply_sowing(game, sw, s, *m);
        s.to_move = mover;
        return;
    }
    let rule = &game.rules[m.rule as usize];
    let mut at = m.from;
    let mut passed = SquareSet::default();
    for &step in m.steps() {
        make_step(game, s, rule, at, step, &mut passed);
        at = step.to as u16;
    }
}

/// How a step takes the squares it passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RunTaken {
    /// They stay as they are.
    Kept,
    /// What stands on each is taken off the board.
    Whole,
    /// Only each column's commander is taken, and goes under the moving column; the next
    /// piece down commands what is left.
    Commander,
}

/// What one step of a move does to the board: the single description that `make_step`
/// carries out, and that the after-move test reads to know which squares a move changes
/// and, where it can be known without the columns, what they will hold.
#[derive(Clone, Copy, Debug)]
pub(super) struct StepPlan {
    /// The square the piece (or column) leaves, which is left empty.
    pub leaves: Sq,
    /// The square it lands on.
    pub lands: Sq,
    /// The direction of the step, along which the squares passed over lie.
    pub dir: DirId,
    pub run: RunTaken,
    /// Whether what stands on the landing square is taken.
    pub takes_landing: bool,
    /// What the landing square holds after the step: the moving piece, or what it is
    /// promoted to.
    pub lands_code: Code,
}

impl StepPlan {
    /// The plan of `step` by `rule` for the piece `code` (the moving column's commander)
    /// standing on `at`.
    #[inline(always)]
    pub fn of(game: &Game, rule: &MoveRule, code: Code, at: Sq, step: Step) -> StepPlan {
        let to = step.to as Sq;
        let lands_code = match game.promotions.get(code as usize) {
            Some(&Some((zone, into))) if game.in_zone(zone, game.decode(code).0 as u8, to) => into,
            _ => code,
        };
        StepPlan {
            leaves: at,
            lands: to,
            dir: step.dir,
            run: match (rule.takes_run, rule.under) {
                (false, _) => RunTaken::Kept,
                (true, false) => RunTaken::Whole,
                (true, true) => RunTaken::Commander,
            },
            takes_landing: rule.takes_landing,
            lands_code,
        }
    }

    /// The cell codes a step of `rule` by `player` may leave on the squares it writes, as a
    /// mask over codes: 0 (the square left, the squares taken), the moving pieces' own
    /// codes and what they are promoted to (the landing), and, where a taken commander
    /// reveals the piece under it, any code. This is what `of` and `any_write` can
    /// produce, for all the steps of the rule at once.
    pub fn codes_written(game: &Game, rule: &MoveRule, player: usize) -> u64 {
        if rule.takes_run && rule.under {
            return u64::MAX;
        }
        let mut codes = 1u64;
        for t in (0..game.pieces.len()).filter(|&t| (rule.piece_mask >> t) & 1 != 0) {
            let code = game.code(player, t);
            codes |= 1 << code;
            if let Some(&Some((_, into))) = game.promotions.get(code as usize) {
                codes |= 1 << into;
            }
        }
        codes
    }

    /// The squares between `leaves` and `lands` that the step takes.
    #[inline(always)]
    pub fn taken<'b>(&self, board: &'b Board) -> impl Iterator<Item = Sq> + 'b {
        let (dir, lands) = (self.dir, self.lands);
        let mut sq = if self.run == RunTaken::Kept {
            NO_SQUARE
        } else {
            board.next(self.leaves, dir)
        };
        std::iter::from_fn(move || {
            if sq == lands || sq == NO_SQUARE {
                return None;
            }
            let here = sq;
            sq = board.next(sq, dir);
            Some(here)
        })
    }

    /// Whether `f(square, what it holds afterwards)` holds for some square the step
    /// writes: the one it leaves (empty), those it takes (empty, or `None` where that
    /// depends on a column, when a commander taken from a column reveals the piece under
    /// it), and where it lands. A step writes each square once.
    #[inline(always)]
    pub fn any_write(&self, board: &Board, mut f: impl FnMut(Sq, Option<Code>) -> bool) -> bool {
        let taken = match self.run {
            RunTaken::Commander => None,
            _ => Some(0),
        };
        f(self.leaves, Some(0))
            || f(self.lands, Some(self.lands_code))
            || self.taken(board).any(|sq| f(sq, taken))
    }
}

/// Carries out one step: the piece (or column) goes from `at` to the step's square, taking
/// what the rule takes, and is promoted if it ends in its promotion zone. Returns whether it
/// was promoted.
pub(super) fn make_step(
    game: &Game,
    s: &mut State,
    rule: &MoveRule,
    at: u16,
    step: Step,
    passed: &mut SquareSet,
) -> bool {
    let code = s.at(at);
    let plan = StepPlan::of(game, rule, code, at, step);
    s.put(game, plan.leaves, 0);
    let mut column = lift_column(game, s, plan.leaves);
    for sq in plan.taken(&game.board) {
        match plan.run {
            RunTaken::Commander => take_under(game, s, sq, &mut column),
            _ => take(game, s, sq),
        }
        passed.insert(sq);
    }
    if plan.takes_landing {
        take(game, s, plan.lands);
    }
    s.put(game, plan.lands, plan.lands_code);
    set_column(game, s, plan.lands, column);
    plan.lands_code != code
}

/// Takes the column under the commander on `sq` off the board, leaving it empty.
fn lift_column(game: &Game, s: &mut State, sq: u16) -> u64 {
    match &game.columns {
        None => 0,
        Some(c) => std::mem::take(&mut s.slots[c.slot[sq as usize] as usize]),
    }
}

fn set_column(game: &Game, s: &mut State, sq: u16, column: u64) {
    if let Some(c) = &game.columns {
        s.slots[c.slot[sq as usize] as usize] = column;
    }
}

/// Takes the commander of the column on `sq` and puts it at the bottom of `column`; the
/// next piece down, if any, commands what is left.
fn take_under(game: &Game, s: &mut State, sq: u16, column: &mut u64) {
    let (Some(c), taken) = (&game.columns, s.at(sq)) else {
        return;
    };
    if taken == 0 {
        return;
    }
    *column = column::push_bottom(*column, taken, c.bits);
    let slot = c.slot[sq as usize] as usize;
    match column::pop_top(s.slots[slot], c.bits) {
        Some((next, rest)) => {
            s.put(game, sq, next);
            s.slots[slot] = rest;
        }
        None => s.put(game, sq, 0),
    }
}

/// Takes what stands on `sq`, a whole column if it is one.
fn take(game: &Game, s: &mut State, sq: u16) {
    if s.at(sq) != 0 {
        s.put(game, sq, 0);
        lift_column(game, s, sq);
    }
}
