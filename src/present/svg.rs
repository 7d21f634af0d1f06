//! A position drawn as an SVG picture: the squares with their coordinates, each piece a disc
//! in its player's colour with its type's letter, a column as its pieces stacked from the
//! bottom up (the commander on top, drawn larger), a pit as its count of seeds, and the
//! stores and pieces in hand written underneath.

use super::colours::player_colour;
use crate::engine::{column, Position};
use crate::ir::board::square_name;
use crate::ir::{Game, Shape, Sq};

const CELL: usize = 56;
const MARGIN: usize = 28;

/// Where the picture puts the board's cells: each cell's centre in pixels, from the
/// board's own positions (`Board::position`), and the picture's size.
struct Frame {
    min_x: f64,
    max_y: f64,
    width: usize,
    height: usize,
}

impl Frame {
    fn of(game: &Game) -> Frame {
        let b = &game.board;
        let positions: Vec<(f64, f64)> = b.squares().map(|sq| b.position(sq)).collect();
        let min_x = positions.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let max_x = positions
            .iter()
            .map(|p| p.0)
            .fold(f64::NEG_INFINITY, f64::max);
        let min_y = positions.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let max_y = positions
            .iter()
            .map(|p| p.1)
            .fold(f64::NEG_INFINITY, f64::max);
        // Hexagonal cells are labelled beside their edge cells: room for that.
        let (min_x, min_y) = match b.shape {
            Shape::Hex => (min_x - 1.0, min_y - 0.6),
            _ => (min_x, min_y),
        };
        Frame {
            min_x,
            max_y,
            width: ((max_x - min_x + 1.0) * CELL as f64).ceil() as usize,
            height: ((max_y - min_y + 1.0) * CELL as f64).ceil() as usize,
        }
    }

    /// The top left corner of the cell of a square that is drawn at `(x, y)`.
    fn corner(&self, (x, y): (f64, f64)) -> (usize, usize) {
        (
            MARGIN + ((x - self.min_x) * CELL as f64).round() as usize,
            MARGIN + ((self.max_y - y) * CELL as f64).round() as usize,
        )
    }
}

/// The picture of `s`, as the text of an SVG file.
pub fn position_svg(game: &Game, s: &Position) -> String {
    position_svg_marked(game, s, &[])
}

/// Whether `head`, the first bytes of a file, are those of a picture (which a picture may
/// be written over).
pub fn is_picture(head: &[u8]) -> bool {
    head.starts_with(b"<svg") || head.starts_with(b"<?xml")
}

