//! The board drawn for a person: a grid with coordinates, or, for a counting game, rows of
//! pits under their names with the stores.

use super::colours::{terminal_colour, NEUTRAL};
use super::position::{column_text, piece_letter};
use crate::engine::{column, Position};
use crate::ir::board::square_name;
use crate::ir::{Columns, Game, Shape, Sowing, Sq, MAX_HAND_TYPES};

/// How many of the pieces under a commander the board draws; a deeper column is cut from
/// the bottom and says how many it leaves out (`+3s:S`).
const DRAWN_UNDER: usize = 3;

/// A board drawn as lines of text, with where each square's text stands in them, so that
/// a terminal can colour a square's piece or mark it without reading the text again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    pub lines: Vec<String>,
    /// Each used square's place: its line, and the first and last byte of its text.
    pub cells: Vec<CellSpan>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSpan {
    pub line: usize,
    pub start: usize,
    pub end: usize,
    pub sq: Sq,
}

/// A character canvas to draw a board on.
struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            rows: vec![vec![' '; width]; height],
        }
    }

    /// Writes `text` at `(x, y)`; a character written where a line of the other slant
    /// already crosses becomes `X`.
    fn put(&mut self, x: usize, y: usize, text: &str) {
        for (i, c) in text.chars().enumerate() {
            let at = &mut self.rows[y][x + i];
            *at = match (*at, c) {
                ('/', '\\') | ('\\', '/') => 'X',
                _ => c,
            };
        }
    }

    fn lines(self) -> Vec<String> {
        self.rows
            .into_iter()
            .map(|r| r.into_iter().collect::<String>().trim_end().to_string())
            .collect()
    }
}

/// The board drawn as a grid with coordinates: `.` an empty square, a blank an unused one;
/// then a legend of the letters. Where squares hold columns, every cell has one width for
/// the whole game: the pieces under the commander from the bottom up, a `:`, and the
/// commander, right-aligned so that the commanders stand in one line. Hexagonal cells are
/// drawn in rows each half a cell right of the one below; a board of points as its points
/// with the lines between them.
pub fn board_text(game: &Game, s: &Position) -> String {
    coloured_board_text(game, s, None)
}

/// `board_text`, with each player's pieces in their colour (`terminal_colour`) and, where
/// `marked` is given, those squares (the last move) on a yellow ground, for a terminal;
/// without colour where `marked` is `None`.
pub fn coloured_board_text(game: &Game, s: &Position, marked: Option<&[Sq]>) -> String {
    if let Some(sw) = &game.sowing {
        return pits_board_text(game, sw, s);
    }
    let drawing = board_drawing(game, s);
    let lines = match marked {
        Some(marked) => colour_drawing(game, &drawing, marked),
        None => drawing.lines,
    };
    let mut out: String = lines.iter().map(|l| format!("{l}\n")).collect();
    out.push_str(&board_footer(game, s));
    out
}

/// What follows a board's drawing: the pieces in hand and the legend.
fn board_footer(game: &Game, s: &Position) -> String {
    let mut out = String::new();
    if !game.hands.is_empty() {
        out.push_str(&format!("  in hand: {}\n", hands_text(game, s)));
    }
    for line in counters_text(game, s) {
        out.push_str(&format!("  {line}\n"));
    }
    let b = &game.board;
    let cut = (0..b.cells()).any(|sq| b.used[sq] && cell_text(game, s, sq as Sq).starts_with('+'));
    out.push_str(&legend_text(game, cut));
    out
}

/// The drawing's lines with each piece letter in its player's colour (the first player's
/// upper case, the second's lower case) and the squares of `marked` on a yellow ground.
pub fn colour_drawing(game: &Game, drawing: &Drawing, marked: &[Sq]) -> Vec<String> {
    let (upper, lower) = (terminal_colour(game, 0), terminal_colour(game, 1));
    let mut lines = drawing.lines.clone();
    // From the end of each line back, so that earlier places stay where they are.
    let mut spans = drawing.cells.clone();
    spans.sort_by_key(|c| (c.line, std::cmp::Reverse(c.start)));
    for span in spans {
        let line = &mut lines[span.line];
        let text: String = line[span.start..span.end]
            .chars()
            .scan(false, |neutral, c| {
                // The letter after a `*` is a neutral piece's, in no player's colour.
                let text = match c {
                    _ if *neutral => format!("\x1b[{NEUTRAL}m{c}\x1b[39;22m"),
                    '*' => format!("\x1b[{NEUTRAL}m*\x1b[39;22m"),
                    'A'..='Z' => format!("\x1b[{upper}m{c}\x1b[39;22m"),
                    'a'..='z' => format!("\x1b[{lower}m{c}\x1b[39;22m"),
                    c => c.to_string(),
                };
                *neutral = c == '*';
                Some(text)
            })
            .collect();
        let text = if marked.contains(&span.sq) {
            format!("\x1b[43m{text}\x1b[49m")
        } else {
            text
        };
        line.replace_range(span.start..span.end, &text);
    }
    lines
}

