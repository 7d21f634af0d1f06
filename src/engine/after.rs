//! `after move require`: conditions on the position after a move, read from the mover's
//! side. Where the conditions read a fixed set of squares (`Game::after_footprint`), they are
//! evaluated once on the position before the moves, and only the moves whose steps write one
//! of those squares (as `make`'s own step plans say) are made and checked again.

use super::env::env;
use super::generate::KIND_SETS;
use super::layout::Layout;
use super::make::{make_board, Done, StepPlan};
use super::moves::Move;
use super::state::State;
use super::stuck::stuck_after;
use crate::eval::attack::{attacked, attacked_lifted, attacked_reading, royal_sets, AttackReads};
use crate::eval::board::pattern_squares;
use crate::eval::Env;
use crate::ir::{AttackBy, AttackLines, Code, Game, Mask, MoveRule, Pattern, Sq, SquareSet};
use std::cell::OnceCell;

/// Keeps the moves after which every `after move require` condition holds. Without a
/// footprint, chains were checked as they were found, on the position after them
/// (`holds_after`), and are kept.
pub(super) fn keep_allowed_after<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    earlier: &[u64],
) {
    let Some(footprint) = &game.after_footprint else {
        if let Some(attacks) = &game.after_attacks {
            keep_unattacked(game, s, out, earlier, attacks);
        } else {
            out.retain(|m| kept_as_found(game, m) || allowed_after(game, s, m, earlier));
        }
        return;
    };
    if let Some(holds) = after_settled(game, s) {
        if !holds {
            out.clear();
        }
        return;
    }
    let watched = &footprint[s.to_move as usize];
    let before = holds_before(game, s);
    let changes = |m: &Move| changes_watched(game, s, m, watched);
    out.retain(|m| kept_unless_changed(game, s, m, earlier, before, Move::is_pass, changes));
}

/// Where the `after move require` conditions read a fixed set of squares
/// (`Game::after_footprint`) and no move of `s` can change what they read: whether they
/// hold, for every move alike. `None` where a move may change them, or they read more.
/// No move changes them where no watched square matches its mask now and no code a move
/// writes matches it.
pub(super) fn after_settled<Z: Layout>(game: &Game, s: &State<Z>) -> Option<bool> {
    let footprint = game.after_footprint.as_ref()?;
    let p = s.to_move as usize;
    let written = game.codes_written[p];
    let settled = footprint[p].iter().all(|(set, mask)| {
        mask & written == 0
            && Z::Set::from_set(set)
                .squares()
                .all(|sq| (mask >> s.at(sq)) & 1 == 0)
    });
    settled.then(|| match game.after_clear.get(p) {
        Some(&Some(holds)) => holds,
        _ => holds_before(game, s),
    })
}

/// Whether the `after move require` conditions, read in the position before any move (as
/// a footprint allows), hold.
fn holds_before<Z: Layout>(game: &Game, s: &State<Z>) -> bool {
    game.after_program
        .as_ref()
        .is_none_or(|p| p.holds(&env(game, s)))
}

/// Whether `after move require` holds after `m`, where it holds on `s` as `before` says
/// and `changes(m)` tells the moves that may change it: a `kept` move is kept as it is (a
/// pass, which reads nothing; a chain checked as it was found), a move that changes
/// nothing keeps `before`, and the others, with a chosen promotion (which the step plans
/// do not show), are made and read.
#[inline(always)]
fn kept_unless_changed<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    m: &Move,
    earlier: &[u64],
    before: bool,
    kept: impl Fn(&Move) -> bool,
    changes: impl Fn(&Move) -> bool,
) -> bool {
    if kept(m) {
        true
    } else if m.promote != 0 || changes(m) {
        allowed_after(game, s, m, earlier)
    } else {
        before
    }
}

/// `keep_allowed_after` where every condition is `not attacked(PATTERN)`
/// (`Game::after_attacks`): `Unattacked::keeps` for each move.
fn keep_unattacked<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    out: &mut Vec<Move>,
    earlier: &[u64],
    attacks: &[(Pattern, AttackBy)],
) {
    let (env, reads) = (env(game, s), OnceCell::new());
    let test = Unattacked::new(game, s, &env, earlier, attacks, &reads);
    // The sets copied out, so that the loop holds them in registers.
    match test.one_steps() {
        Some(&steps) => out.retain(|m| test.keeps_with(m, steps)),
        None => out.retain(|m| test.keeps(m)),
    }
}

