//! Game records: a plain text a person can read and edit. The game and its options first,
//! then `moves` and one move a line. The game is named so that the record opens from any
//! folder: a shipped game by its name, a file by its absolute path (and an older record's
//! relative path is looked for from the record's folder too):
//!
//! ```text
//! # Tabula game record
//! game mygame.game
//! option size=8
//! moves
//! c3-d4
//! f6xd4
//! ```

use super::Session;
use crate::engine::{self, Move, Position};
use crate::ir::Game;
use crate::load::{find_source, load, GameSpec, LoadError, Loaded, Origin};
use crate::overwrite::may_replace;
use crate::present::move_text_among;
use crate::search::computer::Computer;
use std::path::Path;

/// The first line of every game record: what `save` may write over.
const RECORD_HEADER: &str = "# Tabula game record: the game, its options, then one move a line.";

impl Session {
    /// A session on the game of a saved record, its moves played; or why the record cannot
    /// be opened.
    pub fn from_record(
        file: &str,
        ai: &[(String, Computer)],
        seed: u64,
    ) -> Result<Session, String> {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot load {file}: {e}"))?;
        let folder = Path::new(file).parent();
        let cannot = |e: String| format!("cannot load {file}: {e}");
        let (spec, moves) = if super::pgn::is_pgn(file) {
            super::pgn::parse_pgn(&text, None)
        } else {
            parse_record(&text, folder)
        }
        .map_err(cannot)?;
        let loaded = load(&spec).map_err(|e| cannot(e.to_string()))?;
        let played =
            recorded_moves(&loaded.game, loaded.start, &loaded.before, &moves).map_err(cannot)?;
        let mut session = Session::new(spec, loaded, ai, seed)?;
        session.played = played;
        session.replay();
        Ok(session)
    }

    pub(super) fn record(&self) -> String {
        let mut text = String::from(RECORD_HEADER);
        text.push('\n');
        text.push_str(&format!("game {}\n", travelling_name(&self.spec.game)));
        if let Some(v) = &self.spec.variant {
            text.push_str(&format!("variant {v}\n"));
        }
        for o in &self.spec.options {
            text.push_str(&format!("option {o}\n"));
        }
        if let Some(p) = &self.spec.position {
            // Fields are separated by any white space: one line holds them all.
            let p = p.split_whitespace().collect::<Vec<_>>().join(" ");
            text.push_str(&format!("position {p}\n"));
        }
        text.push_str("moves\n");
        let mut s = self.start;
        for &m in &self.played {
            let legal = s.legal_moves(&self.game);
            text.push_str(&move_text_among(&self.game, m, &legal));
            text.push('\n');
            s.make(&self.game, m);
        }
        text
    }

    pub(super) fn save(&self, file: &str) -> String {
        if file.is_empty() {
            return "type `save FILE`\n".into();
        }
        // Only a game record is written over: never a rule file or anything else.
        let pgn = super::pgn::is_pgn(file);
        let head: &[u8] = if pgn {
            super::pgn::PGN_HEAD
        } else {
            b"# Tabula game record"
        };
        if !may_replace(file, |h| h.starts_with(head)) {
            return format!(
                "{file} exists and is not a game record; it is left as it is (save under another name)\n"
            );
        }
        let record = if pgn {
            match self.pgn() {
                Ok(text) => text,
                Err(why) => return format!("cannot save: {why}\n"),
            }
        } else {
            self.record()
        };
        if self.spec.game != self.spec.game.trim() {
            return format!(
                "cannot save: the game's name `{}` starts or ends with a space, which a record cannot keep\n",
                self.spec.game
            );
        }
        match std::fs::write(file, record) {
            Ok(()) => format!("Saved {} to {file}.\n", moves_count(self.played.len())),
            Err(e) => format!("cannot save to {file}: {e}\n"),
        }
    }

