//! The position text, Tabula's FEN: the board rank by rank from the top, `/` between ranks,
//! a piece as its letter (upper case for the first player, lower case for the second, and
//! the same with a `'` after it for the third and fourth: `M'`, `m'`; a neutral piece, owned
//! by nobody, as `*` and its letter in lower case: `*s`), a
//! column of two or more pieces in brackets from the bottom up (`[sSs]`: the last letter
//! commands), a number for a run of empty squares, unused squares left out; then the player
//! to move.
//!
//! A 4 x 4 board full of checkers, alternating, Red to move: `cCcC/CcCc/cCcC/CcCc Red`.
//!
//! Then, where they apply: `hand=` with the pieces each player holds in hand (players in
//! turn order separated by `,`, the counts of each kept piece type separated by `:`, as in
//! `hand=12,11`), `clock=` with the plies since the clock last reset, and `passes=` with the
//! passes made in a row. The last two are written only when they are not 0.
//!
//! With counters: the pits rank by rank from the top, the counts of a rank separated by
//! commas; then the player to move; then `stores=` with each player's store in turn order,
//! and, when they apply, `capturer=` (the last player who captured) and `back=Y:O` (the
//! player to move may not sow the single seed of Y back into O). A start with 6 pits a row:
//! `5,5,5,5,5,5/5,5,5,5,5,5 South stores=0,0`.

use crate::engine::column;
use crate::engine::{Position, NOBODY};
use crate::ir::expr::LookBack;
use crate::ir::NO_SQUARE;
use crate::ir::{Code, Columns, Game, Sowing, Sq, MAX_HAND_TYPES};

/// How a piece is written: its letter, upper case for the first player and lower case for
/// the second; the third and fourth write theirs the same way with a `'` after it (`M'`,
/// `m'`); a neutral piece as `*` and its letter in lower case (`*s`).
pub(super) fn piece_letter(game: &Game, code: Code) -> String {
    let (owner, t) = game.decode(code);
    let l = game.pieces[t].letter;
    if owner >= game.players.len() {
        return format!("*{}", l.to_ascii_lowercase());
    }
    let letter = match owner % 2 {
        0 => l.to_ascii_uppercase(),
        _ => l.to_ascii_lowercase(),
    };
    if owner >= 2 {
        format!("{letter}'")
    } else {
        letter.to_string()
    }
}

/// The pieces on `sq` from the bottom up; with `brackets`, a column of two or more is
/// bracketed as the position text writes it.
pub fn column_text(game: &Game, s: &Position, sq: Sq, brackets: bool) -> String {
    let c = s.at(sq);
    let Some(cols) = &game.columns else {
        return piece_letter(game, c);
    };
    let col = s.slot(cols.slot[sq as usize] as usize);
    let pieces: Vec<String> = column::bottom_up(c, col, cols.bits)
        .into_iter()
        .map(|code| piece_letter(game, code))
        .collect();
    let letters = pieces.concat();
    if brackets && pieces.len() > 1 {
        format!("[{letters}]")
    } else {
        letters
    }
}

/// How a piece letter is marked: `'` after it (the third and fourth players), `*` before it
/// (a neutral piece), or neither.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    Prime,
    Neutral,
}

/// The next piece of a rank: its letter and how it is marked (`*s`, `M'`, `m`).
fn next_piece(
    chars: &mut std::iter::Peekable<impl Iterator<Item = char>>,
    first: char,
    rank: usize,
) -> Result<(char, Mark), String> {
    if first == '*' {
        return match chars.next() {
            Some(l) if l.is_ascii_alphabetic() => Ok((l, Mark::Neutral)),
            _ => Err(format!(
                "a `*` on rank {rank} is not followed by a piece letter (a neutral piece is written `*s`)"
            )),
        };
    }
    let mark = match chars.next_if_eq(&'\'') {
        Some(_) => Mark::Prime,
        None => Mark::None,
    };
    Ok((first, mark))
}

