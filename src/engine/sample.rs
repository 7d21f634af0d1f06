//! One legal move chosen by its index, without building the others: for a random playout.
//!
//! Where every move of a game is one landing of the set-wise walk (no chains, no conditions
//! read during play, no `after move require`, no sowing, no search in the end rules), the
//! walk's landing sets say everything: their popcounts are the number of moves, and the
//! chosen index is found in them. The order is the generator's own, so the move chosen for
//! an index is the move `generate` would list at that index; elsewhere this falls back to
//! `generate`.

use super::after::{after_settled, attack_env, Before, Tested};
use super::dice::draw_most;
use super::drawn_test::DrawnTest;
use super::end::{end_rule, Outcome};
use super::generate::{
    drawn_legal, gate_holds, generate, may_choose, no_moves, passable, passed_by,
    placeable_squares, promotion_choices, rule_moves, rule_moves_in_tier, rule_walkers,
    settle_pile_landing, settled_set_wise, tier_of_play, walk, Kinds, RuleSets, View, KIND_SETS,
};
use super::layout::Layout;
use super::make::Done;
use super::moves::Move;
use super::state::State;
use super::Scratch;
use crate::ir::Mask;
use crate::ir::{EndShape, Game, MoveRule, OwnerPattern, RuleId, Sq, TierStep, Walk, NO_SQUARE};

/// A set of landings found by the walk: its rule, walk and distance, and its squares. (For
/// a rule whose moves are listed, `walk` is `LISTED` and `distance` the index of the first
/// of them in the list; for a lone piece's, every distance at once: see `ONE_PIECE` and
/// `LONE`.)
#[derive(Clone, Copy, Debug)]
pub struct Landings<M> {
    rule: RuleId,
    walk: u16,
    distance: u32,
    count: u32,
    squares: M,
}

/// Whether every move of the game is one landing of the walk, one square of a placement,
/// or a chain followed on the occupied sets (`MoveRule::light_chain`), so that moves can
/// be counted from sets of squares, with only the chains listed. `after move require` is
/// allowed where it reads a fixed set of squares: in a position where no move can change
/// what it reads (`after_settled`), the moves are counted; elsewhere listed.
pub fn countable(game: &Game) -> bool {
    game.sowing.is_none()
        && game.dice.is_none()
        // A landing on a pile of one's own is no capture: listed, to say so move by move.
        && !game.piles
        && !game.reads_reachable
        && (game.after_move.is_empty() || game.after_footprint.is_some())
        // Each choice of what a promoted piece becomes is a move of its own: listed.
        && game.promotion_choices.is_empty()
        && game.rules.iter().all(|r| {
            let conditions =
                r.conditions.is_empty() || (r.place.is_some() && r.condition_sets.is_some());
            // Removals, moves anywhere, second parts under a condition and runs passed in
            // turn are listed.
            let listed = r.removes
                || r.rotate.is_some()
                || r.anywhere
                || r.passes
                || r.then_when.is_some()
                || r.parts.is_some();
            let require = r.require.is_none() || settled_set_wise(r);
            let parts = r
                .then
                .is_none_or(|t| by_piece(game, r, &game.rules[t.index()]));
            let chain = r.chain.is_none() || light_everywhere(game, r);
            chain && conditions && require && parts && !listed
        })
}

/// Whether every player's chains by `r` are followed on the occupied sets alone.
fn light_everywhere(game: &Game, r: &MoveRule) -> bool {
    (0..game.players.len()).all(|p| (r.light_chain >> p) & 1 != 0)
}

/// Whether the moves of a rule in two parts can be counted piece by piece: its first part
/// moves a piece and changes no other square (no run taken, no effect, no promotion), and
/// its second part is one landing of a walk from where the first landed, with nothing read
/// square by square. Then, for one piece, the second parts from all its landings are found
/// by one walk on the position without the piece: what a second part reads from a landing
/// never includes the landing itself, and nothing else differs between those positions.
fn by_piece(game: &Game, first: &MoveRule, second: &MoveRule) -> bool {
    let steps_only = first.place.is_none()
        && !first.takes_run
        && first.effects.is_empty()
        && first.require.is_none()
        && game.promotions.iter().all(Option::is_none);
    let walked = second.chain.is_none()
        && second.conditions.is_empty()
        && second.require.is_none()
        && second.then.is_none()
        && second.walks.iter().any(|w| !w.is_empty());
    steps_only && walked
}

/// The legal move of `s` with index `pick(number of legal moves)` in the order `generate`
/// lists them, or how the game has ended. `out` is a buffer for when the moves must be
/// listed after all.
pub fn sample<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    out: &mut Vec<Move>,
    pick: impl FnOnce(usize) -> usize,
) -> Result<Move, Outcome> {
    let countable = countable(game);
    match countable && chained(game) {
        true => sample_chained(game, s, scratch, out, pick),
        false => sample_counted(game, countable, s, scratch, out, pick),
    }
}

