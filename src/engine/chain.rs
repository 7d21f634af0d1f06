//! Chains: a rule with `chain` extends each landing by a depth-first search on a copy of the
//! state with the step made, so captures are taken at once and the same square is never
//! passed over twice by a capturing chain. A chain of hops (`MoveRule::hops`) keeps the
//! squares it has landed on, its start included, in the same set, and never lands on one
//! again.

use super::after::holds_after;
use super::column;
use super::generate::{gate_holds, landings, may_step_from, passable, walk, RuleSets, View};
use super::layout::{Layout, Slot};
use super::make::{effects_of_step, make_step, Done, StepPlan};
use super::moves::Move;
use super::state::State;
use crate::ir::Mask;
use crate::ir::{Chain, Code, Columns, Game, Jumps, MoveRule, OwnerPattern, OwnerReads, Sq};

/// Emits `m` (whose last step starts on `at`, in state `s`) and the chains that go on from
/// it; says whether its last step is a step of the chain at all (a step of a `taking` chain
/// that takes nothing is not). `passed` holds the squares the chain has passed over so far
/// (for a chain of hops, those it has landed on). With `after_check` (the boards of the
/// line so far, for `seen`), a chain is emitted only where the `after move require`
/// conditions hold after it: the position after it is in hand here.
pub(super) fn extend_chain<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    at: Sq,
    m: Move,
    passed: Z::Set,
    after_check: Option<&[u64]>,
    out: &mut Vec<Move>,
) -> bool {
    let emit = |out: &mut Vec<Move>, after: &State<Z>, m: Move| {
        if after_check
            .is_none_or(|earlier| holds_after(game, after, &m, Done::default(), earlier, None))
        {
            out.push(m);
        }
    };
    let step = *m.steps().last().expect("a chain has a step");
    let mut after = *s;
    let mut passed = passed;
    let mut took = 0;
    let promoted = make_step(game, &mut after, rule, at, step, &mut passed, &mut took);
    // In a chain, the rule's effects happen after each step.
    let mut by_effects = Done::default();
    effects_of_step(game, rule, &mut after, at, step, &mut by_effects);
    took += by_effects.taken;
    if rule.taking && took == 0 {
        // A step that takes nothing is no step of a `taking` chain: no move, and the chain
        // before it does not go on by it.
        return false;
    }
    if promoted {
        // A promotion ends the chain.
        emit(out, &after, m);
        return true;
    }
    let view = View::<Z::Set>::of(game, &after);
    let sets = RuleSets::of(game, &after, &view, rule);
    let to = step.to();
    if rule.hops {
        passed |= Z::Set::bit(at) | Z::Set::bit(to);
    }
    let mut went_on = false;
    if !gate_holds(game, rule, &after) || !may_step_from(rule, after.to_move, to, sets, passed) {
        emit(out, &after, m);
        return true;
    }
    landings(
        game,
        rule,
        &after,
        Z::Set::bit(to),
        sets,
        passed,
        |_, d, next| {
            if (rule.hops && passed.has(next)) || (rule.turning && d == step.dir()) {
                return;
            }
            // The checker has made sure that no chain outgrows a move.
            let longer = m.then(d, next).expect("a chain within the checked bound");
            went_on |= extend_chain(game, rule, &after, to, longer, passed, after_check, out);
        },
    );
    if !went_on || rule.chain == Some(Chain::May) {
        emit(out, &after, m);
    }
    true
}

/// Whether a chain of `rule` can be followed on the occupied sets alone (`extend_light`):
/// what the compiler settled (`MoveRule::light_chain`), and no `after move require` to
/// check at its end.
#[inline(always)]
pub(super) fn light(rule: &MoveRule, player: u8, after_check: bool) -> bool {
    (rule.light_chain >> player) & 1 != 0 && !after_check
}

/// What a light chain reads, carried from step to step: the squares its rule may land on,
/// and those its run may pass over (every square, where it has no run). Each is a union of
/// owners' pieces and maybe the empty squares (`MoveRule::owner_reads`), so a step changes
/// it only on the squares the step writes.
#[derive(Clone, Copy)]
pub(super) struct ChainSets<M> {
    onto: M,
    run: M,
}

