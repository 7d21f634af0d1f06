//! Runs the pest grammar and turns its parse tree into the typed AST, keeping every span.
//! Syntax errors are explained, every one in the file, by `recovery`; the checker reports
//! the rest of a file's mistakes once it parses.

use super::ast::*;
use crate::diagnostic::Span;
use crate::diagnostic::{Kind, Problem};
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser as _;
use std::sync::OnceLock;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/game.pest"]
pub(super) struct GameParser;

/// Parses a whole `.game` file, or says why it cannot be read: its syntax error, or every
/// number in it too large to hold.
pub fn parse(source: &str) -> Result<GameFile, Vec<Problem>> {
    beyond_limits(source)?;
    let mut pairs = GameParser::parse(Rule::file, source)
        .map_err(|e| super::recovery::syntax_errors(source, e))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    let mut too_large = too_large_numbers(file.clone());
    too_large.extend(too_long_expressions(file.clone()));
    if !too_large.is_empty() {
        return Err(too_large);
    }
    Ok(convert_file(file))
}

/// The largest `.game` file read, in bytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// The deepest nesting of brackets, `(` and `{` together.
pub const MAX_NESTING: usize = 64;
/// The most operands and operators in one expression.
pub const MAX_EXPRESSION_PARTS: usize = 1000;

/// A file too large, or nested too deep, to read safely: refused before it is parsed (the
/// parser recurses into brackets).
fn beyond_limits(source: &str) -> Result<(), Vec<Problem>> {
    if source.len() > MAX_FILE_BYTES {
        return Err(vec![Problem::new(
            Kind::FileTooLarge,
            format!(
                "the file has {} bytes; a game file has at most {MAX_FILE_BYTES}",
                source.len()
            ),
        )
        .label(Span::new(0, 0), "the file starts here")
        .help(
            "a game's rules fit in far less: look for text pasted by mistake",
        )]);
    }
    let mut depth = 0usize;
    for (i, c) in super::brackets::brackets(source) {
        match c {
            '(' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(vec![Problem::new(
                        Kind::NestingTooDeep,
                        format!("brackets nest more than {MAX_NESTING} deep here"),
                    )
                    .label(Span::new(i, i + 1), "one bracket too deep")
                    .help("split the expression with `define`s")]);
                }
            }
            _ => depth = depth.saturating_sub(1),
        }
    }
    Ok(())
}

/// The expressions with more parts than `MAX_EXPRESSION_PARTS`: each is an error (an
/// expression tree that deep would exhaust the stack where it is read).
fn too_long_expressions(file: Pair<Rule>) -> Vec<Problem> {
    file.into_inner()
        .flatten()
        .filter(|p| p.as_rule() == Rule::expr)
        .filter_map(|p| {
            let parts = p.clone().into_inner().count();
            (parts > MAX_EXPRESSION_PARTS).then(|| {
                let sp = span(&p);
                Problem::new(
                    Kind::ExpressionTooLong,
                    format!(
                        "this expression has {parts} parts; one has at most {MAX_EXPRESSION_PARTS}"
                    ),
                )
                .label(
                    Span::new(sp.start as usize, sp.start as usize + 1),
                    "the expression starts here",
                )
                .help("split it with `define`s")
            })
        })
        .collect()
}

/// The numbers written in the file that do not fit in a 64-bit integer: each is an error,
/// rather than a value that silently becomes another (and then draws errors of its own).
fn too_large_numbers(file: Pair<Rule>) -> Vec<Problem> {
    file.into_inner()
        .flatten()
        .filter(|p| matches!(p.as_rule(), Rule::int | Rule::signed_int))
        .filter(|p| p.as_str().parse::<i64>().is_err())
        .map(|p| {
            Problem::new(
                Kind::NumberTooLarge,
                format!(
                    "the number {} is too large (numbers run from {} to {})",
                    p.as_str(),
                    i64::MIN,
                    i64::MAX
                ),
            )
            .label(span(&p), "too large")
            .help("use a smaller number")
        })
        .collect()
}

/// A pair's span, without the spaces and comments pest takes in after its last part (the
/// skip before an optional part that is not there), so that a label ends where the
/// construct does.
fn span(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.start() + written_length(pair.as_str()))
}

/// The length of `text` without trailing spaces and comments.
fn written_length(text: &str) -> usize {
    let mut end = text.len();
    loop {
        end = text[..end].trim_end().len();
        let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        match comment_start(&text[line_start..end]) {
            Some(c) => end = line_start + c,
            None => return end,
        }
    }
}

