//! Perft by whole turns, for games of dice: a step is a roll and then a play, everything
//! the player does with that roll, and plays that lead to the same position are one (as
//! programs of race games count: two dice used in either order to the same position make
//! one play). `perft --turns` counts so.

use crate::each_state;
use crate::engine::Layout;
use crate::engine::{generate, make, Move, Position, Scratch, State};
use crate::ir::Game;
use std::collections::HashSet;

/// The distinct positions the player to move can end their turn in from `state`, a roll
/// made: the positions where the turn has passed, or the game ended, after some
/// sequence of their moves. A roll no move can use passes at once and has one play.
pub fn plays<Z: Layout>(game: &Game, state: &State<Z>) -> Vec<State<Z>> {
    let mut ends = Vec::new();
    PlayWalk::new(game, state, false).from(state, &mut |end, _| ends.push(end));
    ends
}

/// The plays of `plays`, each as the first sequence of moves found that makes it (with the
/// moves legal at each step, for writing them), in the order the moves are listed.
pub fn play_lines<Z: Layout>(game: &Game, state: &State<Z>) -> Vec<Vec<(Move, Vec<Move>)>> {
    let mut lines = Vec::new();
    PlayWalk::new(game, state, true).from(state, &mut |_, line| lines.push(line.to_vec()));
    lines
}

/// A walk through the moves of one player's turn, depth first in the order the moves are
/// listed, to the positions where it ends.
struct PlayWalk<'g, Z: Layout> {
    game: &'g Game,
    player: u8,
    scratch: Scratch<Z>,
    /// The ends found, and every position passed, so that each is walked from once.
    ends: HashSet<State<Z>>,
    seen: HashSet<State<Z>>,
    /// With `keep_line`: the moves from the start to where the walk is, each with the
    /// moves legal beside it.
    line: Vec<(Move, Vec<Move>)>,
    keep_line: bool,
}

impl<'g, Z: Layout> PlayWalk<'g, Z> {
    fn new(game: &'g Game, state: &State<Z>, keep_line: bool) -> Self {
        PlayWalk {
            game,
            player: state.to_move,
            scratch: Scratch::default(),
            ends: HashSet::new(),
            seen: HashSet::new(),
            line: Vec::new(),
            keep_line,
        }
    }

    /// Walks on from `s`, handing each end reached for the first time to `found`, with
    /// the line that reached it (empty without `keep_line`).
    fn from(&mut self, s: &State<Z>, found: &mut impl FnMut(State<Z>, &[(Move, Vec<Move>)])) {
        let mut moves = Vec::new();
        let over = generate(self.game, s, &mut self.scratch, &mut moves).is_some();
        if over || s.to_move != self.player || moves.first().is_none_or(Move::is_roll) {
            if self.ends.insert(*s) {
                found(*s, &self.line);
            }
            return;
        }
        for &m in &moves {
            let mut next = *s;
            make(self.game, &mut next, m);
            if self.seen.insert(next) {
                if self.keep_line {
                    self.line.push((m, moves.clone()));
                }
                self.from(&next, found);
                if self.keep_line {
                    self.line.pop();
                }
            }
        }
    }
}

/// `play_lines` from a position of any layout.
pub fn play_lines_at(game: &Game, position: &Position) -> Vec<Vec<(Move, Vec<Move>)>> {
    each_state!(position, s => play_lines(game, s))
}

/// The sequences of `depth` whole turns from `state`, each turn a roll and one of its
/// plays; from a position whose roll is made (dice left to play), the first turn is its
/// plays alone. Without dice, each move is a turn.
pub fn perft_turns<Z: Layout>(game: &Game, state: &State<Z>, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if state.dice_left > 0 {
        return plays(game, state)
            .iter()
            .map(|p| perft_turns(game, p, depth - 1))
            .sum();
    }
    turns_by_roll(game, state, depth)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

/// `perft_turns` under each roll (each first move, without dice).
pub fn turns_by_roll<Z: Layout>(game: &Game, state: &State<Z>, depth: usize) -> Vec<(Move, u64)> {
    let mut scratch = Scratch::default();
    let mut moves = Vec::new();
    if depth == 0 || generate(game, state, &mut scratch, &mut moves).is_some() {
        return Vec::new();
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = *state;
            make(game, &mut next, m);
            let ends = match m.is_roll() {
                true => plays(game, &next),
                false => vec![next],
            };
            let n = ends.iter().map(|p| perft_turns(game, p, depth - 1)).sum();
            (m, n)
        })
        .collect()
}

/// `perft_turns` from a position of any layout.
pub fn perft_turns_at(game: &Game, position: &Position, depth: usize) -> u64 {
    each_state!(position, s => perft_turns(game, s, depth))
}

/// `turns_by_roll` from a position of any layout.
pub fn turns_by_roll_at(game: &Game, position: &Position, depth: usize) -> Vec<(Move, u64)> {
    each_state!(position, s => turns_by_roll(game, s, depth))
}
