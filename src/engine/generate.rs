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

use super::after::{
    allowed_one, checked_in_chain, holds_after, keep_allowed_after, Before, Tested,
};
use super::chain::{extend_chain, follow_light, light, ChainSets, LightChain};
use super::drawn_test::DrawnTest;
use super::end::{end_rule, nobody_moves, verdict_outcome, Cause, Outcome};
use super::env::env;
use super::layout::Layout;
use super::make::{make_part, Done};
use super::moves::Move;
use super::reach::capture_reachable;
use super::sowing::{sowings, SownList};
use super::state::State;
use super::Scratch;
use crate::eval::arith::binary_holds;
use crate::eval::Env;
use crate::ir::Mask;
use crate::ir::{
    Code, DirId, Effect, EffectLines, Game, MoveRule, OwnerPattern, Pattern, RuleId, Sq, Verdict,
    Walk, Where, NO_SQUARE,
};

/// Fills `out` with the legal moves of `s` (a pass, when passing is the rule and there is
/// no other move), or says how the game has ended.
pub fn generate<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    out: &mut Vec<Move>,
) -> Option<Outcome> {
    out.clear();
    // The boards before `s` in its line (`s` is the last one kept), for `seen`.
    let boards = scratch.history.boards();
    let (before, all) = (&boards[..boards.len().saturating_sub(1)], boards);
    if !game.reads_reachable {
        // Nothing is kept: a playout must not take a list left by another game's search.
        scratch.sown.clear();
        if let Some((o, _)) = end_rule(game, s, false, before) {
            return Some(o);
        }
        return by_rules_of_play(game, s, out, all).map(|(o, _)| o);
    }
    // The end rules search ahead from the moves of `s`, so those come first.
    let ended = by_rules_keeping(game, s, out, &mut scratch.sown, all);
    let reachable = capture_reachable(game, s, out, &scratch.sown, &mut scratch.reach);
    let boards = scratch.history.boards();
    let before = &boards[..boards.len().saturating_sub(1)];
    if let Some((o, _)) = end_rule(game, s, reachable, before) {
        out.clear();
        return Some(o);
    }
    ended.map(|(o, _)| o)
}

/// The moves of `s` by the rules of play alone, with no end rule read: the sowings, or the
/// moves of the first priority tier that has one, or what the no-move rule says (a pass,
/// unless no player can move). `earlier` holds the boards of the line up to `s` (for
/// `seen` in `after move require`).
pub(super) fn by_rules_of_play<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    earlier: &[u64],
) -> Option<(Outcome, Cause)> {
    if own_moves(game, s, out, None, earlier) {
        return None;
    }
    no_moves(game, s, out)
}

/// `by_rules_of_play`, keeping in `sown` the position after each sowing listed (nothing
/// when the moves are not sowings).
fn by_rules_keeping<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    sown: &mut SownList<Z::Slot>,
    earlier: &[u64],
) -> Option<(Outcome, Cause)> {
    sown.clear();
    if own_moves(game, s, out, Some(sown), earlier) {
        return None;
    }
    no_moves(game, s, out)
}

/// What happens when the player to move has no move by the rules of play: what the no-move
/// rule says, or a pass (in `out`), unless no player can move.
pub(super) fn no_moves<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
) -> Option<(Outcome, Cause)> {
    let verdict = match game.no_move.cases.as_slice() {
        [] => game.no_move.otherwise,
        cases => {
            let e = env(game, s);
            cases
                .iter()
                .find(|(condition, _)| condition.holds(&e))
                .map_or(game.no_move.otherwise, |c| c.1)
        }
    };
    if verdict != Verdict::Pass {
        let o = verdict_outcome(game, verdict, s, s.to_move)?;
        return Some((o, Cause::NoMove));
    }
    // After every other player has passed in turn, a pass would go round for ever: no
    // player can move, and the game ends.
    out.clear();
    if s.passes as usize + 1 >= game.players.len() {
        return Some((nobody_moves(game, s), Cause::NobodyCanMove));
    }
    out.push(Move::PASS);
    None
}

/// Fills `out` with the moves of the player to move by the rules of play, with no pass;
/// says whether there is one. With `sown`, the position after each sowing is kept there.
pub(super) fn own_moves<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    mut sown: Option<&mut SownList<Z::Slot>>,
    earlier: &[u64],
) -> bool {
    out.clear();
    if let Some(sw) = &game.sowing {
        sowings(game, sw, s, &mut s.clone(), |m, after| {
            out.push(m);
            if let Some(sown) = sown.as_mut() {
                sown.push(after, sw.count());
            }
            false
        });
        if !out.is_empty() {
            return true;
        }
    }
    if game.dice.is_some() && s.dice_left == 0 {
        super::dice::rolls(game, out);
        return true;
    }
    if !tier_of_play(game, s, out, earlier) {
        return false;
    }
    if game.dice.as_ref().is_some_and(|d| d.use_most) {
        super::dice::keep_most(game, s, out);
    }
    if game.piles {
        out.iter_mut().for_each(|m| settle_pile_landing(game, s, m));
    }
    true
}

/// In a game of piles: a landing on a pile of one's own takes nothing, so the move is no
/// capture.
#[inline(always)]
pub(super) fn settle_pile_landing<Z: Layout>(game: &Game, s: &State<Z>, m: &mut Move) {
    if let (true, [step]) = (m.takes, m.steps()) {
        let code = s.at(step.to());
        m.takes = code != 0 && game.owner[code as usize] != s.to_move;
    }
}

/// The moves of the first priority tier that has one (each choice of promotion a move of
/// its own, those `after move require` refuses struck off), in `out`; says whether there
/// is one. In a game of dice these are what the dice left allow, before `use most`.
/// `earlier` holds the boards of the line up to `s`.
pub(super) fn tier_of_play<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    earlier: &[u64],
) -> bool {
    out.clear();
    for tier in &game.tiers {
        tier_listed(game, tier, s, earlier, out);
        if !out.is_empty() {
            return true;
        }
    }
    false
}

/// The legal moves of one priority tier, in `out` (empty), as `tier_of_play` finds them.
#[inline(always)]
pub(super) fn tier_listed<Z: Layout>(
    game: &Game,
    tier: &[RuleId],
    s: &State<Z>,
    earlier: &[u64],
    out: &mut Vec<Move>,
) {
    // Without a footprint every move must be made to be checked: chains are checked as
    // they are found, on the position after them, which is in hand then.
    let check_chains = !game.after_move.is_empty() && game.after_footprint.is_none();
    generate_tier(game, tier, s, check_chains.then_some(earlier), out);
    // Each choice of what a promoted piece becomes is a move of its own, read by `after
    // move require` as chosen.
    if !game.promotion_choices.is_empty() {
        choose_promotions(game, s, out, 0);
    }
    if !game.after_move.is_empty() {
        keep_allowed_after(game, s, out, earlier);
    }
}

/// Whether a move of `s` may promote a piece whose player chooses what it becomes: false
/// where no piece that chooses stands where a move of it could end in its zone.
pub(super) fn may_choose<Z: Layout>(game: &Game, s: &State<Z>) -> bool {
    let Some(origins) = game.choice_origins.get(s.to_move as usize) else {
        return true;
    };
    let starts = Z::Set::from_set(origins) & *s.occupied(s.to_move as usize);
    starts.squares().any(|sq| {
        game.promotion_choices
            .get(s.at(sq) as usize)
            .is_some_and(|c| !c.is_empty())
    })
}

