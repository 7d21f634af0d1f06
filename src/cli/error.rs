//! What can go wrong in a command, as data: the command line decides the exit code and the
//! message from the kind.

use crate::load::LoadError;
use std::fmt;
use std::io::{self, Write};

#[derive(Debug)]
pub enum CliError {
    /// Bad usage (an unknown option, a malformed argument): exit code 2.
    Usage(String),
    /// The command could not do its work: exit code 1.
    Failed(String),
    /// The game could not be loaded; its diagnostics, if any, were printed already.
    Load(LoadError),
    /// Standard output was closed (`| head`): stop quietly.
    ClosedOutput,
    /// Standard output could not be written (a full disk).
    Output(io::Error),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Load(e) if e.is_usage() => 2,
            CliError::ClosedOutput => 0,
            _ => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) | CliError::Failed(m) => f.write_str(m),
            CliError::Load(e) => write!(f, "{e}"),
            CliError::ClosedOutput => f.write_str("the output was closed"),
            CliError::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::ClosedOutput
        } else {
            CliError::Output(e)
        }
    }
}

impl From<LoadError> for CliError {
    fn from(e: LoadError) -> CliError {
        CliError::Load(e)
    }
}

/// Writes to standard error. Where it cannot be written (closed, or a full device) there is
/// nowhere left to say so: the text is dropped, and the exit code still tells.
pub fn to_stderr(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Standard output for a command: every write is checked, so that a closed pipe ends the
/// command quietly and a full disk is an error message, never a panic.
pub struct Out {
    inner: io::StdoutLock<'static>,
}

impl Out {
    pub fn new() -> Out {
        Out {
            inner: io::stdout().lock(),
        }
    }

    /// Writes `text` and flushes, so that a reader sees each line as it is made.
    pub fn print(&mut self, text: &str) -> Result<(), CliError> {
        self.inner.write_all(text.as_bytes())?;
        self.inner.flush()?;
        Ok(())
    }

    pub fn line(&mut self, text: &str) -> Result<(), CliError> {
        self.print(&format!("{text}\n"))
    }
}

impl Default for Out {
    fn default() -> Self {
        Out::new()
    }
}
