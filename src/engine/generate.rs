//! Legal moves, generated set-wise.
//!
//! The position is read as sets of squares (`View`: each player's pieces, the empty
//! squares, and the squares each pattern matches). For each rule of the current priority
//! tier, all the pieces that may use it walk each of its directions together, one shift a
//! step (`landings`), so a direction costs a few word operations however many pieces there
//! are, and nothing at all once no piece can go further. The conditions that depend only on
//! the squares are one set per direction and distance (`Walk::allowed`); only the
//! conditions that read the position are evaluated, once per landing. Nothing is allocated and no name is looked
//! up; moves go into a caller's buffer that is reused from call to call. The code is written
//! once over `Mask` and compiled for boards of up to 64 squares (one word) and for larger
//! ones (four words).

use super::after::keep_allowed_after;
use super::chain::{extend_chain, extend_light, light};
use super::end::{end_rule, verdict_outcome, Outcome};
use super::env::env;
use super::make::StepPlan;
use super::mask::{Mask, Wide};
use super::moves::Move;
use super::reach::capture_reachable;
use super::sowing::sowings;
use super::state::State;
use super::Scratch;
use crate::ir::expr::Env;
use crate::ir::{DirId, Game, MoveRule, Pattern, RuleId, Sq, Walk};

/// Fills `out` with the legal moves of `s` (a pass, when passing is the rule and there is
/// no other move), or says how the game has ended.
pub fn generate(
    game: &Game,
    s: &State,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
) -> Option<Outcome> {
    out.clear();
    if !game.reads_reachable {
        if let Some((o, _)) = end_rule(game, s, false) {
            return Some(o);
        }
        return by_rules_of_play(game, s, out);
    }
    // The end rules search ahead from the moves of `s`, so those come first.
    let ended = by_rules_of_play(game, s, out);
    let reachable = capture_reachable(game, s, out, &mut scratch.reach);
    if let Some((o, _)) = end_rule(game, s, reachable) {
        out.clear();
        return Some(o);
    }
    ended
}

/// The moves of `s` by the rules of play alone, with no end rule read: the sowings, or the
/// moves of the first priority tier that has one, or what the no-move rule says.
pub(super) fn by_rules_of_play(game: &Game, s: &State, out: &mut Vec<Move>) -> Option<Outcome> {
    out.clear();
    if let Some(sw) = &game.sowing {
        sowings(game, sw, s, &mut s.clone(), |m, _| {
            out.push(m);
            false
        });
        if !out.is_empty() {
            return None;
        }
    }
    // Without a footprint every move must be made to be checked: chains are checked as
    // they are found, on the position after them, which is in hand then.
    let check_chains = !game.after_move.is_empty() && game.after_footprint.is_none();
    for tier in &game.tiers {
        generate_tier(game, tier, s, check_chains, out);
        if !game.after_move.is_empty() {
            keep_allowed_after(game, s, out);
        }
        if !out.is_empty() {
            return None;
        }
    }
    match verdict_outcome(game, game.no_move, s) {
        Some(o) => Some(o),
        None => {
            out.push(Move::PASS);
            None
        }
    }
}

/// The moves of each priority tier, highest first, with no priority applied and no
/// `after move require` test: what the player might have meant, for explaining why a move
/// is not legal.
pub fn moves_by_tier(game: &Game, s: &State) -> Vec<Vec<Move>> {
    game.tiers
        .iter()
        .map(|tier| {
            let mut out = Vec::new();
            generate_tier(game, tier, s, false, &mut out);
            out
        })
        .collect()
}

/// The moves of one priority tier, at the board's width. With `after_check`, chains are
/// checked against `after move require` as they are found.
fn generate_tier(game: &Game, tier: &[RuleId], s: &State, after_check: bool, out: &mut Vec<Move>) {
    if game.board.words() == 1 {
        tier_moves::<u64>(game, tier, s, after_check, out)
    } else {
        tier_moves::<Wide>(game, tier, s, after_check, out)
    }
}

/// The position as sets of squares, seen by the player to move.
#[derive(Clone, Copy)]
pub(super) struct View<M> {
    pub player: u8,
    /// The squares each player commands.
    occupied: [M; crate::ir::MAX_PLAYERS],
    pub empty: M,
}