/// Where a comment starts on a line: the first `#` outside quotes.
fn comment_start(line: &str) -> Option<usize> {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

fn ident(pair: Pair<Rule>) -> Ident {
    debug_assert!(matches!(pair.as_rule(), Rule::ident | Rule::rule_name));
    Ident {
        name: pair.as_str().to_string(),
        span: span(&pair),
    }
}

fn ident_list(pair: Pair<Rule>) -> Vec<Ident> {
    pair.into_inner().map(ident).collect()
}

fn int(pair: Pair<Rule>) -> i64 {
    // The grammar admits only digits, and `parse` has refused a file with a number too
    // large for i64 before converting it.
    pair.as_str().parse().unwrap_or(i64::MAX)
}

fn convert_file(pair: Pair<Rule>) -> GameFile {
    let mut inner = pair.into_inner();
    let game = inner.next().expect("game_decl comes first");
    let string = game.into_inner().nth(1).expect("game_decl has a title");
    let title_span = span(&string);
    let title = string
        .into_inner()
        .next()
        .map_or(String::new(), |s| s.as_str().to_string());
    let (about, items): (Vec<_>, Vec<_>) = inner
        .filter(|p| p.as_rule() != Rule::EOI)
        .partition(|p| p.as_rule() == Rule::about_decl);
    let about = about
        .into_iter()
        .map(|p| {
            let string = p.into_inner().nth(1).expect("about_decl has a text");
            string
                .into_inner()
                .next()
                .map_or(String::new(), |s| s.as_str().to_string())
        })
        .collect();
    GameFile {
        title,
        title_span,
        about,
        items: items.into_iter().map(convert_item).collect(),
    }
}

/// The parts of a declaration after its leading keyword, without a block's closing brace.
fn after_keyword(pair: Pair<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    pair.into_inner()
        .skip(1)
        .filter(|p| p.as_rule() != Rule::block_end)
}

fn convert_item(pair: Pair<Rule>) -> Item {
    let sp = span(&pair);
    match pair.as_rule() {
        Rule::option_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let default = value(inner.next().unwrap());
            let mut allowed = None;
            let mut constraint = None;
            for p in inner {
                match p.as_rule() {
                    Rule::value_set => allowed = Some(value_set(p)),
                    Rule::expr => constraint = Some(expr(p)),
                    _ => {}
                }
            }
            Item::Option(OptionDecl {
                name,
                default,
                allowed,
                constraint,
                span: sp,
            })
        }
        Rule::variant_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let assignments = inner
                .map(|a| {
                    let mut i = a.into_inner();
                    (ident(i.next().unwrap()), value(i.next().unwrap()))
                })
                .collect();
            Item::Variant(VariantDecl {
                name,
                assignments,
                span: sp,
            })
        }
        Rule::board_decl => {
            let mut parts = after_keyword(pair);
            let shape_pair = parts.next().unwrap();
            let used = parts.find(|p| p.as_rule() == Rule::expr).map(expr);
            let shape = match shape_pair.as_rule() {
                Rule::board_hex => BoardShape::Hex,
                Rule::board_hexagon => BoardShape::Hexagon,
                Rule::board_lines => BoardShape::Lines,
                _ => BoardShape::Square,
            };
            let inner: Vec<_> = shape_pair.into_inner().collect();
            let points = inner.iter().any(|p| p.as_rule() == Rule::kw_points);
            let mut sizes = inner.iter().filter(|p| p.as_rule() == Rule::expr);
            let files = expr(sizes.next().unwrap().clone());
            let ranks = sizes
                .next()
                .map_or_else(|| files.clone(), |p| expr(p.clone()));
            let lines = inner
                .iter()
                .filter(|p| p.as_rule() == Rule::board_line)
                .map(|line| {
                    let line_span = span(line);
                    let mut points = Vec::new();
                    let mut through = false;
                    for p in line.clone().into_inner() {
                        match p.as_rule() {
                            Rule::line_to => through = true,
                            _ => {
                                let name = Ident {
                                    name: p.as_str().to_string(),
                                    span: span(&p),
                                };
                                points.push((name, through));
                                through = false;
                            }
                        }
                    }
                    BoardLine {
                        points,
                        span: line_span,
                    }
                })
                .collect();
            Item::Board(Box::new(BoardDecl {
                shape,
                files,
                ranks,
                used,
                lines,
                points,
                span: sp,
            }))
        }
        Rule::players_decl => {
            let players = after_keyword(pair)
                .map(|p| {
                    let mut names = p.into_inner().filter(|q| q.as_rule() == Rule::ident);
                    PlayerItem {
                        name: ident(names.next().unwrap()),
                        facing: names.next().map(ident),
                    }
                })
                .collect();
            Item::Players(PlayersDecl { players, span: sp })
        }
        Rule::pieces_decl => {
            let pieces = after_keyword(pair)
                .map(|p| {
                    let mut inner = p.into_inner();
                    let name = ident(inner.next().unwrap());
                    let rest: Vec<_> = inner.collect();
                    let letter = rest
                        .iter()
                        .find(|q| q.as_rule() == Rule::letter)
                        .map(|l| (l.as_str().chars().next().unwrap(), span(l)));
                    let value = rest
                        .iter()
                        .find(|q| q.as_rule() == Rule::int)
                        .map(|n| int(n.clone()));
                    PieceItem {
                        name,
                        letter,
                        value,
                    }
                })
                .collect();
            Item::Pieces(PiecesDecl { pieces, span: sp })
        }
        Rule::direction_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let mut next = inner.next().unwrap();
            let relative = next.as_rule() == Rule::kw_relative;
            if relative {
                next = inner.next().unwrap();
            }
            let dx = next.as_str().parse().unwrap_or(i64::MAX);
            let dy = inner.next().unwrap().as_str().parse().unwrap_or(i64::MAX);
            Item::Direction(DirectionDecl {
                name,
                relative,
                dx,
                dy,
                span: sp,
            })
        }
        Rule::directions_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let members = ident_list(inner.next().unwrap());
            Item::DirectionGroup(DirectionGroupDecl {
                name,
                members,
                span: sp,
            })
        }
        Rule::zone_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let condition = expr(inner.next().unwrap());
            Item::Zone(ZoneDecl {
                name,
                condition,
                span: sp,
            })
        }
        Rule::define_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let mut params = None;
            let mut body = None;
            for p in inner {
                match p.as_rule() {
                    Rule::params => params = Some(p.into_inner().map(ident).collect()),
                    Rule::expr => body = Some(expr(p)),
                    _ => {}
                }
            }
            Item::Define(DefineDecl {
                name,
                params,
                body: body.unwrap(),
                span: sp,
            })
        }
        Rule::setup_block => {
            let mut placements = Vec::new();
            let mut hands = Vec::new();
            for p in after_keyword(pair) {
                let first = p.clone().into_inner().next();
                match first {
                    Some(h) if h.as_rule() == Rule::hand_fill => hands.push(hand_fill(h)),
                    _ => placements.push(placement(p)),
                }
            }
            Item::Setup(SetupBlock {
                placements,
                hands,
                span: sp,
            })
        }
        Rule::clock_decl => {
            let events = after_keyword(pair)
                .filter(|p| p.as_rule() == Rule::clock_event)
                .map(|e| {
                    let inner = e.into_inner().next().unwrap();
                    match inner.as_rule() {
                        Rule::kw_capture => ClockEvent::Capture(span(&inner)),
                        _ => ClockEvent::Rule(ident(inner)),
                    }
                })
                .collect();
            Item::Clock(ClockDecl { events, span: sp })
        }
        Rule::score_decl => {
            let value = expr(
                pair.into_inner()
                    .find(|p| p.as_rule() == Rule::expr)
                    .unwrap(),
            );
            Item::Score(ScoreDecl { value, span: sp })
        }
        Rule::dice_decl => {
            let mut parts = after_keyword(pair);
            let count_pair = parts.next().unwrap();
            let count = Spanned {
                span: span(&count_pair),
                value: int(count_pair),
            };
            let faces_pair = parts.find(|p| p.as_rule() == Rule::value_set).unwrap();
            let faces_span = span(&faces_pair);
            let faces = value_set(faces_pair);
            let (mut summed, mut doubles_twice, mut use_most) = (false, false, false);
            for option in parts.filter(|p| p.as_rule() == Rule::dice_option) {
                match option.into_inner().next().map(|p| p.as_rule()) {
                    Some(Rule::kw_summed) => summed = true,
                    Some(Rule::dice_doubles) => doubles_twice = true,
                    Some(Rule::dice_most) => use_most = true,
                    _ => {}
                }
            }
            Item::Dice(DiceDecl {
                count,
                faces,
                faces_span,
                summed,
                doubles_twice,
                use_most,
                span: sp,
            })
        }
        Rule::counter_decl => {
            let mut parts = after_keyword(pair);
            let name = ident(parts.next().unwrap());
            let mut start = None;
            let mut shared = false;
            for p in parts {
                match p.as_rule() {
                    Rule::signed_int => {
                        let value = p.as_str().parse::<i64>().unwrap_or(i64::MAX);
                        start = Some((value, span(&p)));
                    }
                    Rule::kw_shared => shared = true,
                    _ => {}
                }
            }
            Item::Counter(CounterDecl {
                name,
                start,
                shared,
                span: sp,
            })
        }
        Rule::bonus_decl => {
            let mut parts = after_keyword(pair);
            let amount_pair = parts.next().unwrap();
            let amount_span = span(&amount_pair);
            let amount = match amount_pair.as_rule() {
                Rule::int => Ok(int(amount_pair).saturating_mul(100)),
                Rule::decimal => match Value::parse_decimal(amount_pair.as_str()) {
                    Some(Value::Decimal(h)) => Ok(h),
                    _ => Ok(i64::MAX),
                },
                _ => Err(ident(amount_pair)),
            };
            let player = ident(parts.find(|p| p.as_rule() == Rule::ident).unwrap());
            Item::Bonus(BonusDecl {
                amount,
                amount_span,
                player,
                span: sp,
            })
        }
        Rule::move_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let mut inner = inner.peekable();
            let written = inner
                .next_if(|p| p.as_rule() == Rule::kw_written)
                .and_then(|_| inner.next())
                .map(string_text);
            let clauses = inner.map(clause).collect();
            Item::Move(MoveDecl {
                name,
                written,
                clauses,
                span: sp,
            })
        }
        Rule::priority_decl => {
            let tiers = after_keyword(pair).map(ident_list).collect();
            Item::Priority(PriorityDecl { tiers, span: sp })
        }
        Rule::no_move_decl => {
            let cases = pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::no_move_case)
                .map(|case| {
                    let csp = span(&case);
                    let mut inner = case.into_inner();
                    let word = inner.next().unwrap();
                    NoMoveCase {
                        outcome_span: span(&word),
                        outcome: outcome_word(word),
                        condition: inner.clone().find(|p| p.as_rule() == Rule::expr).map(expr),
                        words: inner.find(|p| p.as_rule() == Rule::string).map(string_text),
                        span: csp,
                    }
                })
                .collect();
            Item::NoMove(NoMoveDecl { cases, span: sp })
        }
        Rule::end_block => {
            let mut before_turn = false;
            let rules = after_keyword(pair)
                .filter(|r| {
                    let qualifier = r.as_rule() == Rule::before_turn;
                    before_turn |= qualifier;
                    !qualifier
                })
                .map(|r| {
                    let rsp = span(&r);
                    let inner: Vec<Pair<Rule>> = r.clone().into_inner().collect();
                    let words = inner.iter().find(|p| p.as_rule() == Rule::string).cloned();
                    // The rule as written, without its words.
                    let written = match &words {
                        Some(w) => &r.as_str()[..w.as_span().start() - r.as_span().start()],
                        None => r.as_str(),
                    };
                    let text = written.split_whitespace().collect::<Vec<_>>().join(" ");
                    let word = inner[0].clone();
                    let condition = expr(
                        inner
                            .iter()
                            .find(|p| p.as_rule() == Rule::expr)
                            .unwrap()
                            .clone(),
                    );
                    EndRule {
                        text,
                        words: words.map(string_text),
                        outcome_span: span(&word),
                        outcome: outcome_word(word),
                        condition,
                        span: rsp,
                    }
                })
                .collect();
            Item::End(EndBlock {
                rules,
                before_turn,
                span: sp,
            })
        }
        Rule::stacks_decl => Item::Stacks(sp),
        Rule::piles_decl => Item::Piles(sp),
        Rule::taken_decl => Item::TakenToHand(
            sp,
            pair.into_inner().any(|p| p.as_rule() == Rule::taken_captor),
        ),
        Rule::path_decl => {
            let mut parts = after_keyword(pair);
            let name = ident(parts.next().unwrap());
            let ways = parts
                .filter(|p| p.as_rule() == Rule::path_way)
                .map(|way| {
                    let way_span = span(&way);
                    let mut inner = way.into_inner();
                    let player = ident(inner.next().unwrap());
                    let parts = inner
                        .filter(|p| p.as_rule() == Rule::path_part)
                        .map(|part| {
                            let mut names = part
                                .into_inner()
                                .filter(|p| p.as_rule() == Rule::square_name)
                                .map(|p| Ident {
                                    name: p.as_str().to_string(),
                                    span: span(&p),
                                });
                            let first = names.next().unwrap();
                            (first, names.next())
                        })
                        .collect();
                    PathWay {
                        player,
                        parts,
                        span: way_span,
                    }
                })
                .collect();
            Item::Path(PathDecl {
                name,
                ways,
                span: sp,
            })
        }
        Rule::promote_decl => {
            let leaving = pair
                .clone()
                .into_inner()
                .any(|p| p.as_rule() == Rule::promote_leaving);
            let mut names = pair
                .into_inner()
                .filter(|p| matches!(p.as_rule(), Rule::ident | Rule::ident_list));
            Item::Promote(PromoteDecl {
                from: ident(names.next().unwrap()),
                to: ident_list(names.next().unwrap()),
                zone: ident(names.next().unwrap()),
                leaving,
                span: sp,
            })
        }
        Rule::after_decl => {
            let inner: Vec<_> = pair.into_inner().collect();
            let condition = inner.iter().find(|p| p.as_rule() == Rule::expr).unwrap();
            Item::AfterMove(AfterMoveDecl {
                text: condition.as_str().trim().to_string(),
                condition: expr(condition.clone()),
                words: inner
                    .iter()
                    .find(|p| p.as_rule() == Rule::string)
                    .map(|s| string_text(s.clone())),
                span: sp,
            })
        }
        Rule::say_decl => {
            let inner: Vec<_> = pair.into_inner().collect();
            let words = inner.iter().find(|p| p.as_rule() == Rule::string).unwrap();
            let condition = inner.iter().find(|p| p.as_rule() == Rule::expr).unwrap();
            Item::Say(SayDecl {
                words: string_text(words.clone()),
                condition: expr(condition.clone()),
                span: sp,
            })
        }
        Rule::counters_decl => Item::Counters(sp),
        Rule::leftover_decl => Item::Leftover(
            pair.into_inner()
                .any(|p| p.as_rule() == Rule::leftover_capturer),
            sp,
        ),
        Rule::stores_decl => {
            let condition = expr(
                after_keyword(pair)
                    .find(|p| p.as_rule() == Rule::expr)
                    .unwrap(),
            );
            Item::Stores(condition, sp)
        }
        Rule::names_decl => {
            let ranks = after_keyword(pair)
                .map(|r| {
                    let mut inner = r.into_inner();
                    let n = inner.next().unwrap();
                    let rank = Spanned {
                        span: span(&n),
                        value: int(n),
                    };
                    let letter = inner.find(|p| p.as_rule() == Rule::letter).unwrap();
                    (rank, letter.as_str().chars().next().unwrap())
                })
                .collect();
            Item::Names(NamesDecl { ranks, span: sp })
        }
        Rule::track_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let cases = inner
                .map(|c| {
                    let csp = span(&c);
                    let mut inner = c.into_inner();
                    let file = expr(inner.next().unwrap());
                    let rank = expr(inner.next().unwrap());
                    let (mut condition, mut then) = (None, None);
                    for p in inner {
                        match p.as_rule() {
                            Rule::expr => condition = Some(expr(p)),
                            Rule::ident => then = Some(ident(p)),
                            _ => {}
                        }
                    }
                    TrackCase {
                        file,
                        rank,
                        condition,
                        then,
                        span: csp,
                    }
                })
                .collect();
            Item::Track(TrackDecl {
                name,
                cases,
                span: sp,
            })
        }
        Rule::sow_decl => {
            let mut inner = after_keyword(pair);
            let name = ident(inner.next().unwrap());
            let clauses = inner.map(sow_clause).collect();
            Item::Sow(SowDecl {
                name,
                clauses,
                span: sp,
            })
        }
        other => unreachable!("the grammar admits no item {other:?}"),
    }
}

