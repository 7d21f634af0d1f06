//! Syntax errors as a person reads them, and every one of them in a file at once.
//!
//! pest stops at the first error. To go on, the declaration that holds it is blanked out
//! (its characters become spaces, so every offset stays where it was) and the file is read
//! again from the top, until it parses or `MAX_SYNTAX_ERRORS` are found. A declaration
//! starts a line with its keyword in the first column; the blanked part runs from the
//! declaration before the error to the next one.
//!
//! Each error says what was expected in words ("a pattern", "a declaration"), offers the
//! closest word the parser would have taken there ("did you mean `pieces`"), explains the
//! usual mistakes (`=` for `==`, a reserved word used as a name, a `{` never closed, which
//! it labels at the brace), and names the construct and how it is written.

use super::first_words::{first_words, reserved_words};
use super::parser::{GameParser, Rule};
use crate::diagnostic::{did_you_mean, Kind, Problem, Span};
use pest::Parser as _;

/// The most syntax errors reported for one file; past them, the rest are usually echoes.
pub const MAX_SYNTAX_ERRORS: usize = 20;

/// Every syntax error in `source`, the first being `first` (from parsing the whole file).
pub(super) fn syntax_errors(source: &str, first: pest::error::Error<Rule>) -> Vec<Problem> {
    let mut text = source.to_string();
    let mut problems = Vec::new();
    let mut error = first;
    while problems.len() < MAX_SYNTAX_ERRORS {
        let pos = error_position(&error);
        problems.push(explain(&text, pos, &positives(&error)));
        let (start, end) = recovery_span(&text, pos);
        let blanked = blank(&mut text, start, end);
        match GameParser::parse(Rule::file_recovered, &text) {
            Ok(_) => break,
            Err(next) => {
                let next_pos = error_position(&next);
                if !blanked && next_pos <= pos {
                    break; // nothing more to learn
                }
                error = next;
            }
        }
    }
    problems
}

fn error_position(error: &pest::error::Error<Rule>) -> usize {
    match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    }
}

fn positives(error: &pest::error::Error<Rule>) -> Vec<Rule> {
    match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    }
}

/// The part of the file to leave out before reading it again: from the declaration the
/// error is in to the next declaration. An error at the first word of a declaration (the one
/// before was not finished) leaves out only the one before.
fn recovery_span(text: &str, pos: usize) -> (usize, usize) {
    let starts = declaration_starts(text);
    let before = |p: usize| starts.iter().rev().copied().find(|&s| s < p).unwrap_or(0);
    if starts.contains(&pos) {
        (before(pos), pos)
    } else {
        let start = starts
            .iter()
            .rev()
            .copied()
            .find(|&s| s <= pos)
            .unwrap_or(0);
        let end = starts
            .iter()
            .copied()
            .find(|&s| s > pos)
            .unwrap_or(text.len());
        (start, end)
    }
}

/// Where declarations start: lines whose first word, in the first column, is a declaration
/// keyword.
fn declaration_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if is_declaration_word(leading_word(line)) {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts
}

fn leading_word(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

fn is_declaration_word(word: &str) -> bool {
    word == "game" || first_words("item").contains(&word)
}

/// Replaces `text[start..end]` by spaces, line breaks kept; whether anything but spaces was
/// there.
fn blank(text: &mut String, start: usize, end: usize) -> bool {
    let part = &text[start..end];
    if part.trim().is_empty() {
        return false;
    }
    let spaces: String = part
        .bytes()
        .map(|b| if b == b'\n' { '\n' } else { ' ' })
        .collect();
    text.replace_range(start..end, &spaces);
    true
}

/// Whether the text just before `pos` is a pattern after `onto` or `over` (the words of a
/// pattern only, on the same line): where an `or` is read as joining two patterns.
fn ends_a_pattern(text: &str, pos: usize) -> bool {
    let line = text[..pos].rsplit('\n').next().unwrap_or_default();
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(at) = words.iter().rposition(|w| matches!(*w, "onto" | "over")) else {
        return false;
    };
    let pattern = &words[at + 1..];
    !pattern.is_empty()
        && pattern.len() <= 3
        && pattern.iter().all(|w| {
            w.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '+')
        })
}

