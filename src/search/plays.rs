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
    let mut scratch = Scratch::default();
    let mut ends = HashSet::new();
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut moves = Vec::new();
    let mut stack = vec![*state];
    let player = state.to_move;
    while let Some(s) = stack.pop() {
        let over = generate(game, &s, &mut scratch, &mut moves).is_some();
        let turn_over = s.to_move != player || moves.first().is_none_or(Move::is_roll);
        if over || turn_over {
            if ends.insert(s) {
                order.push(s);
            }
            continue;
        }
        for &m in &moves {
            let mut next = s;
            make(game, &mut next, m);
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    order
}

/// The plays of `plays`, each as the first sequence of moves found that makes it (with the
/// moves legal at each step, for writing them), in the order the moves are listed.
pub fn play_lines<Z: Layout>(game: &Game, state: &State<Z>) -> Vec<Vec<(Move, Vec<Move>)>> {
    let mut scratch = Scratch::default();
    let mut ends = HashSet::new();
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    let mut line = Vec::new();
    lines_from(
        game,
        state,
        state.to_move,
        &mut scratch,
        &mut ends,
        &mut seen,
        &mut line,
        &mut lines,
    );
    lines
}

/// `play_lines` from `s`, reached by `line`.
#[allow(clippy::too_many_arguments)]
fn lines_from<Z: Layout>(
    game: &Game,
    s: &State<Z>,
    player: u8,
    scratch: &mut Scratch<Z>,
    ends: &mut HashSet<State<Z>>,
    seen: &mut HashSet<State<Z>>,
    line: &mut Vec<(Move, Vec<Move>)>,
    lines: &mut Vec<Vec<(Move, Vec<Move>)>>,
) {
    let mut moves = Vec::new();
    let over = generate(game, s, scratch, &mut moves).is_some();
    if over || s.to_move != player || moves.first().is_none_or(Move::is_roll) {
        if ends.insert(*s) {
            lines.push(line.clone());
        }
        return;
    }
    for &m in &moves {
        let mut next = *s;
        make(game, &mut next, m);
        if seen.insert(next) {
            line.push((m, moves.clone()));
            lines_from(game, &next, player, scratch, ends, seen, line, lines);
            line.pop();
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