fn value(pair: Pair<Rule>) -> Spanned<Value> {
    let sp = span(&pair);
    let inner = pair.into_inner().next().unwrap();
    let value = match inner.as_rule() {
        Rule::int => Value::Int(int(inner)),
        Rule::decimal => Value::parse_decimal(inner.as_str()).unwrap_or(Value::Decimal(i64::MAX)),
        _ => Value::Word(inner.as_str().to_string()),
    };
    Spanned { value, span: sp }
}

fn value_set(pair: Pair<Rule>) -> ValueSet {
    let sp = span(&pair);
    let mut inner = pair.into_inner().peekable();
    if inner.peek().map(|p| p.as_rule()) == Some(Rule::value_range) {
        let mut r = inner.next().unwrap().into_inner();
        let lo = int(r.next().unwrap());
        let hi = r.next().map(int);
        ValueSet::Range { lo, hi, span: sp }
    } else {
        ValueSet::List(inner.map(value).collect())
    }
}

fn hand_fill(pair: Pair<Rule>) -> HandFill {
    let sp = span(&pair);
    let parts: Vec<Pair<Rule>> = pair
        .into_inner()
        .filter(|p| matches!(p.as_rule(), Rule::ident | Rule::int))
        .collect();
    let (owner, rest) = match parts[0].as_rule() {
        Rule::ident => (Some(ident(parts[0].clone())), &parts[1..]),
        _ => (None, &parts[..]),
    };
    let count = Spanned {
        span: span(&rest[0]),
        value: int(rest[0].clone()),
    };
    HandFill {
        owner,
        count,
        piece: ident(rest[1].clone()),
        span: sp,
    }
}

