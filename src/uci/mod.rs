//! `tabula uci GAME`: the UCI engine protocol, so that GUIs and tools that drive engines
//! by it (engine modules, tournament managers) can play any game against the computer. Moves are in
//! UCI's coordinate notation (`present::uci_text`); positions are `startpos` or a position
//! text (a FEN for the games FEN describes). The computer thinks the way its game chooses
//! (`search::computer`), for the time `go` gives it.
//!
//! Standard input is read on a thread of its own, so that `stop` and `quit` reach a search
//! that is running. That thread also clears the stop at each `go`, in the order the lines
//! came: a `stop` or `quit` sent right after a `go` (by a script, faster than the search
//! starts) stops that search rather than being forgotten when it starts.

use crate::engine::{History, Position};
use crate::ir::Game;
use crate::load::Loaded;
use crate::present::{parse_position, uci_text};
use crate::rng::Rng;
use crate::search::alphabeta::WIN;
use crate::search::computer::{choose_watched_at, Computer, Method};
use crate::search::mcts::{Level, Limits};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set by `stop` or `quit` while a search runs.
static STOP: AtomicBool = AtomicBool::new(false);

/// The engine's side of the conversation: the game and the position the GUI set up.
struct Engine {
    game: Game,
    start: Position,
    position: Position,
    history: History,
    level: Level,
    rng: Rng,
}

/// Talks UCI on standard input and output until `quit` or the end of the input.
pub fn run(loaded: Loaded, seed: u64) -> std::io::Result<()> {
    let (lines, incoming) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            match line.split_whitespace().next().unwrap_or("") {
                "go" => STOP.store(false, Ordering::Relaxed),
                "stop" | "quit" => STOP.store(true, Ordering::Relaxed),
                _ => {}
            }
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut start = loaded.start;
    let history = History::new_at(&loaded.game, &mut start);
    let mut engine = Engine {
        game: loaded.game,
        start,
        position: start,
        history,
        level: Level(Level::MAX),
        rng: Rng::new(seed),
    };
    let mut out = std::io::stdout().lock();
    for line in incoming {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            continue;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                writeln!(out, "id name Tabula ({})", engine.game.title)?;
                writeln!(out, "id author the Tabula authors")?;
                writeln!(
                    out,
                    "option name Level type spin default {} min 0 max {}",
                    Level::MAX,
                    Level::MAX
                )?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => engine.set_position(&["startpos"], &mut out)?,
            "position" => engine.set_position(&rest, &mut out)?,
            "setoption" => engine.set_option(&rest, &mut out)?,
            "go" => engine.go(&rest, &mut out)?,
            "stop" => {}
            "quit" => break,
            _ => writeln!(out, "info string unknown command `{command}`")?,
        }
        out.flush()?;
    }
    Ok(())
}