/// `sample`, where the caller has found once whether the game is `countable`. (A game
/// with chains is sampled out of line, by `sample_chained`.)
pub fn sample_counted<Z: Layout>(
    game: &Game,
    countable: bool,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    out: &mut Vec<Move>,
    pick: impl FnOnce(usize) -> usize,
) -> Result<Move, Outcome> {
    counted::<Z, false>(game, countable, s, scratch, out, pick)
}

/// Whether a `countable` game has chains, whose moves `sample_chained` lists.
pub fn chained(game: &Game) -> bool {
    game.rules.iter().any(|r| r.chain.is_some())
}

/// `sample_counted` for a `countable` game with chains (`chained`): out of line, so that
/// the counting loop of the other games, which is inlined into their playouts, stays as
/// it was (with the chains in it, a game of slides took 1.04 of its instructions).
#[inline(never)]
pub fn sample_chained<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    out: &mut Vec<Move>,
    pick: impl FnOnce(usize) -> usize,
) -> Result<Move, Outcome> {
    counted::<Z, true>(game, true, s, scratch, out, pick)
}

/// `sample_counted`; with `CHAINS`, chains are listed and counted, and without, a chain
/// leaves the moves to the generator.
#[inline(always)]
fn counted<Z: Layout, const CHAINS: bool>(
    game: &Game,
    countable: bool,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    out: &mut Vec<Move>,
    pick: impl FnOnce(usize) -> usize,
) -> Result<Move, Outcome> {
    let total = if countable {
        let boards = scratch.history.boards();
        let before = &boards[..boards.len().saturating_sub(1)];
        if let Some((o, _)) = end_rule(game, s, false, before) {
            return Err(o);
        }
        // Where a move may change what `after move require` reads, or it fails for every
        // move, the generator lists the moves.
        match game.after_move.is_empty() || after_settled(game, s) == Some(true) {
            true => landings_of_tier::<Z, CHAINS>(game, s, &mut scratch.landings, out),
            false => 0,
        }
    } else {
        0
    };
    if total == 0 {
        // Not countable, or no move: the generator says what happens.
        return match generate(game, s, scratch, out) {
            Some(o) => Err(o),
            // A roll is drawn as the dice fall: by throws, not by outcomes.
            None if out[0].is_roll() => {
                let dice = game.dice.as_ref().expect("a roll is of the game's dice");
                Ok(Move::roll(dice.draw(pick)))
            }
            None => Ok(out[pick(out.len())]),
        };
    }
    landing_move::<Z, CHAINS>(game, s, &scratch.landings, out, pick(total))
}

/// Whether a random legal move is best drawn among the moves the rules of play give, with
/// only the move drawn tested against `after move require` (`sample_drawn`): where that
/// test is what costs, a move made and the position read for every move listed. (Where
/// the rule reads a fixed set of squares, `keep_allowed_after` settles most moves without
/// making them, and listing them all is cheaper.)
pub fn drawn(game: &Game) -> bool {
    game.sowing.is_none()
        && game.dice.is_none()
        && !game.reads_reachable
        && !game.after_move.is_empty()
        && game.after_footprint.is_none()
}

/// A uniformly random legal move of `s` (for a game that is `drawn`), or how the game has
/// ended. The moves of each priority tier are listed without `after move require` (and
/// without the `require` of rules that read it move by move); one is drawn with
/// `pick(number left)`, and kept if it meets those rules, else struck off and another
/// drawn. Every legal move of the tier is as likely as any other, and most
/// positions test one or two moves instead of all of them. The moves are not listed but
/// counted from the walk's landing sets (`tier_landings`), with the other choices of the
/// moves that promote by choice after them (`promoting`), and only those drawn are built;
/// the draws are those of the list.
///
/// With the move, what was made to test it: `Some(what the move did)` where `after` holds
/// the board after it (`make_board`; the turn has not passed, `make_rest` passes it), so
/// that a playout plays on from there rather than making the move again.
pub fn sample_drawn<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    out: &mut Vec<Move>,
    after: &mut State<Z>,
    mut pick: impl FnMut(usize) -> usize,
) -> Result<(Move, Option<Done>), Outcome> {
    let earlier = scratch.history.boards();
    let before = &earlier[..earlier.len().saturating_sub(1)];
    if let Some((o, _)) = end_rule(game, s, false, before) {
        return Err(o);
    }
    for (tier, plans) in game.tiers.iter().zip(&game.tier_plans) {
        if placed_or_passed(game, tier) {
            if let Some(drawn) = draw_placement(game, s, tier, earlier, after, &mut pick) {
                return Ok(drawn);
            }
            continue;
        }
        out.clear();
        // Counted, and only the moves drawn are built.
        let sets = (&mut scratch.landings, &mut scratch.aside);
        let mut kind_sets = None;
        let plan = &plans[s.to_move as usize];
        let mut total = tier_landings(game, plan, s, earlier, sets, out, &mut kind_sets);
        let listed = out.len();
        let choosing = !game.promotion_choices.is_empty() && may_choose(game, s);
        if choosing {
            total += promoting(game, s, &scratch.landings, out);
        }
        let (landings, swapped) = (&scratch.landings, &mut scratch.swapped);
        let drawn = Drawn {
            game,
            s,
            landings,
            listed: &out[..listed],
            promoting: choosing.then(|| &out[listed..]),
            before: kind_sets.as_ref().map(|own| Before { s, own }),
        };
        if let Some(drawn) = drawn.draw(total, swapped, earlier, after, &mut pick) {
            return Ok(drawn);
        }
    }
    match no_moves(game, s, out) {
        Some((o, _)) => Err(o),
        None => Ok((out[0], None)),
    }
}

