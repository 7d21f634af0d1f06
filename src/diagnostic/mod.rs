//! Problems found in a `.game` file, as plain data: a kind (`Kind`, with its stable code),
//! a message, labelled spans
//! (byte ranges of the source, `Span`), a help line. Rendering is separate (`render`,
//! through miette), so that the checker never formats text for a terminal and tests can
//! snapshot the output with a fixed renderer; `suggest` finds the "did you mean" for a
//! misspelt name.

mod kind;
mod render;
pub mod span;
mod suggest;

pub use kind::Kind;
pub use render::{render, RenderStyle};
pub use span::{line_column, Span};
pub use suggest::{compass_letters, did_you_mean};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub text: String,
}

/// One problem in a file. The first label is the primary one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: Kind,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
}

impl Problem {
    /// A problem of a kind (which says whether it is an error or a warning), with the
    /// message that names what it is about.
    pub fn new(kind: Kind, message: impl Into<String>) -> Problem {
        Problem {
            kind,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// The kind's stable code.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    pub fn label(mut self, span: Span, text: impl Into<String>) -> Problem {
        self.labels.push(Label {
            span,
            text: text.into(),
        });
        self
    }

    pub fn help(mut self, text: impl Into<String>) -> Problem {
        self.help = Some(text.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }

    /// Where the problem is, for sorting: the primary label's start.
    pub fn position(&self) -> u32 {
        self.labels.first().map_or(0, |l| l.span.start)
    }
}

/// A one-line count for the end of a report: "2 errors, 1 warning".
pub fn summary(problems: &[Problem]) -> String {
    let errors = problems.iter().filter(|p| p.is_error()).count();
    let warnings = problems.len() - errors;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, {}",
        plural(errors, "error"),
        plural(warnings, "warning")
    )
}