/// Where the player chooses what a promoted piece becomes, each move of `out[start..]`
/// that promotes comes once for each choice (`Move::promote`): the moves whose piece has
/// choices and whose last landing is in its promotion zone. A move whose choice is made
/// already is left as it is.
pub(super) fn choose_promotions<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    start: usize,
) {
    if !may_choose(game, s) {
        return;
    }
    // Read once at the width of the board: the game's set, read for each move, was a
    // fifth of the time of this loop.
    let landings = Z::Set::from_set(&game.choice_landings);
    for i in start..out.len() {
        // Read in place: most moves promote nothing, and a copy of each cost more than
        // the test.
        let Some(choices) = promotion_choices(game, s, landings, &out[i]) else {
            continue;
        };
        out[i].promote = choices[0];
        for &c in &choices[1..] {
            out.push(out[i]);
            out.last_mut().expect("a move was pushed").promote = c;
        }
    }
}

/// What the piece of `m` may become, where its player chooses (`choose_promotions`):
/// `None` where the move promotes nothing by choice, or its choice is made. `landings` is
/// `Game::choice_landings` at the width of the board.
#[inline(always)]
pub(super) fn promotion_choices<'g, Z: Layout>(
    game: &'g Game,
    s: &State<Z>,
    landings: Z::Set,
    m: &Move,
) -> Option<&'g [Code]> {
    let chooses = game.rules_choose.get(m.rule.index()).copied();
    let (from, to) = (m.from, m.to());
    if !chooses.unwrap_or(false) || !landings.has(to) || m.is_pass() || m.places() || m.promote != 0
    {
        return None;
    }
    let code = s.at(from) as usize;
    let (Some(choices), Some(&Some((zone, _)))) =
        (game.promotion_choices.get(code), game.promotions.get(code))
    else {
        return None;
    };
    (!choices.is_empty() && game.promotes_on(zone, code as u8, from, to)).then_some(choices)
}

/// The moves of each priority tier, highest first, with no priority applied and no
/// `after move require` test: what the player might have meant, for explaining why a move
/// is not legal.
pub fn moves_by_tier<Z: Layout>(game: &Game, s: &State<Z>) -> Vec<Vec<Move>> {
    each_tier(game, s, generate_tier)
}

/// `moves_by_tier`, with the moves whose rule's `require` is read move by move left in,
/// for saying why such a move is refused (`refusal`).
pub fn moves_by_tier_unrequired<Z: Layout>(game: &Game, s: &State<Z>) -> Vec<Vec<Move>> {
    each_tier(game, s, generate_tier_unrequired)
}

/// A function that lists the moves of one tier (`generate_tier` and its kin).
type TierLister<Z> = fn(&Game, &[RuleId], &State<Z>, Option<&[u64]>, &mut Vec<Move>);

/// The moves of each tier, as `one_tier` lists them.
fn each_tier<Z: Layout>(game: &Game, s: &State<Z>, one_tier: TierLister<Z>) -> Vec<Vec<Move>> {
    game.tiers
        .iter()
        .map(|tier| {
            let mut out = Vec::new();
            one_tier(game, tier, s, None, &mut out);
            out
        })
        .collect()
}

/// The moves of one priority tier, at the board's width. With `after_check` (the boards of
/// the line so far, for `seen`), chains are
/// checked against `after move require` as they are found.
pub(super) fn generate_tier<Z: Layout>(
    game: &Game,
    tier: &[RuleId],
    s: &State<Z>,
    after_check: Option<&[u64]>,
    out: &mut Vec<Move>,
) {
    tier_moves::<Z, false>(game, tier, s, after_check, out)
}

/// `generate_tier`, with the moves of rules whose `require` must be read move by move
/// (`deferrable`) left unchecked: the caller checks the one it draws (`meets_require`).
pub(super) fn generate_tier_unrequired<Z: Layout>(
    game: &Game,
    tier: &[RuleId],
    s: &State<Z>,
    after_check: Option<&[u64]>,
    out: &mut Vec<Move>,
) {
    tier_moves::<Z, true>(game, tier, s, after_check, out)
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
    pub fn of<Z: Layout<Set = M>>(game: &Game, s: &State<Z>) -> View<M> {
        let mut occupied = [M::default(); crate::ir::MAX_PLAYERS];
        let mut all = M::default();
        for (p, o) in occupied.iter_mut().enumerate().take(game.owners) {
            *o = *s.occupied(p);
            all |= *o;
        }
        View {
            player: s.to_move,
            occupied,
            empty: M::from_set(&game.board.used_set) & !all,
        }
    }

    /// The view with `sq` emptied.
    #[inline(always)]
    pub fn without(&self, game: &Game, sq: Sq) -> View<M> {
        let mut v = *self;
        let gone = M::bit(sq);
        for o in v.occupied.iter_mut().take(game.owners) {
            *o &= !gone;
        }
        v.empty |= gone & M::from_set(&game.board.used_set);
        v
    }

    /// The squares of each of the eight patterns of whole owners in a game of at most two
    /// owners, by `OwnerPattern::index`: a rule's sets are then one look-up each, with no
    /// loop over the owners' bits.
    #[inline(always)]
    pub fn owner_table(&self) -> [M; 8] {
        let [first, second] = [self.occupied[0], self.occupied[1]];
        let both = first | second;
        let e = self.empty;
        [
            M::default(),
            e,
            first,
            e | first,
            second,
            e | second,
            both,
            e | both,
        ]
    }

    /// The squares a pattern of whole owners matches (`Pattern::of_owners`).
    #[inline(always)]
    pub fn owners(&self, pattern: OwnerPattern) -> M {
        let mut set = match pattern.empty {
            true => self.empty,
            false => M::default(),
        };
        let mut owners = pattern.owners;
        while owners != 0 {
            set |= self.occupied[owners.trailing_zeros() as usize % crate::ir::MAX_PLAYERS];
            owners &= owners - 1;
        }
        set
    }

    /// The squares a pattern matches, for the player to move.
    #[inline(always)]
    pub fn pattern<Z: Layout>(&self, game: &Game, s: &State<Z>, pattern: &Pattern) -> M {
        matching(game, s, self.player, &self.occupied, || self.empty, pattern)
    }

    /// The pieces of the player to move that may make a move by `rule`.
    #[inline(always)]
    pub fn movers<Z: Layout>(&self, game: &Game, s: &State<Z>, rule: &MoveRule) -> M {
        let own = self.occupied[game.rule_owner(rule, self.player as usize)];
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
    pub fn of<Z: Layout>(
        game: &Game,
        s: &State<Z>,
        view: &View<M>,
        rule: &MoveRule,
    ) -> RuleSets<M> {
        if (rule.by_owner >> view.player) & 1 != 0 {
            // A union of the view's sets: no pattern read code by code.
            let reads = &rule.owner_reads[view.player as usize];
            return RuleSets {
                onto: view.owners(reads.onto),
                stop: reads.run.map_or(M::default(), |run| !view.owners(run)),
            };
        }
        RuleSets {
            onto: view.pattern(game, s, &rule.onto),
            stop: match &rule.run {
                Some(run) => !view.pattern(game, s, &run.pattern),
                None => M::default(),
            },
        }
    }
}

/// The most piece types whose squares `Kinds` keeps apart.
pub(super) const KIND_SETS: usize = 16;

/// The squares of each piece type of the player to move, where a game has a few types:
/// worked out once for a tier, so that the pieces that may use a rule of some types are a
/// union of sets, not a walk over the player's squares for each rule (a game may have a
/// dozen rules of a few types each).
pub(super) struct Kinds;

impl Kinds {
    /// Fills the sets in `slot` and lends them, in a game of two to `KIND_SETS` types;
    /// `None` in a game of one type, or of more (`View::movers` then reads the rule's
    /// pieces square by square). The sets are written where the caller keeps them, not
    /// returned: a copy of sets just written one square at a time would wait on those
    /// writes.
    #[inline(always)]
    pub(super) fn fill<'k, Z: Layout>(
        game: &Game,
        s: &State<Z>,
        view: &View<Z::Set>,
        slot: &'k mut Option<[Z::Set; KIND_SETS]>,
    ) -> Option<&'k [Z::Set; KIND_SETS]> {
        if !(2..=KIND_SETS).contains(&game.pieces.len()) {
            return None;
        }
        // Cleared only here: a game that keeps no sets pays nothing for them.
        let sets = slot.insert([Z::Set::default(); KIND_SETS]);
        for sq in view.occupied[view.player as usize].squares() {
            sets[game.kind[s.at(sq) as usize] as usize % KIND_SETS] |= Z::Set::bit(sq);
        }
        Some(sets)
    }

    /// `View::movers`, from the sets where they are kept.
    #[inline(always)]
    pub(super) fn movers<Z: Layout>(
        kinds: Option<&[Z::Set; KIND_SETS]>,
        game: &Game,
        s: &State<Z>,
        view: &View<Z::Set>,
        rule: &MoveRule,
    ) -> Z::Set {
        match kinds {
            Some(sets) if game.rule_owner(rule, view.player as usize) == view.player as usize => {
                Kinds::union(sets, rule.piece_mask as u16)
            }
            _ => view.movers(game, s, rule),
        }
    }

    /// The squares of the one or two types of `two` (`WalkReads::two_types`), else of the
    /// types of `types`.
    #[inline(always)]
    pub(super) fn union_of<M: Mask>(sets: &[M; KIND_SETS], two: Option<[u8; 2]>, types: u16) -> M {
        match two {
            Some([a, b]) => sets[a as usize % KIND_SETS] | sets[b as usize % KIND_SETS],
            None => Kinds::union(sets, types),
        }
    }

    /// The squares of the types of `types` (bit `t` for type `t`).
    #[inline(always)]
    pub(super) fn union<M: Mask>(sets: &[M; KIND_SETS], mut types: u16) -> M {
        let mut set = M::default();
        while types != 0 {
            set |= sets[types.trailing_zeros() as usize % KIND_SETS];
            types &= types - 1;
        }
        set
    }
}

