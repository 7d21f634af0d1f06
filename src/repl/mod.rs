//! The play session. `Session::execute(line)` takes one typed line and returns what to
//! print; it reads no terminal, so a whole session can be tested as a transcript. The line
//! editor around it lives in `editor`.

mod editor;
pub mod input;
pub(crate) mod interrupt;
mod pgn;
mod record;

pub use editor::run;

use crate::each_state;
use crate::engine::{Move, Position, Workspace};
use crate::ir::{Game, Sq, NO_SQUARE};
use crate::load::{GameSpec, Loaded};
use crate::present::{
    board_text, coloured_board_text, end_words, ending_text, game_summary, is_picture, move_text,
    move_text_among, outcome_text, position_svg_marked, position_text_after, score_text,
    title_text, unsettled_note,
};
use crate::search::computer::{self, Computer, Method};
use crate::search::mcts::{Level, Limits, Thinking};
use crate::search::perft::perft;

/// The most positions `perft` counts in a session at one depth (a few seconds).
const PERFT_BUDGET: u64 = 20_000_000;
use crate::rng::Rng;

/// What a line printed, and whether the session is over.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub text: String,
    pub quit: bool,
}

impl Output {
    fn text(text: impl Into<String>) -> Output {
        Output {
            text: text.into(),
            quit: false,
        }
    }
}

/// Said when Ctrl-C stops the computer's moves.
const INTERRUPTED_PLAY: &str = "\nInterrupted: the computer stops here and the game is kept. Type a move to go on, `ai PLAYER off` to play a side yourself, or `quit`.\n";

/// The most plies the computer plays in a row when it has both sides, so that a game that
/// cycles cannot hang the session.
const MAX_COMPUTER_PLIES: usize = 2000;

/// The commands, after the lines on typing moves (`move_help`).
pub const HELP: &str = "\
Commands:
  moves [SQUARE]   the legal moves, numbered (type a number to play one); with a square,
                   the moves from it
  plays            in a game of dice: every way to play the roll that ends in a
                   different position, as the moves that make it
  undo, redo [N]   take back a move (or N), or play it again
  first, last, back, forward, goto N
                   step through the game (goto 0 is the start); play goes on from there
  new              start the game again
  show             the board
  position [TEXT]  the position text; with a TEXT, a new game from that position
  fen [FEN]        the position as FEN (in a game FEN describes); with a FEN, a new
                   game from it
  history          the moves played: numbered pairs of turns with two players, in
                   standard algebraic notation in games of three piece types or more
  save FILE        save the game (the game, its options, then the moves); a FILE
                   ending in .pgn is written as PGN
  load FILE        load a saved game, or a PGN
  picture FILE     draw the position as an SVG picture, the last move ringed
  perft N          count the move sequences of each length up to N
  hint             the computer's suggestion: its share of wins, or its score, and the
                   next best
  ai PLAYER LEVEL  let the computer play PLAYER: level 0 plays at random; levels 1 to 6
                   search 100, 400, 1,600, 6,400, 25,600 or 102,400 playouts a move
                   on each thread (--threads; at most 5 s), or 64 times as many
                   positions by alpha-beta; `mcts4` or `alphabeta4` asks for one way of
                   thinking; Ctrl-C stops it and keeps the game
  ai PLAYER off    take PLAYER back; `ai off` takes every player back
  roll [3-1]       in a game of dice: throw the dice, or (with --typed-dice or `dice
                   typed`) give the roll thrown at the table; `dice rolled` lets the
                   session roll for everyone again
  rules            what the game is: its text, players, pieces, board and move rules
  help             this text
  quit             leave
";

pub struct Session {
    spec: GameSpec,
    game: Game,
    start: Position,
    /// The positions before `start` that its text gave (`before=`), for `seen`.
    before: Vec<Position>,
    played: Vec<Move>,
    undone: Vec<Move>,
    state: Position,
    ai: Vec<Option<Computer>>,
    rng: Rng,
    /// The engine's caches, kept from move to move, and the positions of the game so far
    /// (for `repeated` and `seen`).
    work: Workspace,
    /// Colour the board (for a terminal that shows it).
    pub colour: bool,
    /// How long the computer thinks a move, whatever its level (`--think`).
    pub think: Option<std::time::Duration>,
    /// The threads the computer searches on (`--threads`).
    pub threads: usize,
    /// The computer's moves since a person last played a move, started a game or gave the
    /// computer a side (what sets it going); past `MAX_COMPUTER_PLIES` it waits for one.
    computer_plies: usize,
    /// In a game of dice: whether people type the rolls they throw at the table (`dice
    /// typed`) rather than the session rolling for them.
    pub typed_dice: bool,
}

