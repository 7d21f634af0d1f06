//! Writing moves and reading them back: `c3-d4` for a move, `c3xd6` for a capture,
//! `c3xe5xc7` for a chain (each landing square in turn), `e4` for a new piece placed there
//! (`K@e4` where pieces of several types are placed), a pit's name for a sowing, `pass`. A
//! move in two parts writes its second part after a `/`, by its landings only: `d1-d7/g7`.
//! A block turned is written by its corner and `>` (clockwise) or `<`: `c3/d4>`.
//! Where the player chooses what a piece is promoted to, the choice follows: `e7-e8=Q`.

use crate::engine::{Move, Step};
use crate::ir::{Game, MoveRule, Sq, NO_SQUARE};
use std::fmt::{self, Write};

/// A move as text.
pub fn move_text(game: &Game, m: Move) -> String {
    let mut text = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_move(game, m, &mut text);
    text
}

/// Whether `m` is written exactly `text`, found without writing it: reading a move back
/// compares the text with every legal move's (a position may offer thousands), and most
/// differ in their first square.
fn reads_as(game: &Game, m: Move, text: &str) -> bool {
    let mut rest = Rest(text);
    write_move(game, m, &mut rest).is_ok() && rest.0.is_empty()
}

/// A text being matched: what is left of it after what was written so far. Writing what
/// it does not go on with fails, and the writer stops there.
struct Rest<'a>(&'a str);

impl Write for Rest<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.strip_prefix(s).ok_or(fmt::Error)?;
        Ok(())
    }
}

/// Writes a move's text.
fn write_move<W: Write>(game: &Game, m: Move, text: &mut W) -> fmt::Result {
    if m.is_pass() {
        return text.write_str("pass");
    }
    if m.is_roll() {
        let roll = game.dice.as_ref().and_then(|d| d.rolls.get(m.roll_index()));
        text.write_str("roll ")?;
        return roll.map_or(Ok(()), |r| text.write_str(&r.text()));
    }
    if game.sowing.is_some() {
        // A sowing is written by its pit.
        return text.write_str(game.board.name(m.from));
    }
    let rule = &game.rules[m.rule.index()];
    // On piles, a landing on a pile of one's own takes nothing: `m1-n1`.
    let merges = game.piles && !m.takes;
    write_part(game, rule, m.from, m.first_steps(), merges, text)?;
    if let (Some(then), false) = (rule.then, m.second_steps().is_empty()) {
        let second = &game.rules[then.index()];
        // A removal is written after the move that earned it: `d2xa1`, `a4-a1xg7`.
        if !second.removes {
            text.write_char('/')?;
        }
        write_part(game, second, NO_SQUARE, m.second_steps(), merges, text)?;
    }
    if m.promote != 0 {
        let kind = game.kind[m.promote as usize] as usize;
        text.write_char('=')?;
        text.write_char(game.pieces[kind].letter.to_ascii_uppercase())?;
    }
    Ok(())
}

/// One part of a move: a placement's square (after the piece's letter and `@` when the
/// game places more than one type of piece), or the square a piece starts from (when
/// `from` is one) and each landing, after `x` for a capture and `-` otherwise.
fn write_part<W: Write>(
    game: &Game,
    rule: &MoveRule,
    from: Sq,
    steps: &[Step],
    merges: bool,
    text: &mut W,
) -> fmt::Result {
    if rule.rotate.is_some() {
        // The block's corner, and `>` for a clockwise turn, `<` for one the other way.
        if let Some(step) = steps.first() {
            text.write_str(game.board.name(step.to()))?;
            let clockwise = step.dir() == crate::ir::Rotation::CLOCKWISE;
            text.write_char(if clockwise { '>' } else { '<' })?;
        }
        return Ok(());
    }
    if rule.removes {
        if let Some(step) = steps.first() {
            text.write_char('x')?;
            text.write_str(game.board.name(step.to()))?;
        }
        return Ok(());
    }
    if let Some(t) = rule.place {
        if places_several_types(game) {
            text.write_char(game.pieces[t as usize].letter.to_ascii_uppercase())?;
            text.write_char('@')?;
        }
        if let Some(step) = steps.first() {
            text.write_str(game.board.name(step.to()))?;
        }
        return Ok(());
    }
    let sep = if rule.captures() && !merges { 'x' } else { '-' };
    if from != NO_SQUARE {
        text.write_str(game.board.name(from))?;
    }
    for (i, step) in steps.iter().enumerate() {
        if i > 0 || from != NO_SQUARE || sep == 'x' {
            text.write_char(sep)?;
        }
        text.write_str(game.board.name(step.to()))?;
    }
    Ok(())
}

