//! Forsyth–Edwards Notation, read into a position of any two-player game of pieces whose
//! position text it fits. The board field is the position text's own; the other fields are
//! read in general terms:
//!
//! - the side to move is a player's initial (`w`, `b`); where no player's name starts
//!   with it, `w` is the first player and `b` the second (FEN's white moves first);
//! - each letter of the third field marks pieces as not having moved (for `moved`): an
//!   upper-case letter for the first player, lower case for the second; `K` the outermost
//!   followed piece (see `Game::moved_types`) at the east end of the player's home row, `Q`
//!   the one at the west end, and with either the followed pieces of that row of another
//!   type than the end's; the end's piece must be of the type the start position has at
//!   that end (a right with no such piece at its end is refused); `-` none;
//! - the fourth field, a square or `-`, is the square the last move passed over: the move
//!   before is the other player's move straight across it, from the square before it to
//!   the square after it, by whichever rule of the game makes that move;
//! - the fifth is the clock, the sixth (the move number) is read and not kept.

use super::position::parse_position;
use crate::engine::Position;
use crate::ir::expr::LookBack;
use crate::ir::{Game, Sq};

/// Whether a position text is FEN: its second field is a player's initial, not a name.
pub fn looks_like_fen(game: &Game, text: &str) -> bool {
    let mut fields = text.split_whitespace();
    let side = fields.nth(1).unwrap_or("");
    side.len() == 1
        && !game.players.iter().any(|p| p.name == side)
        && initial_of(game, side).is_some()
}

/// The player whose name starts with this letter (either case), if exactly one does; else,
/// in a game of two players neither of whose names starts with it, `w` for the first and
/// `b` for the second, as FEN has them.
fn initial_of(game: &Game, letter: &str) -> Option<usize> {
    let starts = |p: &crate::ir::Player| {
        p.name
            .chars()
            .next()
            .is_some_and(|c| c.to_string().eq_ignore_ascii_case(letter))
    };
    let mut found = game.players.iter().enumerate().filter(|(_, p)| starts(p));
    match found.next() {
        Some((first, _)) => found.next().is_none().then_some(first),
        None if game.players.len() == 2 => match letter {
            "w" | "W" => Some(0),
            "b" | "B" => Some(1),
            _ => None,
        },
        None => None,
    }
}

/// Reads a FEN (see the module's comment).
pub fn parse_fen(game: &Game, text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() > 6 {
        return Err(format!(
            "a FEN has at most 6 fields, this one has {}",
            fields.len()
        ));
    }
    let side = initial_of(game, fields[1])
        .ok_or_else(|| format!("`{}` is the initial of no player", fields[1]))?;
    let mut s = parse_position(game, &format!("{} {}", fields[0], game.players[side].name))?;
    // Every followed piece has moved, unless the third field says otherwise.
    let followed = s.followed(game);
    s.set_moved(&followed);
    if let Some(&rights) = fields.get(2) {
        unmoved_from_rights(game, &mut s, rights)?;
    }
    if let Some(&passed) = fields.get(3).filter(|f| **f != "-") {
        s.look = move_across(game, &s, passed)?;
    }
    if let Some(&clock) = fields.get(4) {
        s.clock = clock
            .parse()
            .map_err(|_| format!("`{clock}` is not a count of plies (the FEN's fifth field)"))?;
    }
    if let Some(&number) = fields.get(5) {
        number
            .parse::<u32>()
            .map_err(|_| format!("`{number}` is not a move number (the FEN's sixth field)"))?;
    }
    Ok(s)
}