impl Session {
    /// A session on the game `args` names, with the computer playing the given players.
    /// A session on a loaded game (`spec` says how it was asked for, for saving), with the
    /// computer playing the given players. The error names a player the game does not
    /// have.
    pub fn new(
        spec: GameSpec,
        loaded: Loaded,
        ai: &[(String, Computer)],
        seed: u64,
    ) -> Result<Session, String> {
        let mut session = Session {
            ai: vec![None; loaded.game.players.len()],
            spec,
            state: loaded.start,
            start: loaded.start,
            before: loaded.before,
            game: loaded.game,
            played: Vec::new(),
            undone: Vec::new(),
            rng: Rng::new(seed),
            work: Workspace::default(),
            colour: false,
            think: None,
            threads: 1,
            computer_plies: 0,
            typed_dice: false,
        };
        for (player, level) in ai {
            let p = session.player_index(player)?;
            session.ai[p] = Some(*level);
        }
        session.replay();
        Ok(session)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn state(&self) -> &Position {
        &self.state
    }

    fn player_index(&self, name: &str) -> Result<usize, String> {
        self.game
            .players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = self.game.players.iter().map(|p| p.name.as_str()).collect();
                format!(
                    "no player called `{name}` (the players are {})",
                    names.join(", ")
                )
            })
    }

    /// The first screen: the game, the board, whose turn; and the computer's first moves.
    pub fn opening(&mut self) -> String {
        let mut text = format!(
            "{}. Type `help` for the commands.\n\n",
            title_text(&self.game)
        );
        text.push_str(&self.board());
        text
    }

    /// The prompt: whose turn it is.
    pub fn prompt(&mut self) -> String {
        if self.state.outcome(&self.game, &mut self.work).is_some() {
            return "game over> ".into();
        }
        format!("{}> ", self.game.players[self.state.to_move as usize].name)
    }

    /// What tab completion offers: the commands, and the legal moves written out.
    pub fn completions(&mut self) -> Vec<String> {
        let mut words: Vec<String> = [
            "moves", "plays", "undo", "redo", "new", "show", "position", "fen", "history", "save",
            "load", "picture", "perft", "hint", "ai", "rules", "help", "quit", "first", "last",
            "back", "forward", "goto",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let legal = self.legal();
        words.extend(
            legal
                .iter()
                .map(|&m| move_text_among(&self.game, m, &legal)),
        );
        words
    }

    /// Runs one typed line.
    pub fn execute(&mut self, line: &str) -> Output {
        let line = line.trim();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        match word {
            "" => Output::default(),
            "help" | "?" => Output::text(format!("{}{HELP}", self.move_help())),
            "rules" | "info" => Output::text(game_summary(&self.game)),
            "quit" | "exit" => Output {
                text: String::new(),
                quit: true,
            },
            "moves" => Output::text(self.numbered_moves(rest)),
            "plays" => Output::text(self.plays()),
            "show" => Output::text(self.board()),
            "position" | "fen" if !rest.is_empty() => Output::text(self.start_from(rest)),
            "position" => Output::text(format!("{}\n", self.position())),
            "fen" => Output::text(self.fen()),
            "history" => Output::text(self.history()),
            "new" => {
                self.played.clear();
                self.undone.clear();
                self.replay();
                self.computer_plies = 0;
                Output::text(format!("A new game.\n\n{}", self.board()))
            }
            "undo" => Output::text(self.repeat(
                rest,
                Self::undo,
                (
                    "Taken back",
                    "Nothing to undo: this is the start of the game.\n",
                ),
            )),
            "redo" => {
                Output::text(self.repeat(rest, Self::redo, ("Played again", "Nothing to redo.\n")))
            }
            "first" => Output::text(self.goto(Some(0))),
            "last" => Output::text(self.goto(None)),
            "back" => Output::text(match self.played.len() {
                0 => "This is the start of the game.\n".into(),
                n => self.goto(Some(n - 1)),
            }),
            "forward" => Output::text(self.goto(Some(self.played.len() + 1))),
            "goto" => match rest.parse::<usize>() {
                Ok(n) => Output::text(self.goto(Some(n))),
                Err(_) => {
                    Output::text("goto takes a move number, e.g. `goto 4` (0 is the start)\n")
                }
            },
            "perft" => Output::text(self.perft(rest)),
            "hint" => Output::text(self.hint()),
            "ai" => Output::text(self.set_ai(rest)),
            "save" => Output::text(self.save(rest)),
            "load" => Output::text(self.load(rest)),
            "picture" => Output::text(self.picture(rest)),
            "roll" if self.game.dice.is_some() => Output::text(self.roll_typed(rest)),
            "dice" if self.game.dice.is_some() => Output::text(self.dice_mode(rest)),
            _ => Output::text(self.play_typed(line)),
        }
    }

    /// How hard the computer searches at `level`: its playouts, or `--think`'s time; Ctrl-C
    /// stops it.
    fn limits(&self, level: Level) -> Limits {
        let limits = Limits {
            stop: Some(&interrupt::INTERRUPTED),
            threads: self.threads,
            ..Limits::for_level(level)
        };
        match self.think {
            Some(time) if level.0 > 0 => Limits {
                playouts: usize::MAX,
                time,
                ..limits
            },
            _ => limits,
        }
    }

    /// How moves are typed in this game, with examples from its own moves now.
    fn move_help(&mut self) -> String {
        let legal = self.legal();
        let examples: Vec<String> = legal
            .iter()
            .take(3)
            .map(|&m| format!("`{}`", move_text_among(&self.game, m, &legal)))
            .collect();
        let mut text = if examples.is_empty() {
            "Type a move to play it, as `moves` lists them.\n".to_string()
        } else {
            format!(
                "Type a move to play it, as `moves` lists them: here {}.\n",
                examples.join(", ")
            )
        };
        if self.game.sowing.is_some() {
            text.push_str("A move is the name of the pit you sow from.\n");
        } else {
            text.push_str("The squares alone do too (`c3 d4`, `c3d4`), and so does one square when only one\nmove fits it.\n");
        }
        text
    }

    fn legal(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        self.state.generate(&self.game, &mut self.work, &mut out);
        out
    }

    /// The legal moves, numbered (the numbers play them), in columns when there are many;
    /// with a square, only the moves that start there.
    /// `plays`: in a game of dice, once the dice are rolled, every way to play them that
    /// ends in a different position, each written as the moves that make it.
    fn plays(&mut self) -> String {
        if self.game.dice.is_none() {
            return "`plays` lists the ways to play a roll, in a game of dice\n".into();
        }
        if self.state.outcome(&self.game, &mut self.work).is_some() {
            return "The game is over: no moves.\n".into();
        }
        if self.state.dice_left == 0 {
            return "the dice are not rolled yet: `plays` lists the ways to play them once they are\n".into();
        }
        let lines = crate::search::plays::play_lines_at(&self.game, &self.state);
        let written: Vec<String> = lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let moves: Vec<String> = line
                    .iter()
                    .map(|(m, legal)| move_text_among(&self.game, *m, legal))
                    .collect();
                format!("{:>4}. {}", i + 1, moves.join(" "))
            })
            .collect();
        let n = written.len();
        let plays = if n == 1 { "play" } else { "plays" };
        format!(
            "{n} {plays}, each to a different position:\n{}",
            columns(&written, 80)
        )
    }

    fn numbered_moves(&mut self, square: &str) -> String {
        let legal = self.legal();
        if legal.is_empty() {
            return "The game is over: no moves.\n".into();
        }
        let entries: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, &m)| (i, move_text_among(&self.game, m, &legal)))
            .filter(|(_, written)| square.is_empty() || starts_at(written, square))
            .map(|(i, written)| format!("{:>4}. {written}", i + 1))
            .collect();
        if entries.is_empty() {
            return match self.game.board.square(square) {
                Some(_) => format!("no move starts on {square}; type `moves` for all of them\n"),
                None => format!("no such square: {square}\n"),
            };
        }
        columns(&entries, 80)
    }

    /// Repeats `step` as many times as `count` says (once when it is empty), and says how
    /// many it took.
    fn repeat(
        &mut self,
        count: &str,
        step: fn(&mut Self) -> Option<String>,
        (done_words, nothing): (&str, &str),
    ) -> String {
        let n = match count {
            "" => 1,
            c => match c.parse::<usize>() {
                Ok(n) if n >= 1 => n,
                _ => return format!("give a number of moves, e.g. `undo 3`, not `{c}`\n"),
            },
        };
        let mut last = None;
        let mut done = 0;
        while done < n {
            match step(self) {
                Some(text) => last = Some(text),
                None => break,
            }
            done += 1;
        }
        match last {
            None => nothing.to_string(),
            Some(text) if n == 1 => text,
            Some(text) => format!("{done_words}: {done} of {n}.\n{text}"),
        }
    }

    /// Shows the game after `n` of its moves (`None`: all of them), keeping the rest to go
    /// forward to; play goes on from there.
    fn goto(&mut self, n: Option<usize>) -> String {
        let total = self.played.len() + self.undone.len();
        let n = n.unwrap_or(total);
        if n > total {
            let moves = if total == 1 { "move" } else { "moves" };
            return format!("the game has {total} {moves}; `goto` takes 0 to {total}\n");
        }
        let mut line: Vec<Move> = self.played.clone();
        line.extend(self.undone.iter().rev());
        self.played = line[..n].to_vec();
        self.undone = line[n..].iter().rev().copied().collect();
        self.replay();
        format!("After move {n} of {total}.\n\n{}", self.board())
    }

    /// The moves played. In a game of two players, by numbered pairs of turns, a turn
    /// being the moves a player makes in a row (`1. e4 e5`, `3. c, f B`); with more
    /// players, one numbered line a move, with its player. A game of three piece types or
    /// more is written in standard algebraic notation (its pieces have letters); others as the
    /// session writes moves (`c3-d4`, where a letter for the commonest piece would add
    /// nothing).
    fn history(&self) -> String {
        if self.played.is_empty() {
            return "No move has been played.\n".into();
        }
        let san = self.game.players.len() == 2 && self.game.pieces.len() >= 3;
        let mut s = self.start;
        // Each move with its mover and its text.
        let mut moves: Vec<(u8, String)> = Vec::new();
        for &m in &self.played {
            let legal = s.legal_moves(&self.game);
            let text = if san {
                crate::present::san_text(&self.game, &s, m, &legal)
            } else {
                move_text_among(&self.game, m, &legal)
            };
            moves.push((s.to_move, text));
            s.make(&self.game, m);
        }
        if self.game.players.len() != 2 {
            let mut text = String::new();
            for (i, (p, m)) in moves.iter().enumerate() {
                let who = &self.game.players[*p as usize].name;
                text.push_str(&format!("{:>4}. {who} {m}\n", i + 1));
            }
            return text;
        }
        // Turns: the moves a player makes in a row.
        let mut turns: Vec<(u8, Vec<String>)> = Vec::new();
        for (p, m) in moves {
            match turns.last_mut() {
                Some((q, list)) if *q == p => list.push(m),
                _ => turns.push((p, vec![m])),
            }
        }
        let mut text = String::new();
        let mut number = self.first_move_number() - 1;
        let mut line = String::new();
        for (p, list) in turns {
            let turn = list.join(", ");
            if p == 0 || line.is_empty() {
                if !line.is_empty() {
                    text.push_str(&line);
                    text.push('\n');
                }
                number += 1;
                line = format!("{number:>4}.");
                if p == 1 {
                    line.push_str(" ...");
                }
            }
            line.push(' ');
            line.push_str(&turn);
            if p == 1 {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
        }
        if !line.is_empty() {
            text.push_str(&line);
            text.push('\n');
        }
        text
    }

    /// The number of the game's first move: 1, or for a game begun at a FEN, the FEN's
    /// move number, which `fen`, PGN and the history count on from.
    pub(super) fn first_move_number(&self) -> usize {
        self.spec
            .position
            .as_deref()
            .and_then(crate::present::fen::fen_move_number)
            .unwrap_or(1)
    }

    /// The position as FEN, where the game is one FEN describes.
    fn fen(&self) -> String {
        let start = crate::each_state!(&self.start, s => s.to_move) as usize;
        let number = self.first_move_number() + (self.played.len() + start) / 2;
        match crate::present::fen::fen_text(&self.game, &self.state, number) {
            Some(fen) => format!("{fen}\n"),
            None => "FEN describes games of two players whose squares hold one piece each, \
                     with nothing in hand, no dice and no counters; type `position` for this \
                     game's position text\n"
                .to_string(),
        }
    }

    /// The position text, with the boards before it that `seen(N)` reads: those of the
    /// game's line, after those the start's text gave.
    fn position(&self) -> String {
        let mut line = self.before.clone();
        let mut s = self.start;
        for &m in &self.played {
            line.push(s);
            s.make(&self.game, m);
        }
        position_text_after(&self.game, &self.state, &line)
    }

    /// The last move's squares: where it started and each landing.
    fn last_move_squares(&self) -> Vec<Sq> {
        self.played
            .last()
            .map(|m| {
                let mut squares: Vec<Sq> = m.steps().iter().map(|s| s.to()).collect();
                squares.extend((m.from != NO_SQUARE).then_some(m.from));
                squares
            })
            .unwrap_or_default()
    }

    /// Writes the position as an SVG picture, the last move's squares ringed.
    fn picture(&self, file: &str) -> String {
        if file.is_empty() {
            return "type `picture FILE`, e.g. `picture board.svg`\n".into();
        }
        if !crate::overwrite::may_replace(file, is_picture) {
            return format!(
                "{file} exists and is not a picture; it is left as it is (write under another name)\n"
            );
        }
        let svg = position_svg_marked(&self.game, &self.state, &self.last_move_squares());
        match std::fs::write(file, svg) {
            Ok(()) => format!("Drew the position in {file}.\n"),
            Err(e) => format!("cannot write {file}: {e}\n"),
        }
    }

    /// The board, whose turn it is or how the game ended.
    fn board(&mut self) -> String {
        // The last move's squares, marked where there is colour: where it started and each
        // landing.
        let marked = self.last_move_squares();
        let mut text = if self.colour {
            coloured_board_text(&self.game, &self.state, Some(&marked))
        } else {
            board_text(&self.game, &self.state)
        };
        text.push('\n');
        text.push_str(&self.status());
        text
    }

    fn status(&mut self) -> String {
        let given_up = self.work.given_up();
        let ending = self.state.ending(&self.game, &mut self.work);
        let note = if self.work.given_up() > given_up {
            format!("{}\n", unsettled_note())
        } else {
            String::new()
        };
        note + &match ending {
            Some((outcome, cause)) => {
                let words = end_words(&self.game, &self.state, cause);
                // An end rule said in words needs no source on the screen.
                let why = match (&words, cause) {
                    (Some(w), crate::engine::Cause::EndRule(..)) => w.clone(),
                    _ => ending_text(&self.game, &self.state, cause),
                };
                let outcome = outcome_text(&self.game, outcome);
                let mut text = game_over_text(&outcome, &why, words);
                if let Some(score) = score_text(&self.game, &self.state) {
                    text.push_str(&score);
                }
                text
            }
            None => {
                let p = self.state.to_move as usize;
                let who = &self.game.players[p].name;
                let said: String = crate::each_state!(&self.state, s => {
                    crate::engine::sayings(&self.game, s)
                        .into_iter()
                        .map(|w| format!("{}.\n", capitalised(w)))
                        .collect()
                });
                let legal = self.state.legal_moves(&self.game);
                let forced_pass = legal.len() == 1 && legal[0].rule == Move::PASS_RULE;
                if legal.first().is_some_and(Move::is_roll) {
                    return said
                        + &if self.typed_dice && self.ai[p].is_none() {
                            format!("{who} to roll: type the roll thrown (`roll 3-1`), or `roll` to throw here.\n")
                        } else {
                            format!("{who} to roll.\n")
                        };
                }
                let dice: Vec<String> = self.state.dice[..self.state.dice_left as usize]
                    .iter()
                    .map(u8::to_string)
                    .collect();
                let with = if dice.is_empty() {
                    String::new()
                } else {
                    format!(", with {} to play", dice.join(" and "))
                };
                said + &match self.ai[p] {
                    Some(c) => format!("{who} (computer, {}) to move{with}.\n", c.name()),
                    None if forced_pass => {
                        format!("{who} to move, and has no move but to pass: type `pass`.\n")
                    }
                    None => format!("{who} to move{with}.\n"),
                }
            }
        }
    }

    /// Plays `m` for the player to move and says so.
    fn play(&mut self, m: Move) -> String {
        let mover = self.state.to_move;
        let who = self.game.players[mover as usize].name.clone();
        let legal = self.legal();
        let text = move_text_among(&self.game, m, &legal);
        self.state.make(&self.game, m);
        self.work.history.record_at(&self.game, &mut self.state);
        self.played.push(m);
        if let Some(shown) = text.strip_prefix("roll ").filter(|_| m.is_roll()) {
            // A roll that no move can use passes the turn at once.
            let stuck = if self.state.to_move != mover {
                format!(" {who} cannot move.")
            } else {
                String::new()
            };
            return format!("{who} rolls {shown}.{stuck}\n\n{}", self.board());
        }
        format!("{who} plays {text}.\n\n{}", self.board())
    }

    /// Whether the player to move rolls next (in a game of dice that goes on).
    fn roll_due(&mut self) -> bool {
        self.game.dice.is_some()
            && self.state.dice_left == 0
            && self.state.outcome(&self.game, &mut self.work).is_none()
    }

    /// A roll of the dice at random, as they fall.
    fn random_roll(&mut self) -> Move {
        let dice = self.game.dice.as_ref().expect("a game of dice");
        Move::roll(dice.draw(|n| self.rng.below(n)))
    }

    /// `roll`: the dice thrown at random; `roll 3-1`: the roll thrown at the table.
    fn roll_typed(&mut self, rest: &str) -> String {
        if !self.roll_due() {
            return "it is not time to roll: the dice rolled are still to be played\n".into();
        }
        if rest.is_empty() {
            let m = self.random_roll();
            return self.play_and_answer(m);
        }
        let dice = self.game.dice.as_ref().expect("a game of dice");
        match dice.roll_named(rest) {
            Some(i) => self.play_and_answer(Move::roll(i)),
            None => {
                let faces: Vec<String> = dice.faces.iter().map(u8::to_string).collect();
                format!(
                    "`{rest}` is not a roll of these dice: {} {} with faces {}{}, such as `roll {}`\n",
                    dice.count,
                    if dice.count == 1 { "die" } else { "dice" },
                    faces.join(", "),
                    if dice.summed { " (give their total)" } else { "" },
                    dice.rolls.last().map_or(String::new(), |r| r.text()),
                )
            }
        }
    }

    /// `dice typed`: people type the rolls they throw; `dice rolled`: the session rolls.
    fn dice_mode(&mut self, rest: &str) -> String {
        match rest {
            "typed" => {
                self.typed_dice = true;
                "People type the rolls they throw: `roll 3-1` (or `roll` to let the session throw).\n".into()
            }
            "rolled" => {
                self.typed_dice = false;
                "The session rolls the dice for everyone.\n".into()
            }
            _ => "`dice typed` lets people type the rolls they throw; `dice rolled` has the session roll\n".into(),
        }
    }

    fn play_typed(&mut self, line: &str) -> String {
        let legal = self.legal();
        if let Ok(n) = line.parse::<usize>() {
            return match legal.get(n.wrapping_sub(1)) {
                Some(&m) => self.play_and_answer(m),
                None if legal.is_empty() => "The game is over: there is no move to play.\n".into(),
                None => format!(
                    "there is no move {n}: type `moves` for the {} legal moves\n",
                    legal.len()
                ),
            };
        }
        match input::read_move(&self.game, &self.state, &self.work.history, &legal, line) {
            Ok(m) => self.play_and_answer(m),
            Err(why) => format!("{why}\n"),
        }
    }

    /// A person's move. A move played from an earlier point of the game (after `back`,
    /// `first`, `goto`), by a person or the computer, drops the moves that came after it;
    /// only `redo` plays them again.
    fn play_and_answer(&mut self, m: Move) -> String {
        self.computer_plies = 0;
        self.undone.clear();
        self.play(m)
    }

    /// One move of the computer, if it is to move and the game goes on: the move and the
    /// board, or why it stops (Ctrl-C, or `MAX_COMPUTER_PLIES` moves since a person last
    /// typed). `watch` hears how its thinking goes, a few times a second, in words. The
    /// line editor calls this after each line, once the line's answer is shown.
    pub fn computer_move(&mut self, watch: &mut dyn FnMut(&str)) -> Option<String> {
        let p = self.state.to_move as usize;
        // The dice are rolled for the computer, and for people unless they type their own.
        let rolls = self.roll_due() && (self.ai[p].is_some() || !self.typed_dice);
        if rolls && self.computer_plies < MAX_COMPUTER_PLIES {
            self.computer_plies += 1;
            // A roll taken back fell already: it falls the same again, and what was taken
            // back after it can still be played again. Any other roll drops it.
            let m = match self.undone.last() {
                Some(&m) if m.is_roll() => {
                    self.undone.pop();
                    m
                }
                _ => {
                    self.undone.clear();
                    self.random_roll()
                }
            };
            return Some(format!("\n{}", self.play(m)));
        }
        let player = self.ai[p]?;
        if self.computer_plies > MAX_COMPUTER_PLIES {
            return None;
        }
        if self.computer_plies == MAX_COMPUTER_PLIES {
            self.computer_plies += 1;
            return Some(format!(
                "\nThe computer has played {MAX_COMPUTER_PLIES} moves in a row; stopping here.\n"
            ));
        }
        let interrupted = |this: &mut Self| {
            this.computer_plies = MAX_COMPUTER_PLIES + 1;
            Some(INTERRUPTED_PLAY.to_string())
        };
        if interrupt::take() {
            return interrupted(self);
        }
        let limits = self.limits(player.level);
        let game = &self.game;
        let who = &game.players[p].name;
        let (history, rng) = (&self.work.history, &mut self.rng);
        let chosen = each_state!(&self.state, s => computer::choose(
            game,
            s,
            history,
            player,
            limits,
            rng,
            &mut |t| watch(&format!("{who} is thinking: {}", thinking_text(game, t))),
        ));
        if interrupt::take() {
            // Stopped while thinking: the move it was thinking of is not played.
            return interrupted(self);
        }
        let m = chosen?.mv;
        self.computer_plies += 1;
        // The computer's move, too, drops what was taken back (see `play_and_answer`).
        self.undone.clear();
        Some(format!("\n{}", self.play(m)))
    }

    /// The position after the moves played, from the start, with the history of the line.
    fn replay(&mut self) {
        self.state = self.start;
        self.work
            .history
            .start_at_after(&self.game, &mut self.state, &self.before);
        for &m in &self.played {
            self.state.make(&self.game, m);
            self.work.history.record_at(&self.game, &mut self.state);
        }
    }

    fn undo(&mut self) -> Option<String> {
        let m = self.played.pop()?;
        self.undone.push(m);
        // Take back the computer's reply too, so that it is a person's turn again.
        while self.played.last().is_some() && {
            self.replay();
            self.ai[self.state.to_move as usize].is_some()
        } {
            let m = self.played.pop().expect("checked");
            self.undone.push(m);
        }
        self.replay();
        Some(format!("Taken back.\n\n{}", self.board()))
    }

    fn redo(&mut self) -> Option<String> {
        let m = self.undone.pop()?;
        let mut text = self.play(m);
        while let Some(&m) = self.undone.last() {
            if self.ai[self.state.to_move as usize].is_none() {
                break;
            }
            self.undone.pop();
            text.push('\n');
            text.push_str(&self.play(m));
        }
        Some(text)
    }

    fn perft(&self, rest: &str) -> String {
        let depth: usize = match rest.parse() {
            Ok(d) if (1..=8).contains(&d) => d,
            _ => return "perft takes a depth from 1 to 8, e.g. `perft 3`\n".into(),
        };
        // A session answers in seconds: a depth whose count, guessed from the growth so
        // far, would pass `PERFT_BUDGET` positions is left to `tabula perft`.
        let mut text = String::new();
        let mut counts: Vec<u64> = Vec::new();
        for d in 1..=depth {
            if let [.., before, last] = counts[..] {
                let guess = last.saturating_mul(last / before.max(1) + 1);
                if guess > PERFT_BUDGET {
                    text.push_str(&format!(
                        "perft {d}: not counted here (about {guess} positions); run `tabula perft` for it\n"
                    ));
                    break;
                }
            }
            if interrupt::take() {
                text.push_str(&format!("perft {d}: interrupted\n"));
                break;
            }
            let boards = self.work.history.boards();
            let before = &boards[..boards.len().saturating_sub(1)];
            let n = each_state!(&self.state, s => perft(&self.game, s, before, d));
            text.push_str(&format!("perft {d}: {n}\n"));
            counts.push(n);
        }
        text
    }

    fn hint(&mut self) -> String {
        // The strongest computer of the session, at level 3 at least, thinking its way.
        let player = self
            .ai
            .iter()
            .flatten()
            .copied()
            .max_by_key(|c| c.level)
            .filter(|c| c.level >= Level(3))
            .unwrap_or(Computer::at(3));
        let limits = self.limits(player.level);
        let (game, history, rng) = (&self.game, &self.work.history, &mut self.rng);
        let chosen = each_state!(&self.state, s => computer::choose(
            game,
            s,
            history,
            player,
            limits,
            rng,
            &mut |_| {},
        ));
        if interrupt::take() {
            return "hint: interrupted\n".into();
        }
        let Some(c) = chosen else {
            return "The game is over: no hint.\n".into();
        };
        let mv = move_text(&self.game, c.mv);
        if c.playouts == 0 {
            return format!("hint: {mv} (the only move)\n");
        }
        if let Some((depth, score)) = c.depth {
            let mut text = format!(
                "hint: {mv} ({}, {depth} plies deep, {} positions)",
                evaluation_text(score),
                c.playouts
            );
            if let Some((m, _)) = c.runner_up {
                text.push_str(&format!("; next best {}", move_text(&self.game, m)));
            }
            return text + "\n";
        }
        // The move most tried is the one the search trusts; its visits say how much.
        let proof = match c.proven {
            Some(true) => "a proven win; ",
            Some(false) => "every move is proven to lose; ",
            None => "",
        };
        let mut text = format!(
            "hint: {mv} ({proof}wins {:.0}% in {} of {} playouts)",
            100.0 * c.win_rate,
            c.visits.0,
            c.playouts
        );
        if let Some((m, rate)) = c.runner_up {
            text.push_str(&format!(
                "; next best {} (wins {:.0}% in {})",
                move_text(&self.game, m),
                100.0 * rate,
                c.visits.1
            ));
        }
        text + "\n"
    }

    fn set_ai(&mut self, rest: &str) -> String {
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            ["off"] => {
                self.ai.iter_mut().for_each(|a| *a = None);
                "The computer plays no one now.\n".into()
            }
            [player, "off"] => match self.player_index(player) {
                Ok(p) => {
                    self.ai[p] = None;
                    format!("{} is played by a person now.\n", self.game.players[p].name)
                }
                Err(e) => format!("{e}\n"),
            },
            [player, level] => {
                let p = match self.player_index(player) {
                    Ok(p) => p,
                    Err(e) => return format!("{e}\n"),
                };
                match Computer::parse(level) {
                    Some(c) => {
                        self.ai[p] = Some(c);
                        self.computer_plies = 0;
                        let how = match c.method(&self.game) {
                            Method::AlphaBeta if c.level.0 > 0 && c.method.is_none() => {
                                ", by alpha-beta"
                            }
                            _ => "",
                        };
                        format!(
                            "The computer plays {} at {}{how}.\n",
                            self.game.players[p].name,
                            c.name()
                        )
                    }
                    None => format!("a computer player is {}\n", Computer::FORMS),
                }
            }
            _ => "type `ai PLAYER LEVEL`, `ai PLAYER off` or `ai off`\n".into(),
        }
    }
}