/// What a used square shows: `.` for nothing, else its piece or column.
fn cell_text(game: &Game, s: &Position, sq: Sq) -> String {
    if s.at(sq) == 0 {
        ".".to_string()
    } else if game.columns.is_some() {
        column_cell(game, s, sq)
    } else {
        column_text(game, s, sq, false)
    }
}

/// The board's squares drawn (not a counting game's pits), with each square's place.
pub fn board_drawing(game: &Game, s: &Position) -> Drawing {
    // Letters with a `'` (the third and fourth players) or a `*` (neutral pieces) take two
    // places.
    let letter_width = if game.owners > 2 { 2 } else { 1 };
    let width = match &game.columns {
        Some(cols) if cols.piles => letter_width + 2,
        Some(cols) => letter_width * (Columns::room(cols.bits).min(DRAWN_UNDER) + 1) + 1,
        None => letter_width,
    };
    let cell = |sq: Sq| format!("{:>width$}", cell_text(game, s, sq));
    match game.board.shape {
        Shape::Square if game.board.points => lines_drawing(game, width, cell),
        Shape::Square => grid_drawing(game, width, cell),
        Shape::Hex => hex_drawing(game, width, cell),
        Shape::Lines => lines_drawing(game, width, cell),
    }
}

/// The letters of file `f` (`a`, …, `z`, `aa`, …).
fn file_letter(f: usize) -> String {
    square_name(f, 0)
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string()
}

/// A grid: each rank a line, `8 | . . .`, the files' letters under it.
fn grid_drawing(game: &Game, width: usize, cell: impl Fn(Sq) -> String) -> Drawing {
    let b = &game.board;
    let mut d = Drawing::default();
    let label_width = b.height.to_string().len();
    for r in (0..b.height).rev() {
        let mut line = format!("{:>label_width$} |", r + 1);
        for f in 0..b.width {
            let sq = (f + r * b.width) as Sq;
            line.push(' ');
            let text = if b.used[sq as usize] {
                cell(sq)
            } else {
                " ".repeat(width)
            };
            if b.used[sq as usize] {
                d.cells.push(CellSpan {
                    line: d.lines.len(),
                    start: line.len(),
                    end: line.len() + text.len(),
                    sq,
                });
            }
            line.push_str(&text);
        }
        d.lines.push(line);
    }
    d.lines.push(format!(
        "{:>label_width$} +{}",
        "",
        "-".repeat((width + 1) * b.width)
    ));
    let mut letters = format!("{:>label_width$}  ", "");
    for f in 0..b.width {
        letters.push_str(&format!(" {:>width$}", file_letter(f)));
    }
    d.lines.push(letters);
    d
}

/// Hexagonal cells: each rank a line, half a cell further right than the rank below, its
/// number before its first cell; the files' letters above the top rank and under the
/// bottom one, where their cells are.
fn hex_drawing(game: &Game, width: usize, cell: impl Fn(Sq) -> String) -> Drawing {
    let b = &game.board;
    let pitch = width + 1;
    let label_width = b.height.to_string().len();
    let margin = label_width + 2;
    let x_of = |f: usize, r: usize| margin + f * pitch + r * pitch / 2;
    let files_line = |r: usize| {
        let mut line = String::new();
        for f in 0..b.width {
            let x = x_of(f, r);
            while line.len() < x {
                line.push(' ');
            }
            line.push_str(&format!("{:>width$}", file_letter(f)));
        }
        line
    };
    let mut d = Drawing::default();
    d.lines.push(files_line(b.height - 1));
    for r in (0..b.height).rev() {
        let first = (0..b.width).find(|&f| b.used[f + r * b.width]);
        let mut line = String::new();
        let Some(first) = first else {
            d.lines.push(line);
            continue;
        };
        let label = format!("{:>label_width$} ", r + 1);
        let start = x_of(first, r) - label.len() - 1;
        line.push_str(&" ".repeat(start));
        line.push_str(&label);
        for f in 0..b.width {
            let sq = (f + r * b.width) as Sq;
            let x = x_of(f, r);
            if !b.used[sq as usize] || x < line.len() {
                continue;
            }
            while line.len() < x {
                line.push(' ');
            }
            let text = cell(sq);
            d.cells.push(CellSpan {
                line: d.lines.len(),
                start: line.len(),
                end: line.len() + text.len(),
                sq,
            });
            line.push_str(&text);
        }
        d.lines.push(line);
    }
    d.lines.push(files_line(0));
    d
}

