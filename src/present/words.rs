//! The end of a game, and the game's settings, in words.

use crate::engine::{seeds_left, Cause, Outcome, Position, NOBODY};
use crate::ir::{EndSide, EndWords, Game, Leftover};

/// "Red wins" or "draw".
pub fn outcome_text(game: &Game, o: Outcome) -> String {
    match o {
        Outcome::Win(p) => format!("{} wins", game.players[p as usize].name),
        Outcome::Draw => "draw".to_string(),
    }
}

/// Why the game ended at `s`: "Red: lose when count(friend) == 0", or "Red has no legal
/// move".
pub fn ending_text(game: &Game, s: &Position, cause: Cause) -> String {
    let player = &game.players[s.to_move as usize].name;
    match cause {
        Cause::EndRule(i, p) => format!(
            "{}: {}",
            game.players[p as usize].name, game.end_rules[i].text
        ),
        Cause::NoMove => format!("{player} has no legal move"),
        Cause::NobodyCanMove => "no player can move".to_string(),
    }
}

/// The end in plain words, for the common end conditions ("Red has no pieces left",
/// "Blue has 4 in a row", from the words the checker found in the rule); `None` where the
/// condition has none (the rule is then given as written).
pub fn end_words(game: &Game, s: &Position, cause: Cause) -> Option<String> {
    if cause == Cause::NoMove {
        let said = crate::each_state!(s, st => crate::engine::no_move_words(game, st));
        if let Some(words) = said {
            return Some(words.to_string());
        }
    }
    let Cause::EndRule(i, p) = cause else {
        return Some(ending_text(game, s, cause));
    };
    let name = |side: EndSide| -> Option<&str> {
        match side {
            EndSide::Reader => Some(&game.players[p as usize].name),
            EndSide::Other if game.players.len() == 2 => Some(&game.players[1 - p as usize].name),
            EndSide::Other => None,
        }
    };
    Some(match game.end_rules[i].words.as_ref()? {
        EndWords::NoPieces(side) => format!("{} has no pieces left", name(*side)?),
        EndWords::InARow(side, n) => format!("{} has {n} in a row", name(*side)?),
        EndWords::Joins(side, a, b) => format!("{} joins {a} and {b}", name(*side)?),
        EndWords::InZone(side, zone) => format!("{} has a piece in {zone}", name(*side)?),
        EndWords::Repeated(n) => format!("the same position has stood {n} times"),
        EndWords::Clock(n) => format!("{n} plies have passed since the clock last reset"),
        EndWords::NoCaptureToCome => "no capture can come any more".to_string(),
        EndWords::Counter(counter, true, n) => {
            format!("{} has {n} {counter}", name(EndSide::Reader)?)
        }
        EndWords::Counter(counter, false, n) => format!("{counter} has reached {n}"),
        EndWords::Given(words) => words.replace("{player}", name(EndSide::Reader)?),
    })
}

/// The final score, where the game keeps one. With counters, where the seeds left on the
/// board went: "Final score: South 31, North 29 (the 4 seeds left went to North, who
/// captured last)."
pub fn score_text(game: &Game, s: &Position) -> Option<String> {
    let Some(sw) = game.sowing.as_ref() else {
        // A game of pieces with `score = …`: "Final score: Black 40, White 24."
        game.score.as_ref()?;
        let parts: Vec<String> = game
            .players
            .iter()
            .zip(s.scores(game))
            .map(|(p, n)| format!("{} {}", p.name, crate::ir::value::hundredths_text(n)))
            .collect();
        return Some(format!("Final score: {}.\n", parts.join(", ")));
    };
    let stores = s.final_stores(game);
    let parts: Vec<String> = game
        .players
        .iter()
        .zip(&stores)
        .map(|(p, n)| format!("{} {n}", p.name))
        .collect();
    let left = seeds_left(sw, |pit| s.seeds(pit));
    let seeds = if left == 1 { "seed" } else { "seeds" };
    let note = match (left, sw.leftover, s.capturer) {
        (0, _, _) => String::new(),
        (_, Leftover::Nobody, _) => format!(" ({left} {seeds} left on the board)"),
        (_, Leftover::Owner, _) => {
            format!(" (the {left} {seeds} left went to the owners of their pits)")
        }
        (_, Leftover::LastCapturer, NOBODY) => {
            format!(" (the {left} {seeds} left went to no one: nobody captured)")
        }
        (_, Leftover::LastCapturer, p) => format!(
            " (the {left} {seeds} left went to {}, who captured last)",
            game.players[p as usize].name
        ),
    };
    Some(format!("Final score: {}{note}.\n", parts.join(", ")))
}

/// The game's title with its chosen options, "Ring (size=6)", or the title alone for a
/// game without options.
pub fn title_text(game: &Game) -> String {
    if game.chosen.is_empty() {
        game.title.clone()
    } else {
        format!("{} ({})", game.title, options_text(game))
    }
}

/// The chosen options, "size=6 jumps=forced", for reports.
pub fn options_text(game: &Game) -> String {
    game.chosen
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Said when a search for `reachable(capture)` gave up before it could settle the answer:
/// the answer then is "a capture may still come", so the game goes on.
pub fn unsettled_note() -> &'static str {
    "whether a capture can still come was not settled within the search bound (--search-positions N raises it); the game goes on"
}

/// A number and its noun, agreeing: `1 win`, `3 wins`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