/// The moves of one priority tier: for each rule, every piece that may use it at once.
/// With `DEFER`, the moves of `deferrable` rules are left unchecked (a constant, so that
/// the generator's own instance has no trace of it).
fn tier_moves<Z: Layout, const DEFER: bool>(
    game: &Game,
    tier: &[RuleId],
    s: &State<Z>,
    after_check: Option<&[u64]>,
    out: &mut Vec<Move>,
) {
    let view = View::<Z::Set>::of(game, s);
    let mut kind_sets = None;
    let kinds = Kinds::fill(game, s, &view, &mut kind_sets);
    // The gate of the rule before, the same as this rule's, failed (neither is plain).
    let mut shut = false;
    for &rule_id in tier {
        rule_moves_in_tier::<Z, DEFER>(game, rule_id, s, &view, kinds, after_check, &mut shut, out);
    }
}

/// The moves of one rule of a tier, as `tier_moves` lists them (a rule's twin with it).
/// `shut` says whether the gate of the rule before, the same as this rule's, failed; it is
/// set for the next rule.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn rule_moves_in_tier<Z: Layout, const DEFER: bool>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
    after_check: Option<&[u64]>,
    shut: &mut bool,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    if rule.plain {
        match rule.twin {
            // Listed with the rule before it.
            _ if rule.twinned => {}
            Some(twin) => twin_moves(game, rule_id, twin, s, view, kinds, out),
            None => moves_of_rule(game, rule_id, s, view, kinds, after_check, out),
        }
        return;
    }
    if rule.second_part || (rule.gate_shared_before && *shut) {
        return;
    }
    if rule.gate_shared_next {
        *shut = !gate_holds(game, rule, s);
        if *shut {
            return;
        }
    }
    let start = out.len();
    if rule.passes {
        if gate_holds(game, rule, s) {
            out.push(Move::PASS);
        }
        return;
    }
    if rule.by_die {
        super::dice::die_moves(game, rule_id, s, view, out);
    } else if rule.chooses() {
        placements(game, rule_id, s, view, out);
    } else if rule.anywhere {
        anywhere(game, rule_id, s, view, out);
    } else if rule.then.is_some() {
        first_parts(game, rule_id, s, view, out);
    } else if let (true, Some(conditions)) = (rule.walks_within, &rule.condition_sets) {
        moves_within(game, rule_id, s, view, kinds, conditions, out);
    } else if rule.parts.is_none() {
        moves_of_rule(game, rule_id, s, view, kinds, after_check, out);
    } else {
        super::runs::run_parts_moves(game, rule_id, s, view, out);
    }
    if DEFER && deferrable(rule) {
        return;
    }
    if rule.then.is_some() || (rule.require.is_some() && !settled_set_wise(rule)) {
        finish(game, rule_id, s, start, out);
    }
}

/// The moves of one moving rule with no second part and nothing read move by move, where
/// its chains need no `after move require` checked as they are found (`moves_of_rule`).
#[inline(never)]
pub(super) fn rule_moves<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
    out: &mut Vec<Move>,
) {
    moves_of_rule(game, rule_id, s, view, kinds, None, out);
}

/// Whether a caller may pass a rule by without listing it (`rule_moves_in_tier`), for one
/// of two reasons read in a few instructions: its gate is a look at the move before
/// (`Program::previous`: a capture in passing after anything but a double step) and is
/// shut, or it moves only the pieces that have moved, or only those that have not
/// (`MoveRule::movers_moved`), and has none (castling, once the king has moved). Its sets
/// and the tests that route a rule to its lister are then not read (the instructions
/// saved: docs/INTERNALS.md). Not a rule whose gate the next rule shares
/// (`gate_shared_next`): its gate decides the next rule's.
#[inline(always)]
pub(super) fn passed_by<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
) -> bool {
    let shut = rule.gate.as_deref().is_some_and(|g| match g.previous {
        Some((field, op, k)) if g.counts.is_empty() => !binary_holds(op, s.look.field(field), k),
        _ => false,
    });
    let none = shut
        || rule.movers_moved.is_some_and(|moved| {
            let movers = Kinds::movers(kinds, game, s, view, rule);
            match moved {
                true => (movers & s.moved).is_empty(),
                false => (movers & !s.moved).is_empty(),
            }
        });
    none && !rule.gate_shared_next
}