/// Where every `after move require` condition is `not attacked(PATTERN)`
/// (`Game::after_attacks`) and chains are checked as they are found: the test of a move of
/// one position, built once for all of them. The attacks are read once on the position
/// before the moves, noting the squares they read, and only the moves that change one of
/// those squares, or what a pattern matches (the royal piece moving), are made and read
/// again: a pinned piece's move, a king's, a move onto a line of attack. The others leave
/// the answer as it was, because an attack read again over the same squares reads the same
/// pieces.
pub(super) struct Unattacked<'g, Z: Layout> {
    game: &'g Game,
    s: &'g State<Z>,
    earlier: &'g [u64],
    attacks: &'g [(Pattern, AttackBy)],
    /// The position read by the conditions. The caller keeps it, and the reads: a test
    /// moved would copy them.
    env: &'g Env<'g, Z::Set>,
    /// The cell codes some pattern matches, for the player to move.
    patterns: u64,
    /// The reads of the attacks, where a move needs them (`kept_reads`).
    read: &'g OnceCell<AttackReads<Z::Set>>,
    /// Whether the conditions hold before any move.
    before: bool,
    /// The one square the one pattern matches, where that is so (the royal piece).
    royal: Option<Sq>,
    /// Whether every attack is the other side's.
    enemies_only: bool,
    /// Where the game's one-step moves are settled by their squares alone.
    steps: Option<OneSteps<'g, Z::Set>>,
}

/// What settles a move of one step in `Unattacked` (`AttackLines::one_step_lands`): a
/// step that leaves none of `busy_from` and lands on none of `busy_to` changes no answer.
#[derive(Clone, Copy)]
pub(super) struct OneSteps<'g, M> {
    lines: &'g AttackLines,
    pub busy_from: M,
    pub busy_to: M,
    /// The royal piece, where each of its steps is one attack read with the piece lifted.
    lifted: Option<Sq>,
}

impl<'g, Z: Layout> Unattacked<'g, Z> {
    #[inline(always)]
    pub(super) fn new(
        game: &'g Game,
        s: &'g State<Z>,
        env: &'g Env<'g, Z::Set>,
        earlier: &'g [u64],
        attacks: &'g [(Pattern, AttackBy)],
        read: &'g OnceCell<AttackReads<Z::Set>>,
    ) -> Self {
        let p = s.to_move as usize;
        let patterns = attacks
            .iter()
            .fold(0u64, |m, (pattern, _)| m | pattern.masks[p]);
        // Where the one pattern matches one square and every attack on it is looked up in
        // the tables, the attack and the two sets of one-step moves are found from the
        // lines at once (`royal_sets`); the reads themselves only where a move needs them.
        let at_once = one_royal_pattern(game, attacks, p).and_then(|(pattern, lines)| {
            let squares = pattern_squares(pattern, env);
            let royal = squares.is_single().then(|| squares.lowest());
            royal.and_then(|sq| Some((sq, squares, royal_sets(env, sq, lines)?)))
        });
        let (before, royal, matched) = match at_once {
            Some((sq, squares, (attacked, _, _))) => (!attacked, Some(sq), squares),
            None => {
                let (kept, before, royal, matched) = kept_reads(env, attacks);
                let _ = read.set(kept);
                (before, royal, matched)
            }
        };
        let mut test = Unattacked {
            game,
            s,
            earlier,
            attacks,
            env,
            patterns,
            read,
            before,
            royal,
            enemies_only: attacks.iter().all(|(_, by)| *by == AttackBy::Enemy),
            steps: None,
        };
        // Most moves are one step that takes nothing it passes: they write where the
        // piece leaves (empty) and where it lands (one of `own`). Where the game allows it
        // (`AttackLines::one_step_lands`), whether such a write may change an answer
        // depends on the square alone: two sets, found once (`AttackReads::one_step_sets`:
        // where the pattern is a king, the pinned pieces and the lines of a check), and
        // the pieces the patterns match.
        let Some((lines, own)) = game
            .attack_lines
            .as_ref()
            .and_then(|lines| Some((lines, lines.one_step_lands[p]?)))
        else {
            return test;
        };
        let (leave, land) = match at_once {
            Some((_, _, (_, leave, land))) => (leave, land),
            None => test.read().one_step_sets(!before, own),
        };
        // The royal piece's steps: where the attacks on it are found through the tables,
        // each is one attack, read with the piece lifted, without making the move. (Not
        // where the piece is promoted when it lands: it may then leave the pattern.)
        let lifted = royal.filter(|&sq| lifts(game, lines, s, sq));
        // Two tests of sets, not four reads of the board (a fifth of the time of this
        // filter, and most moves are such steps).
        test.steps = Some(OneSteps {
            lines,
            busy_from: leave | matched,
            busy_to: land | matched,
            lifted,
        });
        test
    }