/// Whether the rules place pieces of more than one type, so that a placement names its
/// piece (`K@e4`).
fn places_several_types(game: &Game) -> bool {
    let mut types = game.rules.iter().filter_map(|r| r.place);
    let first = types.next();
    types.any(|t| Some(t) != first)
}

/// A move in the coordinate notation of the UCI engine protocol: the square it
/// starts from and each square it lands on, run together, then a promotion's letter in
/// lower case (`e2e4`, `e7e8q`, `c3e5c7`); a piece placed is `P@e4`, a sowing its pit, a
/// pass `0000`.
pub fn uci_text(game: &Game, m: Move) -> String {
    if m.is_pass() {
        return "0000".to_string();
    }
    if m.is_roll() {
        // Not UCI's: a roll is written as the session writes it, without the space.
        return move_text(game, m).replace(' ', "");
    }
    if game.sowing.is_some() {
        return game.board.name(m.from).to_string();
    }
    let mut text = String::new();
    let rule = &game.rules[m.rule.index()];
    if let (Some(t), true) = (rule.place, m.from == NO_SQUARE) {
        text.push(game.pieces[t as usize].letter.to_ascii_uppercase());
        text.push('@');
    } else if m.from != NO_SQUARE {
        text.push_str(game.board.name(m.from));
    }
    for step in m.steps() {
        text.push_str(game.board.name(step.to()));
    }
    if m.promote != 0 {
        let kind = game.kind[m.promote as usize] as usize;
        text.push(game.pieces[kind].letter.to_ascii_lowercase());
    }
    text
}

/// `m` written among the moves `legal`: its notation, and where another of them is written
/// alike (two rules landing on the same square, say), the rule's name after a colon
/// (`a1-b1:slide`), so that no two moves of a position read the same.
pub fn move_text_among(game: &Game, m: Move, legal: &[Move]) -> String {
    let text = move_text(game, m);
    let same_squares = |o: &Move| {
        o.from == m.from
            && o.promote == m.promote
            && o.steps()
                .iter()
                .map(|s| s.to())
                .eq(m.steps().iter().map(|s| s.to()))
    };
    let alike = |o: &Move| same_squares(o) && reads_as(game, *o, &text);
    // In a game of dice, two moves alike but for the die they use are told apart by it:
    // `m2-n2:2`, bearing off with the 2 rather than the 1.
    if m.die != 0 && legal.iter().any(|o| o.die != m.die && alike(o)) {
        return format!("{text}:{}", m.die);
    }
    if !m.is_pass() && legal.iter().any(|o| o.rule != m.rule && alike(o)) {
        format!("{text}:{}", game.rules[m.rule.index()].name)
    } else {
        text
    }
}

/// The move of `legal` written exactly as `text` (as `move_text_among` writes it), if there
/// is one. (A person's typing is read more leniently by the play session.)
pub fn parse_move(game: &Game, legal: &[Move], text: &str) -> Option<Move> {
    let text = text.trim();
    let (written, rule) = match text.rsplit_once(':') {
        Some((written, rule)) => (written, Some(rule)),
        None => (text, None),
    };
    // `:2` names the die a move uses, `:slide` its rule.
    let die = rule.and_then(|r| r.parse::<u8>().ok());
    let mut found = legal
        .iter()
        .copied()
        .filter(|&m| reads_as(game, m, written))
        .filter(|m| match (die, rule) {
            (Some(d), _) => m.die == d,
            (None, Some(r)) => !m.is_pass() && game.rules[m.rule.index()].name == r,
            (None, None) => true,
        });
    let first = found.next()?;
    // Without the rule's name or the die, the text must name one move.
    (rule.is_some() || found.all(|m| m.rule == first.rule && m.die == first.die)).then_some(first)
}
