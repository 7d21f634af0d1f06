//! Reading a move as a person types it: the notation (`c3-d4`, `c3xe5xc7`, `pass`), or the
//! squares alone (`c3 d4`, `c3d4`), or a prefix of a chain, or just one square when only
//! one move fits. When nothing fits, a one-line reason: no such square, no piece of yours
//! there, that piece cannot go there, or another move comes first.

use crate::engine::{History, Move, Position, Refusal, MAX_SOWN};
use crate::ir::{Game, Sowing, NO_LAP, NO_SQUARE};
use crate::present::{move_text, move_text_among};

/// The squares a move visits: where it starts (unless it places a new piece), then each
/// landing.
fn squares(m: &Move) -> Vec<u16> {
    let from = (!m.places() && m.from != NO_SQUARE).then_some(m.from);
    from.into_iter()
        .chain(m.steps().iter().map(|s| s.to()))
        .collect()
}

/// Splits typed text into square names: `c3xe5`, `c3-e5`, `c3 e5` and `c3e5` all give
/// `["c3", "e5"]`. A name is letters then digits; after the digits, `x`, `-`, spaces and
/// commas only separate.
pub fn square_words(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut words = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        while i < chars.len() && matches!(chars[i], ' ' | '-' | ',' | '/' | '\t') {
            i += 1;
        }
        if i >= chars.len() {
            break;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_alphabetic() {
            i += 1;
        }
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            // Not a letter or a digit: a word of one odd character.
            i += 1;
        }
        words.push(chars[start..i].iter().collect());
        // An `x` right after a square name separates it from the next.
        if i < chars.len() && chars[i] == 'x' && i > start && chars[i - 1].is_ascii_digit() {
            i += 1;
        }
    }
    words
}

/// The legal move `text` means, or why there is none.
/// `history` is the game so far, for saying why a move that rules read it by is refused.
pub fn read_move(
    game: &Game,
    s: &Position,
    history: &History,
    legal: &[Move],
    text: &str,
) -> Result<Move, String> {
    let text = text.trim();
    if let Some(&m) = legal
        .iter()
        .find(|&&m| move_text_among(game, m, legal) == text)
    {
        return Ok(m);
    }
    if legal.is_empty() {
        return Err("the game is over; type `new` to start again or `undo` to go back".into());
    }
    if legal[0].is_roll() {
        return Err(
            "the dice are to be rolled first: type the roll thrown (`roll 3-1`), or `roll`".into(),
        );
    }
    if text == "pass" {
        return Err("you cannot pass while you have a legal move".into());
    }
    // Standard algebraic notation (`Nf3`, `exd5`, `O-O`): where the text can only be that,
    // its answer stands; a plain square or two are read as below when it names no move.
    match crate::present::read_san(game, s, legal, text) {
        Some(Ok(m)) => return Ok(m),
        Some(Err(why)) if only_san(text) => {
            // One piece it can mean: say why that piece cannot go there.
            return match crate::present::written_squares(game, s, text) {
                Some((from, to)) => Err(why_not(game, s, history, &[from, to], legal)),
                None => Err(why),
            };
        }
        _ => {}
    }
    if let Some(why) = why_not_turned(game, text, legal) {
        return Err(why);
    }
    // A turn after a first part no move has: what is wrong is the first part's.
    let typed = text;
    let text = match text.strip_suffix(['>', '<']) {
        Some(stem) if game.rules.iter().any(|r| r.rotate.is_some()) => stem,
        _ => text,
    };
    let (text, chosen) = promotion_choice(game, text);
    let chosen_moves: Vec<Move>;
    let legal = match chosen {
        None => legal,
        Some(kind) => {
            chosen_moves = legal
                .iter()
                .filter(|m| m.promote != 0 && game.kind[m.promote as usize] == kind)
                .copied()
                .collect();
            if chosen_moves.is_empty() {
                let name = &game.pieces[kind as usize].name;
                return Err(format!("no move here promotes to a {name}"));
            }
            &chosen_moves[..]
        }
    };
    let words = square_words(text);
    let mut wanted = Vec::new();
    for w in &words {
        match game.board.square(w) {
            Some(sq) => wanted.push(sq),
            None if w.chars().any(|c| c.is_ascii_digit()) => {
                let what = if game.sowing.is_some() {
                    "pit"
                } else {
                    "square"
                };
                return Err(format!("no such {what}: {w}"));
            }
            None => {
                return Err(format!(
                    "`{typed}` is not a move or a command (type `help`)"
                ))
            }
        }
    }
    let fits = |m: &&Move| squares(m).starts_with(&wanted);
    let mut found: Vec<Move> = legal.iter().filter(fits).copied().collect();
    let exact: Vec<Move> = found
        .iter()
        .filter(|m| squares(m).len() == wanted.len())
        .copied()
        .collect();
    if !exact.is_empty() {
        found = exact;
    }
    if wanted.len() == 1 && found.is_empty() {
        // Just a destination.
        found = legal
            .iter()
            .filter(|m| m.to() == wanted[0] && !m.is_pass())
            .copied()
            .collect();
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(why_not(game, s, history, &wanted, legal)),
        _ => {
            let list: Vec<String> = found
                .iter()
                .map(|&m| move_text_among(game, m, legal))
                .collect();
            Err(format!(
                "that could be {}; type one of them",
                join_or(&list)
            ))
        }
    }
}