    /// Whether the conditions hold before any move, and so after a move that changes
    /// nothing they read.
    pub(super) fn before(&self) -> bool {
        self.before
    }

    /// The sets that settle one-step moves, where the game has them.
    pub(super) fn one_steps(&self) -> Option<&OneSteps<'g, Z::Set>> {
        self.steps.as_ref()
    }

    fn read(&self) -> &AttackReads<Z::Set> {
        self.read
            .get_or_init(|| kept_reads(self.env, self.attacks).0)
    }

    /// Whether `m` may change an answer, by what it writes (`move_changes`).
    fn changes(&self, m: &Move) -> bool {
        // A move of one step that takes at most what it lands on writes two squares;
        // where every attack is the other side's, the piece it puts down attacks nothing
        // (`AttackReads::changes`).
        let rule = &self.game.rules[m.rule.index()];
        let plain = self.enemies_only && !rule.takes_run && m.steps().len() == 1;
        let s = self.s;
        move_changes(self.game, s, m, |sq, new| {
            let old = s.at(sq);
            new.is_none_or(|new| {
                self.read().changes(sq, old, new, !self.before, plain)
                    || matches(self.patterns, old) != matches(self.patterns, new)
            })
        })
    }

    /// Whether `m` leaves every condition holding.
    #[inline(always)]
    pub(super) fn keeps(&self, m: &Move) -> bool {
        match self.steps {
            Some(steps) => self.keeps_with(m, steps),
            None => {
                let (game, s) = (self.game, self.s);
                let kept = |m: &Move| kept_as_found(game, m);
                kept_unless_changed(game, s, m, self.earlier, self.before, kept, |m| {
                    self.changes(m)
                })
            }
        }
    }

    /// `keeps`, where the game's one-step moves are settled by `steps` (`one_steps`).
    #[inline(always)]
    pub(super) fn keeps_with(&self, m: &Move, steps: OneSteps<'g, Z::Set>) -> bool {
        let (game, s) = (self.game, self.s);
        let rule = &game.rules[m.rule.index()];
        let changed = match m.steps() {
            [step] if m.promote == 0 && rule.writes_ends => {
                let to = step.to();
                if !steps.busy_from.has(m.from) && !steps.busy_to.has(to) {
                    return self.before;
                }
                // After the step the pattern matches `to` alone: `from` is left empty,
                // which no pattern matches here, and `to` held nothing it matches.
                if steps.lifted == Some(m.from) && !matches(self.patterns, s.at(to)) {
                    let none = Z::Set::default();
                    return !attacked_lifted(
                        self.env,
                        to,
                        s.at(m.from),
                        Z::Set::bit(m.from),
                        none,
                        steps.lines,
                    );
                }
                // Past the test of `busy_from` and `busy_to`, which holds every square
                // those four reads (`leave`, `land`, what the patterns match) would find.
                true
            }
            _ if kept_as_found(game, m) => return true,
            _ => {
                if steps.lifted == Some(m.from) && m.promote == 0 {
                    let (env, lines) = (self.env, steps.lines);
                    if let Some(allowed) = carrying(game, s, env, lines, self.patterns, m, rule) {
                        return allowed;
                    }
                }
                m.promote != 0 || self.changes(m)
            }
        };
        if !changed {
            return self.before;
        }
        // A move made and read: where the pattern matched one square, it matches after
        // the move what it matched, changed where the move changed a square
        // (`matched_after`).
        match self.royal {
            Some(sq) => allowed_after_from(game, s, m, &self.attacks[0], sq),
            None => allowed_after(game, s, m, self.earlier),
        }
    }
}