/// Whether a move tested is legal, and where so, what it did if the position it was
/// tested on holds its board after it.
#[inline(always)]
fn legal(tested: Tested) -> Option<Option<Done>> {
    match tested {
        Tested::Refused => None,
        Tested::Legal => Some(None),
        Tested::Made(done) => Some(Some(done)),
    }
}

/// Keeps the moves of one rule listed at `start..end` of the list as a set of landings of
/// their own (none where there are none), and says how many they are.
#[inline(always)]
fn keep_listed<M: Mask>(
    out: &mut Vec<Landings<M>>,
    rule: RuleId,
    start: usize,
    end: usize,
) -> usize {
    let count = end - start;
    if count > 0 {
        out.push(Landings {
            rule,
            walk: LISTED,
            distance: start as u32,
            count: count as u32,
            squares: M::default(),
        });
    }
    count
}

/// A list of landing sets, at the width of a layout's board.
type LandingList<Z> = Vec<Landings<<Z as Layout>::Set>>;

/// The moves of one tier of a `drawn` game as `generate_tier_unrequired` would list them,
/// where no promotion is chosen: the landing sets of the walk for each rule with nothing
/// read move by move (and for each pair of twins, the first rule's sets and then the
/// twin's, as `twin_moves` lists them), and the other rules' moves listed in `listed`.
/// Returns how many moves they hold. Most moves of a position are never made into a
/// `Move`: one is drawn, and only it is built. The squares of each piece type of the
/// player to move are left in `kind_sets` (`Kinds`), where the game keeps them. The rules
/// are read as the tier's plan for the player to move says (`Game::tier_plans`).
fn tier_landings<Z: Layout>(
    game: &Game,
    plan: &[TierStep],
    s: &State<Z>,
    earlier: &[u64],
    (out, aside): (&mut LandingList<Z>, &mut LandingList<Z>),
    listed: &mut Vec<Move>,
    kind_sets: &mut Option<[Z::Set; KIND_SETS]>,
) -> usize {
    out.clear();
    let view = View::<Z::Set>::of(game, s);
    let kinds = Kinds::fill(game, s, &view, kind_sets);
    // On a board of one word only: on four, the table's 32 words cost more than the loops
    // they replace (larger boards' playouts 1.003 of their instructions).
    let owned = (Z::Set::WORDS == 1 && game.owners <= 2).then(|| view.owner_table());
    let mut shut = false;
    let mut total = 0;
    for step in plan {
        let (rule_id, twin, reads) = match *step {
            TierStep::Listed(rule_id) => {
                let rule = &game.rules[rule_id.index()];
                if passed_by(game, rule, s, &view, kinds) {
                    continue;
                }
                let start = listed.len();
                let check = Some(earlier);
                rule_moves_in_tier::<Z, true>(
                    game, rule_id, s, &view, kinds, check, &mut shut, listed,
                );
                total += keep_listed(out, rule_id, start, listed.len());
                continue;
            }
            TierStep::Walked { rule, twin, reads } => (rule, twin, reads),
        };
        let rule = &game.rules[rule_id.index()];
        let (movers, sets, twin) = match (reads, kinds) {
            // Unions of sets the sampler keeps: no flag of the rule read.
            (Some(reads), Some(kinds)) => {
                let movers = Kinds::union_of(kinds, reads.two_types, reads.types);
                if movers.is_empty() {
                    continue;
                }
                let owners = |p: OwnerPattern| match &owned {
                    Some(table) => table[p.index()],
                    None => view.owners(p),
                };
                let sets = RuleSets {
                    onto: owners(reads.onto),
                    stop: reads.run.map_or(Z::Set::default(), |run| !owners(run)),
                };
                (movers, sets, twin.map(|t| (t, owners(reads.twin_onto))))
            }
            _ => {
                let Some((movers, sets)) = rule_walkers(game, rule, s, &view, kinds) else {
                    continue;
                };
                let twin_onto =
                    |t: RuleId| RuleSets::of(game, s, &view, &game.rules[t.index()]).onto;
                (movers, sets, twin.map(|t| (t, twin_onto(t))))
            }
        };
        let both = RuleSets {
            onto: sets.onto | twin.map_or(Z::Set::default(), |(_, onto)| onto),
            stop: sets.stop,
        };
        if rule.steps_apart && movers.is_single() {
            // One piece, one step each way: its landings are looked up, not walked, and
            // kept as one set for the rule and one for its twin.
            let piece = movers.lowest();
            let reached = Z::Set::at(&rule.first_steps[s.to_move as usize], piece as usize);
            let at = (ONE_PIECE, piece as u32);
            keep_set(out, &mut total, rule_id, at, reached & sets.onto);
            if let Some((twin_id, onto)) = twin {
                keep_set(out, &mut total, twin_id, at, reached & onto);
            }
            continue;
        }
        aside.clear();
        if !rule.rays.is_empty() && movers.is_single() {
            // One piece sliding: each walk's landings are its ray up to the first square
            // it may not pass, kept as one set (in the order of their distance).
            let piece = movers.lowest();
            let through = passable(rule, both, Z::Set::default());
            let rays = &rule.rays[s.to_move as usize];
            for (w, walk) in rule.walks[s.to_move as usize].iter().enumerate() {
                let ray = Z::Set::at(&rays[w], piece as usize);
                let land = ray_reach(ray, through, walk.delta > 0) & both.onto;
                let at = (w as u16, LONE | piece as u32);
                keep_set(out, &mut total, rule_id, at, land & sets.onto);
                if let Some((twin_id, onto)) = twin {
                    keep_set(aside, &mut total, twin_id, at, land & onto);
                }
            }
            out.extend_from_slice(aside);
            continue;
        }
        walk(
            rule,
            s.to_move,
            movers,
            both,
            Z::Set::default(),
            |w, _, k, land| {
                let at = (w as u16, k);
                keep_set(out, &mut total, rule_id, at, land & sets.onto);
                if let Some((twin_id, onto)) = twin {
                    keep_set(aside, &mut total, twin_id, at, land & onto);
                }
            },
        );
        out.extend_from_slice(aside);
    }
    total
}

