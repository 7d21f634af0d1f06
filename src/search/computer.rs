//! The computer player: a level, and the way it thinks (Monte Carlo tree search or
//! alpha-beta). A level alone thinks the way that plays its game better, as measured (see
//! `Method::of`); either way can be asked for by name (`alphabeta4`, `mcts6`).

use super::alphabeta;
use super::mcts::{self, Choice, Level, Limits, Thinking};
use crate::engine::{History, Layout, Move, State};
use crate::ir::Game;
use crate::rng::Rng;

/// How the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Monte Carlo tree search over random playouts: the level sets the playouts.
    Mcts,
    /// Alpha-beta search with an evaluation from the rules: the level sets the positions
    /// searched (`alphabeta::POSITIONS_PER_PLAYOUT` for each of MCTS's playouts).
    AlphaBeta,
}

impl Method {
    /// The way that plays `game` better, as measured on the shipped games (docs/INTERNALS.md
    /// has the matches): alpha-beta where pieces or seeds are taken, so that material says
    /// who stands better; MCTS in games of placement and connection, whose random playouts
    /// read them better, and in games of more than two players, which alpha-beta does
    /// not search.
    pub fn of(game: &Game) -> Method {
        let takes = game.rules.iter().any(|r| r.captures())
            || game
                .sowing
                .as_ref()
                .is_some_and(|sw| !sw.captures.is_empty());
        // Alpha-beta reads every move as a player's choice: a roll of the dice is not.
        if game.players.len() == 2 && takes && game.dice.is_none() {
            Method::AlphaBeta
        } else {
            Method::Mcts
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Mcts => "mcts",
            Method::AlphaBeta => "alphabeta",
        }
    }
}

/// A computer player: its level, and the way it thinks when one is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computer {
    pub level: Level,
    pub method: Option<Method>,
}

impl Computer {
    pub fn at(level: u8) -> Computer {
        Computer {
            level: Level(level),
            method: None,
        }
    }

    /// `4`, `mcts4` or `alphabeta4` (a level from 0 to `Level::MAX`).
    pub fn parse(text: &str) -> Option<Computer> {
        let text = text.trim();
        let (method, level) = if let Some(l) = text.strip_prefix("alphabeta") {
            (Some(Method::AlphaBeta), l)
        } else if let Some(l) = text.strip_prefix("mcts") {
            (Some(Method::Mcts), l)
        } else {
            (None, text)
        };
        let level = level.parse::<u8>().ok().filter(|&l| l <= Level::MAX)?;
        Some(Computer {
            level: Level(level),
            method,
        })
    }

    /// What `parse` reads, for messages.
    pub const FORMS: &'static str =
        "a level from 0 to 6, optionally after `mcts` or `alphabeta` (`4`, `alphabeta4`)";

    /// The way this player thinks in `game`.
    pub fn method(self, game: &Game) -> Method {
        match self.method {
            Some(Method::AlphaBeta) if game.players.len() != 2 || game.dice.is_some() => {
                Method::Mcts
            }
            Some(m) => m,
            None => Method::of(game),
        }
    }

    /// `level 4`, or `alphabeta level 4` where a way was asked for.
    pub fn name(self) -> String {
        match self.method {
            None => format!("level {}", self.level.0),
            Some(m) => format!("{} level {}", m.name(), self.level.0),
        }
    }
}

/// The move `computer` chooses at `state`, or `None` when the game is over; `watch` hears
/// how the search goes.
pub fn choose<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    history: &History,
    computer: Computer,
    limits: Limits,
    rng: &mut Rng,
    watch: &mut dyn FnMut(&Thinking),
) -> Option<Choice> {
    // The dice are rolled, not chosen: a roll falls as it will, whoever is to roll.
    if let (Some(dice), 0) = (&game.dice, state.dice_left) {
        if crate::engine::outcome(game, state, &mut Default::default()).is_some() {
            return None;
        }
        let roll = dice.draw(|n| rng.below(n));
        return Some(Choice {
            mv: Move::roll(roll),
            playouts: 0,
            win_rate: 0.0,
            runner_up: None,
            visits: (0, 0),
            depth: None,
            proven: None,
        });
    }
    if computer.level.0 == 0 || computer.method(game) == Method::Mcts {
        return mcts::choose_watched(game, state, history, limits, rng, watch);
    }
    alphabeta::choose(game, state, history, limits, rng, watch)
}

/// `choose` from a position of any layout.
pub fn choose_at(
    game: &Game,
    position: &crate::engine::Position,
    history: &History,
    computer: Computer,
    limits: Limits,
    rng: &mut Rng,
) -> Option<Choice> {
    choose_watched_at(game, position, history, computer, limits, rng, &mut |_| {})
}

/// `choose` from a position of any layout, with a watcher.
pub fn choose_watched_at(
    game: &Game,
    position: &crate::engine::Position,
    history: &History,
    computer: Computer,
    limits: Limits,
    rng: &mut Rng,
    watch: &mut dyn FnMut(&Thinking),
) -> Option<Choice> {
    crate::each_state!(position, s => choose(game, s, history, computer, limits, rng, watch))
}