/// The one pattern of `attacks` and the game's attack tables, where the conditions are one
/// `not attacked(PATTERN)` by the other side and player `p`'s one-step moves are settled
/// by their squares (`AttackLines::one_step_lands`): where the pattern matches one square
/// (a royal piece), its attack and the sets that settle those moves are found at once
/// (`royal_sets`). `None` otherwise.
#[inline(always)]
pub(super) fn one_royal_pattern<'g>(
    game: &'g Game,
    attacks: &'g [(Pattern, AttackBy)],
    p: usize,
) -> Option<(&'g Pattern, &'g AttackLines)> {
    let [(pattern, AttackBy::Enemy)] = attacks else {
        return None;
    };
    let lines = game.attack_lines.as_ref()?;
    lines.one_step_lands[p]?;
    Some((pattern, lines))
}

/// Whether the steps of the royal piece on `sq` are each read as one attack with the piece
/// lifted, without making the move: where the attacks on it are all found through the
/// tables, and it is not promoted where it lands (it could then leave the pattern).
#[inline(always)]
pub(super) fn lifts<Z: Layout>(game: &Game, lines: &AttackLines, s: &State<Z>, sq: Sq) -> bool {
    let code = s.at(sq);
    (lines.by_tables[s.to_move as usize] >> code) & 1 != 0
        && game
            .promotions
            .get(code as usize)
            .is_none_or(Option::is_none)
}

/// Whether a move is kept as it is, without a footprint: a pass, which reads nothing, or a
/// chain checked as it was found (with its piece promoted to the first choice: a move that
/// chooses is checked again as chosen).
#[inline(always)]
pub(super) fn kept_as_found(game: &Game, m: &Move) -> bool {
    m.is_pass() || (m.promote == 0 && checked_in_chain(&game.rules[m.rule.index()]))
}

/// Whether a code is one of a mask's.
#[inline(always)]
pub(super) fn matches(mask: u64, code: Code) -> bool {
    (mask >> code) & 1 != 0
}

/// The reads of the attacks of `keep_unattacked`, as the condition reads them: up to the
/// first square attacked. With them, whether no square is attacked, the one square the one
/// pattern matches (where that is so: the royal piece), and the squares the patterns match
/// (every pattern's, where the reads stop early).
fn kept_reads<M: Mask>(
    env: &Env<M>,
    attacks: &[(Pattern, AttackBy)],
) -> (AttackReads<M>, bool, Option<Sq>, M) {
    let mut read = AttackReads::<M>::default();
    let (mut before, mut royal, mut matched) = (true, None, M::default());
    for (pattern, by) in attacks {
        let squares = pattern_squares(pattern, env);
        matched |= squares;
        if attacks.len() == 1 && squares.is_single() {
            royal = Some(squares.lowest());
        }
        if squares
            .squares()
            .any(|sq| attacked_reading(env, sq, *by, &mut read))
        {
            before = false;
            break;
        }
    }
    if !before && attacks.len() > 1 {
        matched = attacks.iter().fold(matched, |set, (pattern, _)| {
            set | pattern_squares(pattern, env)
        });
    }
    (read, before, royal, matched)
}

/// For a step of the royal piece (`from`, the one square the one pattern, `patterns`,
/// matches, its attacks read by the tables) that carries one other piece (castling):
/// whether the move is allowed, read as `attacked_lifted` reads a step, with the carried
/// piece lifted from its square and put on its new one. `None` where the move is not such
/// a step: more than one carry or step, a carry whose squares are not tables
/// (`Carry::squares`), a square of the carry that is one of the step's, a carried piece
/// that is not the mover's or that the pattern matches, or one that would take what it is
/// put on.
#[inline(never)]
pub(super) fn carrying<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    env: &Env<Z::Set>,
    lines: &AttackLines,
    patterns: u64,
    m: &Move,
    rule: &MoveRule,
) -> Option<bool> {
    let ([step], [carry]) = (m.steps(), rule.carries.as_slice()) else {
        return None;
    };
    let plain = rule.steps_and_carries() && rule.chain.is_none() && !rule.takes_run;
    let to = step.to();
    let [a, b] = carry.squares.as_ref()?;
    if !plain || s.at(to) != 0 {
        return None;
    }
    let cells = game.board.cells();
    let (a, b) = (
        a.at(s.to_move, m.from, to, cells),
        b.at(s.to_move, m.from, to, cells),
    );
    let apart = |sq: Sq| (sq as usize) < cells && sq != m.from && sq != to;
    // The carried piece must be the mover's own, which attacks nothing here: an enemy
    // piece carried is an attacker on its new square.
    let carried = s.at(a);
    let own = carried != 0 && game.owner[carried as usize] == s.to_move;
    let matched = (patterns >> carried) & 1 != 0;
    if !apart(a) || !apart(b) || a == b || !own || matched || s.at(b) != 0 {
        return None;
    }
    let lifted = Z::Set::bit(m.from) | Z::Set::bit(a);
    Some(!attacked_lifted(
        env,
        to,
        s.at(m.from),
        lifted,
        Z::Set::bit(b),
        lines,
    ))
}

