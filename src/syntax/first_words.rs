//! The words each grammar rule can begin with, read from the grammar itself
//! (`grammar/game.pest`), so that a syntax error can offer "did you mean `pieces`" from
//! exactly the words the parser would have taken there, and the list never drifts from the
//! grammar. pest names the rules it tried (`pattern`, `option_decl`); this table turns each
//! into its words (`empty`, `occupied`, …; `option`).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

const GRAMMAR: &str = include_str!("../../grammar/game.pest");

/// The words (keywords) that rule `rule` can begin with; empty for a rule that begins with a
/// name, a number or a symbol.
pub fn first_words(rule: &str) -> &'static [&'static str] {
    table().get(rule).map_or(&[], |words| words.as_slice())
}

/// Every reserved word: the words that cannot be used as a name.
pub fn reserved_words() -> &'static [&'static str] {
    first_words("keyword")
}

fn table() -> &'static HashMap<&'static str, Vec<&'static str>> {
    static TABLE: OnceLock<HashMap<&'static str, Vec<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rules = rules(&tokens(GRAMMAR));
        let mut table = HashMap::new();
        for name in rules.keys() {
            let mut words = Vec::new();
            let mut visiting = HashSet::new();
            first_of_rule(&rules, name, &mut visiting, &mut words);
            words.sort_unstable();
            words.dedup();
            table.insert(*name, words);
        }
        table
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Token<'a> {
    Name(&'a str),
    Literal(&'a str),
    Symbol(char),
}

/// The grammar's tokens, comments left out.
fn tokens(text: &'static str) -> Vec<Token<'static>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if text[i..].starts_with("//") {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
        } else if c == '"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            out.push(Token::Literal(&text[i + 1..j.min(text.len())]));
            i = j + 1;
        } else if c == '\'' {
            // A character literal: `'a'..'z'`.
            let end = text[i + 1..].find('\'').map_or(text.len(), |k| i + 1 + k);
            out.push(Token::Literal(&text[i + 1..end]));
            i = end + 1;
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let end = text[i..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(text.len(), |k| i + k);
            out.push(Token::Name(&text[i..end]));
            i = end;
        } else {
            if !c.is_whitespace() {
                out.push(Token::Symbol(c));
            }
            i += c.len_utf8().max(1);
        }
    }
    out
}

/// Each rule's body: `name = modifier? { body }`.
fn rules<'a>(tokens: &[Token<'a>]) -> HashMap<&'a str, Vec<Token<'a>>> {
    let mut rules = HashMap::new();
    let mut i = 0;
    while i + 2 < tokens.len() {
        if let (Token::Name(name), Token::Symbol('=')) = (tokens[i], tokens[i + 1]) {
            let mut j = i + 2;
            if matches!(tokens[j], Token::Symbol('_' | '@' | '$' | '!')) {
                j += 1;
            }
            // `_` is read as a name by the tokenizer.
            if tokens[j] == Token::Name("_") {
                j += 1;
            }
            if tokens.get(j) == Some(&Token::Symbol('{')) {
                let mut depth = 0;
                let start = j + 1;
                let mut k = j;
                while k < tokens.len() {
                    match tokens[k] {
                        Token::Symbol('{') => depth += 1,
                        Token::Symbol('}') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                rules.insert(name, tokens[start..k.min(tokens.len())].to_vec());
                i = k + 1;
                continue;
            }
        }
        i += 1;
    }
    rules
}

/// Adds the words rule `name` can begin with; returns whether it can match nothing.
fn first_of_rule<'a>(
    rules: &HashMap<&'a str, Vec<Token<'a>>>,
    name: &'a str,
    visiting: &mut HashSet<&'a str>,
    words: &mut Vec<&'a str>,
) -> bool {
    let Some(body) = rules.get(name) else {
        return matches!(name, "SOI" | "EOI");
    };
    if !visiting.insert(name) {
        return false;
    }
    let nullable = first_of_choice(rules, body, visiting, words);
    visiting.remove(name);
    nullable
}

/// `a | b | c`: the words of every alternative.
fn first_of_choice<'a>(
    rules: &HashMap<&'a str, Vec<Token<'a>>>,
    body: &[Token<'a>],
    visiting: &mut HashSet<&'a str>,
    words: &mut Vec<&'a str>,
) -> bool {
    let mut nullable = false;
    for alternative in split_top(body, '|') {
        nullable |= first_of_sequence(rules, alternative, visiting, words);
    }
    nullable
}

/// `a ~ b ~ c`: the words of `a`, and of `b` too when `a` can match nothing, and so on.
fn first_of_sequence<'a>(
    rules: &HashMap<&'a str, Vec<Token<'a>>>,
    sequence: &[Token<'a>],
    visiting: &mut HashSet<&'a str>,
    words: &mut Vec<&'a str>,
) -> bool {
    for element in split_top(sequence, '~') {
        let (prefix, rest) = match element.first() {
            Some(Token::Symbol(c @ ('!' | '&'))) => (Some(*c), &element[1..]),
            _ => (None, element),
        };
        if prefix.is_some() {
            continue; // a lookahead consumes nothing
        }
        let optional = matches!(rest.last(), Some(Token::Symbol('?' | '*')));
        let primary = match rest.last() {
            Some(Token::Symbol('?' | '*' | '+')) => &rest[..rest.len() - 1],
            _ => rest,
        };
        let nullable = match primary {
            [Token::Name(name)] => first_of_rule(rules, name, visiting, words),
            [Token::Literal(text)] => {
                if text.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    words.push(text);
                }
                text.is_empty()
            }
            [Token::Symbol('('), inner @ .., Token::Symbol(')')] => {
                first_of_choice(rules, inner, visiting, words)
            }
            _ => false,
        };
        if !(optional || nullable) {
            return false;
        }
    }
    true
}

/// The parts of `tokens` between separators `sep` outside brackets.
fn split_top<'t, 'a>(tokens: &'t [Token<'a>], sep: char) -> Vec<&'t [Token<'a>]> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::Symbol('(') => depth += 1,
            Token::Symbol(')') => depth -= 1,
            Token::Symbol(c) if *c == sep && depth == 0 => {
                parts.push(&tokens[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&tokens[start..]);
    parts
}
