//! Drawing problems as miette draws them: the source lines, labelled spans, the help line.

use super::Span;
use super::{Problem, Severity};
use std::fmt;

/// A span as miette wants it.
fn source_span(s: Span) -> miette::SourceSpan {
    (s.start as usize, s.len()).into()
}

/// A problem together with the source it points into, as miette wants it.
struct WithSource<'a> {
    problem: &'a Problem,
    source: &'a miette::NamedSource<String>,
}

impl fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.problem.message)
    }
}

impl fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem.message)
    }
}

impl std::error::Error for WithSource<'_> {}

impl miette::Diagnostic for WithSource<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(format!("tabula::{}", self.problem.code())))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.problem.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.problem
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(self.problem.labels.iter().enumerate().map(
            |(i, l)| {
                let text = (!l.text.is_empty()).then(|| l.text.clone());
                if i == 0 {
                    miette::LabeledSpan::new_primary_with_span(text, source_span(l.span))
                } else {
                    miette::LabeledSpan::new_with_span(text, source_span(l.span))
                }
            },
        )))
    }
}

/// How to draw problems: with colour for a terminal, or plain and of a fixed width for files
/// and tests.
#[derive(Clone, Copy, Debug)]
pub struct RenderStyle {
    pub colour: bool,
    pub width: usize,
}

impl RenderStyle {
    /// No colour, 80 columns, ASCII-free unicode: what the tests snapshot.
    pub fn plain() -> RenderStyle {
        RenderStyle {
            colour: false,
            width: 80,
        }
    }
}

/// Renders every problem of one file, in order, as miette draws them.
pub fn render(problems: &[Problem], file_name: &str, source: &str, style: RenderStyle) -> String {
    let named = miette::NamedSource::new(file_name, source.to_string());
    let theme = if style.colour {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let mut out = String::new();
    for (i, problem) in problems.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if let Some(text) = too_wide(problem, file_name, source) {
            out.push_str(&text);
            continue;
        }
        let item = WithSource {
            problem,
            source: &named,
        };
        // Writing into a String cannot fail.
        let _ = handler.render_report(&mut out, &item);
    }
    out
}

/// The longest line drawn with its labels (miette cannot pad much further, and nobody
/// reads such a line): past it, the problem is written as text with line and column.
const WIDEST_COLUMN: usize = 4096;

/// `problem` written without drawing its source, when a label stands too far right.
fn too_wide(problem: &Problem, file_name: &str, source: &str) -> Option<String> {
    let places: Vec<(usize, usize)> = problem
        .labels
        .iter()
        .map(|l| super::line_column(source, l.span.start as usize))
        .collect();
    let line_length = |at: usize| {
        let at = source.floor_char_boundary(at.min(source.len()));
        let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = source[at..].find('\n').map_or(source.len(), |i| at + i);
        end - start
    };
    let drawable = problem
        .labels
        .iter()
        .all(|l| line_length(l.span.start as usize) < WIDEST_COLUMN);
    if drawable && places.iter().all(|&(_, column)| column < WIDEST_COLUMN) {
        return None;
    }
    let mark = match problem.severity() {
        Severity::Error => '×',
        Severity::Warning => '⚠',
    };
    let mut text = format!(
        "tabula::{}\n\n  {mark} {}\n",
        problem.code(),
        problem.message
    );
    for (label, (line, column)) in problem.labels.iter().zip(places) {
        let what = if label.text.is_empty() {
            String::new()
        } else {
            format!(": {}", label.text)
        };
        text.push_str(&format!("   at {file_name}:{line}:{column}{what}\n"));
    }
    if let Some(help) = &problem.help {
        text.push_str(&format!("  help: {help}\n"));
    }
    Some(text)
}