/// `allowed_after` where every condition is `not attacked(PATTERN)` and there is one, which
/// matches the one square `before` at `s`: the squares it matches after `m` are found from
/// those the move changes (`matched_after`), not from every piece of the board.
#[inline(never)]
fn allowed_after_from<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    m: &Move,
    (pattern, by): &(Pattern, AttackBy),
    before: Sq,
) -> bool {
    let mut after = *s;
    make_board(game, &mut after, m);
    let env = attack_env(game, &after);
    let squares = matched_after(game, pattern, s, &after, Z::Set::bit(before));
    !squares.squares().any(|sq| attacked(&env, sq, *by))
}

/// The squares `pattern` matches at `after` (for the player to move there), from those it
/// matches at `s`, `before`: a square the move from `s` to `after` left as it was matches
/// as it did. The cells are compared a word (eight squares) at a time.
fn matched_after<Z: Layout>(
    game: &Game,
    pattern: &Pattern,
    s: &State<Z>,
    after: &State<Z>,
    before: Z::Set,
) -> Z::Set {
    let cells = game.board.cells();
    let (old, new) = (s.cells(cells), after.cells(cells));
    let mut set = before;
    let mut changed = |sq: usize, code: Code| {
        set.remove(sq as Sq);
        if pattern.matches(after.to_move, code) {
            set.insert(sq as Sq);
        }
    };
    let (a, b) = (old.chunks_exact(8), new.chunks_exact(8));
    let (a_rest, b_rest) = (a.remainder(), b.remainder());
    for (i, (a, b)) in a.zip(b).enumerate() {
        let word = |c: &[Code]| u64::from_le_bytes(c.try_into().expect("eight cells"));
        let mut differ = word(a) ^ word(b);
        while differ != 0 {
            let j = differ.trailing_zeros() as usize / 8;
            differ &= !(0xff << (j * 8));
            changed(i * 8 + j, b[j]);
        }
    }
    let done = cells - a_rest.len();
    for (j, (&x, &y)) in a_rest.iter().zip(b_rest).enumerate() {
        if x != y {
            changed(done + j, y);
        }
    }
    set
}

/// Whether the moves of `rule` are checked against `after move require` as their chains
/// are found: chains of steps alone, whose last position is at hand then.
pub(super) fn checked_in_chain(rule: &MoveRule) -> bool {
    rule.chain.is_some() && rule.simple_steps() && rule.require.is_none()
}

/// Whether `m` may change, on some watched square, whether it matches the mask watching
/// it: what each square the move writes will hold is read from `make`'s step plans (the
/// last write to a square is what it holds), and a square whose new contents the plans
/// leave to a column counts as changed.
fn changes_watched<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    m: &Move,
    watched: &[(SquareSet, u64)],
) -> bool {
    #[inline(always)]
    fn matches(mask: u64, code: Code) -> bool {
        (mask >> code) & 1 != 0
    }
    let changes = |sq: Sq, new: Option<Code>| {
        let old = s.at(sq);
        watched.iter().any(|(set, mask)| {
            set.contains(sq) && new.is_none_or(|new| matches(*mask, old) != matches(*mask, new))
        })
    };
    move_changes(game, s, m, changes)
}