/// The third field: `KQkq`, a subset, or `-`.
fn unmoved_from_rights(game: &Game, s: &mut Position, rights: &str) -> Result<(), String> {
    if rights == "-" {
        return Ok(());
    }
    if !game.reads_moved {
        return Err(format!(
            "`{rights}`: no rule of this game reads whether a piece has moved"
        ));
    }
    for c in rights.chars() {
        let player = if c.is_ascii_uppercase() { 0 } else { 1 };
        let east = match c.to_ascii_lowercase() {
            'k' => true,
            'q' => false,
            _ => return Err(format!("`{c}` in `{rights}`: write K, Q, k, q or -")),
        };
        let row = home_row(game, player, &|sq| s.at(sq));
        let who = &game.players[player].name;
        if row.is_empty() {
            return Err(format!(
                "`{c}`: {who} has no piece on its home row whose moves are followed"
            ));
        }
        let end = if east { row[row.len() - 1] } else { row[0] };
        let end_kind = game.kind[s.at(end) as usize];
        // The piece a letter names is of the type that stands at that end at the start:
        // `K` with no piece of that type at the east end of the row names nothing.
        let start_row = home_row(game, player, &|sq| game.setup[sq as usize]);
        let start_end = if east {
            start_row.last()
        } else {
            start_row.first()
        };
        if let Some(&start_end) = start_end {
            let start_kind = game.kind[game.setup[start_end as usize] as usize];
            if start_kind != end_kind {
                let side = if east { "east" } else { "west" };
                return Err(format!(
                    "`{c}`: {who}'s piece at the {side} end of its home row is a {}, where the start has a {}",
                    game.pieces[end_kind as usize].name, game.pieces[start_kind as usize].name
                ));
            }
        }
        let mut moved = s.moved();
        moved.remove(end);
        for &sq in &row {
            if game.kind[s.at(sq) as usize] != end_kind {
                moved.remove(sq);
            }
        }
        s.set_moved(&moved);
    }
    Ok(())
}

/// The followed pieces (`Game::follows_moved`) of `player`'s home row, west to east, as
/// `at` says what each square holds: the pieces castling rights are about.
fn home_row(game: &Game, player: usize, at: &dyn Fn(Sq) -> u8) -> Vec<Sq> {
    let cells = game.board.cells();
    let mut row: Vec<Sq> = game
        .board
        .squares()
        .filter(|&sq| {
            let code = at(sq);
            code != 0
                && game.owner[code as usize] as usize == player
                && game.rows[player * cells + sq as usize] == 0
                && game.follows_moved(code)
        })
        .collect();
    row.sort_by_key(|&sq| game.board.file(sq));
    row
}

/// The move before, from the square it passed over: the other player's move from the
/// square before it to the square after it, straight along that player's forward.
fn move_across(game: &Game, s: &Position, passed: &str) -> Result<LookBack, String> {
    let over = game
        .board
        .square(passed)
        .ok_or_else(|| format!("no such square: {passed}"))?;
    let mover = game.next_player(s.to_move) as usize;
    let facing = &game.players[mover].facing;
    let b = &game.board;
    let step = |sq: Sq, k: i32| {
        let (f, r) = (
            b.file(sq) as i32 + k * facing.dx,
            b.rank(sq) as i32 + k * facing.dy,
        );
        let inside = (0..b.width as i32).contains(&f) && (0..b.height as i32).contains(&r);
        let sq = (r * b.width as i32 + f) as usize;
        (inside && b.used[sq])
            .then_some(sq as Sq)
            .ok_or_else(|| format!("{passed}: the square passed over has no square on each side"))
    };
    let (from, to) = (step(over, -1)?, step(over, 1)?);
    // The position before that move: its piece back where it started, its player to move.
    let mut before = *s;
    before.put(game, from, s.at(to));
    before.put(game, to, 0);
    before.to_move = mover as u8;
    let m = before
        .legal_moves(game)
        .into_iter()
        .find(|m| m.from == from && m.to() == to)
        .ok_or_else(|| {
            format!(
                "{passed}: no move of {} goes from {} to {} across it",
                game.players[mover].name,
                game.board.name(from),
                game.board.name(to)
            )
        })?;
    Ok(game.kept_look(LookBack {
        from,
        to,
        rule: m.rule,
        ..LookBack::NONE
    }))
}

