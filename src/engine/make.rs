//! Applying a move. Each step is first described as a `StepPlan` (the square it leaves,
//! the squares it takes over, the square it lands on and what that square will hold), and
//! then carried out. That plan is the one description of what a step changes: the
//! after-move test reads the same plan to know what a move writes, so the two cannot drift
//! apart.

use super::column;
use super::env::env;
use super::layout::Layout;
use super::moves::{Move, Step};
use super::sowing::{apply_sowing, SownList};
use super::state::State;
use crate::eval::Env;
use crate::ir::expr::LookBack;
use crate::ir::Mask;
use crate::ir::{
    Board, Code, DirId, Effect, EffectLines, EffectVerb, Game, MoveRule, Sq, NO_SQUARE,
};

/// What a move did besides moving: the pieces it took (by its steps and its effects) and
/// the pieces its effects turned or changed. `require` reads them as `taken` and `turned`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Done {
    pub taken: u32,
    pub turned: u32,
}

/// Plays `m` on `s`: the board changes, the turn passes, and the clock and the count of
/// passes move on. `m` must be one of `s`'s legal moves.
pub fn make<Z: Layout>(game: &Game, s: &mut State<Z>, m: Move) {
    make_knowing(game, s, m, None);
}

/// `make`, in a game of dice, for a move whose drawing found already whether the player
/// can go on moving after it with the dice left (`goes_on`; `None` where it did not), or
/// for a roll, whether the dice rolled can be played, so that this is not looked for
/// again (see `engine::sample_rolled`).
pub fn make_drawn<Z: Layout>(game: &Game, s: &mut State<Z>, m: Move, goes_on: Option<bool>) {
    make_knowing(game, s, m, goes_on);
}

/// `make`, for a move whose board `s` holds already (`make_board`, which did `done`), as
/// a drawn move tested on it leaves it (`sample_drawn`): the turn passes, and the
/// clock and the count of passes move on.
pub fn make_rest<Z: Layout>(game: &Game, s: &mut State<Z>, m: Move, done: Done) {
    pass_turn(game, s, &m, done, None);
    after_move(game, s, m, done);
}

#[inline(always)]
fn make_knowing<Z: Layout>(game: &Game, s: &mut State<Z>, m: Move, goes_on: Option<bool>) {
    if m.is_roll() {
        super::dice::roll(game, s, m, goes_on);
        after_move(game, s, m, Done::default());
        return;
    }
    let done = match &game.sowing {
        Some(sw) if !m.is_pass() => {
            apply_sowing(game, sw, s, m);
            Done {
                taken: m.takes as u32,
                turned: 0,
            }
        }
        _ => {
            let done = make_board(game, s, &m);
            pass_turn(game, s, &m, done, goes_on);
            done
        }
    };
    after_move(game, s, m, done);
}

/// What `make` does after the board (`make_board`) in a game of pieces: the move is kept
/// for `previous`, and the turn passes (or stays, by `again` or the dice: `goes_on` says
/// whether the dice left can be played, where that is known).
#[inline(always)]
pub(super) fn pass_turn<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    m: &Move,
    done: Done,
    goes_on: Option<bool>,
) {
    if game.reads_previous && !m.is_pass() {
        let look = LookBack {
            from: m.from,
            to: m.to(),
            lifted: 0,
            laps: 0,
            taken: done.taken.min(u16::MAX as u32) as u16,
            rule: m.rule,
        };
        s.look = game.kept_look(look);
    }
    if game.dice.is_some() {
        super::dice::after_move(game, s, m, goes_on);
    } else if !(game.again && moves_again(game, s, m, done)) {
        s.to_move = game.next_player(s.to_move);
    }
}

/// `make` for the sowing `m`, the `i`th move listed by the last `generate`, whose position
/// after it the generator kept (`Scratch::sown`): taken from there instead of sown again.
pub fn make_sown<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    m: Move,
    sown: &SownList<Z::Slot>,
    i: usize,
) {
    let n = game.sowing.as_ref().map_or(0, |sw| sw.count());
    sown.write(i, n, s);
    s.look = if game.reads_previous {
        game.kept_look(s.look)
    } else {
        LookBack::NONE
    };
    let done = Done {
        taken: m.takes as u32,
        turned: 0,
    };
    after_move(game, s, m, done);
}