fn placement(pair: Pair<Rule>) -> Placement {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let who = inner.next().unwrap();
    let count = who
        .clone()
        .into_inner()
        .find(|p| p.as_rule() == Rule::pile_count)
        .map(|p| Spanned {
            span: span(&p),
            value: int(p.into_inner().next().unwrap()),
        });
    let neutral = who.as_rule() == Rule::owned_piece
        && who
            .clone()
            .into_inner()
            .any(|p| p.as_rule() == Rule::kw_neutral);
    let (owner, what) = match who.as_rule() {
        Rule::owned_piece if neutral => {
            let piece = who
                .into_inner()
                .find(|p| p.as_rule() == Rule::ident)
                .unwrap();
            (None, Placed::Piece(ident(piece)))
        }
        Rule::owned_piece => {
            let mut i = who.into_inner().filter(|p| p.as_rule() == Rule::ident);
            let owner = ident(i.next().unwrap());
            (Some(owner), Placed::Piece(ident(i.next().unwrap())))
        }
        Rule::seed_fill => (None, Placed::Seeds(expr(who.into_inner().nth(1).unwrap()))),
        _ => (
            None,
            Placed::Piece(ident(
                who.into_inner()
                    .find(|p| p.as_rule() == Rule::ident)
                    .unwrap(),
            )),
        ),
    };
    let target = inner.next().unwrap();
    let target = match target.as_rule() {
        Rule::where_target => PlacementTarget::Where(expr(target.into_inner().nth(1).unwrap())),
        _ => PlacementTarget::On(
            target
                .into_inner()
                .filter(|p| p.as_rule() == Rule::square_name)
                .map(|p| Spanned {
                    span: span(&p),
                    value: p.as_str().to_string(),
                })
                .collect(),
        ),
    };
    Placement {
        owner,
        neutral,
        count,
        what,
        target,
        span: sp,
    }
}