/// Keeps `squares`, landings of `rule` at `walk` and `distance`, as a set in `list` where
/// there are any, and adds their number to `total`.
#[inline(always)]
fn keep_set<M: Mask>(
    list: &mut Vec<Landings<M>>,
    total: &mut usize,
    rule: RuleId,
    (walk, distance): (u16, u32),
    squares: M,
) {
    if !squares.is_empty() {
        let count = squares.count();
        *total += count as usize;
        list.push(Landings {
            rule,
            walk,
            distance,
            count,
            squares,
        });
    }
}

/// The moves of one tier of a `drawn` game, as `tier_landings` found them, to draw from.
struct Drawn<'a, Z: Layout> {
    game: &'a Game,
    s: &'a State<Z>,
    landings: &'a [Landings<Z::Set>],
    listed: &'a [Move],
    /// Where a player may choose what a piece promotes to, the moves that promote by
    /// choice, in order (`promoting`).
    promoting: Option<&'a [Move]>,
    /// `s`, with its player's squares by piece type, for the test of a move drawn.
    before: Option<Before<'a, Z>>,
}

impl<Z: Layout> Drawn<'_, Z> {
    /// A uniformly random legal move among the `total` moves, in the order
    /// `generate_tier_unrequired` lists them, or none if none is
    /// legal. A move is drawn with `pick(number left)` and kept if it meets its rule's
    /// `require` and `after move require`; else it is struck off as `Vec::swap_remove`
    /// strikes a move off a list (the last move takes its place), which `swapped`
    /// records, so that every draw is the one the listed moves would give.
    fn draw(
        &self,
        total: usize,
        swapped: &mut Vec<(u32, u32)>,
        earlier: &[u64],
        after: &mut State<Z>,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Move, Option<Done>)> {
        swapped.clear();
        // The index in the first list of the move now at `slot`.
        let moved_to = |swapped: &[(u32, u32)], slot: u32| {
            swapped
                .iter()
                .rev()
                .find(|&&(at, _)| at == slot)
                .map_or(slot, |&(_, index)| index)
        };
        if total == 0 {
            return None;
        }
        let (game, s) = (self.game, self.s);
        let before = self.before.as_ref();
        let env = game.after_attacks.as_ref().map(|_| attack_env(game, s));
        let test = env
            .as_ref()
            .and_then(|env| DrawnTest::new(game, s, env, before));
        let mut left = total as u32;
        while left > 0 {
            let slot = pick(left as usize) as u32;
            let index = moved_to(swapped, slot) as usize;
            let m = self.nth(index);
            let tested = drawn_legal(game, s, &m, earlier, after, before, test.as_ref());
            if let Some(made) = legal(tested) {
                return Some((m, made));
            }
            let last = moved_to(swapped, left - 1);
            swapped.push((slot, last));
            left -= 1;
        }
        None
    }

    /// The move with this index, in the order `generate_tier_unrequired` lists the moves
    /// and `choose_promotions` gives each promoting move its choices: the moves of the
    /// landing sets, a promoting one with its first choice, and then, for each promoting
    /// move in turn, its other choices.
    #[inline(always)]
    fn nth(&self, index: usize) -> Move {
        match self.promoting {
            None => self.landing(index),
            Some(promoting) => self.nth_choosing(promoting, index),
        }
    }

    /// The move of the landing sets with this index.
    #[inline(always)]
    fn landing(&self, index: usize) -> Move {
        let (game, s) = (self.game, self.s);
        let Ok(m) = landing_move::<Z, true>(game, s, self.landings, self.listed, index) else {
            unreachable!("a landing's move is always found");
        };
        m
    }

    /// `nth`, where a move may promote by choice (`promoting`): out of line, since most
    /// positions have none.
    #[inline(never)]
    fn nth_choosing(&self, promoting: &[Move], index: usize) -> Move {
        let (game, s) = (self.game, self.s);
        let zone = Z::Set::from_set(&game.choice_landings);
        let listed = self
            .landings
            .iter()
            .map(|l| l.count as usize)
            .sum::<usize>();
        if index < listed {
            let mut m = self.landing(index);
            if let Some(choices) = promotion_choices(game, s, zone, &m) {
                m.promote = choices[0];
            }
            return m;
        }
        let mut index = index - listed;
        for &m in promoting {
            let choices = promotion_choices(game, s, zone, &m).expect("a promoting move");
            let others = &choices[1..];
            if index < others.len() {
                let mut chosen = m;
                chosen.promote = others[index];
                return chosen;
            }
            index -= others.len();
        }
        unreachable!("the index is below the number of moves")
    }
}