/// The picture of `s` with the squares of `marked` (the last move's) ringed in red.
pub fn position_svg_marked(game: &Game, s: &Position, marked: &[Sq]) -> String {
    let b = &game.board;
    let frame = Frame::of(game);
    let (w, h) = (frame.width, frame.height);
    let notes = notes(game, s);
    let height = h + 2 * MARGIN + 22 * notes.len();
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" viewBox=\"0 0 {} {height}\" font-family=\"sans-serif\">\n",
        w + 2 * MARGIN,
        w + 2 * MARGIN
    );
    out.push_str(&format!(
        "<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#f4efe4\"/>\n",
        escape(&game.title)
    ));
    if b.points {
        // A grid of points: a wooden board, its lines drawn from point to point.
        out.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{h}\" fill=\"#dcb35c\"/>\n",
            MARGIN, MARGIN
        ));
    }
    out.push_str(&lines(game, &frame));
    for sq in b.squares() {
        let (f, r) = (b.file(sq), b.rank(sq));
        let (x, y) = frame.corner(b.position(sq));
        let fill = if (f + r) % 2 == 0 {
            "#b58863"
        } else {
            "#f0d9b5"
        };
        out.push_str(&match b.shape {
            Shape::Square if b.points => String::new(),
            Shape::Square => format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#6b4f35\" stroke-width=\"0.5\"/>\n"
            ),
            Shape::Hex => hexagon(x, y),
            Shape::Lines => format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"#6b4f35\"/>\n",
                x + CELL / 2,
                y + CELL / 2
            ),
        });
        match &game.sowing {
            Some(sw) => out.push_str(&pit(
                x,
                y,
                s.seeds(sw.pit_of[sq as usize] as usize),
                &b.names[sq as usize],
            )),
            None => out.push_str(&pieces(game, s, sq, x, y)),
        }
        if marked.contains(&sq) {
            out.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"9\" fill=\"none\" stroke=\"#d62828\" stroke-width=\"3\"/>\n",
                x + CELL / 2,
                y + CELL / 2
            ));
        }
    }
    // Coordinates: files under the board, ranks at its left (a counting game names its
    // pits); on hexagonal cells, each file's letter where its lowest cell's south-west
    // neighbour would be, and each rank's number where its first cell's west one would be.
    if game.sowing.is_none() {
        let hex = b.shape == Shape::Hex;
        let centre = |x: f64, y: f64| {
            let (cx, cy) = frame.corner((x, y));
            (cx + CELL / 2, cy + CELL / 2)
        };
        for f in 0..b.width {
            let lowest = (0..b.height)
                .map(|r| (f + r * b.width) as Sq)
                .find(|&sq| b.used[sq as usize]);
            let (x, y) = match lowest {
                Some(sq) if hex => {
                    let (x, y) = b.position(sq);
                    centre(x - 0.5, y - 3f64.sqrt() / 2.0)
                }
                _ => (MARGIN + f * CELL + CELL / 2, MARGIN + h + 13),
            };
            let file = square_name(f, 0);
            let file = file.trim_end_matches(|c: char| c.is_ascii_digit());
            out.push_str(&text(x, y + 5, 13, "#333", file));
        }
        for r in 0..b.height {
            let first = (0..b.width)
                .map(|f| (f + r * b.width) as Sq)
                .find(|&sq| b.used[sq as usize]);
            let (x, y) = match first {
                Some(sq) if hex => {
                    let (x, y) = b.position(sq);
                    let (cx, cy) = centre(x - 1.0, y);
                    (cx + CELL / 8, cy)
                }
                _ => (MARGIN / 2, MARGIN + (b.height - 1 - r) * CELL + CELL / 2),
            };
            out.push_str(&text(x, y + 5, 13, "#333", &(r + 1).to_string()));
        }
    }
    for (i, note) in notes.iter().enumerate() {
        out.push_str(&format!(
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"14\" fill=\"#333\">{}</text>\n",
            h + 2 * MARGIN + 14 + 22 * i,
            escape(note)
        ));
    }
    out.push_str("</svg>\n");
    out
}

/// A hexagonal cell whose box has its top left corner at `(x, y)`: pointed at the top and
/// bottom, its flat sides touching its neighbours in the row.
fn hexagon(x: usize, y: usize) -> String {
    let (cx, cy) = (x as f64 + CELL as f64 / 2.0, y as f64 + CELL as f64 / 2.0);
    let radius = CELL as f64 / 3f64.sqrt();
    let points: Vec<String> = (0..6)
        .map(|k| {
            let a = (60.0 * k as f64 + 30.0).to_radians();
            format!("{:.1},{:.1}", cx + radius * a.cos(), cy - radius * a.sin())
        })
        .collect();
    format!(
        "<polygon points=\"{}\" fill=\"#f0d9b5\" stroke=\"#6b4f35\" stroke-width=\"1\"/>\n",
        points.join(" ")
    )
}

/// The lines of a board of points, each drawn once.
fn lines(game: &Game, frame: &Frame) -> String {
    let b = &game.board;
    let mut out = String::new();
    // The lines of a grid of points are thin, many and close; a board of points has few.
    let (width, colour) = if b.points {
        (1, "#3b2f25")
    } else {
        (3, "#6b4f35")
    };
    for (sq, to) in b.drawn_links() {
        let (x0, y0) = frame.corner(b.position(sq));
        let (x1, y1) = frame.corner(b.position(to));
        out.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"{width}\"/>\n",
            x0 + CELL / 2,
            y0 + CELL / 2,
            x1 + CELL / 2,
            y1 + CELL / 2
        ));
    }
    out
}