fn capture_decl(pair: Pair<Rule>) -> CaptureDecl {
    let span = span(&pair);
    let mut pits = Vec::new();
    let (mut along, mut unless) = (None, None);
    for p in after_keyword(pair) {
        match p.as_rule() {
            Rule::expr => pits.push(expr(p)),
            Rule::capture_along => {
                let mut inner = after_keyword(p);
                let track = ident(inner.next().unwrap());
                let condition = expr(inner.find(|p| p.as_rule() == Rule::expr).unwrap());
                along = Some((track, condition));
            }
            _ => unless = Some(expr(after_keyword(p).next().unwrap())),
        }
    }
    CaptureDecl {
        pits,
        along,
        unless,
        span,
    }
}

fn sow_clause(pair: Pair<Rule>) -> SowClause {
    let sp = span(&pair);
    match pair.as_rule() {
        Rule::sow_from => SowClause::From(ident(after_keyword(pair).next().unwrap()), sp),
        Rule::sow_lap => {
            let mut inner = after_keyword(pair);
            let track = ident(inner.next().unwrap());
            let condition = inner.find(|p| p.as_rule() == Rule::expr).map(expr);
            SowClause::Lap(track, condition, sp)
        }
        Rule::sow_skip => {
            let what = after_keyword(pair).next().unwrap();
            let zone = (what.as_rule() == Rule::ident).then(|| ident(what));
            SowClause::Skip(zone, sp)
        }
        Rule::sow_when => {
            let mut inner = after_keyword(pair);
            let condition = expr(inner.next().unwrap());
            let word = inner.next().unwrap().into_inner().next().unwrap();
            let action = match word.as_rule() {
                Rule::kw_relay => SowAction::Relay,
                Rule::kw_stop => SowAction::Stop,
                Rule::kw_again => SowAction::Again,
                _ => SowAction::Capture(Box::new(capture_decl(word))),
            };
            SowClause::When(condition, action, sp)
        }
        _ => SowClause::NoSowingBack {
            unless_capture: pair.into_inner().any(|p| p.as_rule() == Rule::kw_unless),
            span: sp,
        },
    }
}