/// The moves of one moving rule (not a placement), as its first part.
#[inline(always)]
fn moves_of_rule<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
    after_check: Option<&[u64]>,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    let Some((movers, sets)) = rule_walkers(game, rule, s, view, kinds) else {
        return;
    };
    let takes = rule.captures();
    let none = Z::Set::default();
    let after_check = after_check.filter(|_| checked_in_chain(rule));
    match rule.chain {
        None => {
            // Only a rule without a chain chooses its movers by `moved` (and a plain
            // rule never does: it reads nothing move by move).
            let movers = match rule.movers_moved {
                Some(true) => movers & s.moved,
                Some(false) => movers & !s.moved,
                None => movers,
            };
            if movers.is_empty() {
                return;
            }
            landings(game, rule, s, movers, sets, none, |from, d, to| {
                out.push(Move::step(from, rule_id, takes, d, to));
            })
        }
        Some(_) if light(rule, s.to_move, after_check.is_some()) => {
            // Worked out at the first landing: most positions have none.
            let mut chain_sets = None;
            landings(game, rule, s, movers, sets, none, |from, d, to| {
                let mut m = Move::step(from, rule_id, takes, d, to);
                let p = s.to_move;
                let sets = *chain_sets.get_or_insert_with(|| ChainSets::of(rule, p, view));
                let chain = LightChain::of(game, rule, s, from);
                follow_light(&chain, sets, from, &mut m, out);
            })
        }
        Some(_) => landings(game, rule, s, movers, sets, none, |from, d, to| {
            let m = Move::step(from, rule_id, takes, d, to);
            extend_chain::<Z>(game, rule, s, from, m, none, after_check, out);
        }),
    }
}

/// The most landing sets of a rule's twin that `twin_moves` keeps aside; where a walk
/// finds more, the twin walks again on its own.
const TWIN_SETS: usize = 16;

/// The moves of a rule and of its twin (`MoveRule::twin`), listed as the two rules would
/// list them one after the other, from one walk: its movers go where the run lets them,
/// and each square they reach is a landing of the rule, of the twin, or of neither. The
/// rule's moves are listed as they are found; the twin's landing sets, with their walk
/// and distance, are kept aside and listed after.
#[inline(never)]
fn twin_moves<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    twin_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
    out: &mut Vec<Move>,
) {
    let (rule, twin) = (&game.rules[rule_id.index()], &game.rules[twin_id.index()]);
    let Some((movers, sets)) = rule_walkers(game, rule, s, view, kinds) else {
        return;
    };
    let onto_twin = RuleSets::of(game, s, view, twin).onto;
    let both = RuleSets {
        onto: sets.onto | onto_twin,
        stop: sets.stop,
    };
    let (takes, twin_takes) = (rule.captures(), twin.captures());
    let mut aside = [(0u16, 0u32, Z::Set::default()); TWIN_SETS];
    let mut kept = 0;
    let none = Z::Set::default();
    walk(
        rule,
        s.to_move,
        movers,
        both,
        none,
        #[inline(always)]
        |w, walk, k, land| {
            for to in (land & sets.onto).squares() {
                let from = walk.origin(&game.board, to, k);
                out.push(Move::step(from, rule_id, takes, walk.dir, to));
            }
            let theirs = land & onto_twin;
            if !theirs.is_empty() {
                if let Some(slot) = aside.get_mut(kept) {
                    *slot = (w as u16, k, theirs);
                }
                kept += 1;
            }
        },
    );
    if kept > TWIN_SETS {
        moves_of_rule(game, twin_id, s, view, kinds, None, out);
        return;
    }
    let walks = &twin.walks[s.to_move as usize];
    for &(w, k, land) in &aside[..kept] {
        let walk = &walks[w as usize];
        for to in land.squares() {
            let from = walk.origin(&game.board, to, k);
            out.push(Move::step(from, twin_id, twin_takes, walk.dir, to));
        }
    }
}

/// The pieces that may move by `rule` and the sets its walk reads; `None` where no piece
/// may, or its gate is shut.
#[inline(always)]
pub(super) fn rule_walkers<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
) -> Option<(Z::Set, RuleSets<Z::Set>)> {
    let movers = Kinds::movers(kinds, game, s, view, rule);
    if movers.is_empty() || !gate_holds(game, rule, s) {
        return None;
    }
    Some((movers, RuleSets::of(game, s, view, rule)))
}

/// The first parts of a moving rule with a second part (which has no chain), listed piece
/// by piece, in the order `sample` counts them.
fn first_parts<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    if !gate_holds(game, rule, s) {
        return;
    }
    let sets = RuleSets::of(game, s, view, rule);
    let takes = rule.captures();
    if rule.run.is_none_or(|r| r.max == 0) {
        // One step each way: the landing of each piece looked up, not walked.
        let walks = &rule.walks[s.to_move as usize];
        for piece in view.movers(game, s, rule).squares() {
            for walk in walks {
                let to = walk.next_of(piece);
                let allowed = |to| {
                    (walk.allowed.as_ref())
                        .is_none_or(|a| a.first().is_some_and(|a| a.contains(to)))
                };
                if to != NO_SQUARE
                    && sets.onto.has(to)
                    && allowed(to)
                    && dynamic_ok(game, rule, s, piece, to)
                {
                    out.push(Move::step(piece, rule_id, takes, walk.dir, to));
                }
            }
        }
        return;
    }
    for piece in view.movers(game, s, rule).squares() {
        landings(
            game,
            rule,
            s,
            Z::Set::bit(piece),
            sets,
            Z::Set::default(),
            |from, d, to| {
                out.push(Move::step(from, rule_id, takes, d, to));
            },
        )
    }
}

/// The moves of a rule whose piece goes anywhere: each of its pieces to each square the
/// rule allows, piece by piece.
fn anywhere<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    let takes = rule.captures();
    let squares = placeable_squares(game, rule, s, view);
    if squares.is_empty() {
        return;
    }
    for from in view.movers(game, s, rule).squares() {
        for to in (squares & !Z::Set::bit(from)).squares() {
            if dynamic_ok(game, rule, s, from, to) {
                out.push(Move::step(from, rule_id, takes, DirId(0), to));
            }
        }
    }
}

/// Whether a rule's `require` is settled by the squares `placeable_squares` gives, so that
/// no move of it needs to be made to be checked.
pub(super) fn settled_set_wise(rule: &MoveRule) -> bool {
    rule.place.is_some() && rule.require_any.is_some()
}

/// The placements of a placement rule as a first part: a new piece on each square the rule
/// allows (for a removal, the piece on each square it allows taken).
fn placements<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    let takes = rule.captures();
    let squares = placeable_squares(game, rule, s, view)
        .squares()
        .filter(|&to| rule.condition_sets.is_some() || dynamic_ok(game, rule, s, NO_SQUARE, to));
    match rule.rotate {
        None => out.extend(squares.map(|to| Move::place(rule_id, takes, to))),
        // A block turned each way the rule allows.
        Some(rot) => {
            for to in squares {
                out.extend(
                    rot.senses()
                        .map(|d| Move::step(NO_SQUARE, rule_id, false, d, to)),
                );
            }
        }
    }
}

