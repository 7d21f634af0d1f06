//! The games shipped in `games/`, embedded at build time (see `build.rs`), so that a game
//! can be named from any directory and `src/` never has to name one.

include!(concat!(env!("OUT_DIR"), "/shipped_games.rs"));

/// The shipped game called `name`, whatever its case: `(its name, its source)`.
pub fn find(name: &str) -> Option<(&'static str, &'static str)> {
    SHIPPED
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .copied()
}

/// The names of the shipped games, in order.
pub fn names() -> Vec<&'static str> {
    SHIPPED.iter().map(|(n, _)| *n).collect()
}
