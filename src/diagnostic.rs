//! Problems found in a `.game` file, as plain data: a stable code, a message, labelled spans,
//! a help line. Rendering is separate (`render`), so that the checker never formats text for
//! a terminal and tests can snapshot the output with a fixed renderer.

use crate::syntax::span::Span;
use std::fmt;

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
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
}

impl Problem {
    pub fn error(code: &'static str, message: impl Into<String>) -> Problem {
        Problem {
            code,
            severity: Severity::Error,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Problem {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message)
        }
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
        self.severity == Severity::Error
    }

    /// Where the problem is, for sorting: the primary label's start.
    pub fn position(&self) -> u32 {
        self.labels.first().map_or(0, |l| l.span.start)
    }
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
        Some(Box::new(format!("tabula::{}", self.problem.code)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.problem.severity {
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
                    miette::LabeledSpan::new_primary_with_span(text, l.span)
                } else {
                    miette::LabeledSpan::new_with_span(text, l.span)
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
        let item = WithSource {
            problem,
            source: &named,
        };
        // Writing into a String cannot fail.
        let _ = handler.render_report(&mut out, &item);
    }
    out
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

/// Levenshtein distance, for "did you mean".
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// The closest known name to `name`, if one is close enough to be a likely misspelling.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|k| (edit_distance(&name.to_lowercase(), &k.to_lowercase()), k))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("checker", "checker"), 0);
        assert_eq!(edit_distance("cheker", "checker"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn did_you_mean_finds_close_names_only() {
        let known = ["checker", "officer"];
        assert_eq!(did_you_mean("cheker", known), Some("checker"));
        assert_eq!(did_you_mean("bishop", known), None);
    }
}
