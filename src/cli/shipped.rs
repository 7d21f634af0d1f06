//! The games shipped in `games/`, embedded at build time (see `build.rs`).

include!(concat!(env!("OUT_DIR"), "/shipped_games.rs"));

/// The source of the shipped game called `name`.
pub fn find(name: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

pub fn names() -> Vec<&'static str> {
    SHIPPED.iter().map(|(n, _)| *n).collect()
}