/// A promotion chosen after the squares, as `e7e8q`, `e7-e8=Q` or `e7e8=q`: the text
/// without it, and the piece type it names. (Only where some piece is promoted by choice,
/// and never in a sowing game, whose pits are named by letters.)
fn promotion_choice<'t>(game: &Game, text: &'t str) -> (&'t str, Option<u8>) {
    if game.promotion_choices.is_empty() || game.sowing.is_some() {
        return (text, None);
    }
    let Some((at, letter)) = text.char_indices().next_back() else {
        return (text, None);
    };
    let kind = game
        .pieces
        .iter()
        .position(|p| p.letter.eq_ignore_ascii_case(&letter));
    let squares = text[..at].trim_end_matches([' ', '=']);
    let after_square = squares.ends_with(|c: char| c.is_ascii_digit());
    match (letter.is_ascii_alphabetic(), kind) {
        (true, Some(k)) if after_square => (squares, Some(k as u8)),
        _ => (text, None),
    }
}

/// Whether a typed move can only be standard algebraic notation: it starts with a piece's
/// letter or castles (`Nf3`, `O-O`), or a file takes on a square (`exd5`).
fn only_san(text: &str) -> bool {
    let b = text.as_bytes();
    text.starts_with(|c: char| c.is_ascii_uppercase())
        || text.starts_with("0-0")
        || (b.len() >= 3 && b[0].is_ascii_lowercase() && b[1] == b'x')
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Why no legal move visits the squares `wanted`.
fn why_not(game: &Game, s: &Position, history: &History, wanted: &[u16], legal: &[Move]) -> String {
    let from = wanted[0];
    let name = game.board.name(from);
    if let Some(sw) = &game.sowing {
        return why_not_sowing(game, sw, s, from, legal);
    }
    let code = s.at(from);
    // One square, in a game that places pieces, where no piece of the player moves from:
    // a placement was meant.
    let places = game
        .rules
        .iter()
        .any(|r| r.place.is_some() && !r.second_part);
    let moves_from = legal.iter().any(|m| !m.places() && m.from == from);
    if places && wanted.len() == 1 && !moves_from {
        return why_not_place(game, s, history, from, legal);
    }
    if code == 0 {
        return format!("there is no piece on {name}");
    }
    let (owner, t) = game.decode(code);
    let neutral = owner >= game.players.len();
    let piece = match neutral {
        true => format!("neutral {}", game.pieces[t].name),
        false => game.pieces[t].name.clone(),
    };
    if neutral && !game.rules.iter().any(|r| r.neutral && r.place.is_none()) {
        return format!("the {piece} on {name} belongs to nobody, and no rule moves it");
    }
    if !neutral && owner != s.to_move as usize {
        return format!("the piece on {name} is not yours");
    }
    let fits = |m: &Move| squares(m).starts_with(wanted);
    // A move the rules have but that another tier comes before, or that a rule read after
    // the move forbids.
    let tiers = s.moves_by_tier_unrequired(game);
    for (i, tier) in tiers.iter().enumerate() {
        if let Some(m) = tier.iter().find(|m| fits(m)) {
            if let Some(why) = refused(game, s, history, m) {
                return why;
            }
            if tiers[..i].iter().any(|t| !t.is_empty()) {
                let first: Vec<String> = legal.iter().map(|&m| move_text(game, m)).collect();
                let rule = &game.rules[legal[0].rule.index()].name;
                return format!(
                    "a `{rule}` move comes first (priority); the legal moves are {}",
                    first.join(", ")
                );
            }
        }
    }
    let own: Vec<String> = legal
        .iter()
        .filter(|m| m.from == from)
        .map(|&m| move_text(game, m))
        .collect();
    match (wanted.get(1), own.is_empty()) {
        (_, true) => format!("the {piece} on {name} has no legal move"),
        (Some(&to), false) => format!(
            "the {piece} on {name} cannot go to {}; it can play {}",
            game.board.name(to),
            own.join(", ")
        ),
        (None, false) => format!("the {piece} on {name} can play {}", own.join(", ")),
    }
}

/// Why `m`, a move the rules give, is refused, in words that quote the rule: its rule's
/// `require`, or an `after move require` condition; `None` if neither refuses it.
fn refused(game: &Game, s: &Position, history: &History, m: &Move) -> Option<String> {
    let text = move_text(game, *m);
    Some(match s.refusal(game, m, history)? {
        Refusal::Require => {
            let rule = &game.rules[m.rule.index()];
            if let Some(words) = &rule.require_words {
                return Some(format!("{text} is not allowed: {words}"));
            }
            let condition = rule.require_text.as_deref().unwrap_or("its condition");
            format!(
                "{text} is not allowed: the rule `{}` requires `{condition}` after the move",
                rule.name
            )
        }
        Refusal::AfterMove(i) => match game.after_move_words.get(i).cloned().flatten() {
            Some(words) => format!("{text} is not allowed: {words}"),
            None => format!(
                "{text} is not allowed: after it, `{}` would not hold (after move require)",
                game.after_move_texts[i]
            ),
        },
    })
}

/// Why `text`, written as a turn of a block (`c3/b1>`), is no move: the corners the
/// blocks may turn from after the same first part. `None` where the text is no turn, or
/// where no legal move has that first part (the first part is then what is wrong).
fn why_not_turned(game: &Game, text: &str, legal: &[Move]) -> Option<String> {
    let stem = text.strip_suffix(['>', '<'])?;
    if !game.rules.iter().any(|r| r.rotate.is_some()) {
        return None;
    }
    let (first, corner) = stem.rsplit_once('/').unwrap_or(("", stem));
    let mut corners: Vec<String> = Vec::new();
    for m in legal {
        let written = move_text_among(game, *m, legal);
        let (f, c) = written.rsplit_once('/').unwrap_or(("", &written));
        let c = c.trim_end_matches(['>', '<']);
        if f == first && !corners.iter().any(|k| k == c) {
            corners.push(c.to_string());
        }
    }
    (!corners.is_empty()).then(|| {
        format!(
            "no block turns from {corner} here: the blocks turn from {} (`>` clockwise, `<` anticlockwise)",
            corners.join(", ")
        )
    })
}

/// Why no new piece can be placed on the empty square `to`.
fn why_not_place(game: &Game, s: &Position, history: &History, to: u16, legal: &[Move]) -> String {
    let name = game.board.name(to);
    // A placement the rules give there, refused by a rule read after it.
    let given = s.moves_by_tier_unrequired(game);
    if let Some(why) = given
        .iter()
        .flatten()
        .filter(|m| m.places() && m.to() == to)
        .find_map(|m| refused(game, s, history, m))
    {
        return why;
    }
    let player = s.to_move as usize;
    let kept = |t: u8| (game.hand_types >> t) & 1 != 0;
    let mut types = game
        .rules
        .iter()
        .filter(|r| !r.second_part)
        .filter_map(|r| r.place);
    if types.all(|t| kept(t) && s.hand[player][t as usize] == 0) {
        return "you have no piece left in hand to place".to_string();
    }
    let placements: Vec<String> = legal
        .iter()
        .filter(|m| m.places())
        .map(|&m| move_text(game, m))
        .collect();
    let here = if s.at(to) == 0 {
        format!("you cannot place a piece on {name}")
    } else {
        format!("{name} is taken")
    };
    if placements.is_empty() {
        return format!("{here}, and no placement is legal now");
    }
    format!("{here}; you can place on {}", join_or(&placements))
}

/// Why the pit `from` cannot be sown: not the player's, empty, forbidden by `after move
/// require`, or
/// relays that would never end.
fn why_not_sowing(game: &Game, sw: &Sowing, s: &Position, from: u16, legal: &[Move]) -> String {
    let name = game.board.name(from);
    let pit = sw.pit_of[from as usize] as usize;
    let n = sw.count();
    let own: Vec<String> = legal.iter().map(|&m| move_text(game, m)).collect();
    let track = sw.first[s.to_move as usize * n + pit];
    if track == NO_LAP {
        return format!("the pit {name} is not yours; you can sow {}", join_or(&own));
    }
    if s.seeds(pit) == 0 {
        return format!("the pit {name} is empty; you can sow {}", join_or(&own));
    }
    if s.sowing_ends(game, from) {
        return format!(
            "sowing {name} is not allowed: the position after it breaks the game's `after move require` rule; you can sow {}",
            join_or(&own)
        );
    }
    format!(
        "sowing {name} would relay forever (or past {} seeds), so it is not a move; you can sow {}",
        MAX_SOWN,
        join_or(&own)
    )
}
