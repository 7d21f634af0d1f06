//! The line editor around a session: rustyline in a terminal (history, line editing, tab
//! completion of commands and legal moves, colour), plain lines otherwise, echoed after the
//! prompt so that a piped session reads as a transcript.

use super::Session;
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Write};

/// Completes the word under the cursor from the session's commands and legal moves.
struct Completion {
    words: RefCell<Vec<String>>,
}

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let prefix = &line[start..pos];
        let mut found: Vec<Pair> = self
            .words
            .borrow()
            .iter()
            .filter(|w| w.starts_with(prefix))
            .map(|w| Pair {
                display: w.clone(),
                replacement: w.clone(),
            })
            .collect();
        found.dedup_by(|a, b| a.replacement == b.replacement);
        Ok((start, found))
    }
}

impl Hinter for Completion {
    type Hint = String;
}
impl Highlighter for Completion {}
impl Validator for Completion {}
impl Helper for Completion {}

/// Runs the session until `quit` or the end of the input.
pub fn run(mut session: Session) -> std::io::Result<()> {
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    session.colour = terminal && std::env::var_os("NO_COLOR").is_none();
    let mut out = std::io::stdout();
    super::interrupt::install();
    write!(out, "{}", session.opening())?;
    computer_turns(&mut session, terminal)?;
    if !terminal {
        // Plain lines: each is echoed after the prompt, as a transcript.
        for bytes in std::io::stdin().lock().split(b'\n') {
            let mut bytes = bytes?;
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            let Ok(line) = String::from_utf8(bytes) else {
                writeln!(out, "{}", session.prompt())?;
                writeln!(out, "that line is not UTF-8 text; it is skipped")?;
                continue;
            };
            writeln!(out, "{}{line}", session.prompt())?;
            super::interrupt::take(); // a Ctrl-C while waiting for the line is spent
            let o = session.execute(&line);
            write!(out, "{}", o.text)?;
            if o.quit {
                return Ok(());
            }
            computer_turns(&mut session, false)?;
        }
        return Ok(());
    }
    // Tab lists the candidates, as a shell does, rather than cycling through them.
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .build();
    let mut editor =
        rustyline::Editor::<Completion, rustyline::history::DefaultHistory>::with_config(config)
            .map_err(std::io::Error::other)?;
    editor.set_helper(Some(Completion {
        words: RefCell::new(Vec::new()),
    }));
    // Ctrl-Cs in a row at the prompt: the second asks whether to leave.
    let mut interrupts = 0;
    loop {
        // Lines typed while the computer thought, each played as if typed at its prompt
        // (the editor would take the first and lose the rest).
        if let Some(line) = typed_ahead() {
            interrupts = 0;
            writeln!(out, "{}{line}", session.prompt())?;
            if played(&mut session, &mut editor, &line)? {
                return Ok(());
            }
            continue;
        }
        if let Some(h) = editor.helper_mut() {
            *h.words.borrow_mut() = session.completions();
        }
        match editor.readline(&session.prompt()) {
            Ok(line) => {
                interrupts = 0;
                if played(&mut session, &mut editor, &line)? {
                    return Ok(());
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => {
                // At the prompt, Ctrl-C clears the line; the game stays. A second one in a
                // row asks whether to leave.
                interrupts += 1;
                if interrupts == 1 {
                    writeln!(
                        out,
                        "(the game is kept: type `quit` to leave, `save FILE` to keep it)"
                    )?;
                    continue;
                }
                interrupts = 0;
                if let Ok(answer) =
                    editor.readline("Leave the session? The game is not saved. (y/n) ")
                {
                    if answer.trim().eq_ignore_ascii_case("y") {
                        return Ok(());
                    }
                }
            }
            Err(rustyline::error::ReadlineError::Eof) => return Ok(()),
            Err(e) => return Err(std::io::Error::other(e)),
        }
    }
}

/// Runs a line typed in the terminal (kept in the editor's history), then the computer's
/// turns; whether the line ends the session.
fn played(
    session: &mut Session,
    editor: &mut rustyline::Editor<Completion, rustyline::history::DefaultHistory>,
    line: &str,
) -> std::io::Result<bool> {
    if !line.trim().is_empty() {
        let _ = editor.add_history_entry(line);
    }
    super::interrupt::take();
    let o = session.execute(line);
    let mut out = std::io::stdout();
    write!(out, "{}", o.text)?;
    out.flush()?;
    if o.quit {
        return Ok(true);
    }
    computer_turns(session, true)?;
    Ok(false)
}

/// A whole line typed ahead, before the editor took the terminal: the terminal keeps such
/// lines in its line mode, and hands them over one a read, while a line still being typed
/// (no Enter yet) is left for the editor. `None` when no whole line waits.
#[cfg(unix)]
fn typed_ahead() -> Option<String> {
    use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
    use std::os::fd::AsFd;
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(stdin.as_fd(), PollFlags::POLLIN)];
    let ready = poll(&mut fds, PollTimeout::ZERO).ok()? > 0;
    if !ready || !fds[0].revents()?.contains(PollFlags::POLLIN) {
        return None;
    }
    let mut bytes = Vec::new();
    match stdin.lock().read_until(b'\n', &mut bytes) {
        Ok(_) if bytes.last() == Some(&b'\n') => {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
        _ => None,
    }
}

#[cfg(not(unix))]
fn typed_ahead() -> Option<String> {
    None
}

/// The computer's moves, each shown as it is made. On a terminal (`live`), a line below
/// the board tells how its thinking goes, rewritten in place and cleared before the move.
fn computer_turns(session: &mut Session, live: bool) -> std::io::Result<()> {
    let mut out = std::io::stdout();
    loop {
        let mut watch = |line: &str| {
            if live {
                let mut out = std::io::stdout();
                let _ = write!(out, "\r\x1b[K{line}");
                let _ = out.flush();
            }
        };
        let Some(text) = session.computer_move(&mut watch) else {
            return Ok(());
        };
        if live {
            write!(out, "\r\x1b[K")?;
        }
        write!(out, "{text}")?;
        out.flush()?;
    }
}