/// Points joined by lines: each point where the frame puts it, the lines between them
/// drawn with `-`, `|`, `/` and `\` (`X` where two cross), ranks numbered on the left and
/// files lettered under the frame.
fn lines_drawing(game: &Game, width: usize, cell: impl Fn(Sq) -> String) -> Drawing {
    let b = &game.board;
    let pitch = width + 1;
    let label_width = b.height.to_string().len();
    let margin = label_width + 2;
    let x_of = |f: usize| margin + f * pitch + width - 1;
    let y_of = |r: usize| 2 * (b.height - 1 - r);
    let mut canvas = Canvas::new(margin + b.width * pitch + 1, 2 * b.height - 1);
    // Each line once, from its south-west end.
    for (sq, to) in b.drawn_links() {
        let (x0, y0) = (x_of(b.file(sq)) as i64, y_of(b.rank(sq)) as i64);
        let (x1, y1) = (x_of(b.file(to)) as i64, y_of(b.rank(to)) as i64);
        let steps = (x1 - x0).abs().max((y1 - y0).abs());
        let mark = match (x1 - x0).signum() * -(y1 - y0).signum() {
            _ if x1 == x0 => "|",
            _ if y1 == y0 => "-",
            1 => "/",
            _ => "\\",
        };
        for k in 1..steps {
            let x = x0 + (x1 - x0) * k / steps;
            let y = y0 + (y1 - y0) * k / steps;
            // A diagonal passes between rows only where it crosses one.
            if (y1 - y0) * k % steps == 0 && (x1 - x0) * k % steps == 0 {
                canvas.put(x as usize, y as usize, mark);
            }
        }
    }
    let mut spans = Vec::new();
    for sq in b.squares() {
        let text = cell(sq);
        let (x, y) = (x_of(b.file(sq)) + 1 - width, y_of(b.rank(sq)));
        canvas.put(x, y, &text);
        spans.push(CellSpan {
            line: y,
            start: x,
            end: x + text.len(),
            sq,
        });
    }
    for r in 0..b.height {
        canvas.put(0, y_of(r), &format!("{:>label_width$}", r + 1));
    }
    let mut d = Drawing {
        lines: canvas.lines(),
        cells: spans,
    };
    let mut letters = String::new();
    for f in 0..b.width {
        let x = x_of(f) + 1 - width;
        while letters.len() < x {
            letters.push(' ');
        }
        letters.push_str(&format!("{:>width$}", file_letter(f)));
    }
    d.lines.push(letters);
    d
}

/// A column's cell: the pieces under the commander from the bottom up, `:`, the commander.
/// Beyond [`DRAWN_UNDER`] pieces under it, the lowest are counted (`+3`) rather than drawn.
fn column_cell(game: &Game, s: &Position, sq: Sq) -> String {
    let c = s.at(sq);
    let Some(cols) = &game.columns else {
        return piece_letter(game, c);
    };
    let col = s.slot(cols.slot[sq as usize] as usize);
    if cols.piles {
        // A pile is one kind of piece: its count and its letter, `5C`.
        let letter = piece_letter(game, c);
        return match column::height_below(col) {
            0 => letter,
            n => format!("{}{letter}", n + 1),
        };
    }
    let mut pieces = column::bottom_up(c, col, cols.bits);
    let commander = pieces
        .pop()
        .map(|c| piece_letter(game, c))
        .unwrap_or_default();
    if pieces.is_empty() {
        return commander;
    }
    let letters =
        |codes: &[u8]| -> String { codes.iter().map(|&c| piece_letter(game, c)).collect() };
    let under = if pieces.len() <= DRAWN_UNDER {
        letters(&pieces)
    } else {
        // Keep the pieces nearest the commander: they are the next to command.
        let mut kept = DRAWN_UNDER - 1;
        loop {
            let hidden = pieces.len() - kept;
            if kept == 0 || hidden.to_string().len() + 1 + kept <= DRAWN_UNDER {
                break format!("+{hidden}{}", letters(&pieces[hidden..]));
            }
            kept -= 1;
        }
    };
    format!("{under}:{commander}")
}