/// The squares where a placement rule may put its piece, as far as sets of squares can
/// tell: none when the player has no such piece left in hand; else the squares its
/// conditions on squares allow, that match `onto`, where its conditions on the position
/// hold (when they are sets: `Where`), and where its required effect reaches a piece
/// (`require_any`). Conditions that are not sets are left to the caller.
#[inline(always)]
pub(super) fn placeable_squares<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    view: &View<Z::Set>,
) -> Z::Set {
    let player = s.to_move as usize;
    if let Some(piece) = rule.place {
        let piece = piece as usize;
        if (game.hand_types >> piece) & 1 != 0 && s.hand[player][piece] == 0 {
            return Z::Set::default();
        }
    }
    if !gate_holds(game, rule, s) {
        return Z::Set::default();
    }
    let mut squares = Z::Set::from_set(&rule.placeable[player]) & view.pattern(game, s, &rule.onto);
    if let Some(w) = &rule.condition_sets {
        squares &= where_squares(game, s, view, w);
    }
    if let Some(i) = rule.require_any {
        squares &= effect_origins(game, s, view, &rule.effects[i]);
    }
    squares
}

/// The squares of `within` whose number of pieces is one of `heights` (`height(to) > 1`, as
/// `Where::Height` keeps it): empty squares hold none, a lone piece is one, a column or pile
/// its height.
fn height_squares<Z: Layout>(game: &Game, s: &State<Z>, heights: u128, within: Z::Set) -> Z::Set {
    let holds = |height: usize| (heights >> height) & 1 != 0;
    let occupied = s.all_occupied(game.owners);
    let mut set = Z::Set::default();
    if holds(0) {
        set = Z::Set::from_set(&game.board.used_set) & !occupied & within;
    }
    let Some(c) = &game.columns else {
        // A lone piece on each occupied square.
        return if holds(1) {
            set | (occupied & within)
        } else {
            set
        };
    };
    // Heights of one and of two or more as sets (`State::tall`); square by square only
    // the tall squares, and only where the heights above one are not all alike.
    debug_assert!(
        c.keeps_tall,
        "a game that reads heights keeps its tall squares"
    );
    let tall = s.tall() & within;
    if holds(1) {
        set |= occupied & within & !tall;
    }
    const ABOVE_ONE: u128 = !0 << 2;
    match heights & ABOVE_ONE {
        ABOVE_ONE => set | tall,
        0 => set,
        _ => {
            // Without a branch on each square's answer, which no predictor learns.
            for sq in tall.squares() {
                let height = 1 + super::column::height_below(s.column(c, sq));
                set.insert_if(sq, holds(height));
            }
            set
        }
    }
}

/// The squares a pattern matches for `player`, where each owner's pieces stand on
/// `occupied` (the state's, or a view's after a step; the game's owners first) and the
/// empty squares are `empty()`; a pattern of some of an owner's piece types reads the
/// types from `s`.
#[inline(always)]
pub(super) fn matching<Z: Layout, M: Mask>(
    game: &Game,
    s: &State<Z>,
    player: u8,
    occupied: &[M; crate::ir::MAX_PLAYERS],
    empty: impl FnOnce() -> M,
    pattern: &Pattern,
) -> M {
    let codes = pattern.masks[player as usize];
    let mut set = if codes & 1 != 0 {
        empty()
    } else {
        M::default()
    };
    let types = game.pieces.len().max(1);
    let all = u64::MAX >> (64 - types);
    for (owner, &pieces) in occupied.iter().enumerate().take(game.owners) {
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

/// `Where::Previous` for one player: the square `to` whose square `delta` away (`to` being
/// in `onto`) is `at`, a square of the move before; where that is no square, the squares
/// whose step leaves the board. Out of line: few rules read it, and `where_squares` stays
/// as small as it was.
#[inline(never)]
fn previous_squares<M: Mask>(game: &Game, at: i64, onto: &crate::ir::SquareSet, delta: i32) -> M {
    let onto = M::from_set(onto);
    if at == crate::ir::expr::OFF {
        return M::from_set(&game.board.used_set) & !onto;
    }
    let to = at - delta as i64;
    match (0..game.board.cells() as i64).contains(&to) && onto.has(to as Sq) {
        true => M::bit(to as Sq),
        false => M::default(),
    }
}

/// The squares `to` where conditions on the squares around `to` hold.
pub(super) fn where_squares<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    view: &View<Z::Set>,
    w: &Where,
) -> Z::Set {
    let player = view.player as usize;
    match w {
        Where::Squares(sets) => Z::Set::from_set(&sets[player]),
        Where::At {
            pattern,
            onto,
            delta,
        } => view.pattern(game, s, pattern).shift(-delta[player]) & Z::Set::from_set(&onto[player]),
        Where::Previous { field, onto, delta } => {
            previous_squares(game, s.look.field(*field), &onto[player], delta[player])
        }
        Where::And(parts) => parts.iter().fold(!Z::Set::default(), |acc, p| match p {
            // Heights are read only where the parts before leave squares.
            Where::Height { heights } => acc & height_squares(game, s, *heights, acc),
            _ => acc & where_squares(game, s, view, p),
        }),
        Where::Or(parts) => parts.iter().fold(Z::Set::default(), |acc, p| {
            acc | where_squares(game, s, view, p)
        }),
        Where::Not(inner) => {
            Z::Set::from_set(&game.board.used_set) & !where_squares(game, s, view, inner)
        }
        Where::Line {
            pattern,
            n,
            dirs,
            rows,
        } => {
            let set = view.pattern(game, s, pattern);
            match rows.get(player) {
                Some(rows) => rows_within(rows, set),
                None => line_squares(&game.board, set, *n, &dirs[player]),
            }
        }
        Where::NoneWhere {
            pattern,
            zone,
            inner,
        } => {
            let mut found = view.pattern(game, s, pattern) & where_squares(game, s, view, inner);
            if let Some(z) = zone {
                found &= Z::Set::from_set(&game.zones[*z].sets[player]);
            }
            if found.is_empty() {
                Z::Set::from_set(&game.board.used_set)
            } else {
                Z::Set::default()
            }
        }
        Where::Height { heights } => height_squares(game, s, *heights, !Z::Set::default()),
        Where::Holds(condition) => {
            if condition.holds(&env(game, s)) {
                Z::Set::from_set(&game.board.used_set)
            } else {
                Z::Set::default()
            }
        }
    }
}

/// The squares of `set` that lie in a row of at least `n` of them along one of `dirs`:
/// for each direction, the squares that start such a row (each the start of one `n - 1`
/// squares long behind it), and the `n - 1` squares after each.
fn line_squares<M: Mask>(board: &crate::ir::Board, set: M, n: usize, dirs: &[DirId]) -> M {
    let mut on_a_row = M::default();
    for &d in dirs {
        let forward = board.stepper::<M>(d);
        // `starts`: the squares from which `k` squares of `set` follow one another along d.
        let mut starts = set;
        for _ in 1..n {
            // A square stays a start if the square after it does.
            starts = forward.back(starts) & set;
        }
        let mut row = starts;
        for _ in 1..n {
            row = forward.step(row);
            on_a_row |= row;
        }
        on_a_row |= starts;
    }
    on_a_row & set
}

/// `line_squares` where the rows are listed: the squares of every row all in `set`.
fn rows_within<M: Mask>(rows: &[crate::ir::SquareSet], set: M) -> M {
    let mut on_a_row = M::default();
    for row in rows {
        let row = M::from_set(row);
        if (row & !set).is_empty() {
            on_a_row |= row;
        }
    }
    on_a_row
}

/// The squares from which an effect with a closed run (`over 1+ enemy onto friend`) reaches
/// at least one piece, along its directions: for each, the squares that start a run of
/// `k` matching squares followed by a closing one, for each allowed `k`, found for all
/// squares at once.
fn effect_origins<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    view: &View<Z::Set>,
    effect: &Effect,
) -> Z::Set {
    let (Some(run), Some(closer), EffectLines::Along(dirs)) =
        (effect.run, effect.closer, &effect.lines)
    else {
        unreachable!("the checker settles only effects with a closed run along directions")
    };
    let board = &game.board;
    let run_squares = view.pattern(game, s, &run.pattern);
    let closers = view.pattern(game, s, &closer);
    let mut origins = Z::Set::default();
    for &d in &dirs[view.player as usize] {
        let d = board.stepper::<Z::Set>(d);
        // `starts`: squares that begin a run of `k` squares closed by a closer.
        let mut starts = d.back(closers) & run_squares;
        let mut k = 1;
        while !starts.is_empty() {
            if k >= run.min {
                origins |= d.back(starts);
            }
            if k >= run.max {
                break;
            }
            starts = d.back(starts) & run_squares;
            k += 1;
        }
    }
    origins
}