/// How the computer's thinking goes, in words: its playouts and the best move so far, or
/// with alpha-beta the depth finished and its score.
fn thinking_text(game: &crate::ir::Game, t: &Thinking) -> String {
    match t.depth {
        Some((depth, score)) => format!(
            "{:.1} s, depth {depth}, {} positions; best so far {} ({})",
            t.elapsed.as_secs_f64(),
            t.playouts,
            move_text(game, t.best),
            evaluation_text(score)
        ),
        None => format!(
            "{:.1} s, {} playouts; best so far {} (wins {:.0}%)",
            t.elapsed.as_secs_f64(),
            t.playouts,
            move_text(game, t.best),
            100.0 * t.win_rate
        ),
    }
}

/// An alpha-beta score in words: `score +1.25` (points for the player to move), or a win or a
/// loss found in so many moves.
fn evaluation_text(score: i32) -> String {
    let plies = crate::search::alphabeta::WIN - score.abs();
    if plies < 10_000 {
        let moves = (plies + 1) / 2;
        let moves = crate::present::count(moves as usize, "move", "moves");
        return if score > 0 {
            format!("wins in {moves}")
        } else {
            format!("loses in {moves}")
        };
    }
    format!("score {:+.2}", score as f64 / 100.0)
}

/// Whether a move written `written` starts on the square named `square`: `a1-b2` starts on
/// `a1`, not `a10-b2`.
fn starts_at(written: &str, square: &str) -> bool {
    written
        .strip_prefix(square)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
}

