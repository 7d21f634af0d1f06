//! From the checked game to the tables the engine runs on.

mod fold;
mod footprint;
mod pinned;