/// The squares `x` for which some row of `n` squares along one of `dirs` through `x` has
/// its other `n - 1` squares in `set`: where a piece of `set`'s kind would complete a row.
fn completing_squares<M: Mask>(board: &crate::ir::Board, set: M, n: usize, dirs: &[DirId]) -> M {
    const MOST: usize = 8;
    if n > MOST {
        // Longer rows are rare: every square may complete one (the rule then reads it).
        return !M::default();
    }
    let mut completing = M::default();
    for &d in dirs {
        let step = board.stepper::<M>(d);
        // `ahead[k]`, `behind[k]`: `set` moved `k` steps along d, and back.
        let mut ahead = [set; MOST];
        let mut behind = [set; MOST];
        for k in 1..n {
            ahead[k] = step.step(ahead[k - 1]);
            behind[k] = step.back(behind[k - 1]);
        }
        for j in 0..n {
            // `x` at place `j` of the row: the square `i - j` steps along is in `set`, for
            // every other place `i` (moved `j - i` steps).
            completing |= (0..n).filter(|&i| i != j).fold(!M::default(), |acc, i| {
                acc & if j > i { ahead[j - i] } else { behind[i - j] }
            });
        }
    }
    completing
}

/// `completing_squares` where the rows are listed (`MoveRule::then_when_rows`, each of
/// `n` squares): the one square of each row that is not in `set` where all the others
/// are. (One square missing is a set with one member: no count needed.)
fn completing_rows<M: Mask>(rows: &[crate::ir::SquareSet], set: M) -> M {
    let mut completing = M::default();
    for row in rows {
        let missing = M::from_set(row) & !set;
        if missing.is_single() {
            completing |= missing;
        }
    }
    completing
}

/// Completes the moves of one rule that `out[start..]` holds as first parts: keeps those
/// whose `require` holds (made and read one by one), then replaces each by the moves made
/// of it and every second part that can follow.
fn finish<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    start: usize,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    if rule.require.is_some() && !settled_set_wise(rule) {
        // `require` reads each choice of what a promoted piece becomes as chosen.
        if !game.promotion_choices.is_empty() && rule.then.is_none() {
            choose_promotions(game, s, out, start);
        }
        keep_required(game, rule, s, start, out, |after, m| {
            made_first(game, rule, after, m)
        });
    }
    let Some(then) = rule.then else {
        return;
    };
    // Where `then … when line(… through to)` cannot hold after the first part, the move
    // ends there: the row must be there before the move, but for where the piece lands.
    let end = out.len();
    if end == start {
        return;
    }
    let player = s.to_move as usize;
    let row = rule.then_when_line.as_ref().map(|(pattern, n, dirs)| {
        let view = View::<Z::Set>::of(game, s);
        let set = view.pattern(game, s, pattern);
        let completing = match rule.then_when_rows.get(player) {
            Some(rows) => completing_rows(rows, set),
            None => completing_squares(&game.board, set, *n, &dirs[player]),
        };
        RowAsked {
            pattern,
            n: *n,
            dirs: &dirs[player],
            set,
            completing,
        }
    });
    if let Some(row) = &row {
        if out[start..end].iter().all(|m| !row.completing.has(m.to())) {
            // No move goes on: the first parts are the moves, where they stand.
            return;
        }
    }
    let exact = row.is_some() && row_read_set_wise(game, rule);
    for i in start..end {
        // A move that ends after its first part is copied from the list into it, not
        // through a copy kept aside: a move of tens of bytes written twice in a row stalls
        // the processor (see `Move::push_second`).
        match &row {
            Some(row) if !row.completing.has(out[i].to()) => out.push(out[i]),
            Some(row) if exact && !row.stands_after(game, s, rule, &out[i]) => out.push(out[i]),
            _ => second_parts(game, then, s, out[i], out),
        }
    }
    out.drain(start..end);
}

/// The row a `then … when line(pattern, n through to)` asks for, as `finish` reads it for
/// one position: the pattern's squares there (`set`), and the squares where a piece of
/// the pattern would complete a row (`completing`).
struct RowAsked<'g, M> {
    pattern: &'g Pattern,
    n: usize,
    dirs: &'g [DirId],
    set: M,
    completing: M,
}

/// Whether a first part of `rule` changes the squares of a `then … when line(…)` pattern
/// only where it leaves and where it lands, with the piece it moves or places, so that
/// `RowAsked::stands_after` reads the row on the position after it without making it: one landing, no
/// run taken, no removal, no promotion, and no columns or piles under the landing.
fn row_read_set_wise(game: &Game, rule: &MoveRule) -> bool {
    !rule.takes_run
        && !rule.removes
        && !rule.neutral
        && rule.rotate.is_none()
        && rule.chain.is_none()
        && rule.parts.is_none()
        && game.columns.is_none()
        && !game.piles
        && game.promotions.iter().all(Option::is_none)
}

impl<M: Mask> RowAsked<'_, M> {
    /// Whether the row stands after the first part `m` (of a rule that is
    /// `row_read_set_wise`): the pattern's squares before it, less the square left and the
    /// square landed on, and the landing again if the piece that lands there matches; then
    /// the row through the landing, as `line_through` reads it.
    fn stands_after<Z: Layout<Set = M>>(
        &self,
        game: &Game,
        s: &State<Z>,
        rule: &MoveRule,
        m: &Move,
    ) -> bool {
        if m.steps().len() != 1 {
            // Not one landing: made and read.
            return true;
        }
        let to = m.to();
        let code = match rule.place {
            Some(t) => game.code(s.to_move as usize, t as usize),
            None => s.at(m.from),
        };
        if !self.pattern.matches(s.to_move, code) {
            return false;
        }
        let mut after = self.set & !M::bit(to);
        if m.from != NO_SQUARE {
            after &= !M::bit(m.from);
        }
        after |= M::bit(to);
        let board = &game.board;
        let on = |sq: Sq| sq != NO_SQUARE && after.has(sq);
        self.dirs.iter().any(|&d| {
            let mut run = 1;
            let mut at = board.next(to, d);
            while run < self.n && on(at) {
                run += 1;
                at = board.next(at, d);
            }
            let mut at = board.back(to, d, 1);
            while run < self.n && on(at) {
                run += 1;
                at = board.back(at, d, 1);
            }
            run >= self.n
        })
    }
}