/// Whether the player who made `m` (still to move in `s`, the position after it) moves
/// again: the `again` of the move's rule, or of its second part's, holds.
#[cold]
fn moves_again<Z: Layout>(game: &Game, s: &State<Z>, m: &Move, done: Done) -> bool {
    if m.is_pass() {
        return false;
    }
    let first = &game.rules[m.rule.index()];
    let second = first
        .then
        .filter(|_| !m.second_steps().is_empty())
        .map(|t| &game.rules[t.index()]);
    let e = Env {
        from: m.from,
        to: m.to(),
        taken: done.taken,
        turned: done.turned,
        ..env(game, s)
    };
    std::iter::once(first)
        .chain(second)
        .any(|r| r.again.as_ref().is_some_and(|a| a.holds(&e)))
}

/// What every move does to the history fields: the passes in a row, the clock, and the
/// repetition count (which whoever keeps the game's `History` sets).
#[inline(always)]
pub(super) fn after_move<Z: Layout>(game: &Game, s: &mut State<Z>, m: Move, done: Done) {
    if game.counts_passes() {
        s.passes = if m.is_pass() {
            s.passes.saturating_add(1)
        } else {
            0
        };
    }
    if let Some(clock) = &game.clock {
        let by_rule = !m.is_pass() && clock.resets.get(m.rule.index()) == Some(&true);
        s.clock = if by_rule || (clock.on_capture && done.taken > 0) {
            0
        } else {
            s.clock.saturating_add(1)
        };
    }
    s.repeated = 1;
}

/// The board after `m`, with the same player still to move, and what the move did.
pub(super) fn make_board<Z: Layout>(game: &Game, s: &mut State<Z>, m: &Move) -> Done {
    let done = make_pieces(game, s, m);
    if m.promote != 0 {
        // The player chose what the piece becomes.
        s.put(game, m.to(), m.promote);
        if game.reads_moved {
            mark_moved(game, s, m.to());
        }
    }
    if game.reads_moved {
        s.moved &= s.all_occupied(game.owners);
    }
    done
}

fn make_pieces<Z: Layout>(game: &Game, s: &mut State<Z>, m: &Move) -> Done {
    let mut done = Done::default();
    if m.is_pass() {
        // After a pass, no move came before.
        s.look = LookBack::NONE;
        return done;
    }
    if let Some(sw) = &game.sowing {
        let mover = s.to_move;
        apply_sowing(game, sw, s, *m);
        s.to_move = mover;
        done.taken = m.takes as u32;
        return done;
    }
    let rule = &game.rules[m.rule.index()];
    if rule.made_by_steps {
        let mut at = m.from;
        let mut passed = Z::Set::default();
        for &step in m.steps() {
            make_step(game, s, rule, at, step, &mut passed, &mut done.taken);
            at = step.to();
        }
        return done;
    }
    let landed = make_part(game, s, rule, m.from, m.first_steps(), &mut done);
    // A move whose second part the first part's `when` did not call for has none.
    if let (Some(then), false) = (rule.then, m.second_steps().is_empty()) {
        make_part(
            game,
            s,
            &game.rules[then.index()],
            landed,
            m.second_steps(),
            &mut done,
        );
    }
    done
}

