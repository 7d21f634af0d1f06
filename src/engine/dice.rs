//! Turns in a game of dice. A turn begins with a roll, a chance move of its own (each way
//! the dice can fall, `Dice::rolls`); then the player moves by `by die` rules, each move
//! using one die, and goes on moving while a die is left that some move can use. When none
//! is, the turn passes and the next player rolls. With `use most`, a move is legal only if
//! it begins a way of playing as many dice as can be played, and when only one can be, the
//! larger.

use super::generate::{dynamic_ok, gate_holds, matching, tier_of_play, where_squares, View};
use super::layout::Layout;
use super::make::make_board;
use super::moves::Move;
use super::state::State;
use crate::ir::{Game, Mask, RuleId, Sq, NO_SQUARE};
use std::cell::RefCell;

/// The rolls, at a state where the player to move rolls next.
pub(super) fn rolls(game: &Game, out: &mut Vec<Move>) {
    if let Some(d) = &game.dice {
        out.extend((0..d.rolls.len()).map(Move::roll));
    }
}

/// The moves of a `by die` rule: each piece it moves goes as many steps along each of
/// its directions as each distinct die left shows, onto a square the rule allows.
pub(super) fn die_moves<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    out: &mut Vec<Move>,
) {
    // Each landing is written and kept or not by its answer, without a branch on it: where
    // a die takes a piece is as good as random, and a branch on it was mispredicted.
    each_die_move(game, rule_id, s, view, &mut |m, ok| {
        out.push(m);
        out.truncate(out.len() - !ok as usize);
        false
    });
}

/// Hands each landing of a `by die` rule to `found`, with whether it is a move, until
/// `found` says to stop (returns true). Returns whether it did.
#[inline(always)]
fn each_die_move<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    found: &mut impl FnMut(Move, bool) -> bool,
) -> bool {
    let rule = &game.rules[rule_id.index()];
    if rule.place.is_some() {
        return entries(game, rule_id, s, view, found);
    }
    let movers = view.movers(game, s, rule);
    if movers.is_empty() || !gate_holds(game, rule, s) {
        return false;
    }
    let player = s.to_move;
    let takes = rule.captures();
    // Conditions on `to` alone, as the set of squares where they hold, found once.
    let landings = rule
        .condition_sets
        .as_ref()
        .map(|w| where_squares(game, s, view, w));
    // The squares the rule may land on by what they hold, found once.
    let empty = || Z::Set::from_set(&game.board.used_set) & !s.all_occupied(game.owners);
    let onto = matching(game, s, player, s.occupied_sets(), empty, &rule.onto);
    for d in dice_left(s) {
        for walk in &rule.walks[player as usize] {
            // A die the table keeps, walked exactly: every test of `to` alone is one set
            // for this die (a landing's distance is the die's), and each landing one look.
            let row = (!rule.die_past_end && d <= game.die_walks.most)
                .then(|| game.die_walks.exact_row(walk.dir, d));
            let mut good = onto & landings.unwrap_or(!Z::Set::default());
            if let Some(a) = &walk.allowed {
                good &= a
                    .get(d as usize - 1)
                    .map_or(Z::Set::default(), Z::Set::from_set);
            }
            for from in movers.squares() {
                // Read with `&`, not `&&`: every index is masked, so a line that ends
                // (`NO_SQUARE`) reads some square harmlessly, and nothing branches.
                let (to, mut ok) = match row {
                    Some(row) => {
                        let to = row[from as usize];
                        (to, (to != NO_SQUARE) & good.has(to))
                    }
                    None => {
                        let (to, steps) = walk_die(game, walk.dir, from, d, rule.die_past_end);
                        let allowed = walk.allowed.as_ref().is_none_or(|a| {
                            a.get((steps as usize).wrapping_sub(1))
                                .is_some_and(|set| set.contains(to))
                        });
                        let on = rule.onto.matches(player, s.at(to)) & allowed;
                        (
                            to,
                            (to != NO_SQUARE) & on & landings.is_none_or(|l| l.has(to)),
                        )
                    }
                };
                if landings.is_none() {
                    ok = ok && dynamic_ok(game, rule, s, from, to);
                }
                let mut m = Move::step(from, rule_id, takes, walk.dir, to);
                m.die = d;
                if found(m, ok) {
                    return true;
                }
            }
        }
    }
    false
}