/// Whether `changes(square, what it will hold)` holds for some square `m` writes, as
/// `make`'s step plans say (`None`: left to a column), each square's last write only; true
/// for a move whose steps the plans do not cover.
#[inline(always)]
fn move_changes<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    m: &Move,
    changes: impl Fn(Sq, Option<Code>) -> bool,
) -> bool {
    if m.is_pass() {
        return false;
    }
    let rule = &game.rules[m.rule.index()];
    if !rule.simple_steps() {
        return true;
    }
    let code = s.at(m.from);
    let steps = m.steps();
    if let [step] = steps {
        // One step writes each square once.
        let plan = StepPlan::of(game, rule, code, m.from, *step);
        return plan.any_write(&game.board, changes);
    }
    // From the last step back, so that the first write seen of a square is its last. (A
    // step writes each square once: the one it leaves, those it passes, where it lands.)
    let mut seen = Z::Set::default();
    for i in (0..steps.len()).rev() {
        let at = if i == 0 { m.from } else { steps[i - 1].to() };
        let plan = StepPlan::of(game, rule, code, at, steps[i]);
        let changed = plan.any_write(&game.board, |sq, new| {
            let last_write = !seen.has(sq);
            seen.insert(sq);
            last_write && changes(sq, new)
        });
        if changed {
            return true;
        }
    }
    false
}

/// Whether the position after `m` meets every `after move require` condition, read from
/// the mover's side.
fn allowed_after<Z: Layout>(game: &Game, s: &State<Z>, m: &Move, earlier: &[u64]) -> bool {
    let mut after = *s;
    let done = make_board(game, &mut after, m);
    holds_after(game, &after, m, done, earlier, None)
}

/// Whether every `after move require` condition holds at `after`, the position after `m`
/// (with the mover still to move).
pub(super) fn holds_after<Z: Layout>(
    game: &Game,
    after: &State<Z>,
    m: &Move,
    done: Done,
    earlier: &[u64],
    before: Option<&Before<Z>>,
) -> bool {
    let Some(program) = &game.after_program else {
        return true;
    };
    if let Some(attacks) = &game.after_attacks {
        // Every condition is `not attacked(PATTERN)`: read as the program reads them, up
        // to the first square attacked, without running it.
        let env = attack_env(game, after);
        return attacks.iter().all(|(pattern, by)| {
            let squares = match before.and_then(|b| Some((b, b.matched(game, pattern)?))) {
                Some((b, set)) => b.matched_after(game, pattern, after, m, set),
                None => pattern_squares(pattern, &env),
            };
            !squares.squares().any(|sq| attacked(&env, sq, *by))
        });
    }
    let stuck = || stuck_after(game, after, m, done, earlier);
    program.holds(&Env {
        stuck: Some(&stuck),
        ..after_env(game, after, m, earlier)
    })
}

/// The position a move is tested from, with the squares of each piece type of its player
/// to move (`generate::Kinds`), as the drawing of a move has them: where a condition reads
/// the squares of some of the player's own piece types (`not attacked(friend king)`), they
/// are a union of those sets before the move, and after it, the same changed where the
/// move changed a square (`matched_after`), rather than every piece of the player's looked
/// at. (Playouts of a game that reads `not attacked(friend king)`: 0.977 of their
/// instructions.)
pub(super) struct Before<'a, Z: Layout> {
    pub s: &'a State<Z>,
    pub own: &'a [Z::Set; KIND_SETS],
}

impl<Z: Layout> Before<'_, Z> {
    /// The squares `pattern` matches at `s`, where it matches pieces of the player to move
    /// alone; `None` where it matches an empty square or another player's piece.
    #[inline(always)]
    pub(super) fn matched(&self, game: &Game, pattern: &Pattern) -> Option<Z::Set> {
        let player = self.s.to_move as usize;
        let types = game.pieces.len();
        let shift = 1 + player * types;
        if types > KIND_SETS || shift + types > u64::BITS as usize {
            return None;
        }
        let codes = pattern.masks[player];
        let mut wanted = (codes >> shift) & ((1 << types) - 1);
        if codes != wanted << shift {
            return None;
        }
        let mut set = Z::Set::default();
        while wanted != 0 {
            set |= self.own[wanted.trailing_zeros() as usize];
            wanted &= wanted - 1;
        }
        Some(set)
    }

    /// The squares `pattern` matches at `after`, the position after `m`, from those it
    /// matched before it (`matched`): a step that writes the squares it leaves and lands
    /// on alone (`MoveRule::writes_ends`) changes those two; another move, whatever squares
    /// the cells say it changed (`matched_after`).
    #[inline(always)]
    fn matched_after(
        &self,
        game: &Game,
        pattern: &Pattern,
        after: &State<Z>,
        m: &Move,
        matched: Z::Set,
    ) -> Z::Set {
        match m.steps() {
            [step] if !m.places() && game.rules[m.rule.index()].writes_ends => {
                let mut set = matched;
                for sq in [m.from, step.to()] {
                    set.remove(sq);
                    set.insert_if(sq, pattern.matches(after.to_move, after.at(sq)));
                }
                set
            }
            _ => matched_after(game, pattern, self.s, after, matched),
        }
    }
}