impl<M: Mask> View<M> {
    #[inline(always)]
    pub fn of(game: &Game, s: &State) -> View<M> {
        let mut occupied = [M::default(); crate::ir::MAX_PLAYERS];
        let mut all = M::default();
        for (p, o) in occupied.iter_mut().enumerate().take(game.players.len()) {
            *o = M::from_set(s.occupied(p));
            all |= *o;
        }
        View {
            player: s.to_move,
            occupied,
            empty: M::from_set(&game.board.used_set) & !all,
        }
    }

    /// Whether a pattern takes every piece type of a player or none, so that its squares
    /// are known from the occupied sets alone.
    pub fn by_owner(game: &Game, player: u8, pattern: &Pattern) -> bool {
        let codes = pattern.masks[player as usize];
        let types = game.pieces.len().max(1);
        let all = u64::MAX >> (64 - types);
        (0..game.players.len()).all(|owner| {
            let wanted = (codes >> (1 + owner * types)) & all;
            wanted == 0 || wanted == all
        })
    }

    /// The view after a step by the piece `code`, as its plan says: the square left and
    /// those taken are emptied, and the landing holds what the plan puts there. (A step
    /// that takes only a column's commander changes what the square holds in a way the
    /// sets cannot tell; such steps are made on a state.)
    #[inline(always)]
    pub fn after(&self, game: &Game, plan: &StepPlan, taken: M) -> View<M> {
        let mut v = *self;
        let cleared = !(M::bit(plan.leaves) | taken | M::bit(plan.lands));
        let mut all = M::default();
        for o in v.occupied.iter_mut().take(game.players.len()) {
            *o &= cleared;
            all |= *o;
        }
        let owner = game.owner[plan.lands_code as usize] as usize;
        v.occupied[owner] |= M::bit(plan.lands);
        all |= M::bit(plan.lands);
        v.empty = M::from_set(&game.board.used_set) & !all;
        v
    }

    /// The squares a pattern matches, for the player to move.
    #[inline(always)]
    pub fn pattern(&self, game: &Game, s: &State, pattern: &Pattern) -> M {
        let codes = pattern.masks[self.player as usize];
        let mut set = if codes & 1 != 0 {
            self.empty
        } else {
            M::default()
        };
        let types = game.pieces.len().max(1);
        let all = u64::MAX >> (64 - types);
        for (owner, &pieces) in self.occupied.iter().enumerate().take(game.players.len()) {
            let wanted = (codes >> (1 + owner * types)) & all;
            if wanted == all {
                set |= pieces;
            } else if wanted != 0 {
                // A pattern of some piece types: read their squares one by one.
                for sq in pieces.squares() {
                    if (wanted >> game.kind[s.at(sq) as usize]) & 1 != 0 {
                        set |= M::bit(sq);
                    }
                }
            }
        }
        set
    }

    /// The pieces of the player to move that may make a move by `rule`.
    #[inline(always)]
    pub fn movers(&self, game: &Game, s: &State, rule: &MoveRule) -> M {
        let own = self.occupied[self.player as usize];
        let all = u64::MAX >> (64 - game.pieces.len().max(1));
        if rule.piece_mask & all == all {
            return own;
        }
        let mut set = M::default();
        for sq in own.squares() {
            if (rule.piece_mask >> game.kind[s.at(sq) as usize]) & 1 != 0 {
                set |= M::bit(sq);
            }
        }
        set
    }
}

/// What a rule's landings must match, in one position: the landing pattern's squares, and
/// the squares its run may not pass.
#[derive(Clone, Copy)]
pub(super) struct RuleSets<M> {
    pub onto: M,
    pub stop: M,
}

impl<M: Mask> RuleSets<M> {
    #[inline(always)]
    pub fn of(game: &Game, s: &State, view: &View<M>, rule: &MoveRule) -> RuleSets<M> {
        RuleSets {
            onto: view.pattern(game, s, &rule.onto),
            stop: match &rule.run {
                Some(run) => !view.pattern(game, s, &run.pattern),
                None => M::default(),
            },
        }
    }
}