/// One syntax error, explained.
fn explain(text: &str, pos: usize, positives: &[Rule]) -> Problem {
    let found = found_at(text, pos);
    let span = Span::new(
        pos,
        pos + found.len().max(if pos < text.len() { 1 } else { 0 }),
    );
    let found_words = if found.is_empty() {
        "the end of the file".to_string()
    } else {
        format!("`{found}`")
    };
    let top_level = positives.contains(&Rule::EOI);
    let declaration = containing_declaration(text, pos);

    if let Some(problem) = unclosed_brace(text, pos, found, declaration) {
        return problem;
    }

    let expected = expected_words(positives, top_level);
    let message = if expected.is_empty() {
        format!("unexpected {found_words}")
    } else {
        format!("expected {}, found {found_words}", join_or(&expected))
    };
    let problem = Problem::new(Kind::Syntax, message);
    let is_word = found.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    let wants_name = positives.iter().any(|r| {
        matches!(
            r,
            Rule::ident | Rule::ident_list | Rule::params | Rule::rule_name
        )
    });
    if matches!(found, "or" | "and") && ends_a_pattern(text, pos) {
        return problem
            .label(span, "a pattern ends before this")
            .help(format!(
                "a pattern names one kind of square (`empty`, `enemy`, `friend king`, …); `{found}` joins conditions, not patterns: write two rules (`onto empty` and `onto enemy`), or `onto any if to is empty {found} to is enemy`"
            ));
    }
    if is_word && wants_name && reserved_words().contains(&found) {
        return problem
            .label(span, "a reserved word")
            .help(format!(
                "`{found}` is a word of the language, so it cannot be a name; choose another, such as `{found}1`"
            ));
    }
    if found == "="
        && positives
            .iter()
            .any(|r| rule_words(*r) == Some("an operator"))
    {
        return problem.label(span, "did you mean `==`?").help(
            "to compare two values write `==`; a single `=` only gives a name its value (in `option`, `zone`, `define`, `direction`)",
        );
    }
    let candidates: Vec<&str> = positives
        .iter()
        .flat_map(|r| first_words(&format!("{r:?}")).iter().copied())
        .collect();
    if is_word && !candidates.contains(&found) {
        if let Some(word) = did_you_mean(found, candidates.iter().copied()) {
            let construct = if top_level {
                DECLARATIONS.iter().find(|d| d.word == word)
            } else {
                declaration
            };
            let problem = problem.label(span, format!("did you mean `{word}`?"));
            return match construct {
                Some(d) => problem.help(d.how_written()),
                None => problem,
            };
        }
    }
    let problem = problem.label(span, "not understood here");
    match (top_level, declaration) {
        (false, Some(d)) => problem.help(d.how_written()),
        _ => problem.help(
            "each declaration starts a line with its word: `board`, `players`, `pieces`, `move`, … (see docs/LANGUAGE.md)",
        ),
    }
}

/// A `{` left open: the error falls where a new declaration (or the end of the file) begins,
/// inside a declaration whose brace was never closed. Labelled at the brace.
fn unclosed_brace(
    text: &str,
    pos: usize,
    found: &str,
    declaration: Option<&Declaration>,
) -> Option<Problem> {
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let at_line_start = text[line_start..pos].trim().is_empty();
    let at_declaration = at_line_start && is_declaration_word(found);
    if !(at_declaration || found.is_empty()) {
        return None;
    }
    let starts = declaration_starts(text);
    let start = starts.iter().rev().copied().find(|&s| s < pos)?;
    let brace = open_brace(&text[start..pos])? + start;
    let what = declaration.map_or("a block", |d| d.what);
    let (end_label, help) = if found.is_empty() {
        ("the file ends here", format!("add `}}` to close {what}"))
    } else {
        (
            "the next declaration begins here",
            format!("add `}}` to close {what} before the next declaration"),
        )
    };
    Some(
        Problem::new(Kind::UnclosedBrace, "this `{` is never closed")
            .label(
                Span::new(brace, brace + 1),
                format!("this `{{` opens {what}"),
            )
            .label(Span::new(pos, pos + found.len()), end_label)
            .help(help),
    )
}