/// The moves of `landings` (and of `out`, the moves listed, which the sets of `LISTED`
/// hold) that promote by choice, in their order, added to the end of `out`, without their
/// choices; how many moves their choices add but the first (`choose_promotions`).
fn promoting<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    landings: &[Landings<Z::Set>],
    out: &mut Vec<Move>,
) -> usize {
    let zone = Z::Set::from_set(&game.choice_landings);
    let mut extra = 0;
    for l in landings {
        let chooses = game.rules_choose.get(l.rule.index()).copied();
        if !chooses.unwrap_or(false) {
            continue;
        }
        let count = match l.walk {
            LISTED => l.count as usize,
            _ => (l.squares & zone).count() as usize,
        };
        for i in 0..count {
            let m = match l.walk {
                LISTED => out[l.distance as usize + i],
                ONE_PIECE => step_of_one(game, s.to_move, l, l.squares & zone, i),
                _ => {
                    let rule = &game.rules[l.rule.index()];
                    let walk = &rule.walks[s.to_move as usize][l.walk as usize];
                    let (from, to) = match l.distance & LONE {
                        0 => {
                            let to = nth_square(l.squares & zone, i);
                            (walk.origin(&game.board, to, l.distance), to)
                        }
                        _ => lone_landing(l, walk, l.squares & zone, i),
                    };
                    Move::step(from, l.rule, rule.captures(), walk.dir, to)
                }
            };
            if let Some(choices) = promotion_choices(game, s, zone, &m) {
                extra += choices.len() - 1;
                out.push(m);
            }
        }
    }
    extra
}

/// The move with this index among those of `landings` (with `listed`, where there are
/// `CHAINS`), in their order: always `Ok`, in the form `sample` returns it (a move built
/// in place there; returned bare and wrapped, it cost the counted games 1.4% of their
/// instructions).
#[inline(always)]
fn landing_move<Z: Layout, const CHAINS: bool>(
    game: &Game,
    s: &State<Z>,
    landings: &[Landings<Z::Set>],
    listed: &[Move],
    mut index: usize,
) -> Result<Move, Outcome> {
    for l in landings {
        let n = l.count as usize;
        if index >= n {
            index -= n;
            continue;
        }
        if CHAINS && l.walk == LISTED {
            return Ok(listed[l.distance as usize + index]);
        }
        let rule = &game.rules[l.rule.index()];
        if l.walk == BY_PIECE {
            let piece = nth_square(l.squares, 0);
            return Ok(two_parts(game, s, l.rule, piece, index));
        }
        if l.walk == ONE_PIECE {
            return Ok(step_of_one(game, s.to_move, l, l.squares, index));
        }
        if l.walk == PLACED {
            let to = nth_square(l.squares, index);
            return Ok(Move::place(l.rule, rule.captures(), to));
        }
        let walk = &rule.walks[s.to_move as usize][l.walk as usize];
        let (from, to) = match l.distance & LONE {
            0 => {
                let to = nth_square(l.squares, index);
                (walk.origin(&game.board, to, l.distance), to)
            }
            _ => lone_landing(l, walk, l.squares, index),
        };
        return Ok(Move::step(from, l.rule, rule.captures(), walk.dir, to));
    }
    unreachable!("the index is below the number of landings")
}

/// The move with this index among `squares`, landings of the one piece of a set of
/// `ONE_PIECE` (on the square its `distance` says), in the order of its rule's walks, as
/// `walk` finds them: one landing a walk.
fn step_of_one<M: Mask>(
    game: &Game,
    player: u8,
    l: &Landings<M>,
    squares: M,
    mut index: usize,
) -> Move {
    let rule = &game.rules[l.rule.index()];
    let piece = l.distance as Sq;
    for walk in &rule.walks[player as usize] {
        let to = walk.next_of(piece);
        if to != NO_SQUARE && squares.has(to) {
            if index == 0 {
                return Move::step(piece, l.rule, rule.captures(), walk.dir, to);
            }
            index -= 1;
        }
    }
    unreachable!("the index is below the number of landings")
}

