//! Standard algebraic notation (SAN), for any game whose pieces have letters: the moving
//! piece's letter (none for the commonest type at the start, the pawns of such games), the
//! file or rank it comes from where another piece of the
//! same type could go to the same square, `x` for a capture, the square it lands on, and
//! `=Q` for a promotion: `Nf3`, `exd5`, `Rad1`, `e8=Q`. A rule the file writes another way
//! (`move castle_short written "O-O"`) is written so.
//!
//! Reading is lenient as players are: `+`, `#`, `!` and `?` are ignored, `0-0` is `O-O`,
//! the `x` and the `=` may be left out, and a piece may be named more fully than needed.

use crate::engine::{Move, Position};
use crate::ir::{Game, Sq, NO_SQUARE};

/// The piece type written without a letter: the commonest at the start (`None` in a game
/// without pieces on the board at the start).
pub fn letterless(game: &Game) -> Option<usize> {
    let start = Position::start(game);
    let mut counts = vec![0usize; game.pieces.len()];
    crate::each_state!(&start, s => {
        for &code in s.cells(game.board.cells()) {
            if code != 0 {
                counts[game.kind[code as usize] as usize] += 1;
            }
        }
    });
    let most = *counts.iter().max()?;
    (most > 0).then(|| counts.iter().position(|&n| n == most))?
}

/// What a typed move names: each part it gives.
#[derive(Debug, PartialEq, Eq)]
struct Written {
    letter: Option<char>,
    from_file: Option<char>,
    from_rank: Option<String>,
    capture: bool,
    to: String,
    promote: Option<char>,
}

/// Reads `Nbd7`, `exd5`, `e8=Q`, `Qh4xe1`; `None` for text of another shape.
fn read(text: &str) -> Option<Written> {
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    let (body, promote) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_uppercase() && i > 0 => {
            (text[..i].trim_end_matches('='), Some(c))
        }
        _ => (text, None),
    };
    let mut chars = body.chars().peekable();
    let letter = chars.next_if(|c| c.is_ascii_uppercase());
    let rest: String = chars.collect();
    // The destination is the last letter-and-digits; before it, an optional file, rank and x.
    let digits = rest.len() - rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || rest.len() < digits + 1 {
        return None;
    }
    let to_start = rest.len() - digits - 1;
    let to = &rest[to_start..];
    if !to.starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    let mut head = &rest[..to_start];
    let capture = head.ends_with('x');
    head = head.trim_end_matches('x');
    let mut hc = head.chars().peekable();
    let from_file = hc.next_if(|c| c.is_ascii_lowercase());
    let from_rank: String = hc.by_ref().take_while(|c| c.is_ascii_digit()).collect();
    if hc.next().is_some() || (letter.is_none() && from_file.is_none() && !from_rank.is_empty()) {
        return None;
    }
    Some(Written {
        letter,
        from_file,
        from_rank: (!from_rank.is_empty()).then_some(from_rank),
        capture,
        to: to.to_string(),
        promote,
    })
}

/// The squares a move written in standard algebraic notation goes from and to, where only
/// one piece of the player to move fits what it says (a move that is not legal, so that
/// the session can say why).
pub fn written_squares(game: &Game, s: &Position, text: &str) -> Option<(Sq, Sq)> {
    if game.sowing.is_some() || !text.is_ascii() {
        return None;
    }
    let w = read(text.trim())?;
    let to = game.board.square(&w.to)?;
    let plain = letterless(game);
    let me = crate::each_state!(s, st => st.to_move) as usize;
    let mut from = (0..game.board.cells() as Sq).filter(|&sq| {
        let code = crate::each_state!(s, st => st.at(sq));
        if code == 0 || game.owner[code as usize] as usize != me {
            return false;
        }
        let kind = game.kind[code as usize] as usize;
        let name = game.board.name(sq);
        let letter_ok = match w.letter {
            Some(l) => game.pieces[kind].letter.eq_ignore_ascii_case(&l),
            None => Some(kind) == plain,
        };
        letter_ok
            && w.from_file.is_none_or(|f| name.starts_with(f))
            && w.from_rank
                .as_deref()
                .is_none_or(|r| name.trim_start_matches(|c: char| c.is_ascii_lowercase()) == r)
    });
    let first = from.next()?;
    from.next().is_none().then_some((first, to))
}