/// Makes one part of a move by `rule` from `from` (for a placement, the square the part
/// starts from, or `NO_SQUARE`), then its effects. Returns where it landed.
pub(super) fn make_part<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    rule: &MoveRule,
    from: Sq,
    steps: &[Step],
    done: &mut Done,
) -> Sq {
    let mut at = from;
    let mut effects_made = false;
    if let Some(t) = rule.place {
        let step = steps[0];
        let to = step.to();
        let player = s.to_move as usize;
        let code = game.code(game.rule_owner(rule, player), t as usize);
        if game.piles {
            done.taken += land_one(game, s, to, code, rule.takes_landing) as u32;
        } else {
            if rule.takes_landing && take(game, s, to) {
                done.taken += 1;
            }
            s.put(game, to, code);
        }
        if (game.hand_types >> t) & 1 != 0 {
            let held = &mut s.hand[player][t as usize];
            *held = held.saturating_sub(1);
        }
        at = to;
    } else if let Some(rot) = rule.rotate {
        // The block whose corner is the square chosen turns, pieces and all.
        let to = steps[0].to();
        let clockwise = steps[0].dir() == crate::ir::Rotation::CLOCKWISE;
        turn_block(game, s, to, rot.size, clockwise);
        at = to;
    } else if rule.removes {
        // The piece on the square chosen is taken; nothing moves.
        let to = steps[0].to();
        if take(game, s, to) {
            done.taken += 1;
        }
        at = to;
    } else if rule.chain.is_some() {
        // In a chain, the effects happen after each step.
        let mut passed = Z::Set::default();
        for &step in steps {
            make_step(game, s, rule, at, step, &mut passed, &mut done.taken);
            effects_of_step(game, rule, s, at, step, done);
            at = step.to();
        }
        effects_made = true;
    } else {
        let mut passed = Z::Set::default();
        for &step in steps {
            make_step(game, s, rule, at, step, &mut passed, &mut done.taken);
            at = step.to();
        }
    }
    if !rule.effects.is_empty() && !effects_made {
        let dir = steps.last().map(|st| st.dir());
        for effect in &rule.effects {
            apply_effect(game, s, effect, from, at, dir, done);
        }
    }
    for carry in &rule.carries {
        let cells = game.board.cells();
        let (a, b) = match &carry.squares {
            Some([a, b]) => (
                a.at(s.to_move, from, at, cells),
                b.at(s.to_move, from, at, cells),
            ),
            None => {
                let e = Env {
                    from,
                    to: at,
                    ..env(game, s)
                };
                let square = |p: &crate::ir::Program| {
                    p.eval(&e)
                        .and_then(|v| Sq::try_from(v).ok())
                        .unwrap_or(NO_SQUARE)
                };
                (square(&carry.from), square(&carry.to))
            }
        };
        if a as usize >= cells || b as usize >= cells || a == b {
            continue;
        }
        let code = s.at(a);
        if code == 0 {
            continue;
        }
        if take(game, s, b) {
            done.taken += 1;
        }
        let column = lift_column(game, s, a);
        s.put(game, a, 0);
        s.put(game, b, code);
        set_column(game, s, b, column);
        if game.reads_moved {
            mark_moved(game, s, b);
        }
    }
    if !rule.adds.is_empty() {
        add_to_counters(game, s, rule, from, at, done);
    }
    at
}

/// A rule's `add EXPR to COUNTER [when COND]`, in order, each read on the position as the
/// one before left it; a counter stops at the ends of its 16 bits.
fn add_to_counters<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    rule: &MoveRule,
    from: Sq,
    to: Sq,
    done: &Done,
) {
    for add in &rule.adds {
        let e = Env {
            from,
            to,
            taken: done.taken,
            turned: done.turned,
            ..env(game, s)
        };
        if add.when.as_ref().is_some_and(|w| !w.holds(&e)) {
            continue;
        }
        let Some(amount) = add.amount.eval(&e) else {
            continue;
        };
        let i = crate::ir::counter_slot(add.slot, add.shared, s.to_move as usize);
        let v = &mut s.counters[i];
        *v = (*v as i64 + amount).clamp(i16::MIN as i64, i16::MAX as i64) as i16;
    }
}

/// Turns the block whose lower left corner is `corner` a quarter turn (`rotate N x N`).
fn turn_block<Z: Layout>(game: &Game, s: &mut State<Z>, corner: Sq, size: u8, clockwise: bool) {
    let Some(moves) = game.board.turned_block(corner, size as usize, clockwise) else {
        return;
    };
    // Read the whole block first: its squares are written over one another.
    let before = *s;
    for (from, to) in moves {
        s.put(game, to, before.at(from));
    }
}