    pub(super) fn load(&mut self, file: &str) -> String {
        if file.is_empty() {
            return "type `load FILE`\n".into();
        }
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => return format!("cannot load {file}: {e}\n"),
        };
        match self.read_record_of(file, &text) {
            Ok(()) => format!(
                "Loaded {file}: {}.\n\n{}",
                moves_count(self.played.len()),
                self.board()
            ),
            Err(e) => format!("cannot load {file}: {e}; the game goes on as it was\n"),
        }
    }

    /// `read_record` of a file's text, as PGN where its name ends in `.pgn`.
    fn read_record_of(&mut self, file: &str, text: &str) -> Result<(), String> {
        if super::pgn::is_pgn(file) {
            let parsed = super::pgn::parse_pgn(text, Some(&self.spec.game))?;
            return self.take_record(parsed);
        }
        self.read_record(text, Path::new(file).parent())
    }

    /// Replaces this session's game by the record's, or changes nothing and says why. A
    /// game file named by a relative path is looked for from the record's folder too.
    pub(super) fn read_record(&mut self, text: &str, folder: Option<&Path>) -> Result<(), String> {
        let parsed = parse_record(text, folder)?;
        self.take_record(parsed)
    }

    /// `position TEXT` or `fen TEXT`: a new game of the same game from the position the
    /// text gives (a position text, or a FEN where FEN describes the game), or no change
    /// and why.
    pub(super) fn start_from(&mut self, text: &str) -> String {
        let spec = GameSpec {
            position: Some(text.to_string()),
            ..self.spec.clone()
        };
        let loaded = match load(&spec) {
            Ok(loaded) => loaded,
            Err(LoadError::Position(why)) => {
                return format!(
                    "cannot start from that position: {why}; the game goes on as it was\n"
                )
            }
            Err(e) => return format!("{e}; the game goes on as it was\n"),
        };
        match self.take_loaded(spec, loaded, &[]) {
            Ok(()) => {
                self.computer_plies = 0;
                format!("A new game from this position.\n\n{}", self.board())
            }
            Err(e) => format!("{e}; the game goes on as it was\n"),
        }
    }

    /// Replaces this session's game by a record's game and moves, or changes nothing.
    fn take_record(
        &mut self,
        (args, moves): (GameSpec, Vec<(usize, String)>),
    ) -> Result<(), String> {
        let loaded = load(&args).map_err(|e| e.to_string())?;
        self.take_loaded(args, loaded, &moves)
    }

    /// Replaces this session's game by `loaded`, asked for as `args`, with `moves` played
    /// from its start, or changes nothing.
    fn take_loaded(
        &mut self,
        args: GameSpec,
        loaded: Loaded,
        moves: &[(usize, String)],
    ) -> Result<(), String> {
        let played = recorded_moves(&loaded.game, loaded.start, &loaded.before, moves)?;
        // The computer keeps its players when the loaded game has as many.
        if self.ai.len() != loaded.game.players.len() {
            self.ai = vec![None; loaded.game.players.len()];
        }
        self.spec = args;
        self.game = loaded.game;
        self.start = loaded.start;
        self.before = loaded.before;
        self.work = engine::Workspace::default();
        self.played = played;
        self.undone.clear();
        self.replay();
        Ok(())
    }
}

/// A record's moves read and played from `start`, or the first one that is not a legal move
/// there, with its line.
fn recorded_moves(
    game: &Game,
    start: Position,
    before: &[Position],
    moves: &[(usize, String)],
) -> Result<Vec<Move>, String> {
    let mut state = start;
    // The game's history, for rules that read it (`repeated`, `seen`).
    let mut work = engine::Workspace::default();
    work.history.start_at_after(game, &mut state, before);
    let mut played = Vec::new();
    let mut legal = Vec::new();
    for (n, text) in moves {
        state.generate(game, &mut work, &mut legal);
        let m = super::input::read_move(game, &state, &work.history, &legal, text)
            .map_err(|why| format!("line {n}: `{text}`: {why}"))?;
        state.make(game, m);
        work.history.record_at(game, &mut state);
        played.push(m);
    }
    Ok(played)
}

/// How a record names a game so that it loads from any folder: a shipped game by its
/// name, a file by its absolute path.
pub(super) fn travelling_name(game: &str) -> String {
    match find_source(game).map(|s| s.origin) {
        Ok(Origin::Shipped(name)) => name.to_string(),
        Ok(Origin::File(path)) => std::fs::canonicalize(&path)
            .map_or_else(|_| game.to_string(), |p| p.display().to_string()),
        Err(_) => game.to_string(),
    }
}

/// A record's game (with its options, variant and position) and its moves, each with its
/// line number.
pub fn parse_record(
    text: &str,
    folder: Option<&Path>,
) -> Result<(GameSpec, Vec<(usize, String)>), String> {
    let mut args = GameSpec::default();
    let mut in_moves = false;
    let mut moves = Vec::new();
    for (n, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if in_moves {
            moves.push((n, line.to_string()));
            continue;
        }
        let (key, value) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(k, v)| (k, v.trim()));
        match key {
            "game" => args.game = value.to_string(),
            "option" => args.options.push(value.to_string()),
            "variant" => args.variant = Some(value.to_string()),
            "position" => args.position = Some(value.to_string()),
            "moves" => in_moves = true,
            _ => return Err(format!("line {n}: `{key}` is not part of a game record (game, option, variant, position, moves)")),
        }
    }
    if args.game.is_empty() {
        return Err("it names no game (a line `game NAME`)".into());
    }
    if let Some(folder) = folder {
        let near = folder.join(&args.game);
        if find_source(&args.game).is_err() && near.is_file() {
            args.game = near.display().to_string();
        }
    }
    Ok((args, moves))
}

/// `1 move`, `3 moves`.
fn moves_count(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}