/// The squares a lone piece reaches along a ray (`MoveRule::rays`, the squares of one walk
/// in the order of their distance from it, `up` where their indices grow that way): those
/// up to and with the first it may not pass (not in `through`), as the walk reaches them.
#[inline(always)]
fn ray_reach<M: Mask>(ray: M, through: M, up: bool) -> M {
    let stops = ray & !through;
    match (stops.is_empty(), up) {
        (true, _) => ray,
        (false, true) => {
            let first = stops.lowest();
            ray & (below::<M>(first) | M::bit(first))
        }
        (false, false) => ray & !below::<M>(stops.highest()),
    }
}

/// The squares below `sq` (of lower index).
#[inline(always)]
fn below<M: Mask>(sq: Sq) -> M {
    let mut set = M::default();
    let (word, bit) = (sq as usize / 64, sq as usize % 64);
    let words = set.words_mut();
    words[..word].fill(u64::MAX);
    words[word] = (1u64 << bit) - 1;
    set
}

/// The square a lone piece starts from and the one it lands on, for the landing with this
/// index among `squares` (landings of a set the piece's ray gave, `LONE`), in the order of
/// their distance along `walk`.
#[inline(always)]
fn lone_landing<M: Mask>(l: &Landings<M>, walk: &Walk, squares: M, index: usize) -> (Sq, Sq) {
    let nth = match walk.delta > 0 {
        true => index,
        false => squares.count() as usize - 1 - index,
    };
    ((l.distance & !LONE) as Sq, nth_square(squares, nth))
}

/// What a playout's list of moves holds when `sample_rolled` is asked for the next move
/// (see there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Listed {
    /// Nothing to take: the moves are listed afresh.
    #[default]
    Nothing,
    /// The moves after the roll just made.
    AfterRoll,
    /// The moves after the move just made, looked ahead from when it was drawn.
    AfterMove,
}

/// Whether a random legal move is drawn by `sample_rolled`: in a game of dice.
pub fn rolled(game: &Game) -> bool {
    game.dice.is_some()
}

/// A random legal move of `s` (for a game that is `rolled`), or how the game has ended: a
/// roll drawn as the dice fall, or a move drawn with `pick(number left)` from the moves
/// the dice left allow, each legal move as likely as any other. Where `use most` decides,
/// only the moves drawn are looked ahead from (`draw_most`), not every move listed; what
/// that found of whether the player goes on moving after the move comes with it, for
/// `make_drawn`. (A game that also sows, or whose end rules search ahead, has its moves
/// listed by `generate` and one picked.) Out of line: the playout loop of the other games
/// stays as it was.
///
/// `listed` says whether `out` holds the moves of `s` already: where a roll is drawn and
/// whether its dice can be played is known from the moves after it alone, those moves are
/// listed then (for a loop that makes the roll and asks again), and the roll comes with
/// whether any can be played, so that neither is looked for twice. Where `listed` is set,
/// `after` holds the position after the move returned (made to list the moves there), for
/// the loop to take rather than make the move again.
#[inline(never)]
pub fn sample_rolled<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    scratch: &mut Scratch<Z>,
    out: &mut Vec<Move>,
    listed: &mut Listed,
    after: &mut State<Z>,
    mut pick: impl FnMut(usize) -> usize,
) -> Result<(Move, Option<bool>), Outcome> {
    if game.sowing.is_some() || game.reads_reachable {
        // Listed by the generator, a roll drawn as the dice fall.
        return sample_counted(game, false, s, scratch, out, pick).map(|m| (m, None));
    }
    let dice = game.dice.as_ref().expect("a rolled game has dice");
    let earlier = scratch.history.boards();
    let before = &earlier[..earlier.len().saturating_sub(1)];
    let was = std::mem::take(listed);
    // A roll moves no piece: end rules that count pieces alone said at the roll what they
    // say after it.
    let counted_at_roll = was == Listed::AfterRoll
        && game.end_rules.iter().all(|r| {
            matches!(
                r.shape,
                EndShape::Counts | EndShape::Pieces(..) | EndShape::Any { .. }
            )
        });
    if !counted_at_roll {
        if let Some((o, _)) = end_rule(game, s, false, before) {
            return Err(o);
        }
    }
    // Moves are listed ahead where they read nothing the line before says.
    let ahead = game.die_moves_at_once && !game.reads_repetition;
    if s.dice_left == 0 {
        let roll = Move::roll(dice.draw(pick));
        if !ahead {
            return Ok((roll, None));
        }
        after.copy_from(s, game.slots_used);
        let any = super::dice::listed_ahead(game, after, roll, out);
        if any {
            *listed = Listed::AfterRoll;
        }
        return Ok((roll, Some(any)));
    }
    if was == Listed::Nothing && !tier_of_play(game, s, out, earlier) {
        return match no_moves(game, s, out) {
            Some((o, _)) => Err(o),
            None => Ok((out[0], None)),
        };
    }
    let (mut m, goes_on) = match dice.use_most {
        true => {
            let list = ahead.then_some((&mut scratch.ahead, after));
            let (m, goes_on, listed_after) = draw_most(game, s, out, list, pick);
            if listed_after {
                std::mem::swap(out, &mut scratch.ahead);
                *listed = Listed::AfterMove;
            }
            (m, goes_on)
        }
        false => (out[pick(out.len())], None),
    };
    if game.piles {
        settle_pile_landing(game, s, &mut m);
    }
    Ok((m, goes_on))
}

