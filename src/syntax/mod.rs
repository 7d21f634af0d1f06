//! From text to a typed syntax tree: the pest grammar (`grammar/game.pest`), the tree
//! (`ast`), and the conversion between them (`parser`).

pub mod ast;
pub mod parser;

pub use parser::parse;
