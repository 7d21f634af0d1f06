//! From text to a typed syntax tree: the pest grammar (`grammar/game.pest`), the tree
//! (`ast`), and the conversion between them (`parser`).

pub mod ast;
pub mod brackets;
pub mod first_words;
pub mod parser;
pub mod recovery;

pub use parser::parse;