impl<M: Mask> ChainSets<M> {
    /// The sets of `view`, for a chain of `player`'s by `rule`.
    #[inline(always)]
    pub fn of(rule: &MoveRule, player: u8, view: &View<M>) -> ChainSets<M> {
        let reads = &rule.owner_reads[player as usize];
        ChainSets {
            onto: view.owners(reads.onto),
            run: reads.run.map_or(!M::default(), |run| view.owners(run)),
        }
    }

    /// The sets after a step by a piece of `owner` from `leaves` onto `lands`, taking
    /// `taken`: those squares are emptied, but for the columns left standing on some of
    /// them (`Left`), and the landing holds the piece.
    #[inline(always)]
    fn after(
        self,
        reads: &OwnerReads,
        owner: usize,
        leaves: Sq,
        taken: M,
        left: &Left<M>,
        lands: Sq,
    ) -> Self {
        let freed = (M::bit(leaves) | taken) & !left.standing;
        let cleared = !(M::bit(leaves) | taken | M::bit(lands));
        let one = |set: M, pattern: OwnerPattern| {
            let mut set = set & cleared;
            if pattern.empty {
                set |= freed;
            }
            if (pattern.owners >> owner) & 1 != 0 {
                set |= M::bit(lands);
            }
            if !left.standing.is_empty() {
                set |= left.owned_by(pattern.owners);
            }
            set
        };
        ChainSets {
            onto: one(self.onto, reads.onto),
            run: reads.run.map_or(self.run, |run| one(self.run, run)),
        }
    }
}

/// The squares a step takes only the commander of, where a column stands after it: each
/// owner's, by the piece that commands what is left.
struct Left<M> {
    standing: M,
    owned: [M; crate::ir::MAX_PLAYERS],
}

impl<M: Mask> Left<M> {
    #[inline(always)]
    fn none() -> Left<M> {
        Left {
            standing: M::default(),
            owned: [M::default(); crate::ir::MAX_PLAYERS],
        }
    }

    /// The squares left standing that `owners` (a bit each) command.
    #[inline(always)]
    fn owned_by(&self, owners: u8) -> M {
        let mut set = M::default();
        for (o, owned) in self.owned.iter().enumerate() {
            if (owners >> o) & 1 != 0 {
                set |= *owned;
            }
        }
        set
    }
}

/// What a light chain of one piece reads at every step, looked up once for the chain.
pub(super) struct LightChain<'g, S> {
    game: &'g Game,
    rule: &'g MoveRule,
    player: u8,
    /// The moving piece, and its owner.
    code: Code,
    owner: usize,
    reads: OwnerReads,
    jumps: Option<&'g Jumps>,
    /// The zone where the piece is promoted, if it can be.
    promotion: Option<usize>,
    /// Where a step takes only the commanders of the columns it passes over (`capture
    /// over under`): the columns of the position the chain starts from, and how they are
    /// packed. A chain passes over a square at most once, and only over squares its run
    /// matches, which the compiler has made sure are never empty (`compile::light_chain`):
    /// so no earlier step has changed a column it takes from.
    under: Option<(&'g Columns, &'g [S])>,
}

impl<'g, S: Slot> LightChain<'g, S> {
    #[inline(always)]
    pub fn of<Z: Layout<Slot = S>>(
        game: &'g Game,
        rule: &'g MoveRule,
        s: &'g State<Z>,
        from: Sq,
    ) -> LightChain<'g, S> {
        let (player, code) = (s.to_move, s.at(from));
        LightChain {
            game,
            rule,
            player,
            code,
            owner: game.owner[code as usize] as usize,
            reads: rule.owner_reads[player as usize],
            jumps: rule.jumps.get(player as usize),
            // A promotion into the piece itself changes nothing, and ends no chain.
            promotion: game
                .promotions
                .get(code as usize)
                .and_then(|p| p.filter(|&(_, into)| into != code))
                .map(|(zone, _)| zone),
            under: match (&game.columns, rule.takes_commanders()) {
                (Some(c), true) => Some((c, s.slots.as_ref())),
                _ => None,
            },
        }
    }

    /// The columns left standing on the squares `taken`, where a step takes only their
    /// commanders.
    #[inline(always)]
    fn left<M: Mask>(&self, taken: M) -> Left<M> {
        let mut left = Left::none();
        let Some((c, slots)) = self.under else {
            return left;
        };
        for sq in taken.squares() {
            let col = slots[c.slot[sq as usize] as usize].get();
            if column::height_below(col) != 0 {
                let owner = self.game.owner[column::below(col, 0, c.bits) as usize] as usize;
                left.standing |= M::bit(sq);
                left.owned[owner % crate::ir::MAX_PLAYERS] |= M::bit(sq);
            }
        }
        left
    }
}