fn clause(pair: Pair<Rule>) -> Clause {
    let sp = span(&pair);
    match pair.as_rule() {
        Rule::piece_clause => {
            let mut inner = after_keyword(pair).peekable();
            let neutral = inner.next_if(|p| p.as_rule() == Rule::kw_neutral).is_some();
            Clause::Piece(
                inner.next().map(ident_list).unwrap_or_default(),
                neutral,
                sp,
            )
        }
        Rule::along_clause => Clause::Along(ident_list(after_keyword(pair).next().unwrap()), sp),
        Rule::over_clause => {
            let mut inner = after_keyword(pair);
            let count = inner.next().unwrap();
            let csp = span(&count);
            let mut c = count.into_inner();
            let min = int(c.next().unwrap());
            let max = match c.next() {
                None => Some(min),
                Some(p) if p.as_rule() == Rule::count_plus => None,
                Some(p) => Some(int(p.into_inner().next().unwrap())),
            };
            let pat = clause_pattern(inner);
            Clause::Over(
                RunCount {
                    min,
                    max,
                    span: csp,
                },
                pat,
                sp,
            )
        }
        Rule::onto_clause => Clause::Onto(clause_pattern(after_keyword(pair)), sp),
        Rule::capture_clause => Clause::CaptureOver {
            under: pair.into_inner().any(|p| p.as_rule() == Rule::kw_under),
            span: sp,
        },
        Rule::if_clause => Clause::If(expr(after_keyword(pair).next().unwrap()), sp),
        Rule::place_clause => {
            let mut inner = after_keyword(pair).peekable();
            let neutral = inner.next_if(|p| p.as_rule() == Rule::kw_neutral).is_some();
            Clause::Place(ident(inner.next().unwrap()), neutral, sp)
        }
        Rule::then_clause => {
            let mut parts = after_keyword(pair);
            let name = ident(parts.next().unwrap());
            let when = parts.find(|p| p.as_rule() == Rule::expr).map(expr);
            Clause::Then(name, when, sp)
        }
        Rule::remove_clause => Clause::Remove(clause_pattern(after_keyword(pair)), sp),
        Rule::rotate_clause => {
            let mut inner = after_keyword(pair);
            let mut size = || {
                inner
                    .next()
                    .unwrap()
                    .as_str()
                    .parse::<u32>()
                    .unwrap_or(u32::MAX)
            };
            let (width, height) = (size(), size());
            let senses: Vec<Rule> = inner
                .filter(|p| p.as_rule() == Rule::rotate_sense)
                .map(|p| p.into_inner().next().unwrap().as_rule())
                .collect();
            Clause::Rotate {
                width,
                height,
                clockwise: senses.contains(&Rule::kw_clockwise),
                anticlockwise: senses.contains(&Rule::kw_anticlockwise),
                span: sp,
            }
        }
        Rule::anywhere_clause => Clause::Anywhere(sp),
        Rule::pass_clause => Clause::Pass(sp),
        Rule::require_clause => {
            let mut inner = after_keyword(pair);
            let condition = inner.next().unwrap();
            let text = condition.as_str().trim().to_string();
            let words = inner.find(|p| p.as_rule() == Rule::string).map(string_text);
            Clause::Require(expr(condition), sp, text, words)
        }
        Rule::by_die_clause => {
            Clause::ByDie(sp, pair.into_inner().any(|p| p.as_rule() == Rule::past_end))
        }
        Rule::again_clause => Clause::Again(
            after_keyword(pair)
                .find(|p| p.as_rule() == Rule::expr)
                .map(expr),
            sp,
        ),
        Rule::add_clause => {
            let mut parts = after_keyword(pair);
            let amount = expr(parts.next().unwrap());
            let counter = ident(parts.find(|p| p.as_rule() == Rule::ident).unwrap());
            let when = parts.find(|p| p.as_rule() == Rule::expr).map(expr);
            Clause::Add {
                amount,
                counter,
                when,
                span: sp,
            }
        }
        Rule::carry_clause => {
            let mut parts = pair.into_inner().filter(|p| p.as_rule() == Rule::expr);
            let piece = expr(parts.next().unwrap());
            Clause::Carry(piece, expr(parts.next().unwrap()), sp)
        }
        Rule::effect_clause => Clause::Effect(Box::new(effect(pair))),
        Rule::chain_clause => {
            let mut inner = after_keyword(pair).peekable();
            let mode = inner.next().unwrap().into_inner().next().unwrap();
            let (mut turning, mut taking) = (false, false);
            while let Some(word) = inner.next_if(|p| p.as_rule() == Rule::chain_word) {
                match word.into_inner().next().unwrap().as_rule() {
                    Rule::kw_turning => turning = true,
                    _ => taking = true,
                }
            }
            let condition = inner
                .find(|p| p.as_rule() == Rule::chain_condition)
                .map(|p| expr(p.into_inner().next().unwrap()));
            Clause::Chain {
                must: mode.as_rule() == Rule::kw_must,
                turning,
                taking,
                condition,
                span: sp,
            }
        }
        other => unreachable!("the grammar admits no clause {other:?}"),
    }
}