/// Whether the moves of a rule are whole moves whose `require` is read move by move, on
/// the position after each: a caller that wants one legal move may list them unchecked and
/// check only the one it draws (`meets_require`).
pub(super) fn deferrable(rule: &MoveRule) -> bool {
    rule.then.is_none() && rule.require.is_some() && !settled_set_wise(rule)
}

/// Whether a move of a `deferrable` rule (or of a rule with no `require`, or a pass) meets
/// its rule's `require`: what `finish` keeps, for one move.
pub(super) fn meets_require<Z: Layout>(game: &Game, s: &State<Z>, m: &Move) -> bool {
    if m.is_pass() {
        return true;
    }
    let rule = &game.rules[m.rule.index()];
    // A deferrable rule has a `require`.
    !deferrable(rule) || required_after(game, rule, &mut { *s }, m)
}

/// Makes `rule`'s part of `m` on `after` and reads the rule's `require` there (a rule
/// that has one).
fn required_after<Z: Layout>(game: &Game, rule: &MoveRule, after: &mut State<Z>, m: &Move) -> bool {
    let require = rule.require.as_ref().expect("a rule with a require");
    let made = made_first(game, rule, after, m);
    require_holds(game, require, after, m, made)
}

/// Whether `require` holds at `after`, the position after a part of a move that did
/// `done`, from `from` to `to`.
fn require_holds<Z: Layout>(
    game: &Game,
    require: &crate::ir::Program,
    after: &State<Z>,
    m: &Move,
    (done, from, to): (Done, Sq, Sq),
) -> bool {
    let stuck = || super::stuck::stuck_after(game, after, m, done, &[]);
    require.holds(&Env {
        from,
        to,
        turned: done.turned,
        taken: done.taken,
        stuck: Some(&stuck),
        ..env(game, after)
    })
}

/// Whether a move drawn from the unchecked list (`generate_tier_unrequired`) is legal: it
/// meets its rule's `require` and `after move require`. Where both read the same position
/// after it (a move of one part, in a game that keeps no moved pieces), it is made once.
/// Otherwise it is made on `after` (`allowed_one`), reading `before`, the position with
/// its player's squares by type, where the caller has it; or tested by `test`, where the
/// caller has one for the position (`DrawnTest`).
pub(super) fn drawn_legal<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    m: &Move,
    earlier: &[u64],
    after: &mut State<Z>,
    before: Option<&Before<Z>>,
    test: Option<&DrawnTest<Z>>,
) -> Tested {
    let rule = (!m.is_pass()).then(|| &game.rules[m.rule.index()]);
    let once =
        rule.filter(|r| deferrable(r) && !r.plain && !game.reads_moved && game.sowing.is_none());
    let Some(rule) = once else {
        return match (meets_require(game, s, m), test) {
            (true, Some(test)) => test.test(m, earlier, after, before),
            (true, None) => allowed_one(game, s, m, earlier, after, before),
            (false, _) => Tested::Refused,
        };
    };
    // Only the first part is made here: the position is no playout's to play on.
    *after = *s;
    let require = rule
        .require
        .as_ref()
        .expect("a deferrable rule has a require");
    let made = made_first(game, rule, after, m);
    let legal = require_holds(game, require, after, m, made)
        && ((m.promote == 0 && checked_in_chain(rule))
            || holds_after(game, after, m, made.0, earlier, None));
    match legal {
        true => Tested::Legal,
        false => Tested::Refused,
    }
}

/// Makes the part of `m` that is `rule`'s first (with its chosen promotion) on `after`,
/// and says what it did, where it started and where it landed.
fn made_first<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    after: &mut State<Z>,
    m: &Move,
) -> (Done, Sq, Sq) {
    let mut done = Done::default();
    let to = make_part(game, after, rule, m.from, m.first_steps(), &mut done);
    if m.promote != 0 {
        after.put(game, to, m.promote);
    }
    (done, m.from, to)
}