/// The code a piece letter stands for.
fn letter_code(game: &Game, c: char, mark: Mark, rank: usize) -> Result<Code, String> {
    let prime = mark == Mark::Prime;
    let owner = match mark {
        Mark::Neutral if game.owners > game.players.len() => game.neutral_owner(),
        Mark::Neutral => {
            return Err(format!(
                "`*{c}` on rank {rank}: this game has no neutral pieces"
            ))
        }
        _ => usize::from(!c.is_ascii_uppercase()) + if prime { 2 } else { 0 },
    };
    if owner >= game.players.len() && mark != Mark::Neutral {
        let written = if prime {
            format!("{c}'")
        } else {
            c.to_string()
        };
        return Err(match game.players.len() {
            1 => format!("`{written}`: this game has one player, whose pieces are upper case"),
            n => format!(
                "`{written}`: this game has {n} players (upper case, lower case, then with a `'`: `M`, `m`, `M'`, `m'`)"
            ),
        });
    }
    let t = game
        .pieces
        .iter()
        .position(|p| p.letter.eq_ignore_ascii_case(&c))
        .ok_or_else(|| {
            let letters: String = game.pieces.iter().map(|p| p.letter).collect();
            format!("unknown piece letter `{c}` on rank {rank} (the letters are {letters})")
        })?;
    Ok(game.code(owner, t))
}

/// The position as text.
pub fn position_text(game: &Game, s: &Position) -> String {
    if let Some(sw) = &game.sowing {
        return pits_position_text(game, sw, s);
    }
    let b = &game.board;
    let mut ranks = Vec::new();
    for r in (0..b.height).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for f in 0..b.width {
            let sq = f + r * b.width;
            if !b.used[sq] {
                continue;
            }
            if s.at(sq as Sq) == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push_str(&column_text(game, s, sq as Sq, true));
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let mut text = format!(
        "{} {}",
        ranks.join("/"),
        game.players[s.to_move as usize].name
    );
    if !game.hands.is_empty() {
        text.push_str(&format!(" hand={}", hand_text(game, s)));
    }
    counter_fields(game, s, &mut text);
    if s.dice_left > 0 {
        let dice: Vec<String> = s.dice[..s.dice_left as usize]
            .iter()
            .map(u8::to_string)
            .collect();
        text.push_str(&format!(" dice={}", dice.join(",")));
    }
    history_fields(game, s, &mut text);
    text
}

/// Each counter as ` NAME=V` (shared) or ` NAME=V,V` (each player's, in turn order).
fn counter_fields(game: &Game, s: &Position, text: &mut String) {
    for c in &game.counters {
        let values: Vec<String> = s.counters[c.slots(game.players.len())]
            .iter()
            .map(i16::to_string)
            .collect();
        text.push_str(&format!(" {}={}", c.name, values.join(",")));
    }
}

/// Reads a counter's field (` NAME=V` or ` NAME=V,V`) into `s`.
fn counter_field(
    game: &Game,
    c: &crate::ir::Counter,
    s: &mut Position,
    value: &str,
) -> Result<(), String> {
    let values: Vec<&str> = value.split(',').collect();
    let slots = c.slots(game.players.len());
    let want = slots.len();
    if values.len() != want {
        return Err(format!(
            "`{}=` gives {} values, but the counter has {want} (one {})",
            c.name,
            values.len(),
            if c.shared {
                "for the game"
            } else {
                "for each player"
            }
        ));
    }
    for (i, v) in slots.zip(values) {
        s.counters[i] = v.parse().map_err(|_| {
            format!(
                "`{v}` in `{}=` is not a number from -32768 to 32767",
                c.name
            )
        })?;
    }
    Ok(())
}

/// The pieces in hand, player by player in turn order (separated by `,`), each player's
/// counts by the piece types kept in hand in declaration order (separated by `:`).
fn hand_text(game: &Game, s: &Position) -> String {
    let players: Vec<String> = (0..game.players.len())
        .map(|p| {
            let counts: Vec<String> = hand_types(game).map(|t| s.hand[p][t].to_string()).collect();
            counts.join(":")
        })
        .collect();
    players.join(",")
}

/// The piece types kept in hand, in declaration order.
fn hand_types(game: &Game) -> impl Iterator<Item = usize> + '_ {
    (0..game.pieces.len().min(MAX_HAND_TYPES)).filter(|t| (game.hand_types >> t) & 1 != 0)
}

