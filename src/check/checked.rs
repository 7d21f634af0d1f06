//! The checked game, as data: what `check` hands to `compile`. Names are resolved to
//! indexes, option values are fixed, defines are inlined, and every type and range is
//! checked; what is read during play is still an expression tree (`ir::Expr`), and no
//! table the engine runs on is built yet.

use crate::diagnostic::Span;
use crate::ir::{self, Carry, Chain, DirId, Effect, Expr, Pattern, Run};

/// The checked game: every name resolved, every type and range checked, option values
/// fixed and defines inlined. What is read during play is still an expression tree here;
/// `compile` turns it into the tables the engine runs on.
#[derive(Debug)]
pub struct Checked {
    pub title: String,
    pub about: Vec<String>,
    pub options: Vec<ir::OptionInfo>,
    pub variants: Vec<ir::VariantInfo>,
    pub chosen: Vec<(String, ir::Value)>,
    pub players: Vec<ir::Player>,
    pub pieces: Vec<ir::PieceType>,
    pub board: ir::Board,
    pub zones: Vec<ir::Zone>,
    pub rules: Vec<Rule>,
    pub tiers: Vec<Vec<ir::RuleId>>,
    pub setup: Vec<ir::Code>,
    pub no_move: ir::NoMove<Expr>,
    pub end_rules: Vec<ir::EndRule<()>>,
    /// The conditions of `after move require`.
    pub after_move: Vec<ir::Expr>,
    pub columns: Option<ir::Columns>,
    /// By piece type: the zone where it is promoted and the types it may become.
    pub promotions: Vec<Option<(usize, Vec<usize>)>>,
    /// Whether some expression reads `attacked(…)`.
    pub reads_attacked: bool,
    /// Whether some expression reads `moved(…)`, and whether one outside a rule's `if`.
    pub reads_moved: bool,
    pub moved_elsewhere: bool,
    /// Whether some expression reads `previous(…)`, and whether one outside a rule's `if`
    /// and `after move require`.
    pub reads_previous: bool,
    pub previous_elsewhere: bool,
    pub rows: Vec<u8>,
    pub sowing: Option<Sowing>,
    pub reads_reachable: bool,
    pub can_capture: bool,
    pub reads_repetition: bool,
    pub reads_passes: bool,
    pub clock: Option<ir::ClockRule>,
    /// `score = EXPR`.
    pub score: Option<Expr>,
    pub hands: Vec<Vec<u8>>,
    pub hand_types: u64,
}

/// A move rule, checked: its clauses resolved, its conditions split into those that read
/// only the squares, the player and the options (`statics`, settled into tables when the
/// game is compiled) and those that read the position (`conditions`).
#[derive(Clone, Debug)]
pub struct Rule {
    pub name: String,
    pub name_span: Span,
    /// Bit `t` is set when pieces of type `t` may make this move.
    pub piece_mask: u64,
    /// `along`: the directions, for each player; `None` for a placement that goes no way.
    pub directions: Option<Vec<Vec<DirId>>>,
    pub run: Option<Run>,
    pub onto: Pattern,
    pub takes_landing: bool,
    pub takes_run: bool,
    pub under: bool,
    pub chain: Option<Chain>,
    /// The conditions that read no position, with their spans (for an overflow found when
    /// they are settled square by square).
    pub statics: Vec<(Expr, Span)>,
    /// The conditions that read the position.
    pub conditions: Vec<Expr>,
    pub place: Option<u8>,
    pub then: Option<ir::RuleId>,
    pub second_part: bool,
    pub effects: Vec<Effect<Expr>>,
    pub carries: Vec<Carry<Expr>>,
    pub require: Option<Expr>,
    pub require_any: Option<usize>,
    pub plain: bool,
}

impl Rule {
    /// Whether `attacked` reads this rule (see `ir::rule::captures_as_attack`).
    pub fn captures_as_attack(&self) -> bool {
        ir::rule::captures_as_attack(
            self.place,
            self.second_part,
            self.takes_landing,
            self.takes_run,
            self.run,
        )
    }
}

/// A counting game's pits, tracks and sowing rule, checked: the tracks are settled pit by
/// pit (each pit's next pit), the rule's laps, outcomes and captures are expressions.
#[derive(Clone, Debug)]
pub struct Sowing {
    pub name: String,
    /// Where an overflow found when the rule's tables are built is reported.
    pub name_span: Span,
    /// The used squares, in order: pit `i` is square `pits[i]`.
    pub pits: Vec<u16>,
    /// The pit of each square (`u8::MAX` for none).
    pub pit_of: Vec<u8>,
    /// Each player's store pit, when the stores are on the board.
    pub store_pits: Vec<u8>,
    pub tracks: Vec<String>,
    /// By track and pit: the next pit and the track sowing goes on along.
    pub next: Vec<(u8, u8)>,
    pub leftover: ir::Leftover,
    /// The seeds each pit starts with.
    pub start: Vec<u16>,
    /// The zone of the pits a player may lift from.
    pub from_zone: usize,
    /// `lap TRACK if COND`: the first whose condition holds on the pit lifted (`here`).
    pub laps: Vec<(u8, Expr)>,
    /// `skip ZONE`: the pits passed by.
    pub skip_zones: Vec<usize>,
    /// `skip origin`: the pit lifted is passed by.
    pub skip_origin: bool,
    /// `when COND: ACTION`, in order.
    pub outcomes: Vec<(Expr, SowAction)>,
}

/// What a sowing outcome does where the last seed falls.
#[derive(Clone, Debug)]
pub enum SowAction {
    Stop,
    Relay,
    Again,
    /// The pits named from `last`, the track and condition it goes on with, and its
    /// `unless`.
    Capture {
        pits: Vec<Expr>,
        along: Option<(u8, Expr)>,
        unless: Option<Expr>,
    },
}