/// Where a die of `d` takes a piece from `from` along `dir`, and in how many steps: `d`
/// steps, or `NO_SQUARE` where the line ends sooner. With `past_end`, only where the line
/// ends sooner, after one step or more: its last square. Read from the game's table where
/// it keeps `d`.
#[inline(always)]
fn walk_die(game: &Game, dir: crate::ir::DirId, from: Sq, d: u8, past_end: bool) -> (Sq, u8) {
    let walks = &game.die_walks;
    if d <= walks.most {
        return match past_end {
            true => walks.past_end(dir, d, from),
            false => (walks.exact(dir, d, from), d),
        };
    }
    let mut to = from;
    for k in 0..d {
        let next = game.board.next(to, dir);
        if next == NO_SQUARE {
            return match past_end && k > 0 {
                true => (to, k),
                false => (NO_SQUARE, k),
            };
        }
        to = next;
    }
    match past_end {
        true => (NO_SQUARE, d),
        false => (to, d),
    }
}

/// The moves of a `place … by die` rule along paths: a piece from the player's hand (or
/// supply) enters each path on the square a die left to play counts to from its start,
/// onto a square the rule allows.
fn entries<Z: Layout>(
    game: &Game,
    rule_id: RuleId,
    s: &State<Z>,
    view: &View<Z::Set>,
    found: &mut impl FnMut(Move, bool) -> bool,
) -> bool {
    let rule = &game.rules[rule_id.index()];
    let player = s.to_move as usize;
    if let Some(t) = rule.place {
        let t = t as usize;
        if (game.hand_types >> t) & 1 != 0 && s.hand[player][t] == 0 {
            return false;
        }
    }
    if !gate_holds(game, rule, s) {
        return false;
    }
    let takes = rule.captures();
    let landings = rule
        .condition_sets
        .as_ref()
        .map(|w| where_squares(game, s, view, w));
    for d in dice_left(s) {
        for walk in &rule.walks[player] {
            let start = game.board.path_start[walk.dir.index()];
            if start == NO_SQUARE {
                continue;
            }
            let (to, _) = walk_die(game, walk.dir, start, d - 1, false);
            if to == NO_SQUARE || !rule.onto.matches(player as u8, s.at(to)) {
                continue;
            }
            let holds = match landings {
                Some(set) => set.has(to),
                None => dynamic_ok(game, rule, s, NO_SQUARE, to),
            };
            if holds {
                let mut m = Move::place(rule_id, takes, to);
                m.die = d;
                if found(m, true) {
                    return true;
                }
            }
        }
    }
    false
}

/// After a roll: the dice to play; when no move can use them, the turn passes at once
/// (`can_play` says whether one can, where the caller knows it already).
pub(super) fn roll<Z: Layout>(game: &Game, s: &mut State<Z>, m: Move, can_play: Option<bool>) {
    let Some(d) = &game.dice else { return };
    let r = &d.rolls[m.roll_index().min(d.rolls.len() - 1)];
    s.dice = r.play;
    s.dice_left = r.play_len;
    if !can_play.unwrap_or_else(|| can_move(game, s)) {
        pass_turn(game, s);
    }
}

/// After a move in a game of dice: the die it used is spent (a move by another rule ends
/// the turn); the same player moves again while a die is left that a move can use
/// (`goes_on`, where the caller knows it already).
pub(super) fn after_move<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    m: &Move,
    goes_on: Option<bool>,
) {
    if m.die == 0 || m.is_pass() {
        pass_turn(game, s);
        return;
    }
    spend(s, m.die);
    if s.dice_left == 0 || !goes_on.unwrap_or_else(|| can_move(game, s)) {
        pass_turn(game, s);
    }
}

/// The die showing `value` is played.
fn spend<Z: Layout>(s: &mut State<Z>, value: u8) {
    let left = s.dice_left as usize;
    if let Some(i) = s.dice[..left].iter().position(|&d| d == value) {
        s.dice.copy_within(i + 1..left, i);
        s.dice[left - 1] = 0;
        s.dice_left -= 1;
    }
}

