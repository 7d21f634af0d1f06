//! The test of the moves a playout draws at one position, where `after move require` is
//! one royal piece's `not attacked(…)` read through the attack tables: most draws are
//! answered without making the move, and only the move kept is made.

use super::after::{allowed_one, carrying, kept_as_found, lifts, matches, one_royal_pattern};
use super::after::{Before, Tested};
use super::layout::Layout;
use super::make::make_board;
use super::moves::Move;
use super::state::State;
use crate::eval::attack::{attacked_lifted, royal_sets};
use crate::eval::board::pattern_squares;
use crate::eval::Env;
use crate::ir::{AttackLines, Game, Mask, Sq};
use std::cell::OnceCell;

/// The test of the moves drawn at one position (`generate::drawn_legal`), where the one
/// `after move require` condition is `not attacked(PATTERN)` by the other side, the
/// pattern matches one square (the royal piece), and every attack on it is looked up in
/// the tables (`AttackLines::one_step_lands`). A step that writes its two squares alone is
/// answered without making it: the royal piece's as one attack read with the piece lifted
/// (`attacked_lifted`), any other by the check and the pins (`royal_sets`), found at the
/// first such draw, as the perft generator's `Unattacked` finds them for every move. A move
/// found legal is made on the playout's position, to play on from there; any other move is
/// made and read as `allowed_one` does.
///
/// (Random games of the shipped games with a royal piece this applies to: 0.979 to 0.987
/// of their instructions. A draw made and read cost some 850 instructions, 550 of them the
/// attack; most draws are now a look at two sets, or one attack, and the move kept is made
/// once.)
pub(super) struct DrawnTest<'g, Z: Layout> {
    game: &'g Game,
    s: &'g State<Z>,
    env: &'g Env<'g, Z::Set>,
    lines: &'g AttackLines,
    /// The square the pattern matches.
    royal: Sq,
    /// Whether the royal piece's steps are read with it lifted (`after::lifts`).
    lifted: bool,
    /// The codes the pattern matches, for the player to move.
    pattern: u64,
    /// What `royal_sets` finds, once asked (`None` inside where it finds nothing).
    sets: OnceCell<Option<RoyalSets<Z::Set>>>,
}

/// What `royal_sets` finds: whether the royal piece is attacked, and the squares a step
/// may not leave and may not land on without being made and read.
type RoyalSets<M> = (bool, M, M);

impl<'g, Z: Layout> DrawnTest<'g, Z> {
    /// The test for `s`, where the game's `after move require` is such a condition; `None`
    /// otherwise. `env` is the position's attack environment (`after::attack_env`);
    /// `before` has the squares of the player's pieces by type, where the caller keeps
    /// them: the royal piece is found there.
    #[inline(always)]
    pub(super) fn new(
        game: &'g Game,
        s: &'g State<Z>,
        env: &'g Env<'g, Z::Set>,
        before: Option<&Before<Z>>,
    ) -> Option<Self> {
        let p = s.to_move as usize;
        let (pattern, lines) = one_royal_pattern(game, game.after_attacks.as_deref()?, p)?;
        let squares = match before.and_then(|b| b.matched(game, pattern)) {
            Some(squares) => squares,
            None => pattern_squares(pattern, env),
        };
        if !squares.is_single() {
            return None;
        }
        let royal = squares.lowest();
        // Where a capture that could take the royal piece is walked, not looked up,
        // `royal_sets` finds nothing: every move would be made and read.
        if (lines.by_tables[p] >> s.at(royal)) & 1 == 0 {
            return None;
        }
        Some(DrawnTest {
            game,
            s,
            lifted: lifts(game, lines, s, royal),
            env,
            lines,
            royal,
            pattern: pattern.masks[p],
            sets: OnceCell::new(),
        })
    }

    /// Whether `m` is legal, made on `after` where it is (`Tested::Made`), else as
    /// `allowed_one` tests it. `m` meets its rule's `require`.
    #[inline(always)]
    pub(super) fn test(
        &self,
        m: &Move,
        earlier: &[u64],
        after: &mut State<Z>,
        before: Option<&Before<Z>>,
    ) -> Tested {
        let (game, s) = (self.game, self.s);
        if kept_as_found(game, m) {
            return Tested::Legal;
        }
        let rule = &game.rules[m.rule.index()];
        let royal = self.lifted && m.from == self.royal && m.promote == 0;
        let legal = match m.steps() {
            [step] if m.promote == 0 && rule.writes_ends => {
                let to = step.to();
                // After the step the pattern matches `to` alone: `from` is left empty,
                // which no pattern matches here, and `to` held nothing it matches.
                if royal && !matches(self.pattern, s.at(to)) {
                    let (none, lifted) = (Z::Set::default(), Z::Set::bit(m.from));
                    let code = s.at(m.from);
                    Some(!attacked_lifted(
                        self.env, to, code, lifted, none, self.lines,
                    ))
                } else {
                    self.settled(m.from, to)
                }
            }
            _ if royal => carrying(game, s, self.env, self.lines, self.pattern, m, rule),
            _ => None,
        };
        match legal {
            Some(true) => {
                *after = *s;
                Tested::Made(make_board(game, after, m))
            }
            Some(false) => Tested::Refused,
            None => allowed_one(game, s, m, earlier, after, before),
        }
    }

    /// Whether a step from `from` to `to` that writes those two squares alone leaves the
    /// royal piece unattacked, where the check and the pins settle it: where it leaves no
    /// square they read and lands on none, the answer is the position's own.
    #[inline(always)]
    fn settled(&self, from: Sq, to: Sq) -> Option<bool> {
        let sets = self
            .sets
            .get_or_init(|| royal_sets(self.env, self.royal, self.lines));
        let &(attacked, leave, land) = sets.as_ref()?;
        let royal = Z::Set::bit(self.royal);
        (!(leave | royal).has(from) && !(land | royal).has(to)).then_some(!attacked)
    }
}