/// The moves of one priority tier: for each rule, every piece that may use it at once.
fn tier_moves<M: Mask>(
    game: &Game,
    tier: &[RuleId],
    s: &State,
    after_check: bool,
    out: &mut Vec<Move>,
) {
    let view = View::<M>::of(game, s);
    for &rule_id in tier {
        let rule = &game.rules[rule_id as usize];
        let movers = view.movers(game, s, rule);
        if movers.is_empty() {
            continue;
        }
        let sets = RuleSets::of(game, s, &view, rule);
        let takes = rule.captures();
        let none = M::default();
        match rule.chain {
            None => landings(game, rule, s, movers, sets, none, |from, d, to| {
                out.push(Move::step(from, rule_id, takes, d, to));
            }),
            Some(_) if light(game, rule, s.to_move, after_check) => {
                landings(game, rule, s, movers, sets, none, |from, d, to| {
                    let m = Move::step(from, rule_id, takes, d, to);
                    extend_light::<M>(game, rule, s, &view, s.at(from), from, m, none, out);
                })
            }
            Some(_) => landings(game, rule, s, movers, sets, none, |from, d, to| {
                let m = Move::step(from, rule_id, takes, d, to);
                extend_chain::<M>(game, rule, s, from, m, none, after_check, out);
            }),
        }
    }
}

/// Calls `found(index, walk, distance, landings)` for the landing set of each walk of one
/// rule and
/// each distance along it, never passing over a square of `passed` in a capturing run.
///
/// All the movers walk a direction together, one shift a step: after `k` steps the set
/// holds, for each mover still walking, the square `k` steps along; those that match
/// `onto` after at least `min` squares of the run, where the conditions on squares allow,
/// are landings (the mover is `k` steps back), and only those on squares the run may pass
/// walk on, at most `max` squares. Empty landing sets are not reported.
#[inline(always)]
pub(super) fn walk<M: Mask>(
    rule: &MoveRule,
    player: u8,
    movers: M,
    sets: RuleSets<M>,
    passed: M,
    mut found: impl FnMut(usize, &Walk, u32, M),
) {
    let (min, max) = rule.run.map_or((0, 0), |r| (r.min as u32, r.max as u32));
    let through = if rule.takes_run {
        !(sets.stop | passed)
    } else {
        !sets.stop
    };
    for (w, walk) in rule.walks[player as usize].iter().enumerate() {
        let steps_from = M::from_set(&walk.steps_from);
        let mut walkers = movers;
        for k in 1..=max + 1 {
            walkers = (walkers & steps_from).shift(walk.delta);
            if walkers.is_empty() {
                break;
            }
            if k > min {
                let mut land = walkers & sets.onto;
                if let Some(allowed) = &walk.allowed {
                    land &= allowed
                        .get(k as usize - 1)
                        .map_or(M::default(), M::from_set);
                }
                if !land.is_empty() {
                    found(w, walk, k, land);
                }
            }
            walkers &= through;
        }
    }
}

/// Calls `found(from, direction, landing)` for every landing of the pieces of `movers` by
/// one rule where its conditions that read the position hold, never passing over a square
/// of `passed` in a capturing run.
#[inline(always)]
pub(super) fn landings<M: Mask>(
    game: &Game,
    rule: &MoveRule,
    s: &State,
    movers: M,
    sets: RuleSets<M>,
    passed: M,
    mut found: impl FnMut(Sq, DirId, Sq),
) {
    walk(rule, s.to_move, movers, sets, passed, |_, walk, k, land| {
        for to in land.squares() {
            let from = (to as i32 - k as i32 * walk.delta) as Sq;
            if dynamic_ok(game, rule, s, from, to) {
                found(from, walk.dir, to);
            }
        }
    });
}

/// The rule's conditions that read the state.
#[inline(always)]
fn dynamic_ok(game: &Game, rule: &MoveRule, s: &State, from: Sq, to: Sq) -> bool {
    let Some(condition) = &rule.condition else {
        return true;
    };
    let env = Env {
        from,
        to,
        ..env(game, s)
    };
    condition.holds(&env)
}