/// What `not attacked(PATTERN)` reads at `after`, where no capturing rule has conditions
/// of its own (`Game::after_attacks`): the pieces, the board and the rules (as the module
/// `eval::attack` says), and nothing of the position's history, its counters or its
/// slots, which are left constant. (Built whole, the environment took 113 of the 920
/// instructions of the test of a move drawn in a playout of a game of attacks; this way,
/// 55.)
#[inline(always)]
pub(super) fn attack_env<'a, Z: Layout>(game: &'a Game, after: &'a State<Z>) -> Env<'a, Z::Set> {
    Env {
        cells: game.board.cells(),
        board: Some(&game.board),
        cell_codes: after.cells(game.board.cells()),
        occupied: after.occupancy(game.owners),
        used_set: Z::Set::from_set(&game.board.used_set),
        types: game.pieces.len(),
        player: after.to_move,
        game: Some(game),
        ..Env::constant()
    }
}

/// What `after move require` reads at `after`, the position after `m`.
#[inline(always)]
fn after_env<'a, Z: Layout>(
    game: &'a Game,
    after: &'a State<Z>,
    m: &Move,
    earlier: &'a [u64],
) -> Env<'a, Z::Set> {
    Env {
        from: m.from,
        to: m.to(),
        earlier,
        ..env(game, after)
    }
}

/// Whether a move the generator found, with its chains checked as they were found, is
/// legal by `after move require`: what `keep_allowed_after` keeps without a footprint, for
/// one move. `Made` where it made the move on `after` to test it: the board after it,
/// which a playout plays on rather than making the move again. (Written in line: called
/// from the drawn moves' test too, it was left out of line, and random games of a game
/// without that test ran up to 1.008 of their instructions.)
#[inline(always)]
pub(super) fn allowed_one<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    m: &Move,
    earlier: &[u64],
    after: &mut State<Z>,
    before: Option<&Before<Z>>,
) -> Tested {
    if m.is_pass() || (m.promote == 0 && checked_in_chain(&game.rules[m.rule.index()])) {
        return Tested::Legal;
    }
    *after = *s;
    let done = make_board(game, after, m);
    match holds_after(game, after, m, done, earlier, before) {
        true => Tested::Made(done),
        false => Tested::Refused,
    }
}

/// What testing a drawn move found (`generate::drawn_legal`).
#[derive(Clone, Copy, Debug)]
pub enum Tested {
    /// The move is not legal.
    Refused,
    /// The move is legal.
    Legal,
    /// The move is legal, and the position it was tested on holds its board after it
    /// (`make_board`, with what it did): the turn has not passed.
    Made(Done),
}

/// Whether `m` meets every `after move require` condition.
pub fn meets_after_move<Z: Layout>(game: &Game, s: &State<Z>, m: &Move, earlier: &[u64]) -> bool {
    game.after_move.is_empty() || allowed_after(game, s, m, earlier)
}

/// Why a move that a rule gives is not legal: the rule's own `require` fails after it, or
/// one of the `after move require` conditions (its index in `Game::after_move`) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Require,
    AfterMove(usize),
}

/// Why `m`, a move the rules give at `s` (`moves_by_tier_unrequired`), is refused, the
/// boards of the game before being `earlier`; `None` if it is not. Each condition is
/// compiled here on its own: this answers a person, not the move generator.
pub fn refusal<Z: Layout>(game: &Game, s: &State<Z>, m: &Move, earlier: &[u64]) -> Option<Refusal> {
    if !super::generate::meets_require(game, s, m) {
        return Some(Refusal::Require);
    }
    if m.is_pass() {
        return None;
    }
    let mut after = *s;
    let done = make_board(game, &mut after, m);
    let stuck = || stuck_after(game, &after, m, done, earlier);
    let env = Env {
        stuck: Some(&stuck),
        ..after_env(game, &after, m, earlier)
    };
    game.after_move
        .iter()
        .position(|e| !crate::ir::Program::of(e).holds(&env))
        .map(Refusal::AfterMove)
}