/// The offset of the first `{` in `text` still open at its end, comments and quoted text
/// aside.
fn open_brace(text: &str) -> Option<usize> {
    let mut open = Vec::new();
    for (i, c) in super::brackets::brackets(text) {
        match c {
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.first().copied()
}

/// The declaration the position is in: the last declaration start before it.
fn containing_declaration(text: &str, pos: usize) -> Option<&'static Declaration> {
    let start = declaration_starts(text)
        .into_iter()
        .rev()
        .find(|&s| s < pos || (s == pos && pos == 0))?;
    let word = leading_word(&text[start..]);
    DECLARATIONS.iter().find(|d| d.word == word)
}

/// What the parser would have taken, in words, without repeats. At the top level (where the
/// file may end) the declaration keywords read as "a declaration".
fn expected_words(positives: &[Rule], top_level: bool) -> Vec<String> {
    // Where a clause may start, `over`, `then` and `require` are clauses among several.
    let in_clause = positives
        .iter()
        .any(|r| rule_words(*r) == Some(MOVE_CLAUSE));
    let mut words: Vec<String> = positives
        .iter()
        .filter_map(|r| {
            let name = format!("{r:?}");
            match rule_words(*r) {
                Some(words) => Some(words.to_string()),
                None => {
                    let word = name.strip_prefix("kw_")?;
                    Some(if top_level && is_declaration_word(word) {
                        "a declaration".to_string()
                    } else if in_clause && first_words("clause").contains(&word) {
                        MOVE_CLAUSE.to_string()
                    } else {
                        format!("`{word}`")
                    })
                }
            }
        })
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// The token at `pos`: a word, a number, or one character.
fn found_at(source: &str, pos: usize) -> &str {
    let rest = &source[pos.min(source.len())..];
    let word_len = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(rest.len(), |(i, _)| i);
    if word_len > 0 {
        &rest[..word_len]
    } else {
        rest.chars().next().map_or("", |c| &rest[..c.len_utf8()])
    }
}

fn join_or(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A declaration of the language: its keyword, what it is called, how it is written, and the
/// section of docs/LANGUAGE.md that describes it.
pub struct Declaration {
    pub word: &'static str,
    pub what: &'static str,
    pub form: &'static str,
    pub section: &'static str,
}

impl Declaration {
    fn how_written(&self) -> String {
        format!(
            "the form of {} is `{}` (see \"{}\" in docs/LANGUAGE.md)",
            self.what, self.form, self.section
        )
    }
}

pub const DECLARATIONS: &[Declaration] = &[
    Declaration {
        word: "game",
        what: "the title",
        form: "game \"Title\"",
        section: "The file",
    },
    Declaration {
        word: "about",
        what: "a line about the game",
        form: "about \"Who made it, and how it is played.\"",
        section: "The file",
    },
    Declaration {
        word: "option",
        what: "an option",
        form: "option NAME = DEFAULT in VALUE, VALUE",
        section: "Options and variants",
    },
    Declaration {
        word: "variant",
        what: "a variant",
        form: "variant NAME { OPTION = VALUE … }",
        section: "Options and variants",
    },
    Declaration {
        word: "board",
        what: "the board",
        form: "board FILES x RANKS",
        section: "The board",
    },
    Declaration {
        word: "players",
        what: "the players",
        form: "players NAME, NAME",
        section: "Players",
    },
    Declaration {
        word: "pieces",
        what: "the piece types",
        form: "pieces NAME, NAME",
        section: "Pieces",
    },
    Declaration {
        word: "direction",
        what: "a direction",
        form: "direction NAME = (FILES, RANKS)",
        section: "Directions",
    },
    Declaration {
        word: "directions",
        what: "a group of directions",
        form: "directions NAME = DIRECTION, DIRECTION",
        section: "Directions",
    },
    Declaration {
        word: "zone",
        what: "a zone",
        form: "zone NAME = CONDITION",
        section: "Zones",
    },
    Declaration {
        word: "define",
        what: "a define",
        form: "define NAME(PARAMETER, …) = EXPRESSION",
        section: "Defines",
    },
    Declaration {
        word: "setup",
        what: "the setup",
        form: "setup { PLAYER PIECE where CONDITION … }",
        section: "Setup",
    },
    Declaration {
        word: "move",
        what: "a move rule",
        form: "move NAME { along DIRECTIONS onto PATTERN if CONDITION … }",
        section: "Move rules",
    },
    Declaration {
        word: "priority",
        what: "the priority",
        form: "priority RULE, RULE > RULE",
        section: "Priority",
    },
    Declaration {
        word: "no",
        what: "the no-move rule",
        form: "no move: OUTCOME",
        section: "No move",
    },
    Declaration {
        word: "end",
        what: "the end rules",
        form: "end { win when CONDITION … }",
        section: "The end",
    },
    Declaration {
        word: "after",
        what: "the after-move rule",
        form: "after move require CONDITION",
        section: "After move require",
    },
    Declaration {
        word: "say",
        what: "words the session says",
        form: "say \"WORDS\" when CONDITION",
        section: "Words the session says: `say`",
    },
    Declaration {
        word: "stacks",
        what: "stacks",
        form: "stacks",
        section: "Stacks",
    },
    Declaration {
        word: "promote",
        what: "a promotion",
        form: "promote PIECE to PIECE in ZONE",
        section: "Promotion",
    },
    Declaration {
        word: "counters",
        what: "counters",
        form: "counters",
        section: "Counting games: pits and seeds",
    },
    Declaration {
        word: "names",
        what: "square names",
        form: "names rank 1 from a, rank 2 from A",
        section: "Counting games: pits and seeds",
    },
    Declaration {
        word: "track",
        what: "a track",
        form: "track NAME { (FILE, RANK) if CONDITION … }",
        section: "Tracks",
    },
    Declaration {
        word: "sow",
        what: "a sowing rule",
        form: "sow NAME { from ZONE lap TRACK when CONDITION: ACTION … }",
        section: "Sowing",
    },
    Declaration {
        word: "leftover",
        what: "the leftover rule",
        form: "leftover to owner",
        section: "Seeds left at the end",
    },
    Declaration {
        word: "stores",
        what: "the stores",
        form: "stores where CONDITION",
        section: "Stores on the board",
    },
    Declaration {
        word: "clock",
        what: "the clock",
        form: "clock resets on capture, RULE",
        section: "The clock",
    },
    Declaration {
        word: "score",
        what: "the score",
        form: "score = EXPRESSION",
        section: "Scores",
    },
    Declaration {
        word: "counter",
        what: "a counter",
        form: "counter NAME = 0",
        section: "Counters",
    },
    Declaration {
        word: "dice",
        what: "the dice",
        form: "dice 2 faces 1..6 doubles twice use most",
        section: "Dice",
    },
    Declaration {
        word: "piles",
        what: "piles",
        form: "piles",
        section: "Piles",
    },
    Declaration {
        word: "path",
        what: "a path",
        form: "path NAME { PLAYER: SQUARE to SQUARE, … }",
        section: "Paths",
    },
    Declaration {
        word: "taken",
        what: "pieces taken to hand",
        form: "taken to hand | taken to captor's hand",
        section: "Pieces taken to hand",
    },
    Declaration {
        word: "bonus",
        what: "a bonus",
        form: "bonus 7.5 to White",
        section: "Scores",
    },
];

const MOVE_CLAUSE: &str = "a move clause (piece, place, remove, rotate, pass, along, anywhere, over, onto, capture, chain, if, then, turn, take, change, require, carry, add, again, by die)";

/// The words a person reads for a grammar rule in "expected …"; `None` for a keyword that
/// reads as itself.
fn rule_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the file",
        Rule::ident | Rule::ident_list | Rule::rule_name | Rule::rule_names => "a name",
        Rule::int | Rule::signed_int | Rule::run_count => "a number",
        Rule::string => "a quoted title",
        Rule::value | Rule::value_set | Rule::value_range => "a value",
        Rule::expr
        | Rule::call
        | Rule::count_expr
        | Rule::reaches_expr
        | Rule::touches_expr
        | Rule::groups_expr
        | Rule::bool_lit
        | Rule::chain_condition
        | Rule::op_not
        | Rule::kw_not
        | Rule::op_neg => "an expression",
        Rule::op_or
        | Rule::op_and
        | Rule::op_eq
        | Rule::op_ne
        | Rule::op_le
        | Rule::op_ge
        | Rule::op_lt
        | Rule::op_gt
        | Rule::op_add
        | Rule::op_sub
        | Rule::op_mul
        | Rule::op_div
        | Rule::op_mod
        | Rule::op_pow
        | Rule::kw_and
        | Rule::kw_or
        | Rule::kw_is => "an operator",
        Rule::pattern | Rule::pattern_word => "a pattern (empty, occupied, any, friend, enemy)",
        Rule::outcome_word => "an outcome (pass, lose, win, draw, score)",
        Rule::sow_from | Rule::sow_lap | Rule::sow_skip | Rule::sow_when | Rule::sow_no_back => {
            "a sowing clause (from, lap, when, no sowing back)"
        }
        Rule::sow_action => "`relay`, `stop`, `again` or `capture PITS`",
        Rule::track_case => "a track case `(file, rank)`",
        Rule::name_rank => "`rank N from LETTER`",
        Rule::square_name | Rule::board_line => "a square name such as `a1`",
        Rule::board_grid | Rule::board_hex | Rule::board_hexagon | Rule::board_lines => {
            "a board (`8 x 8`, `hex 11 x 11`, `hexagon 5`, `7 x 7 lines { … }`)"
        }
        Rule::line_to => "`to` or a square name",
        Rule::path_way | Rule::path_part => "a player's way: `White: a1 to h1`",
        Rule::past_end => "`past the end`",
        Rule::taken_captor => "`hand` or `captor's hand`",
        Rule::line_through => "`through`",
        Rule::count_in_hand | Rule::count_where => "`in`, `around` or `where`",
        Rule::letter => "a single letter",
        Rule::option_decl
        | Rule::variant_decl
        | Rule::board_decl
        | Rule::players_decl
        | Rule::pieces_decl
        | Rule::direction_decl
        | Rule::directions_decl
        | Rule::zone_decl
        | Rule::define_decl
        | Rule::setup_block
        | Rule::move_decl
        | Rule::priority_decl
        | Rule::no_move_decl
        | Rule::after_decl
        | Rule::stacks_decl
        | Rule::piles_decl
        | Rule::path_decl
        | Rule::taken_decl
        | Rule::promote_decl
        | Rule::counters_decl
        | Rule::names_decl
        | Rule::track_decl
        | Rule::sow_decl
        | Rule::leftover_decl
        | Rule::stores_decl
        | Rule::clock_decl
        | Rule::score_decl
        | Rule::end_block => "a declaration",
        Rule::kw_piece
        | Rule::kw_place
        | Rule::kw_along
        | Rule::kw_onto
        | Rule::kw_capture
        | Rule::kw_chain
        | Rule::kw_if
        | Rule::kw_turn
        | Rule::kw_take
        | Rule::kw_change
        | Rule::effect_verb
        | Rule::piece_clause
        | Rule::along_clause
        | Rule::over_clause
        | Rule::onto_clause
        | Rule::capture_clause
        | Rule::chain_clause
        | Rule::if_clause
        | Rule::place_clause
        | Rule::then_clause
        | Rule::effect_clause
        | Rule::require_clause
        | Rule::carry_clause
        | Rule::add_clause
        | Rule::kw_add
        | Rule::by_die_clause
        | Rule::kw_by
        | Rule::remove_clause
        | Rule::rotate_clause
        | Rule::anywhere_clause
        | Rule::kw_remove
        | Rule::kw_rotate
        | Rule::kw_anywhere => MOVE_CLAUSE,
        Rule::before_turn | Rule::kw_before => "`before turn`",
        Rule::effect_at | Rule::kw_at => "`at from` or `at to`",
        Rule::effect_into => "`into`",
        Rule::effect_groups | Rule::kw_groups => "`groups`",
        Rule::effect_where => "`where`",
        Rule::pass_clause => MOVE_CLAUSE,
        Rule::bonus_decl | Rule::counter_decl | Rule::dice_decl => "a declaration",
        Rule::dice_option | Rule::dice_doubles | Rule::dice_most => {
            "`summed`, `doubles twice` or `use most`"
        }
        Rule::decimal => "a number",
        Rule::effect_when => "`when`",
        Rule::clock_event => "`capture` or a move rule's name",
        Rule::chain_mode => "`must` or `may`",
        Rule::block_end => "`}`",
        Rule::placement
        | Rule::owned_piece
        | Rule::any_owner_piece
        | Rule::seed_fill
        | Rule::hand_fill => "a placement",
        Rule::where_target | Rule::on_target => "`where` or `on`",
        Rule::end_rule => "an end rule (win, lose or draw when …)",
        Rule::assignment => "an option setting `name = value`",
        Rule::player_item => "a player name",
        Rule::piece_item => "a piece name",
        Rule::params => "`(`",
        Rule::game_decl => "`game \"Title\"`",
        Rule::count_plus | Rule::count_upto => "`+` or `..`",
        _ => return None,
    })
}