/// Keeps the moves of `out[start..]` after which `rule`'s `require` holds. `make` makes
/// the part of a move that is `rule`'s on a copy of `s`, and says what it did, where it
/// started and where it landed.
fn keep_required<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    start: usize,
    out: &mut Vec<Move>,
    make: impl Fn(&mut State<Z>, &Move) -> (Done, Sq, Sq),
) {
    let Some(require) = &rule.require else {
        return;
    };
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        let mut after = *s;
        let made = make(&mut after, &m);
        if require_holds(game, require, &after, &m, made) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Appends to `out` the moves made of the first part `m` and each second part by rule
/// `then` that can follow it, from where `m` landed. A first part that no second part can
/// follow makes no move.
fn second_parts<Z: Layout>(game: &Game, then: RuleId, s: &State<Z>, m: Move, out: &mut Vec<Move>) {
    let first = &game.rules[m.rule.index()];
    let rule = &game.rules[then.index()];
    let mut after = *s;
    let at = make_part(
        game,
        &mut after,
        first,
        m.from,
        m.first_steps(),
        &mut Done::default(),
    );
    if let Some(when) = &first.then_when {
        // `then RULE when COND`: where it does not hold, the move ends after its first part.
        let env = Env {
            from: m.from,
            to: at,
            ..env(game, &after)
        };
        if !when.holds(&env) {
            out.push(m);
            return;
        }
    }
    if !gate_holds(game, rule, &after) {
        return;
    }
    let view = View::<Z::Set>::of(game, &after);
    let takes = rule.captures();
    let start = out.len();
    let none = Z::Set::default();
    let sets = RuleSets::of(game, &after, &view, rule);
    let player = after.to_move as usize;
    if rule.chooses() && rule.walks[player].is_empty() {
        // A placement (or removal) anywhere the rule allows.
        for to in placeable_squares(game, rule, &after, &view).squares() {
            if rule.condition_sets.is_some() || dynamic_ok(game, rule, &after, NO_SQUARE, to) {
                match rule.rotate {
                    None => m.push_second(out, DirId(0), to, takes),
                    Some(rot) => {
                        for d in rot.senses() {
                            m.push_second(out, d, to, false);
                        }
                    }
                }
            }
        }
    } else if rule.anywhere {
        // The piece that landed goes on to any square the rule allows.
        if view.movers(game, &after, rule).has(at) {
            let squares = placeable_squares(game, rule, &after, &view) & !Z::Set::bit(at);
            for to in squares.squares() {
                if dynamic_ok(game, rule, &after, at, to) {
                    m.push_second(out, DirId(0), to, takes);
                }
            }
        }
    } else if rule.chooses() {
        // A placement (or removal) along the rule's lines from where the first part landed.
        let in_hand = |t: u8| (game.hand_types >> t) & 1 == 0 || after.hand[player][t as usize] > 0;
        if rule.place.is_none_or(in_hand) {
            landings(
                game,
                rule,
                &after,
                Z::Set::bit(at),
                sets,
                none,
                |_, d, to| {
                    m.push_second(out, d, to, takes);
                },
            );
        }
    } else if view.movers(game, &after, rule).has(at) {
        // The piece that landed moves on by the second rule.
        match rule.chain {
            None => landings(
                game,
                rule,
                &after,
                Z::Set::bit(at),
                sets,
                none,
                |_, d, to| {
                    m.push_second(out, d, to, takes);
                },
            ),
            Some(_) => landings(
                game,
                rule,
                &after,
                Z::Set::bit(at),
                sets,
                none,
                |_, d, to| {
                    if let Some(longer) = m.second(d, to, takes) {
                        extend_chain::<Z>(game, rule, &after, at, longer, none, None, out);
                    }
                },
            ),
        }
    }
    if rule.require.is_some() {
        keep_required(game, rule, &after, start, out, |after2, m2| {
            let mut done = Done::default();
            let to = make_part(game, after2, rule, at, m2.second_steps(), &mut done);
            (done, at, to)
        });
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
    let through = passable(rule, sets, passed);
    for (w, walk) in rule.walks[player as usize].iter().enumerate() {
        let run = (min, max);
        if walk.shifts.is_empty() {
            let steps_from = M::from_set(&walk.steps_from);
            let step = |set: M| (set & steps_from).shift_within(walk.delta);
            walk_one(w, walk, step, movers, run, sets.onto, through, &mut found);
        } else {
            // Lines of points, whose steps along one direction differ.
            let step = |set: M| walk.step(set);
            walk_one(w, walk, step, movers, run, sets.onto, through, &mut found);
        }
    }
}

/// The squares a run of `rule` may pass over: never one of `passed` in a capturing run.
#[inline(always)]
pub(super) fn passable<M: Mask>(rule: &MoveRule, sets: RuleSets<M>, passed: M) -> M {
    if rule.takes_run {
        !(sets.stop | passed)
    } else {
        !sets.stop
    }
}

/// Whether `walk` from the one square `from` may find a landing: whether a square one step
/// from it (`MoveRule::first_steps`) may be passed over, or, where the run may be empty,
/// landed on. Where not, `walk` finds nothing; a chain asks this first, since it walks on
/// from each landing, one square at a time, and mostly finds nothing.
#[inline(always)]
pub(super) fn may_step_from<M: Mask>(
    rule: &MoveRule,
    player: u8,
    from: Sq,
    sets: RuleSets<M>,
    passed: M,
) -> bool {
    let first = M::at(&rule.first_steps[player as usize], from as usize);
    let mut open = passable(rule, sets, passed);
    if rule.run.is_none_or(|r| r.min == 0) {
        open |= sets.onto;
    }
    !(first & open).is_empty()
}

/// `walk` along one walk, whose steps `step` makes.
///
/// A walk with conditions on squares lands at each distance only on the squares of its
/// `allowed` set for it. On one word that is a loop of its own, so that a walk without
/// them tests nothing more at each step (a game of slides toward the centre: 0.97 of the
/// instructions); on several words one loop tests for them, since two cost a 90-square
/// board 1%. (The `allowed` sets
/// reach as far as the board's longest line this way; past it no walker is left, so the
/// walk ends with them.) The loops count their distances by hand: a loop over a range of
/// them (`RangeInclusive`) spent on its test of the end nearly what a step costs.
#[inline(always)]
fn walk_one<M: Mask>(
    w: usize,
    walk: &Walk,
    step: impl Fn(M) -> M,
    movers: M,
    (min, max): (u32, u32),
    onto: M,
    through: M,
    found: &mut impl FnMut(usize, &Walk, u32, M),
) {
    let mut walkers = movers;
    if M::WORDS > 1 {
        let mut k = 0;
        loop {
            k += 1;
            walkers = step(walkers);
            if walkers.is_empty() {
                break;
            }
            if k > min {
                let mut land = walkers & onto;
                if let Some(allowed) = &walk.allowed {
                    land &= allowed
                        .get(k as usize - 1)
                        .map_or(M::default(), M::from_set);
                }
                if !land.is_empty() {
                    found(w, walk, k, land);
                }
            }
            if k > max {
                break;
            }
            walkers &= through;
        }
        return;
    }
    let Some(allowed) = &walk.allowed else {
        let mut k = 0;
        loop {
            k += 1;
            walkers = step(walkers);
            if walkers.is_empty() {
                break;
            }
            if k > min {
                let land = walkers & onto;
                if !land.is_empty() {
                    found(w, walk, k, land);
                }
            }
            if k > max {
                break;
            }
            walkers &= through;
        }
        return;
    };
    let last = (max as usize + 1).min(allowed.len());
    let mut k = 0;
    while k < last {
        walkers = step(walkers);
        if walkers.is_empty() {
            break;
        }
        k += 1;
        if k as u32 > min {
            let land = walkers & onto & M::from_set(&allowed[k - 1]);
            if !land.is_empty() {
                found(w, walk, k as u32, land);
            }
        }
        walkers &= through;
    }
}

/// Calls `found(from, direction, landing)` for every landing of the pieces of `movers` by
/// one rule where its conditions that read the position hold, never passing over a square
/// of `passed` in a capturing run. The rule's `gate` is the caller's to read, once.
#[inline(always)]
pub(super) fn landings<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    movers: Z::Set,
    sets: RuleSets<Z::Set>,
    passed: Z::Set,
    mut found: impl FnMut(Sq, DirId, Sq),
) {
    walk(
        rule,
        s.to_move,
        movers,
        sets,
        passed,
        #[inline(always)]
        |_, walk, k, land| {
            for to in land.squares() {
                let from = walk.origin(&game.board, to, k);
                if dynamic_ok(game, rule, s, from, to) {
                    found(from, walk.dir, to);
                }
            }
        },
    );
}

/// The moves of a rule without a chain whose conditions read the position at `to` alone,
/// in a set found in a few operations (`MoveRule::walks_within`, as `previous(to) == to +
/// backward`): the squares where they hold are found once, not read landing by landing.
/// Out of line: the walk of the other rules stays as it was.
#[inline(never)]
fn moves_within<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    kinds: Option<&[Z::Set; KIND_SETS]>,
    conditions: &Where,
    out: &mut Vec<Move>,
) {
    let rule = &game.rules[rule_id.index()];
    let Some((movers, sets)) = rule_walkers(game, rule, s, view, kinds) else {
        return;
    };
    let sets = RuleSets {
        onto: sets.onto & where_squares(game, s, view, conditions),
        stop: sets.stop,
    };
    let takes = rule.captures();
    walk(
        rule,
        s.to_move,
        movers,
        sets,
        Z::Set::default(),
        |_, walk, k, land| {
            for to in land.squares() {
                let from = walk.origin(&game.board, to, k);
                out.push(Move::step(from, rule_id, takes, walk.dir, to));
            }
        },
    );
}

/// Whether the rule's conditions that read neither `from` nor `to` hold in `s` (read once
/// for all the rule's moves).
#[inline(always)]
pub(super) fn gate_holds<Z: Layout>(game: &Game, rule: &MoveRule, s: &State<Z>) -> bool {
    rule.gate
        .as_ref()
        .is_none_or(|g| match g.counts.is_empty() {
            true => match g.previous {
                Some((field, op, k)) => binary_holds(op, s.look.field(field), k),
                None => g.holds(&env(game, s)),
            },
            false => super::counts::counts_hold(game, s, s.to_move, g),
        })
}

/// The rule's conditions that read the state and the move's squares (its `gate` holds).
#[inline(always)]
pub(super) fn dynamic_ok<Z: Layout>(
    game: &Game,
    rule: &MoveRule,
    s: &State<Z>,
    from: Sq,
    to: Sq,
) -> bool {
    let Some(condition) = &rule.per_move else {
        return true;
    };
    let env = Env {
        from,
        to,
        ..env(game, s)
    };
    condition.holds(&env)
}