/// The move number of a FEN (its sixth field), where `text` is a FEN that gives one.
pub fn fen_move_number(text: &str) -> Option<usize> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 || !matches!(fields[1], "w" | "b") {
        return None;
    }
    fields[5]
        .parse()
        .ok()
        .filter(|n: &usize| (1..100_000).contains(n))
}

/// The position as FEN, for a two-player game of pieces without columns, seeds or hands
/// (`None` for another): the position text's board, the side to move's initial, the pieces
/// that have not moved as the third field reads them, the square the last move passed over
/// (a move straight along its player's forward, two squares long, by a game that reads the
/// move before), the clock, and the move number `number`.
pub fn fen_text(game: &Game, s: &Position, number: usize) -> Option<String> {
    if game.players.len() != 2
        || game.pieces.is_empty()
        || game.columns.is_some()
        || game.sowing.is_some()
        || !game.hands.is_empty()
        || game.dice.is_some()
        || !game.counters.is_empty()
    {
        return None;
    }
    let text = super::position::position_text(game, s);
    let board = text.split_whitespace().next()?;
    let side = game.players[s.to_move as usize]
        .name
        .chars()
        .next()
        .map(|c| c.to_ascii_lowercase().to_string())
        .filter(|c| initial_of(game, c) == Some(s.to_move as usize))
        .unwrap_or_else(|| if s.to_move == 0 { "w" } else { "b" }.to_string());
    let rights = rights_text(game, s);
    let passed =
        passed_square(game, s).map_or("-".to_string(), |sq| game.board.name(sq).to_string());
    Some(format!(
        "{board} {side} {rights} {passed} {} {number}",
        s.clock
    ))
}

/// The third field: for each player, `K` where the piece at the east end of its home row
/// and a piece of another type on that row have not moved, `Q` likewise at the west end.
fn rights_text(game: &Game, s: &Position) -> String {
    if !game.reads_moved {
        return "-".to_string();
    }
    let moved = s.moved();
    let mut out = String::new();
    for player in 0..2 {
        let row = home_row(game, player, &|sq| s.at(sq));
        let start = home_row(game, player, &|sq| game.setup[sq as usize]);
        let start_kind = |east: bool| {
            let end = if east { start.last() } else { start.first() };
            end.map(|&sq| game.kind[game.setup[sq as usize] as usize])
        };
        for (east, letter) in [(true, 'k'), (false, 'q')] {
            let end = if east { row.last() } else { row.first() };
            let Some(&end) = end else { continue };
            let kind = game.kind[s.at(end) as usize];
            let unmoved = |sq: Sq| !moved.contains(sq);
            let partner = row
                .iter()
                .any(|&sq| game.kind[s.at(sq) as usize] != kind && unmoved(sq));
            if unmoved(end) && partner && start_kind(east) == Some(kind) {
                out.push(if player == 0 {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
    }
    if out.is_empty() {
        "-".to_string()
    } else {
        out
    }
}

/// The square the move before passed over, where it went two squares straight along its
/// player's forward.
fn passed_square(game: &Game, s: &Position) -> Option<Sq> {
    if !game.reads_previous {
        return None;
    }
    let look = s.look;
    let (from, to) = (look.from, look.to);
    if from as usize >= game.board.cells() || to as usize >= game.board.cells() {
        return None;
    }
    let mover = game.next_player(s.to_move) as usize;
    let facing = &game.players[mover].facing;
    let b = &game.board;
    let (df, dr) = (
        b.file(to) as i32 - b.file(from) as i32,
        b.rank(to) as i32 - b.rank(from) as i32,
    );
    if (df, dr) != (2 * facing.dx, 2 * facing.dy) {
        return None;
    }
    let over = (b.rank(from) as i32 + facing.dy) * b.width as i32 + b.file(from) as i32 + facing.dx;
    Some(over as Sq)
}
