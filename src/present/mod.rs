//! Presentation: a game's positions and moves as text a person reads and types, and the
//! end of a game in words. The engine does not need any of it.
//!
//! - `position`: the position text (Tabula's FEN), written and read back;
//! - `fen`: a standard FEN, read in general terms into a position of any game of pieces;
//! - `notation`: moves written (`c3-d4`, `c3xe5xc7`, a pit's name, `pass`) and read back;
//! - `board`: the board drawn as a grid, or as rows of pits;
//! - `words`: outcomes, reasons, scores and the chosen options in words.

pub mod board;
mod colours;
pub mod fen;
pub mod notation;
pub mod position;
pub mod san;
mod summary;
mod svg;
pub mod words;

pub use board::{board_drawing, board_text, coloured_board_text, CellSpan, Drawing};
pub use colours::{player_colour, terminal_colour};
pub use notation::{move_text, move_text_among, parse_move, uci_text};
pub use position::{parse_line, parse_position, position_text, position_text_after};
pub use san::{letterless, read_san, san_text, written_squares};
pub use summary::game_summary;
pub use svg::{is_picture, position_svg, position_svg_marked};
pub use words::{
    count, end_words, ending_text, options_text, outcome_text, score_text, title_text,
    unsettled_note,
};