/// The dice left are forfeit, and the next player rolls.
fn pass_turn<Z: Layout>(game: &Game, s: &mut State<Z>) {
    s.dice = [0; crate::ir::MAX_DICE];
    s.dice_left = 0;
    s.to_move = game.next_player(s.to_move);
}

thread_local! {
    /// Move lists for looking ahead within a turn, one for each die deep, so that no list
    /// is made while a game is played.
    static LISTS: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with an empty move list of depth `depth`.
fn with_list<R>(depth: usize, f: impl FnOnce(&mut Vec<Move>) -> R) -> R {
    let mut list = LISTS.with(|l| {
        let mut l = l.borrow_mut();
        while l.len() <= depth {
            l.push(Vec::new());
        }
        std::mem::take(&mut l[depth])
    });
    list.clear();
    let r = f(&mut list);
    LISTS.with(|l| l.borrow_mut()[depth] = list);
    r
}

/// Whether the player to move has a move with the dice left: at the first one found where
/// the game allows it (`Game::die_moves_at_once`), else by listing them.
fn can_move<Z: Layout>(game: &Game, s: &State<Z>) -> bool {
    if !game.die_moves_at_once {
        return with_list(0, |out| tier_of_play(game, s, out, &[]));
    }
    let view = View::<Z::Set>::of(game, s);
    game.tiers
        .iter()
        .flatten()
        .any(|&rule| each_die_move(game, rule, s, &view, &mut |_, ok| ok))
}

/// `s` after the die move `m`, the same player still to move.
fn played<Z: Layout>(game: &Game, s: &State<Z>, m: &Move) -> State<Z> {
    let mut after = *s;
    make_board(game, &mut after, m);
    spend(&mut after, m.die);
    after
}

/// The most dice the player to move can play from `s`, looking no further than `want`
/// (reached, nothing can be more). `depth` picks the move list.
fn most_playable<Z: Layout>(game: &Game, s: &State<Z>, want: u8, depth: usize) -> u8 {
    if s.dice_left == 0 || want == 0 {
        return 0;
    }
    if want == 1 {
        return can_move(game, s) as u8;
    }
    with_list(depth, |out| match tier_of_play(game, s, out, &[]) {
        true => most_of_listed(game, s, out, want, depth + 1),
        false => 0,
    })
}

/// `most_playable` where the moves of `s` are listed already (`moves`, not empty); the
/// look ahead from each takes move lists from `depth` on.
fn most_of_listed<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    moves: &[Move],
    want: u8,
    depth: usize,
) -> u8 {
    let mut best = 1;
    for m in moves {
        if m.die == 0 {
            continue;
        }
        let after = played(game, s, m);
        best = best.max(1 + most_playable(game, &after, want - 1, depth));
        if best >= want {
            break;
        }
    }
    best
}

/// How many dice `m` begins a way of playing, looking no further than `want`: a move by
/// a rule that uses no die plays one and ends the turn.
fn reach<Z: Layout>(game: &Game, s: &State<Z>, m: &Move, want: u8) -> u8 {
    if m.die == 0 {
        return 1;
    }
    1 + most_playable(game, &played(game, s, m), want - 1, 1)
}

/// The most dice any move of `moves` begins a way of playing (all the dice left, as a
/// rule, found at the first move).
fn most_of<Z: Layout>(game: &Game, s: &State<Z>, moves: &[Move]) -> u8 {
    let mut best = 0;
    for m in moves {
        best = best.max(reach(game, s, m, s.dice_left));
        if best == s.dice_left {
            break;
        }
    }
    best
}

/// With `use most`: keeps the moves of `out` that begin a way of playing as many dice as
/// can be played; when that is one die, those that play the largest die any move can.
pub(super) fn keep_most<Z: Layout>(game: &Game, s: &State<Z>, out: &mut Vec<Move>) {
    if s.dice_left < 2 || out.is_empty() {
        return;
    }
    let best = most_of(game, s, out);
    out.retain(|m| reach(game, s, m, best) >= best);
    if best == 1 {
        let largest = out.iter().map(|m| m.die).max().unwrap_or(0);
        out.retain(|m| m.die == largest);
    }
}