/// The effects of a chain's rule after one of its steps, from `at`, where the step
/// started, to where it landed; what they took and turned is added to `done`.
pub(super) fn effects_of_step<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &mut State<Z>,
    at: Sq,
    step: Step,
    done: &mut Done,
) {
    for effect in &rule.effects {
        apply_effect(game, s, effect, at, step.to(), Some(step.dir()), done);
    }
}

/// Carries out one effect of a move that went from `from` and landed on `to`, its last
/// step along `dir` (`None` for a placement from nowhere).
#[inline(always)]
fn apply_effect<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    effect: &Effect,
    from: Sq,
    to: Sq,
    dir: Option<DirId>,
    done: &mut Done,
) {
    let player = s.to_move;
    if let Some(when) = &effect.when {
        let env = Env {
            from,
            to,
            ..env(game, s)
        };
        if !when.holds(&env) {
            return;
        }
    }
    let origin = if effect.at_from { from } else { to };
    if origin == NO_SQUARE {
        return;
    }
    if effect.groups {
        let hit = reached_groups(game, s, effect, from, to, origin);
        affect(game, s, effect, hit, done);
        return;
    }
    let mut hit = Z::Set::default();
    let board = &game.board;
    let mut reach = |d: DirId| {
        let mut sq = board.next(origin, d);
        match effect.run {
            Some(run) => {
                let mut line = Z::Set::default();
                let mut n = 0u16;
                while sq != NO_SQUARE && n < run.max && run.pattern.matches(player, s.at(sq)) {
                    line.insert(sq);
                    n += 1;
                    sq = board.next(sq, d);
                }
                let closed = match effect.closer {
                    Some(closer) => sq != NO_SQUARE && closer.matches(player, s.at(sq)),
                    None => true,
                };
                if n >= run.min && n > 0 && closed {
                    hit |= line;
                }
            }
            None => {
                let closer = effect.closer.expect("an effect without a run has `onto`");
                if sq != NO_SQUARE && closer.matches(player, s.at(sq)) {
                    hit.insert(sq);
                }
            }
        }
    };
    match &effect.lines {
        EffectLines::Itself => {
            let closer = effect
                .closer
                .expect("an effect on its own square has `onto`");
            if closer.matches(player, s.at(origin)) {
                hit.insert(origin);
            }
        }
        EffectLines::Along(dirs) => dirs[player as usize].iter().for_each(|&d| reach(d)),
        EffectLines::Onward => dir.into_iter().for_each(&mut reach),
        EffectLines::Reverse => dir
            .and_then(|d| board.opposite(d))
            .into_iter()
            .for_each(&mut reach),
    }
    affect(game, s, effect, hit, done);
}

/// The whole groups an effect on groups reaches: each neighbour of `origin` along its
/// directions that `closer` matches, with the squares joined to it along them that hold
/// its owner's pieces, where the effect's `where` holds (read with `here` the neighbour).
fn reached_groups<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    effect: &Effect,
    from: Sq,
    to: Sq,
    origin: Sq,
) -> Z::Set {
    let player = s.to_move as usize;
    let EffectLines::Along(dirs) = &effect.lines else {
        return Z::Set::default();
    };
    let dirs = &dirs[player];
    let closer = effect.closer.expect("an effect on groups names them");
    let mut hit = Z::Set::default();
    let base = Env {
        from,
        to,
        ..env(game, s)
    };
    for &d in dirs {
        let n = game.board.next(origin, d);
        if n == NO_SQUARE || hit.has(n) || !closer.matches(s.to_move, s.at(n)) {
            continue;
        }
        let chosen = effect
            .only
            .as_ref()
            .is_none_or(|c| c.holds(&Env { here: n, ..base }));
        if chosen {
            hit |= crate::eval::board::group(&base, n, dirs);
        }
    }
    hit
}