impl Engine {
    /// `position startpos [moves …]` or `position fen TEXT [moves …]`.
    fn set_position(&mut self, words: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        let split = words.iter().position(|&w| w == "moves");
        let (setup, moves) = match split {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut position = match setup {
            ["startpos"] => self.start,
            ["fen", text @ ..] => match parse_position(&self.game, &text.join(" ")) {
                Ok(p) => p,
                Err(why) => {
                    writeln!(out, "info string the position is not read: {why}")?;
                    return Ok(());
                }
            },
            _ => {
                writeln!(
                    out,
                    "info string `position` takes `startpos` or `fen TEXT`, then `moves …`"
                )?;
                return Ok(());
            }
        };
        let mut history = History::new_at(&self.game, &mut position);
        for &text in moves {
            let legal = position.legal_moves(&self.game);
            let Some(&m) = legal.iter().find(|&&m| uci_text(&self.game, m) == text) else {
                writeln!(out, "info string `{text}` is not a legal move here; the moves after it are left out")?;
                break;
            };
            position.make(&self.game, m);
            history.record_at(&self.game, &mut position);
        }
        self.position = position;
        self.history = history;
        Ok(())
    }

    /// `setoption name Level value N`.
    fn set_option(&mut self, words: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        match words {
            ["name", name, "value", value] if name.eq_ignore_ascii_case("level") => {
                match value.parse::<u8>() {
                    Ok(l) if l <= Level::MAX => self.level = Level(l),
                    _ => writeln!(
                        out,
                        "info string Level is a number from 0 to {}",
                        Level::MAX
                    )?,
                }
            }
            _ => writeln!(out, "info string no such option: {}", words.join(" "))?,
        }
        Ok(())
    }

    /// `go` with its limits: `movetime`, `wtime`/`btime` (with `winc`, `binc`,
    /// `movestogo`), `nodes`, `depth`, `infinite`; without any, the level's own.
    fn go(&mut self, words: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        let number = |key: &str| {
            words
                .iter()
                .position(|&w| w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|n| n.parse::<u64>().ok())
        };
        let white = crate::each_state!(&self.position, s => s.to_move) == 0;
        let (clock, increment) = if white {
            (number("wtime"), number("winc"))
        } else {
            (number("btime"), number("binc"))
        };
        let mut limits = Limits {
            stop: Some(&STOP),
            threads: 1,
            ..Limits::for_level(self.level)
        };
        let unbounded = |limits: &mut Limits| {
            limits.playouts = usize::MAX;
            limits.time = Duration::from_secs(3600 * 24);
        };
        if let Some(ms) = number("movetime") {
            unbounded(&mut limits);
            limits.time = Duration::from_millis(ms.saturating_sub(20).max(10));
        } else if let Some(left) = clock {
            // A share of the time left, and most of the increment; never more than half.
            let moves = number("movestogo").unwrap_or(30).max(1);
            let share = left / moves + increment.unwrap_or(0) * 3 / 4;
            unbounded(&mut limits);
            limits.time = Duration::from_millis(share.min(left / 2).saturating_sub(20).max(10));
        }
        // MCTS counts playouts and has no depth: `nodes` are its playouts, and `depth`
        // leaves it the level's own limits.
        let alpha_beta = Computer::at(self.level.0).method(&self.game) == Method::AlphaBeta;
        if let Some(n) = number("nodes") {
            unbounded(&mut limits);
            limits.playouts = if alpha_beta {
                n.div_ceil(crate::search::alphabeta::POSITIONS_PER_PLAYOUT) as usize
            } else {
                n as usize
            };
        }
        if let (Some(d), true) = (number("depth"), alpha_beta) {
            unbounded(&mut limits);
            limits.depth = d.clamp(1, u32::MAX as u64) as u32;
        }
        if words.contains(&"infinite") {
            unbounded(&mut limits);
        }
        let computer = Computer {
            level: self.level,
            method: None,
        };
        let game = &self.game;
        let chosen = choose_watched_at(
            game,
            &self.position,
            &self.history,
            computer,
            limits,
            &mut self.rng,
            &mut |t| {
                let ms = t.elapsed.as_millis().max(1);
                let line = match t.depth {
                    Some((depth, score)) => format!(
                        "info depth {depth} score {} nodes {} time {ms} nps {} pv {}",
                        score_words(score),
                        t.playouts,
                        t.playouts as u128 * 1000 / ms,
                        uci_text(game, t.best)
                    ),
                    None => format!(
                        "info nodes {} time {ms} pv {} string wins {:.0}%",
                        t.playouts,
                        uci_text(game, t.best),
                        100.0 * t.win_rate
                    ),
                };
                // A line the GUI does not take is no reason to stop thinking.
                let _ = writeln!(out, "{line}").and_then(|_| out.flush());
            },
        );
        match chosen {
            Some(c) => writeln!(out, "bestmove {}", uci_text(game, c.mv))?,
            None => writeln!(out, "bestmove 0000")?,
        }
        Ok(())
    }
}

/// A score as UCI says it: `cp 25`, or `mate 3` (`mate -2` when the engine is mated).
fn score_words(score: i32) -> String {
    let plies = WIN - score.abs();
    if plies < 10_000 {
        let moves = (plies + 1) / 2;
        return format!("mate {}", if score > 0 { moves } else { -moves });
    }
    format!("cp {score}")
}