/// The legend under a board: each letter's player and piece type, and, where squares hold
/// columns, how a column is drawn (and, when one is `cut`, how its hidden pieces are
/// counted).
fn legend_text(game: &Game, cut: bool) -> String {
    let mut entries = Vec::new();
    for owner in 0..game.owners {
        let name = game.owner_name(owner);
        for (t, piece) in game.pieces.iter().enumerate() {
            if game.listed(owner, t) {
                let code = game.code(owner, t);
                let letter = piece_letter(game, code);
                entries.push(format!("{letter} {name} {}", piece.name));
            }
        }
    }
    if entries.is_empty() {
        return String::new();
    }
    // Wrapped to fit a terminal of 80 columns.
    let mut text = String::new();
    let mut line = String::new();
    for (i, entry) in entries.iter().enumerate() {
        let piece = if i + 1 < entries.len() {
            format!("{entry},")
        } else {
            entry.clone()
        };
        if !line.is_empty() && line.len() + 1 + piece.len() > 78 {
            text.push_str(&format!("  {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    text.push_str(&format!("  {line}\n"));
    match &game.columns {
        Some(cols) if cols.piles => {
            text.push_str("  a pile: its count and its pieces' letter (`5C`)\n")
        }
        Some(_) => text.push_str(
            "  a column: the pieces under its commander from the bottom up, `:`, the commander\n",
        ),
        None => {}
    }
    if cut {
        text.push_str("  `+3`: three more pieces under those drawn\n");
    }
    text
}

/// Each counter on a line of its own: "captures: White 2, Black 1", "rounds: 3".
pub(super) fn counters_text(game: &Game, s: &Position) -> Vec<String> {
    game.counters
        .iter()
        .map(|c| {
            let values = if c.shared {
                s.counters[c.slot as usize].to_string()
            } else {
                let each: Vec<String> = game
                    .players
                    .iter()
                    .enumerate()
                    .map(|(p, player)| format!("{} {}", player.name, s.counters[c.slot_of(p)]))
                    .collect();
                each.join(", ")
            };
            format!("{}: {values}", c.name)
        })
        .collect()
}

/// The pieces each player holds in hand: "White 2 stone, Black 1 stone", the types a
/// player holds none of left out ("Black none" where that is every type).
pub(super) fn hands_text(game: &Game, s: &Position) -> String {
    let mut parts = Vec::new();
    for (p, player) in game.players.iter().enumerate() {
        let held: Vec<String> = game
            .pieces
            .iter()
            .enumerate()
            .take(MAX_HAND_TYPES)
            .filter(|&(t, _)| (game.hand_types >> t) & 1 != 0 && s.hand[p][t] > 0)
            .map(|(t, piece)| format!("{} {} {}", player.name, s.hand[p][t], piece.name))
            .collect();
        if held.is_empty() {
            parts.push(format!("{} none", player.name));
        }
        parts.extend(held);
    }
    parts.join(", ")
}

/// The pits drawn as the players of a sowing game see them: each rank's counts under (or, for the
/// bottom rank, over) its pit names, then the stores.
fn pits_board_text(game: &Game, sw: &Sowing, s: &Position) -> String {
    let b = &game.board;
    let seeds = |sq: usize| s.seeds(sw.pit_of[sq] as usize);
    let width = (0..b.cells())
        .filter(|&sq| b.used[sq])
        .map(|sq| seeds(sq).to_string().len().max(b.names[sq].len()))
        .max()
        .unwrap_or(1);
    let line = |r: usize, names: bool| {
        let cells: Vec<String> = (0..b.width)
            .map(|f| f + r * b.width)
            .map(|sq| {
                let text = if !b.used[sq] {
                    String::new()
                } else if names {
                    b.names[sq].clone()
                } else {
                    seeds(sq).to_string()
                };
                format!("{text:>width$}")
            })
            .collect();
        format!("  {}\n", cells.join(" ").trim_end())
    };
    let mut out = String::new();
    for r in (0..b.height).rev() {
        if r > 0 {
            out.push_str(&line(r, true));
            out.push_str(&line(r, false));
        } else {
            out.push_str(&line(r, false));
            out.push_str(&line(r, true));
        }
    }
    out.push_str(&format!("  stores: {}\n", stores_text(game, sw, s)));
    for line in counters_text(game, s) {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// Each player's store: "South 3, North 5 (in G)".
pub(super) fn stores_text(game: &Game, sw: &Sowing, s: &Position) -> String {
    let stores: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .map(|(p, player)| {
            let n = match sw.store_pits.get(p) {
                Some(&pit) => s.seeds(pit as usize),
                None => s.stores[p] as u64,
            };
            let at = sw
                .store_pits
                .get(p)
                .map(|&pit| format!(" (in {})", game.board.name(sw.pits[pit as usize])))
                .unwrap_or_default();
            format!("{} {n}{at}", player.name)
        })
        .collect();
    stores.join(", ")
}