/// The pieces on `sq`: one disc, or a column of them from the bottom up.
fn pieces(game: &Game, s: &Position, sq: Sq, x: usize, y: usize) -> String {
    let code = s.at(sq);
    if code == 0 {
        return String::new();
    }
    let codes = match &game.columns {
        Some(cols) => {
            let col = s.slot(cols.slot[sq as usize] as usize);
            column::bottom_up(code, col, cols.bits)
        }
        None => vec![code],
    };
    let cx = x + CELL / 2;
    if codes.len() > 1 && game.piles {
        // A pile is one kind of piece: one disc with its count on it.
        let (owner, _) = game.decode(code);
        let (fill, ink, _) = player_colour(game, owner);
        return format!(
            "<circle cx=\"{cx}\" cy=\"{}\" r=\"21\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"1.5\"/>\n{}",
            y + CELL / 2,
            text(cx, y + CELL / 2 + 8, 22, ink, &codes.len().to_string())
        );
    }
    if codes.len() == 1 {
        // Stones on the points of a grid nearly touch, the lines being close.
        let radius = if game.board.points { 26.0 } else { 21.0 };
        return disc(game, codes[0], cx, y + CELL / 2, radius);
    }
    // A column: the pieces below as flat bars from the bottom up, the commander on top.
    let mut out = String::new();
    let layer = ((CELL - 26) / (codes.len() - 1)).clamp(3, 8);
    for (i, &c) in codes[..codes.len() - 1].iter().enumerate() {
        let (owner, _) = game.decode(c);
        let (fill, _, _) = player_colour(game, owner);
        let by = y + CELL - 4 - (i + 1) * layer;
        out.push_str(&format!(
            "<rect x=\"{}\" y=\"{by}\" width=\"{}\" height=\"{layer}\" rx=\"2\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"0.7\"/>\n",
            x + 8,
            CELL - 16
        ));
    }
    let top = y + CELL - 4 - (codes.len() - 1) * layer - 11;
    out.push_str(&disc(
        game,
        *codes.last().unwrap(),
        cx,
        top.max(y + 12),
        11.0,
    ));
    out
}

/// One piece: a disc in its player's colour with its type's letter.
fn disc(game: &Game, code: u8, cx: usize, cy: usize, radius: f64) -> String {
    let (owner, t) = game.decode(code);
    let (fill, ink, _) = player_colour(game, owner);
    let circle = format!(
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"1.5\"/>\n"
    );
    // With one type of piece, the colour says all: a stone carries no letter.
    if game.pieces.len() == 1 {
        return circle;
    }
    let letter = game.pieces[t].letter.to_ascii_uppercase().to_string();
    circle
        + &text(
            cx,
            cy + (radius * 0.45) as usize,
            (radius * 1.1) as usize,
            ink,
            &letter,
        )
}

/// A pit: its count of seeds, large, and its name, small.
fn pit(x: usize, y: usize, seeds: u64, name: &str) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"22\" fill=\"#e8dcc0\" stroke=\"#6b4f35\"/>\n{}{}",
        x + CELL / 2,
        y + CELL / 2,
        text(
            x + CELL / 2,
            y + CELL / 2 + 7,
            20,
            "#222",
            &seeds.to_string()
        ),
        text(x + CELL - 8, y + 12, 10, "#555", name)
    )
}

fn text(x: usize, y: usize, size: usize, fill: &str, content: &str) -> String {
    format!(
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{fill}\" font-weight=\"bold\">{}</text>\n",
        escape(content)
    )
}

/// The lines under the board: whose turn it is, the stores, the pieces in hand.
fn notes(game: &Game, s: &Position) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(sw) = &game.sowing {
        notes.push(format!(
            "stores: {}",
            super::board::stores_text(game, sw, s)
        ));
    }
    if !game.hands.is_empty() {
        notes.push(format!("in hand: {}", super::board::hands_text(game, s)));
    }
    notes.extend(super::board::counters_text(game, s));
    let legend: Vec<String> = (0..game.owners)
        .map(|p| format!("{} ({})", game.owner_name(p), player_colour(game, p).2))
        .collect();
    if game.sowing.is_none() {
        notes.insert(0, format!("{} — {}", game.title, legend.join(", ")));
    } else {
        notes.insert(0, game.title.clone());
    }
    notes.push(format!("{} to move", game.players[s.to_move as usize].name));
    notes
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