/// The pattern that ends a clause, with any more piece types after it (`enemy king, rook`).
fn clause_pattern<'i>(mut parts: impl Iterator<Item = Pair<'i, Rule>>) -> Pattern {
    let mut p = pattern(parts.next().unwrap());
    if let Some(more) = parts.find(|q| q.as_rule() == Rule::more_types) {
        p.more = more.into_inner().map(ident).collect();
        if let Some(last) = p.more.last() {
            p.span = Span::new(p.span.start as usize, last.span.end as usize);
        }
    }
    p
}

fn pattern(pair: Pair<Rule>) -> Pattern {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let word = inner.next().unwrap().into_inner().next().unwrap();
    let word = match word.as_rule() {
        Rule::kw_empty => PatternWord::Empty,
        Rule::kw_occupied => PatternWord::Occupied,
        Rule::kw_any => PatternWord::Any,
        Rule::kw_friend => PatternWord::Friend,
        Rule::kw_off => PatternWord::Off,
        Rule::kw_neutral => PatternWord::Neutral,
        _ => PatternWord::Enemy,
    };
    Pattern {
        word,
        piece: inner.next().map(ident),
        more: Vec::new(),
        span: sp,
    }
}

fn effect(pair: Pair<Rule>) -> EffectDecl {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let verb_pair = inner.next().unwrap();
    let verb_span = span(&verb_pair);
    let verb = match verb_pair.into_inner().next().unwrap().as_rule() {
        Rule::kw_turn => EffectVerb::Turn,
        Rule::kw_take => EffectVerb::Take,
        _ => EffectVerb::Change,
    };
    let mut e = EffectDecl {
        verb,
        verb_span,
        at_from: None,
        along: None,
        over: None,
        onto: None,
        into: None,
        when: None,
        groups: None,
        only: None,
        span: sp,
    };
    for part in inner.filter(|p| p.as_rule() != Rule::block_end) {
        let psp = span(&part);
        match part.as_rule() {
            Rule::effect_at => {
                let from = part
                    .into_inner()
                    .nth(1)
                    .is_some_and(|p| p.as_rule() == Rule::kw_from);
                e.at_from = Some((from, psp));
            }
            Rule::effect_into => e.into = Some(ident(after_keyword(part).next().unwrap())),
            Rule::effect_groups => e.groups = Some(pattern(after_keyword(part).next().unwrap())),
            Rule::effect_where => e.only = Some(expr(after_keyword(part).next().unwrap())),
            Rule::effect_when => e.when = Some(expr(after_keyword(part).next().unwrap())),
            _ => match clause(part) {
                Clause::Along(dirs, s) => e.along = Some((dirs, s)),
                Clause::Over(count, pattern, s) => e.over = Some((count, pattern, s)),
                Clause::Onto(pattern, s) => e.onto = Some((pattern, s)),
                _ => unreachable!("the grammar admits no other effect part"),
            },
        }
    }
    e
}

fn outcome_word(pair: Pair<Rule>) -> OutcomeWord {
    match pair.into_inner().next().unwrap().as_rule() {
        Rule::kw_pass => OutcomeWord::Pass,
        Rule::kw_lose => OutcomeWord::Lose,
        Rule::kw_win => OutcomeWord::Win,
        Rule::kw_score => OutcomeWord::Score,
        _ => OutcomeWord::Draw,
    }
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::op_or, Assoc::Left))
            .op(Op::infix(Rule::op_and, Assoc::Left))
            .op(Op::prefix(Rule::op_not))
            .op(Op::infix(Rule::op_eq, Assoc::Left)
                | Op::infix(Rule::op_ne, Assoc::Left)
                | Op::infix(Rule::op_lt, Assoc::Left)
                | Op::infix(Rule::op_le, Assoc::Left)
                | Op::infix(Rule::op_gt, Assoc::Left)
                | Op::infix(Rule::op_ge, Assoc::Left))
            .op(Op::postfix(Rule::is_test))
            .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
            .op(Op::infix(Rule::op_mul, Assoc::Left)
                | Op::infix(Rule::op_div, Assoc::Left)
                | Op::infix(Rule::op_mod, Assoc::Left))
            .op(Op::prefix(Rule::op_neg))
            .op(Op::infix(Rule::op_pow, Assoc::Right))
    })
}

fn expr(pair: Pair<Rule>) -> Expr {
    debug_assert_eq!(pair.as_rule(), Rule::expr);
    pratt()
        .map_primary(primary)
        .map_postfix(|lhs, op| {
            let sp = lhs.span.to(span(&op));
            let p = pattern(op.into_inner().nth(1).unwrap());
            Expr {
                kind: ExprKind::Is(Box::new(lhs), p),
                span: sp,
            }
        })
        .map_prefix(|op, rhs| {
            let sp = span(&op).to(rhs.span);
            let op = if op.as_rule() == Rule::op_not {
                UnOp::Not
            } else {
                UnOp::Neg
            };
            Expr {
                kind: ExprKind::Unary(op, Box::new(rhs)),
                span: sp,
            }
        })
        .map_infix(|lhs, op, rhs| {
            let op = match op.as_rule() {
                Rule::op_or => BinOp::Or,
                Rule::op_and => BinOp::And,
                Rule::op_eq => BinOp::Eq,
                Rule::op_ne => BinOp::Ne,
                Rule::op_lt => BinOp::Lt,
                Rule::op_le => BinOp::Le,
                Rule::op_gt => BinOp::Gt,
                Rule::op_ge => BinOp::Ge,
                Rule::op_add => BinOp::Add,
                Rule::op_sub => BinOp::Sub,
                Rule::op_mul => BinOp::Mul,
                Rule::op_div => BinOp::Div,
                Rule::op_mod => BinOp::Mod,
                _ => BinOp::Pow,
            };
            let sp = lhs.span.to(rhs.span);
            Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span: sp,
            }
        })
        .parse(pair.into_inner())
}