/// The most rules in a tier that `draw_placement` draws from.
const SET_RULES: usize = 4;

/// Whether every move of a tier is a pass or a placement on a square of a set that
/// `placeable_squares` finds (one piece, no part after it, no condition read square by
/// square, no promotion to choose): then `draw_placement` draws from the sets and lists no
/// move at all.
fn placed_or_passed(game: &Game, tier: &[RuleId]) -> bool {
    tier.len() <= SET_RULES
        && game.promotion_choices.is_empty()
        && tier.iter().all(|&r| {
            let rule = &game.rules[r.index()];
            rule.passes
                || (rule.place.is_some()
                    && !rule.removes
                    && rule.rotate.is_none()
                    && !rule.second_part
                    && rule.then.is_none()
                    && (rule.conditions.is_empty() || rule.condition_sets.is_some()))
        })
}

/// A uniformly random legal move of a `placed_or_passed` tier, or none if it has none: a
/// square drawn from the placement sets (or a pass) is kept if it meets its rule's
/// `require` and `after move require`, else struck off the set and another drawn.
fn draw_placement<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    tier: &[RuleId],
    earlier: &[u64],
    after: &mut State<Z>,
    pick: &mut impl FnMut(usize) -> usize,
) -> Option<(Move, Option<Done>)> {
    let view = View::<Z::Set>::of(game, s);
    let mut sets = [Z::Set::default(); SET_RULES];
    let mut passes = [false; SET_RULES];
    let mut total = 0;
    for (i, &rule_id) in tier.iter().enumerate() {
        let rule = &game.rules[rule_id.index()];
        if rule.passes {
            passes[i] = gate_holds(game, rule, s);
            total += passes[i] as usize;
        } else {
            sets[i] = placeable_squares(game, rule, s, &view);
            total += sets[i].count() as usize;
        }
    }
    while total > 0 {
        let mut index = pick(total);
        let mut i = 0;
        loop {
            let n = if passes[i] {
                1
            } else {
                sets[i].count() as usize
            };
            if index < n {
                break;
            }
            index -= n;
            i += 1;
        }
        let rule_id = tier[i];
        let m = if passes[i] {
            passes[i] = false;
            Move::PASS
        } else {
            let to = nth_square(sets[i], index);
            sets[i].remove(to);
            Move::place(rule_id, game.rules[rule_id.index()].captures(), to)
        };
        if let Some(made) = legal(drawn_legal(game, s, &m, earlier, after, None, None)) {
            return Some((m, made));
        }
        total -= 1;
    }
    None
}

/// `Landings::walk` of a placement's squares.
const PLACED: u16 = u16::MAX;
/// `Landings::walk` of the moves in two parts of one piece, whose square the set holds.
const BY_PIECE: u16 = u16::MAX - 1;
/// `Landings::walk` of moves listed (chains), from index `distance` of the list.
const LISTED: u16 = u16::MAX - 2;
/// `Landings::walk` of the landings of one piece by a rule that `steps_apart`, at every
/// walk, on the square `distance` says (`step_of_one`).
const ONE_PIECE: u16 = u16::MAX - 3;
/// Set in `Landings::distance` for the landings of a lone piece along one walk, at every
/// distance, found by its ray (`ray_reach`); the rest of `distance` is the piece's square.
const LONE: u32 = 1 << 31;

/// The sets a second part by `second` reads, on the position without the piece on
/// `piece` (see `by_piece`).
#[inline(always)]
fn second_sets<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    view: &View<Z::Set>,
    second: &MoveRule,
    piece: Sq,
) -> RuleSets<Z::Set> {
    RuleSets::of(game, s, &view.without(game, piece), second)
}

/// How many second parts by `second` follow a first part of the piece on `piece` landing
/// on any square of `landings`: one walk from all of them at once.
#[inline(always)]
fn count_second<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    second: &MoveRule,
    sets: RuleSets<Z::Set>,
    piece: Sq,
    landings: Z::Set,
) -> usize {
    let player = s.to_move as usize;
    match second.place {
        Some(t) if (game.hand_types >> t) & 1 != 0 && s.hand[player][t as usize] == 0 => {
            return 0;
        }
        // The piece that landed moves on, if the second rule moves its type.
        None if (second.piece_mask >> game.kind[s.at(piece) as usize]) & 1 == 0 => return 0,
        _ => {}
    }
    let mut n = 0;
    walk(
        second,
        s.to_move,
        landings,
        sets,
        Z::Set::default(),
        |_, _, _, land| {
            n += land.count() as usize;
        },
    );
    n
}