/// `extend_light` from the first step `m` of a chain that starts on `from`, compiled for
/// what the chain does (`HOPS`, `UNDER`).
#[inline(always)]
pub(super) fn follow_light<M: Mask, S: Slot>(
    chain: &LightChain<S>,
    sets: ChainSets<M>,
    from: Sq,
    m: &mut Move,
    out: &mut Vec<Move>,
) {
    let none = M::default();
    match (chain.rule.hops, chain.under.is_some()) {
        (false, false) => extend_light::<M, S, false, false>(chain, sets, from, m, none, None, out),
        (true, false) => extend_light::<M, S, true, false>(chain, sets, from, m, none, None, out),
        (false, true) => extend_light::<M, S, false, true>(chain, sets, from, m, none, None, out),
        (true, true) => extend_light::<M, S, true, true>(chain, sets, from, m, none, None, out),
    }
}

/// `extend_chain` on the occupied sets alone (see `light`): each step is applied to the
/// sets the chain reads (`ChainSets`, as they were before the step) instead of a state.
/// `taken` is what the last step takes, where the caller knows it (a jump from the rule's
/// table); otherwise the step's plan says. `HOPS` is the rule's `hops`, and `UNDER`
/// whether the chain reads columns (`LightChain::under`), each settled when the walk is
/// compiled so that a chain of captures pays nothing for what it does not do.
pub(super) fn extend_light<M: Mask, S: Slot, const HOPS: bool, const UNDER: bool>(
    chain: &LightChain<S>,
    sets: ChainSets<M>,
    at: Sq,
    m: &mut Move,
    passed: M,
    taken: Option<M>,
    out: &mut Vec<Move>,
) {
    let (game, rule, player) = (chain.game, chain.rule, chain.player);
    let step = *m.steps().last().expect("a chain has a step");
    let to = step.to();
    if chain
        .promotion
        .is_some_and(|zone| game.promotes_on(zone, chain.code, at, to))
    {
        // A promotion ends the chain.
        m.push_copy(out);
        return;
    }
    let taken = taken.unwrap_or_else(|| {
        let mut taken = M::default();
        for sq in StepPlan::of(game, rule, chain.code, at, step).taken(&game.board) {
            taken |= M::bit(sq);
        }
        taken
    });
    let left = match UNDER {
        true => chain.left(taken),
        false => Left::none(),
    };
    let after = sets.after(&chain.reads, chain.owner, at, taken, &left, to);
    let mut passed = passed | taken;
    // The squares no step may land on: for a chain of hops, those it has been on.
    let mut visited = M::default();
    if HOPS {
        passed |= M::bit(at) | M::bit(to);
        visited = passed;
    }
    let sets = RuleSets {
        onto: after.onto,
        stop: !after.run,
    };
    let mut went_on = false;
    if let Some(jumps) = chain.jumps {
        // The same landings as the walk below, in the same order.
        let through = passable(rule, sets, passed);
        for jump in jumps.from(to) {
            if through.has(jump.over)
                && sets.onto.has(jump.lands)
                && !(HOPS && visited.has(jump.lands))
            {
                // The checker has made sure that no chain outgrows a move.
                let longer = m.push_step(jump.dir, jump.lands);
                assert!(longer, "a chain within the checked bound");
                went_on = true;
                let taken = match rule.takes_run {
                    true => M::bit(jump.over),
                    false => M::default(),
                };
                extend_light::<M, S, HOPS, UNDER>(chain, after, to, m, passed, Some(taken), out);
                m.pop_step();
            }
        }
    } else if may_step_from(rule, player, to, sets, passed) {
        walk(rule, player, M::bit(to), sets, passed, |_, w, _, land| {
            for next in (land & !visited).squares() {
                let longer = m.push_step(w.dir, next);
                assert!(longer, "a chain within the checked bound");
                went_on = true;
                extend_light::<M, S, HOPS, UNDER>(chain, after, to, m, passed, None, out);
                m.pop_step();
            }
        });
    }
    if !went_on || rule.chain == Some(Chain::May) {
        m.push_copy(out);
    }
}