/// The history that rules may read, where it is not at its start: ` clock=N`,
/// ` passes=N`.
fn history_fields(game: &Game, s: &Position, text: &mut String) {
    if s.look != LookBack::NONE {
        let square = |sq: u16| match sq {
            NO_SQUARE => "-".to_string(),
            sq => game.board.name(sq).to_string(),
        };
        let l = &s.look;
        text.push_str(&format!(
            " previous={}:{}:{}:{}:{}",
            square(l.from),
            square(l.to),
            l.lifted,
            l.laps,
            l.taken
        ));
        if let Some(rule) = game.rules.get(l.rule.index()) {
            text.push_str(&format!(":{}", rule.name));
        }
    }
    if game.reads_moved {
        // In square order, as a set iterates.
        let unmoved: Vec<&str> = (s.followed(game) & !s.moved())
            .iter()
            .map(|sq| game.board.name(sq))
            .collect();
        let list = if unmoved.is_empty() {
            "-".to_string()
        } else {
            unmoved.join(",")
        };
        text.push_str(&format!(" unmoved={list}"));
    }
    if s.clock != 0 {
        text.push_str(&format!(" clock={}", s.clock));
    }
    if s.passes != 0 {
        text.push_str(&format!(" passes={}", s.passes));
    }
}

/// Reads a history field (`clock=`, `passes=`) or `hand=` into `s`; `Ok(false)` when the
/// key is none of them.
fn history_field(game: &Game, s: &mut Position, key: &str, value: &str) -> Result<bool, String> {
    if let Some(c) = game.counters.iter().find(|c| c.name == key) {
        counter_field(game, c, s, value)?;
        return Ok(true);
    }
    if let ("dice", Some(d)) = (key, &game.dice) {
        let mut values: Vec<u8> = Vec::new();
        for v in value.split(',') {
            let n: u8 = v
                .parse()
                .ok()
                .filter(|n| d.rolls.iter().any(|r| r.play.contains(n)))
                .ok_or_else(|| {
                    format!("`dice={value}`: `{v}` is not a distance these dice give")
                })?;
            values.push(n);
        }
        if values.len() > crate::ir::MAX_DICE {
            return Err(format!(
                "`dice={value}`: at most {} dice are left to play",
                crate::ir::MAX_DICE
            ));
        }
        values.sort_unstable_by(|a, b| b.cmp(a));
        s.dice = [0; crate::ir::MAX_DICE];
        s.dice[..values.len()].copy_from_slice(&values);
        s.dice_left = values.len() as u8;
        return Ok(true);
    }
    match key {
        "previous" => {
            let parts: Vec<&str> = value.split(':').collect();
            let bad = || {
                format!("`previous={value}`: write FROM:TO:LIFTED:LAPS:TAKEN[:RULE], e.g. `previous=c:D:1:1:0`")
            };
            let (parts, rule) = match parts.as_slice() {
                [first @ .., rule] if first.len() == 5 => (first, Some(*rule)),
                all => (all, None),
            };
            let [from, to, lifted, laps, taken] = parts else {
                return Err(bad());
            };
            let rule = match rule {
                None => crate::ir::RuleId::NONE,
                Some(name) => {
                    crate::ir::RuleId(game.rules.iter().position(|r| r.name == name).ok_or_else(
                        || format!("`previous={value}`: no move rule is named `{name}`"),
                    )? as u16)
                }
            };
            let square = |name: &str| match name {
                "-" => Ok(NO_SQUARE),
                _ => game
                    .board
                    .square(name)
                    .ok_or_else(|| format!("`previous={value}`: no such square: {name}")),
            };
            let count = |t: &str| t.parse::<u16>().map_err(|_| bad());
            s.look = LookBack {
                from: square(from)?,
                to: square(to)?,
                lifted: count(lifted)?,
                laps: count(laps)?,
                taken: count(taken)?,
                rule,
            };
        }
        "unmoved" if game.reads_moved => {
            let mut unmoved = crate::ir::SquareSet::default();
            for name in value.split(',').filter(|n| *n != "-") {
                let sq = game
                    .board
                    .square(name)
                    .ok_or_else(|| format!("`unmoved=`: no such square: {name}"))?;
                if s.at(sq) == 0 {
                    return Err(format!("`unmoved=`: no piece stands on {name}"));
                }
                unmoved.insert(sq);
            }
            let moved = s.followed(game) & !unmoved;
            s.set_moved(&moved);
        }
        "clock" => {
            s.clock = value
                .parse()
                .map_err(|_| format!("`clock={value}`: a number of plies from 0 to 65535"))?;
        }
        "passes" => {
            s.passes = value
                .parse()
                .map_err(|_| format!("`passes={value}`: a number of passes from 0 to 255"))?;
        }
        "hand" if !game.hands.is_empty() => {
            let players: Vec<&str> = value.split(',').collect();
            if players.len() != game.players.len() {
                return Err(format!(
                    "`hand=` gives pieces for {} players, but the game has {}",
                    players.len(),
                    game.players.len()
                ));
            }
            let types: Vec<usize> = hand_types(game).collect();
            for (p, counts) in players.iter().enumerate() {
                let counts: Vec<&str> = counts.split(':').collect();
                if counts.len() != types.len() {
                    return Err(format!(
                        "`hand=` gives {} counts for {}, but {} piece types are kept in hand",
                        counts.len(),
                        game.players[p].name,
                        types.len()
                    ));
                }
                for (&t, n) in types.iter().zip(counts) {
                    s.hand[p][t] = n.parse().map_err(|_| {
                        format!("`{n}` in `hand=` is not a number of pieces from 0 to 255")
                    })?;
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The index of the player called `name`, or a message naming the players.
pub fn player_index(game: &Game, name: &str) -> Result<usize, String> {
    game.players
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
            format!(
                "unknown player `{name}` (the players are {})",
                names.join(", ")
            )
        })
}

/// The board part of a position text split into ranks, top first, one per rank.
fn rank_texts<'t>(game: &Game, board_text: &'t str) -> Result<Vec<&'t str>, String> {
    let ranks: Vec<&str> = board_text.split('/').collect();
    if ranks.len() != game.board.height {
        return Err(format!(
            "the board has {} ranks, but the text gives {}",
            game.board.height,
            ranks.len()
        ));
    }
    Ok(ranks)
}

/// The used squares of rank `r` (from 0), left to right.
fn rank_squares(game: &Game, r: usize) -> Vec<Sq> {
    let b = &game.board;
    (0..b.width)
        .map(|f| (f + r * b.width) as Sq)
        .filter(|&sq| b.used[sq as usize])
        .collect()
}

/// Reads a position text; the error says what is wrong, in words.
pub fn parse_position(game: &Game, text: &str) -> Result<Position, String> {
    parse_line(game, text).map(|(position, _)| position)
}

/// A position text, with the boards before it that it gives (`before=BOARD;BOARD`, for a
/// game that reads `seen`), each as a position with the same player to move, oldest first.
pub fn parse_line(game: &Game, text: &str) -> Result<(Position, Vec<Position>), String> {
    let mut boards = None;
    let mut twice = false;
    let fields: Vec<&str> = text
        .split_whitespace()
        .filter(|field| match field.strip_prefix("before=") {
            Some(value) if game.reads_seen => {
                twice |= boards.replace(value).is_some();
                false
            }
            _ => true,
        })
        .collect();
    if twice {
        return Err("`before=` is given twice: write the boards once, separated by `;`".into());
    }
    let position = parse_fields(game, &fields.join(" "))?;
    let side = &game.players[position.to_move as usize].name;
    let before = boards
        .map(|value| {
            value
                .split(';')
                .map(|board| {
                    if board.is_empty() {
                        return Err(
                            "`before=` has an empty board: write each board as the position text's first field, separated by `;`".to_string(),
                        );
                    }
                    parse_fields(game, &format!("{board} {side}"))
                        .map_err(|e| format!("`before=`, the board `{board}`: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?
        .unwrap_or_default();
    Ok((position, before))
}

/// `position_text`, with the boards that `seen(N)` reads of the positions before it (the
/// last `N - 1` of `before`, oldest first) as `before=BOARD;BOARD`.
pub fn position_text_after(game: &Game, s: &Position, before: &[Position]) -> String {
    let mut text = position_text(game, s);
    let kept = &before[before
        .len()
        .saturating_sub(game.seen_back.saturating_sub(1))..];
    if !kept.is_empty() {
        let boards: Vec<String> = kept
            .iter()
            .map(|b| {
                let text = position_text(game, b);
                text.split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        text.push_str(&format!(" before={}", boards.join(";")));
    }
    text
}

/// The position a text describes, without `before=`.
fn parse_fields(game: &Game, text: &str) -> Result<Position, String> {
    if game.sowing.is_none() && super::fen::looks_like_fen(game, text) {
        return super::fen::parse_fen(game, text);
    }
    let mut fields = text.split_whitespace();
    let board_text = fields.next().ok_or("the position text is empty")?;
    let side = fields.next().ok_or_else(|| {
        format!(
            "the position text names no player to move (e.g. `{board_text} {}`)",
            game.players[0].name
        )
    })?;
    let to_move = player_index(game, side)? as u8;
    let rest: Vec<&str> = fields.collect();
    if let Some(sw) = &game.sowing {
        return parse_pits(game, sw, board_text, to_move, &rest);
    }
    let b = &game.board;
    let ranks = rank_texts(game, board_text)?;
    let mut cells = vec![0 as Code; b.cells()];
    let mut columns = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let r = b.height - 1 - i;
        let squares = rank_squares(game, r);
        // How many squares the text gives so far; it may run past the rank, which is
        // reported once the rank is read.
        let mut k = 0u128;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(first) = c.to_digit(10) {
                let mut n = first as u64;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n
                        .checked_mul(10)
                        .and_then(|n| n.checked_add(d as u64))
                        .ok_or_else(|| {
                            format!("a run of empty squares on rank {} is too long", r + 1)
                        })?;
                    chars.next();
                }
                k = k.saturating_add(n as u128);
                continue;
            }
            let mut column: Vec<Code> = Vec::new();
            if c == '[' {
                let mut closed = false;
                while let Some(l) = chars.next() {
                    if l == ']' {
                        closed = true;
                        break;
                    }
                    let (l, mark) = next_piece(&mut chars, l, r + 1)?;
                    column.push(letter_code(game, l, mark, r + 1)?);
                }
                if !closed {
                    return Err(format!("a `[` on rank {} is never closed", r + 1));
                }
                if column.is_empty() {
                    return Err(format!("an empty column `[]` on rank {}", r + 1));
                }
            } else {
                let (c, mark) = next_piece(&mut chars, c, r + 1)?;
                column.push(letter_code(game, c, mark, r + 1)?);
            }
            let sq = squares.get(k as usize).copied();
            k = k.saturating_add(1);
            let Some(sq) = sq else {
                continue;
            };
            if column.len() > 1 {
                let Some(cols) = &game.columns else {
                    return Err(format!(
                        "a column on rank {}, but this game has no stacks",
                        r + 1
                    ));
                };
                let room = Columns::room(cols.bits);
                if column.len() > room + 1 {
                    return Err(format!(
                        "a column of {} pieces on rank {}: at most {} fit",
                        column.len(),
                        r + 1,
                        room + 1
                    ));
                }
                let mut packed = 0;
                for &code in column.iter().rev().skip(1) {
                    packed = column::push_bottom(packed, code, cols.bits);
                }
                columns.push((cols.slot[sq as usize] as usize, packed));
            }
            cells[sq as usize] = *column.last().expect("a column has a piece");
        }
        if k != squares.len() as u128 {
            return Err(format!(
                "rank {} has {} squares, but the text gives {k}",
                r + 1,
                squares.len()
            ));
        }
    }
    let mut state = Position::from_cells(game, &cells, to_move);
    for (slot, packed) in columns {
        state.set_slot(slot, packed);
    }
    state.settle_tall(game);
    // Pieces in hand are those of the start unless the text says otherwise.
    state.hand = Position::start(game).hand;
    // So are the counters.
    state.counters = Position::start(game).counters;
    for field in &rest {
        let known = match field.split_once('=') {
            Some((key, value)) => history_field(game, &mut state, key, value)?,
            None => false,
        };
        if !known {
            let fields = match (game.hands.is_empty(), game.reads_seen) {
                (true, false) => "clock= and passes=",
                (false, false) => "hand=, clock= and passes=",
                (true, true) => "clock=, passes= and before=",
                (false, true) => "hand=, clock=, passes= and before=",
            };
            return Err(format!(
                "unexpected `{field}` after the player to move (the fields are {fields})"
            ));
        }
    }
    if let Some(cols) = &game.columns {
        // A column can grow to hold every piece on the board, so all of them must fit in
        // one, as the checker makes sure for the setup.
        let room = Columns::room(cols.bits) + 1;
        let total: usize = game
            .board
            .squares()
            .filter(|&sq| state.at(sq) != 0)
            .map(|sq| 1 + column::height_below(state.slot(cols.slot[sq as usize] as usize)))
            .sum();
        if total > room {
            return Err(format!(
                "{total} pieces on the board: a column could grow past the {room} pieces that fit in one"
            ));
        }
    }
    Ok(state)
}

fn pits_position_text(game: &Game, sw: &Sowing, s: &Position) -> String {
    let b = &game.board;
    let ranks: Vec<String> = (0..b.height)
        .rev()
        .map(|r| {
            let counts: Vec<String> = rank_squares(game, r)
                .into_iter()
                .map(|sq| s.seeds(sw.pit_of[sq as usize] as usize).to_string())
                .collect();
            counts.join(",")
        })
        .collect();
    let stores: Vec<String> = s.stores[..game.players.len()]
        .iter()
        .map(u16::to_string)
        .collect();
    let mut text = format!(
        "{} {}",
        ranks.join("/"),
        game.players[s.to_move as usize].name
    );
    // Stores on the board are among the pits already.
    if sw.store_pits.is_empty() {
        text.push_str(&format!(" stores={}", stores.join(",")));
    }
    if s.capturer != NOBODY {
        text.push_str(&format!(
            " capturer={}",
            game.players[s.capturer as usize].name
        ));
    }
    history_fields(game, s, &mut text);
    text
}

/// Reads the pits of a position text; `fields` are the words after the player to move.
fn parse_pits(
    game: &Game,
    sw: &Sowing,
    board_text: &str,
    to_move: u8,
    fields: &[&str],
) -> Result<Position, String> {
    let b = &game.board;
    let mut s = Position::from_cells(game, &vec![0; b.cells()], to_move);
    let ranks = rank_texts(game, board_text)?;
    let mut total = 0u64;
    // A game whose pits hold few seeds keeps a byte a pit (`engine::seeds_capacity`); a
    // text loaded with the game (`load::load_source`) makes room for its own.
    let capacity = crate::engine::seeds_capacity(game);
    for (i, rank_text) in ranks.iter().enumerate() {
        let r = b.height - 1 - i;
        let pits = rank_squares(game, r);
        let counts: Vec<&str> = rank_text.split(',').collect();
        if counts.len() != pits.len() {
            return Err(format!(
                "rank {} has {} pits, but the text gives {} counts",
                r + 1,
                pits.len(),
                counts.len()
            ));
        }
        for (&sq, c) in pits.iter().zip(counts) {
            let n: u16 = c
                .parse()
                .map_err(|_| format!("`{c}` on rank {} is not a count of seeds", r + 1))?;
            total += n as u64;
            if total > capacity {
                return Err(format!(
                    "more than {capacity} seeds in the pits: the game as loaded keeps at most \
                     {capacity}; load it with this position (`--position`) to keep more"
                ));
            }
            s.set_slot(sw.pit_of[sq as usize] as usize, n as u64);
        }
    }
    for field in fields {
        let (key, value) = field.split_once('=').ok_or_else(|| {
            format!("unexpected `{field}` (expected stores=, capturer= or previous=)")
        })?;
        match key {
            "stores" if sw.store_pits.is_empty() => {
                let stores: Vec<&str> = value.split(',').collect();
                if stores.len() != game.players.len() {
                    return Err(format!(
                        "`stores=` gives {} stores for {} players",
                        stores.len(),
                        game.players.len()
                    ));
                }
                for (p, v) in stores.iter().enumerate() {
                    s.stores[p] = v
                        .parse()
                        .map_err(|_| format!("`{v}` is not a count of seeds in `stores=`"))?;
                    total += s.stores[p] as u64;
                }
            }
            "capturer" => {
                s.capturer = player_index(game, value)? as u8;
            }
            _ if history_field(game, &mut s, key, value)? => {}
            _ => {
                return Err(format!(
                    "unknown field `{key}=` (the fields are stores=, capturer=, previous=, clock= and passes=)"
                ))
            }
        }
    }
    if total > u16::MAX as u64 {
        return Err(format!("{total} seeds: at most 65535 fit"));
    }
    Ok(s)
}