/// The move in two parts with index `index` among those of the piece on `piece` by
/// `rule`, in the generator's order: first parts by walk, distance and square, and for
/// each, its second parts by walk and distance.
fn two_parts<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    rule_id: RuleId,
    piece: Sq,
    mut index: usize,
) -> Move {
    let rule = &game.rules[rule_id.index()];
    let then = rule.then.expect("a rule in two parts");
    let second = &game.rules[then.index()];
    let view = View::<Z::Set>::of(game, s);
    let first_sets = RuleSets::of(game, s, &view, rule);
    let sets = second_sets(game, s, &view, second, piece);
    let mut found = None;
    walk(
        rule,
        s.to_move,
        Z::Set::bit(piece),
        first_sets,
        Z::Set::default(),
        |_, w1, _, land| {
            for to in land.squares() {
                if found.is_some() {
                    return;
                }
                let n = count_second(game, s, second, sets, piece, Z::Set::bit(to));
                if index >= n {
                    index -= n;
                    continue;
                }
                let first = Move::step(piece, rule_id, rule.captures(), w1.dir, to);
                walk(
                    second,
                    s.to_move,
                    Z::Set::bit(to),
                    sets,
                    Z::Set::default(),
                    |_, w2, _, land2| {
                        if found.is_none() && index == 0 {
                            found = first.second(w2.dir, land2.lowest(), second.captures());
                        } else if found.is_none() {
                            index -= 1;
                        }
                    },
                );
            }
        },
    );
    found.expect("the index is below the number of moves")
}

/// The square with this index in a set, lowest first.
fn nth_square<M: Mask>(set: M, index: usize) -> Sq {
    let words = set.words();
    if words.len() == 1 {
        // One word (boards of up to 64 squares, the common case): straight to the bit.
        return set.squares().nth(index).expect("an index within the set");
    }
    let mut index = index as u32;
    for (w, &word) in words.iter().enumerate() {
        let n = word.count_ones();
        if index >= n {
            index -= n;
            continue;
        }
        let mut word = word;
        for _ in 0..index {
            word &= word - 1;
        }
        return (w * 64) as Sq + word.trailing_zeros() as Sq;
    }
    unreachable!("an index within the set")
}

/// The landing sets of the first priority tier that has any, in the generator's order,
/// and how many landings they hold. With `CHAINS`, the moves of chains are listed in
/// `listed`; without, a chain makes it 0, and the generator lists the moves.
fn landings_of_tier<Z: Layout, const CHAINS: bool>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Landings<Z::Set>>,
    listed: &mut Vec<Move>,
) -> usize {
    out.clear();
    listed.clear();
    let view = View::<Z::Set>::of(game, s);
    // Each piece type's squares, worked out once, as the generator does.
    let mut kind_sets = None;
    let kinds = match CHAINS {
        true => Kinds::fill(game, s, &view, &mut kind_sets),
        false => None,
    };
    for tier in &game.tiers {
        let mut total = 0;
        for &rule_id in tier {
            let rule = &game.rules[rule_id.index()];
            if rule.second_part {
                continue;
            }
            if rule.place.is_some() {
                let squares = placeable_squares(game, rule, s, &view);
                if !squares.is_empty() {
                    let count = squares.count();
                    total += count as usize;
                    out.push(Landings {
                        rule: rule_id,
                        walk: PLACED,
                        distance: 0,
                        count,
                        squares,
                    });
                }
                continue;
            }
            if rule.chain.is_some() {
                if !CHAINS {
                    return 0;
                }
                let start = listed.len();
                rule_moves(game, rule_id, s, &view, kinds, listed);
                total += keep_listed(out, rule_id, start, listed.len());
                continue;
            }
            let movers = Kinds::movers(kinds, game, s, &view, rule);
            if movers.is_empty() {
                continue;
            }
            let sets = RuleSets::of(game, s, &view, rule);
            if let Some(then) = rule.then {
                let second = &game.rules[then.index()];
                for piece in movers.squares() {
                    let mut landings = Z::Set::default();
                    walk(
                        rule,
                        s.to_move,
                        Z::Set::bit(piece),
                        sets,
                        Z::Set::default(),
                        |_, _, _, l| {
                            landings |= l;
                        },
                    );
                    let second_sets = second_sets(game, s, &view, second, piece);
                    let count = count_second(game, s, second, second_sets, piece, landings);
                    if count > 0 {
                        let squares = Z::Set::bit(piece);
                        total += count;
                        out.push(Landings {
                            rule: rule_id,
                            walk: BY_PIECE,
                            distance: 0,
                            count: count as u32,
                            squares,
                        });
                    }
                }
                continue;
            }
            walk(
                rule,
                s.to_move,
                movers,
                sets,
                Z::Set::default(),
                |w, _, k, land| {
                    let squares = land;
                    let count = land.count();
                    total += count as usize;
                    out.push(Landings {
                        rule: rule_id,
                        walk: w as u16,
                        distance: k,
                        count,
                        squares,
                    });
                },
            );
        }
        if total > 0 {
            return total;
        }
    }
    0
}