/// Entries in as many columns as fit in `width`, numbered down each column; one column
/// for a short list.
fn columns(entries: &[String], width: usize) -> String {
    let cell = entries.iter().map(|e| e.chars().count()).max().unwrap_or(0) + 2;
    let across = (width / cell).max(1);
    if entries.len() <= 12 || across == 1 {
        return entries.iter().map(|e| format!("{e}\n")).collect();
    }
    let rows = entries.len().div_ceil(across);
    let mut text = String::new();
    for r in 0..rows {
        let row: Vec<String> = (0..across)
            .filter_map(|c| entries.get(c * rows + r))
            .map(|e| format!("{e:<cell$}"))
            .collect();
        text.push_str(row.concat().trim_end());
        text.push('\n');
    }
    text
}

/// `words` with its first letter in upper case.
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "Game over: White wins. Checkmate (Black has no legal move).": the end in words, then
/// why, where that says more; `why` alone where there are no words ("Game over: Blue wins
/// (Red: lose when …).").
pub fn game_over_text(outcome: &str, rule: &str, words: Option<String>) -> String {
    match words {
        Some(words) => {
            let words = capitalised(&words);
            if words.eq_ignore_ascii_case(rule) {
                format!("Game over: {outcome}. {words}.\n")
            } else {
                format!("Game over: {outcome}. {words} ({rule}).\n")
            }
        }
        None => format!("Game over: {outcome} ({rule}).\n"),
    }
}