/// Carries out an effect's verb on the squares it reached.
fn affect<Z: Layout>(game: &Game, s: &mut State<Z>, effect: &Effect, hit: Z::Set, done: &mut Done) {
    let player = s.to_move;
    for sq in hit.squares() {
        let code = s.at(sq);
        match effect.verb {
            EffectVerb::Take => {
                if take(game, s, sq) {
                    done.taken += 1;
                }
            }
            EffectVerb::Turn | EffectVerb::Change => {
                let (owner, kind) = game.decode(code);
                let owner = match effect.verb {
                    EffectVerb::Turn => player as usize,
                    _ => owner,
                };
                let kind = effect.into.map_or(kind, |t| t as usize);
                s.put(game, sq, game.code(owner, kind));
                done.turned += 1;
            }
        }
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
        let to = step.to();
        let lands_code = match game.promotions.get(code as usize) {
            Some(&Some((zone, into))) if game.promotes_on(zone, code, at, to) => into,
            _ => code,
        };
        StepPlan {
            leaves: at,
            lands: to,
            dir: step.dir(),
            run: match (rule.takes_run, rule.under) {
                (false, _) => RunTaken::Kept,
                (true, false) => RunTaken::Whole,
                (true, true) => RunTaken::Commander,
            },
            takes_landing: rule.takes_landing,
            lands_code,
        }
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
pub(super) fn make_step<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    rule: &MoveRule,
    at: u16,
    step: Step,
    passed: &mut Z::Set,
    taken: &mut u32,
) -> bool {
    if game.piles {
        return make_pile_step(game, s, rule, at, step, passed, taken);
    }
    let code = s.at(at);
    let plan = StepPlan::of(game, rule, code, at, step);
    s.put(game, plan.leaves, 0);
    let mut column = lift_column(game, s, plan.leaves);
    for sq in plan.taken(&game.board) {
        let took = match plan.run {
            RunTaken::Commander => take_under(game, s, sq, &mut column),
            _ => take(game, s, sq),
        };
        *taken += took as u32;
        passed.insert(sq);
    }
    if plan.takes_landing && take(game, s, plan.lands) {
        *taken += 1;
    }
    s.put(game, plan.lands, plan.lands_code);
    set_column(game, s, plan.lands, column);
    if game.reads_moved {
        mark_moved(game, s, plan.lands);
    }
    plan.lands_code != code
}

/// `make_step` with `piles`: the top piece of the pile leaves it, takes what the rule takes
/// on the way, and lands on a pile of its own kind or takes what stands there.
#[cold]
#[inline(never)]
fn make_pile_step<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    rule: &MoveRule,
    at: u16,
    step: Step,
    passed: &mut Z::Set,
    taken: &mut u32,
) -> bool {
    let code = s.at(at);
    let plan = StepPlan::of(game, rule, code, at, step);
    lift_one(game, s, plan.leaves);
    for sq in plan.taken(&game.board) {
        *taken += take(game, s, sq) as u32;
        passed.insert(sq);
    }
    *taken += land_one(game, s, plan.lands, plan.lands_code, plan.takes_landing) as u32;
    if game.reads_moved {
        mark_moved(game, s, plan.lands);
    }
    plan.lands_code != code
}

/// With `piles`: the top piece of the pile on `sq` leaves it (the square is empty when it
/// was the last).
fn lift_one<Z: Layout>(game: &Game, s: &mut State<Z>, sq: Sq) {
    let Some(c) = &game.columns else {
        s.put(game, sq, 0);
        return;
    };
    match column::pop_top(s.column(c, sq), c.bits) {
        Some((_, rest)) => s.set_column(c, sq, rest),
        None => s.put(game, sq, 0),
    }
}

/// With `piles`: a piece `code` lands on `sq`: on top of a pile of its own kind, or else
/// taking what stands there (when `takes`). Returns whether something was taken.
fn land_one<Z: Layout>(game: &Game, s: &mut State<Z>, sq: Sq, code: Code, takes: bool) -> bool {
    let Some(c) = &game.columns else {
        return false;
    };
    if s.at(sq) == code {
        s.set_column(c, sq, column::push_bottom(s.column(c, sq), code, c.bits));
        return false;
    }
    let took = takes && take(game, s, sq);
    s.put(game, sq, code);
    s.set_column(c, sq, 0);
    took
}

