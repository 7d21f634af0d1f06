//! An external engine that speaks the UCI protocol, as a side of `tabula match --engine
//! CMD`: started with the command (through the shell), told the position as FEN and the
//! moves since in UCI's coordinates, and asked for its move with `go movetime`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine may take to answer, beyond the time it was given to think.
const GRACE: Duration = Duration::from_secs(10);

/// A running engine process. Its lines are read on a thread of their own, so that an
/// engine that stops answering is given up on after `GRACE` rather than waited for.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `command` and waits for its `uciok` and `readyok`.
    pub fn start(command: &str) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the engine `{command}`: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("cannot talk to the engine `{command}`"));
        };
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            input,
            lines,
        };
        // Whether it stops reading or stops writing first is the operating system's
        // timing: either way it ended before it was ready.
        let ready = engine
            .send("uci")
            .and_then(|_| engine.read_until("uciok", command, GRACE))
            .and_then(|_| engine.send("isready"))
            .and_then(|_| engine.read_until("readyok", command, GRACE));
        match ready {
            Ok(_) => Ok(engine),
            Err(_) => Err(format!(
                "the engine `{command}` ended before it was ready (`uci`, `isready`)"
            )),
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("the engine stopped listening: {e}"))
    }

    /// Reads lines up to one that starts with `word`, within `within`; that line.
    fn read_until(
        &mut self,
        word: &str,
        command: &str,
        within: Duration,
    ) -> Result<String, String> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => {
                    return Ok(line.trim().to_string())
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "the engine `{command}` did not answer `{word}` within {} s",
                        within.as_secs()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "the engine `{command}` ended before answering `{word}`"
                    ))
                }
            }
        }
    }

    /// The engine's move, in UCI's coordinates, from the position `fen` after `moves`,
    /// thinking `time`.
    pub fn best_move(
        &mut self,
        fen: &str,
        moves: &[String],
        time: Duration,
    ) -> Result<String, String> {
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&format!("go movetime {}", time.as_millis().max(1)))?;
        let line = self.read_until("bestmove", "engine", time + GRACE)?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| format!("the engine answered `{line}` without a move"))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(20));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