fn primary(pair: Pair<Rule>) -> Expr {
    let sp = span(&pair);
    let kind = match pair.as_rule() {
        Rule::int => ExprKind::Int(int(pair)),
        Rule::bool_lit => {
            ExprKind::Bool(pair.into_inner().next().unwrap().as_rule() == Rule::kw_true)
        }
        Rule::kw_from => ExprKind::From,
        Rule::kw_to => ExprKind::To,
        Rule::ident => ExprKind::Name(ident(pair)),
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = ident(inner.next().unwrap());
            let mut args = Vec::new();
            let mut along = None;
            for p in inner {
                match p.as_rule() {
                    Rule::ident_list => along = Some(ident_list(p)),
                    Rule::expr => args.push(expr(p)),
                    _ => {}
                }
            }
            ExprKind::Call(name, args, along)
        }
        Rule::count_expr => {
            let mut inner = after_keyword(pair);
            let pat = pattern(inner.next().unwrap());
            let mut scope = CountScope::Board;
            let mut only = None;
            for p in inner {
                match p.as_rule() {
                    Rule::count_in_hand => scope = CountScope::Hand,
                    Rule::count_in => {
                        scope = CountScope::Zone(ident(after_keyword(p).next().unwrap()))
                    }
                    Rule::count_where => {
                        only = Some(Box::new(expr(after_keyword(p).next().unwrap())))
                    }
                    _ => {
                        let mut parts = after_keyword(p);
                        let square = expr(parts.next().unwrap());
                        let dirs = parts
                            .find(|q| q.as_rule() == Rule::ident_list)
                            .map(ident_list);
                        scope = CountScope::Around(Box::new(square), dirs)
                    }
                }
            }
            ExprKind::Count(pat, scope, only)
        }
        Rule::line_expr => {
            let mut inner = after_keyword(pair);
            let pat = pattern(inner.next().unwrap());
            let n = expr(inner.next().unwrap());
            let mut through = None;
            let mut dirs = None;
            for q in inner {
                match q.as_rule() {
                    Rule::line_through => {
                        through = Some(Box::new(expr(after_keyword(q).next().unwrap())))
                    }
                    Rule::ident_list => dirs = Some(ident_list(q)),
                    _ => {}
                }
            }
            ExprKind::Line(pat, Box::new(n), through, dirs)
        }
        Rule::reaches_expr => {
            let mut inner = after_keyword(pair);
            let sq = expr(inner.next().unwrap());
            let pat = pattern(inner.next().unwrap());
            let dirs = inner
                .find(|q| q.as_rule() == Rule::ident_list)
                .map(ident_list);
            ExprKind::Reaches(Box::new(sq), pat, dirs)
        }
        Rule::touches_expr => {
            let mut inner = after_keyword(pair);
            let sq = expr(inner.next().unwrap());
            let zone = ident(inner.next().unwrap());
            let dirs = inner
                .find(|q| q.as_rule() == Rule::ident_list)
                .map(ident_list);
            ExprKind::Touches(Box::new(sq), zone, dirs)
        }
        Rule::groups_expr => {
            let mut inner = after_keyword(pair);
            let pat = pattern(inner.next().unwrap());
            let dirs = inner
                .find(|q| q.as_rule() == Rule::ident_list)
                .map(ident_list);
            ExprKind::Groups(pat, dirs)
        }
        Rule::connected_expr => {
            let mut inner = after_keyword(pair);
            let pat = pattern(inner.next().unwrap());
            let a = ident(inner.next().unwrap());
            let b = ident(inner.next().unwrap());
            let dirs = inner
                .find(|q| q.as_rule() == Rule::ident_list)
                .map(ident_list);
            ExprKind::Connected(pat, a, b, dirs)
        }
        Rule::bracketed => {
            let mut inner = pair.into_inner();
            let first = expr(inner.next().unwrap());
            match inner.next() {
                None => return first,
                Some(dy) => ExprKind::Offset(Box::new(first), Box::new(expr(dy))),
            }
        }
        Rule::clock_value => ExprKind::Clock,
        Rule::reachable_expr => ExprKind::CaptureReachable,
        Rule::attacked_expr => {
            let mut parts = after_keyword(pair);
            let target = parts.next().unwrap();
            let by_friend = parts
                .next()
                .is_some_and(|by| by.into_inner().any(|p| p.as_rule() == Rule::kw_friend));
            let target = if target.as_rule() == Rule::pattern {
                AttackTarget::Pattern(pattern(target))
            } else {
                AttackTarget::Square(Box::new(expr(target)))
            };
            ExprKind::Attacked(target, by_friend)
        }
        Rule::expr => return expr(pair),
        other => unreachable!("the grammar admits no primary {other:?}"),
    };
    Expr { kind, span: sp }
}

/// The text between a string's quotes.
fn string_text(pair: Pair<Rule>) -> String {
    pair.into_inner()
        .next()
        .map_or(String::new(), |s| s.as_str().to_string())
}