/// The type that a piece of type `kind` was promoted from (`promote man to king`: a
/// king was a man), or `kind` itself.
fn unpromoted(game: &Game, kind: usize) -> usize {
    let became = |c: Code| game.kind[c as usize] as usize == kind;
    (1..game.promotions.len())
        .find(|&c| {
            game.promotions[c].is_some_and(|(_, into)| became(into))
                || game
                    .promotion_choices
                    .get(c)
                    .is_some_and(|choices| choices.iter().any(|&into| became(into)))
        })
        .map_or(kind, |c| game.kind[c] as usize)
}

/// Notes that the piece now on `sq` has moved, when a rule can read it of its type (see
/// `Game::moved_types`); a piece of another type leaves the square out.
fn mark_moved<Z: Layout>(game: &Game, s: &mut State<Z>, sq: Sq) {
    if game.follows_moved(s.at(sq)) {
        s.moved.insert(sq);
    } else {
        s.moved.remove(sq);
    }
}

/// Takes the column under the commander on `sq` off the board, leaving it empty.
fn lift_column<Z: Layout>(game: &Game, s: &mut State<Z>, sq: u16) -> u64 {
    match &game.columns {
        None => 0,
        Some(c) => {
            let column = s.column(c, sq);
            s.set_column(c, sq, 0);
            column
        }
    }
}

fn set_column<Z: Layout>(game: &Game, s: &mut State<Z>, sq: u16, column: u64) {
    if let Some(c) = &game.columns {
        s.set_column(c, sq, column);
    }
}

/// Takes the commander of the column on `sq` and puts it at the bottom of `column`; the
/// next piece down, if any, commands what is left. Returns whether there was one.
fn take_under<Z: Layout>(game: &Game, s: &mut State<Z>, sq: u16, column: &mut u64) -> bool {
    let (Some(c), taken) = (&game.columns, s.at(sq)) else {
        return false;
    };
    if taken == 0 {
        return false;
    }
    *column = column::push_bottom(*column, taken, c.bits);
    match column::pop_top(s.column(c, sq), c.bits) {
        Some((next, rest)) => {
            s.put(game, sq, next);
            s.set_column(c, sq, rest);
        }
        None => s.put(game, sq, 0),
    }
    true
}

/// Takes what stands on `sq`, a whole column if it is one. Returns whether something stood
/// there.
fn take<Z: Layout>(game: &Game, s: &mut State<Z>, sq: u16) -> bool {
    let code = s.at(sq);
    if code == 0 {
        return false;
    }
    s.put(game, sq, 0);
    let column = lift_column(game, s, sq);
    if game.taken_to_hand {
        column_to_hand(game, s, code, column);
    }
    true
}

/// With `taken to hand`: the pieces taken (a piece `code`, and the column under it) go to
/// their owners' hands.
#[cold]
#[inline(never)]
fn column_to_hand<Z: Layout>(game: &Game, s: &mut State<Z>, code: Code, column: u64) {
    to_hand(game, s, code);
    if let Some(c) = &game.columns {
        for i in 0..column::height_below(column) {
            to_hand(game, s, column::below(column, i, c.bits));
        }
    }
}

/// With `taken to hand`: a taken piece goes to its owner's hand, or with `taken to
/// captor's hand` to the hand of the player to move as the type it was promoted from (for
/// the types kept in hand; a hand holds at most 255 of a type).
fn to_hand<Z: Layout>(game: &Game, s: &mut State<Z>, code: Code) {
    let (mut owner, mut kind) = game.decode(code);
    if game.taken_to_captor {
        owner = s.to_move as usize;
        kind = unpromoted(game, kind);
    }
    // Nobody keeps a hand: a neutral piece taken to its owner's hand is gone.
    if (game.hand_types >> kind) & 1 != 0 && owner < game.players.len() {
        let held = &mut s.hand[owner][kind];
        *held = held.saturating_add(1);
    }
}