/// The move of `legal` that `text` names in standard algebraic notation: `None` when the
/// text is not written so, else the move, or why no one move fits.
pub fn read_san(
    game: &Game,
    s: &Position,
    legal: &[Move],
    text: &str,
) -> Option<Result<Move, String>> {
    let text = text.trim();
    if game.sowing.is_some() || game.pieces.is_empty() || !text.is_ascii() {
        return None;
    }
    let castled = text.replace('0', "O");
    let castled = castled.trim_end_matches(['+', '#', '!', '?']);
    let by_rule: Vec<Move> = legal
        .iter()
        .filter(|m| {
            !m.is_pass()
                && game
                    .rules
                    .get(m.rule.index())
                    .is_some_and(|r| r.written.as_deref() == Some(castled))
        })
        .copied()
        .collect();
    if let [m] = by_rule[..] {
        return Some(Ok(m));
    }
    if let Some(rule) = game
        .rules
        .iter()
        .find(|r| r.written.as_deref() == Some(castled))
    {
        return Some(Err(format!(
            "`{text}` ({}) is not a legal move here",
            rule.name.replace('_', " ")
        )));
    }
    let w = read(text)?;
    let Some(to) = game.board.square(&w.to) else {
        return Some(Err(format!("no such square: {}", w.to)));
    };
    let plain = letterless(game);
    let fits = |m: &&Move| {
        if m.is_pass() || m.from == NO_SQUARE || m.to() != to || m.steps().len() != 1 {
            return false;
        }
        let code = crate::each_state!(s, st => st.at(m.from));
        if code == 0 {
            return false;
        }
        let kind = game.kind[code as usize] as usize;
        let letter_ok = match w.letter {
            Some(l) => game.pieces[kind].letter.eq_ignore_ascii_case(&l),
            None => Some(kind) == plain,
        };
        let name = game.board.name(m.from);
        let file_ok = w.from_file.is_none_or(|f| name.starts_with(f));
        let rank_ok = w
            .from_rank
            .as_deref()
            .is_none_or(|r| name.trim_start_matches(|c: char| c.is_ascii_lowercase()) == r);
        let promote_ok = match w.promote {
            Some(p) => {
                m.promote != 0
                    && game.pieces[game.kind[m.promote as usize] as usize]
                        .letter
                        .eq_ignore_ascii_case(&p)
            }
            None => {
                m.promote == 0
                    || game
                        .promotion_choices
                        .get(code as usize)
                        .is_none_or(|c| c.len() <= 1)
            }
        };
        letter_ok && file_ok && rank_ok && promote_ok && (!w.capture || m.takes)
    };
    let found: Vec<Move> = legal.iter().filter(fits).copied().collect();
    Some(match found[..] {
        [m] => Ok(m),
        [] => Err(format!("no legal move is written `{text}` here")),
        _ => {
            let list: Vec<String> = found
                .iter()
                .map(|&m| crate::present::move_text(game, m))
                .collect();
            Err(format!(
                "`{text}` could be {}: say which piece, by the file or rank it is on",
                list.join(" or ")
            ))
        }
    })
}

/// `m`, legal at `s` among `legal`, in standard algebraic notation; a move SAN cannot
/// write (a chain, a move in two parts, a placement of an unlettered game, a sowing) is
/// written as `move_text_among` writes it. `+` marks a move after which some `say` holds
/// for the player to move (a check), `#` one that wins at once.
pub fn san_text(game: &Game, s: &Position, m: Move, legal: &[Move]) -> String {
    let plain_text = || crate::present::move_text_among(game, m, legal);
    if m.is_pass() || m.is_roll() || game.sowing.is_some() {
        return plain_text();
    }
    let rule = &game.rules[m.rule.index()];
    let mut text = match &rule.written {
        Some(w) => w.clone(),
        None if m.from == NO_SQUARE || m.steps().len() != 1 => return plain_text(),
        None => {
            let at = |sq: Sq| crate::each_state!(s, st => st.at(sq));
            let kind_at = |sq: Sq| game.kind[at(sq) as usize] as usize;
            let kind = kind_at(m.from);
            let plain = letterless(game) == Some(kind);
            let mut text = String::new();
            if !plain {
                text.push(game.pieces[kind].letter.to_ascii_uppercase());
            }
            let rivals: Vec<Sq> = legal
                .iter()
                .filter(|o| {
                    o.from != m.from
                        && o.from != NO_SQUARE
                        && o.steps().len() == 1
                        && o.to() == m.to()
                        && game.rules[o.rule.index()].written.is_none()
                        && kind_at(o.from) == kind
                })
                .map(|o| o.from)
                .collect();
            let name = game.board.name(m.from);
            let file: String = name
                .chars()
                .take_while(|c| c.is_ascii_lowercase())
                .collect();
            let rank = &name[file.len()..];
            let file_of = |sq: Sq| game.board.file(sq);
            let rank_of = |sq: Sq| game.board.rank(sq);
            if !rivals.is_empty() {
                if rivals.iter().all(|&r| file_of(r) != file_of(m.from)) {
                    text.push_str(&file);
                } else if rivals.iter().all(|&r| rank_of(r) != rank_of(m.from)) {
                    text.push_str(rank);
                } else {
                    text.push_str(name);
                }
            } else if plain && m.takes {
                text.push_str(&file);
            }
            if m.takes {
                text.push('x');
            }
            text.push_str(game.board.name(m.to()));
            if m.promote != 0 {
                text.push('=');
                let into = game.kind[m.promote as usize] as usize;
                text.push(game.pieces[into].letter.to_ascii_uppercase());
            }
            text
        }
    };
    let mut after = *s;
    after.make(game, m);
    let mover = crate::each_state!(s, st => st.to_move);
    match after.outcome(game, &mut crate::engine::Workspace::default()) {
        Some(crate::engine::Outcome::Win(p)) if p == mover => text.push('#'),
        _ => {
            let checks =
                crate::each_state!(&after, st => !crate::engine::sayings(game, st).is_empty());
            if checks {
                text.push('+');
            }
        }
    }
    text
}