/// With `use most`: draws one of the moves of `out` that `keep_most` would keep, each as
/// likely as any other, with `pick(number left)`; `out` is the list before `keep_most`,
/// and is left with the moves not yet struck off. A move drawn that plays all the dice
/// left is kept at once; only when one does not is the most any move plays found. Most
/// draws look ahead from one move instead of from every move. With the move comes whether
/// the player goes on moving after it, where the look ahead found that (for `make_drawn`).
///
/// With `ahead`, the look ahead from a die move makes it on a copy and lists the moves
/// after it there (`listed_after`), and the last of the three answers says whether
/// `ahead` holds the position after the move drawn and the moves there: the position the
/// player moves in next and its moves, neither made nor listed again.
pub(super) fn draw_most<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    mut ahead: Option<(&mut Vec<Move>, &mut State<Z>)>,
    mut pick: impl FnMut(usize) -> usize,
) -> (Move, Option<bool>, bool) {
    if s.dice_left < 2 {
        return (out[pick(out.len())], None, false);
    }
    // The most any move plays, and the largest die (for when that is one): read from the
    // whole list, the first time a move drawn falls short.
    let mut most: Option<(u8, u8)> = None;
    loop {
        let i = pick(out.len());
        let m = out[i];
        // A lone move is legal whatever it plays: it is looked ahead from only as far as
        // whether the player goes on after it (and, with `ahead`, for the moves there).
        let lone = out.len() == 1;
        let want = if lone { 2 } else { s.dice_left };
        let (played, listed) = match ahead.as_mut() {
            Some((list, after)) if m.die != 0 => {
                let played = listed_after(game, s, &m, list, after, want);
                (played, played > 1)
            }
            _ => (reach(game, s, &m, want), false),
        };
        // A die move that plays more than its own die leaves a move to make; one that
        // plays only its own leaves none (`reach` looked for one with every die left).
        let goes_on = (m.die != 0).then_some(played > 1);
        if played == s.dice_left || lone {
            return (m, goes_on, listed);
        }
        let (best, largest) = *most.get_or_insert_with(|| {
            let largest = out.iter().map(|m| m.die).max().unwrap_or(0);
            (most_of(game, s, out), largest)
        });
        let kept = match best {
            1 => m.die == largest,
            _ => played >= best,
        };
        if kept {
            return (m, goes_on, listed);
        }
        out.swap_remove(i);
    }
}

/// `reach` of the die move `m`, looking no further than `want` (2 or more), with the
/// position after it written to `after` and the moves there listed into `list`
/// (`listed_ahead`).
fn listed_after<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    m: &Move,
    list: &mut Vec<Move>,
    after: &mut State<Z>,
    want: u8,
) -> u8 {
    after.copy_from(s, game.slots_used);
    match listed_ahead(game, after, *m, list) {
        false => 1,
        true if want <= 2 => 2,
        true => 1 + most_of_listed(game, after, list, want - 1, 1),
    }
}

/// Makes `m` (a roll, or a die move) on `s` as a playout makes it, with the player still
/// to move, and lists the moves there into `list` (left empty where there are none):
/// whether there are any. (Only for a game whose moves read nothing of the line before:
/// `Game::die_moves_at_once`, and no repetition.) Whether a move onto a pile takes it
/// (`settle_pile_landing`) is not settled first: making it reads what stands there.
#[inline(always)]
pub(super) fn listed_ahead<Z: Layout>(
    game: &Game,
    s: &mut State<Z>,
    m: Move,
    list: &mut Vec<Move>,
) -> bool {
    super::make::make_drawn(game, s, m, Some(true));
    tier_of_play(game, s, list, &[])
}

/// Each value the dice left to play show, once (a double's four dice are one value).
#[inline(always)]
fn dice_left<Z: Layout>(s: &State<Z>) -> impl Iterator<Item = u8> + '_ {
    let mut done = 0u128;
    s.dice[..s.dice_left as usize]
        .iter()
        .copied()
        .filter(move |&d| {
            let new = d != 0 && (done >> d) & 1 == 0;
            done |= 1 << d;
            new
        })
}
