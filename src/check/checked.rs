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
    /// Whether pieces may be owned by nobody (see `ir::Game::owners`).
    pub neutral: bool,
    pub board: ir::Board,
    pub zones: Vec<ir::Zone>,
    pub rules: Vec<Rule>,
    pub tiers: Vec<Vec<ir::RuleId>>,
    pub setup: Vec<ir::Code>,
    /// With `piles`: how many pieces the setup puts on each square (empty otherwise).
    pub setup_heights: Vec<u8>,
    pub no_move: ir::NoMove<Expr>,
    pub end_rules: Vec<ir::EndRule<()>>,
    /// The conditions of `after move require`.
    pub after_move: Vec<ir::Expr>,
    /// Each of `after_move` as written.
    pub after_move_texts: Vec<String>,
    /// What a move each refuses is told, where the file says.
    pub after_move_words: Vec<Option<String>>,
    /// `say WORDS when COND`.
    pub sayings: Vec<(String, Expr)>,
    pub columns: Option<ir::Columns>,
    /// By piece type: the zone where it is promoted and the types it may become.
    pub promotions: Vec<Option<(usize, Vec<usize>)>>,
    /// By piece type (a bit each): promoted by a step that starts in its zone too (`in or
    /// from ZONE`).
    pub promote_leaving: u64,
    pub rows: Vec<u8>,
    pub sowing: Option<Sowing>,
    pub reads_reachable: bool,
    pub can_capture: bool,
    pub clock: Option<ir::ClockRule>,
    /// `score = EXPR`.
    pub score: Option<Expr>,
    /// `bonus`: hundredths of a point added to each player's final score.
    pub bonus: Vec<i64>,
    pub hands: Vec<Vec<u8>>,
    pub hand_types: u64,
    /// `taken to hand`: a taken piece goes to its owner's hand.
    pub taken_to_hand: bool,
    /// `taken to captor's hand`: to the hand of the player who took it.
    pub taken_to_captor: bool,
    /// `counter NAME`.
    pub counters: Vec<ir::Counter>,
    /// `dice N faces …`.
    pub dice: Option<ir::Dice>,
}

/// Where an expression is read, for what the state must keep: a rule's own conditions
/// and `after move require` may read the move before (or the pieces that have moved) in
/// ways `compile` analyses; anything read elsewhere needs the whole of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadIn {
    /// A move rule's `if`.
    RuleCondition,
    /// `after move require`.
    AfterMove,
    /// Anywhere else: effects, `require`, carries, end rules, the no-move rule, the
    /// score, the sowing rule.
    Elsewhere,
}

impl Checked {
    /// Every expression of the game that is read during play, with where it is read.
    /// (Conditions on squares alone are settled into tables and read no position.)
    pub fn each_expression(&self, mut f: impl FnMut(ReadIn, &Expr)) {
        for r in &self.rules {
            r.conditions
                .iter()
                .for_each(|e| f(ReadIn::RuleCondition, e));
            for e in r
                .effects
                .iter()
                .flat_map(|e| e.when.iter().chain(e.only.iter()))
            {
                f(ReadIn::Elsewhere, e);
            }
            for c in &r.carries {
                f(ReadIn::Elsewhere, &c.from);
                f(ReadIn::Elsewhere, &c.to);
            }
            for a in &r.adds {
                f(ReadIn::Elsewhere, &a.amount);
                a.when.iter().for_each(|e| f(ReadIn::Elsewhere, e));
            }
            r.require.iter().for_each(|e| f(ReadIn::Elsewhere, e));
            r.then_when.iter().for_each(|e| f(ReadIn::Elsewhere, e));
        }
        self.after_move.iter().for_each(|e| f(ReadIn::AfterMove, e));
        self.no_move
            .cases
            .iter()
            .for_each(|(e, _)| f(ReadIn::Elsewhere, e));
        self.sayings
            .iter()
            .for_each(|(_, e)| f(ReadIn::Elsewhere, e));
        self.end_rules
            .iter()
            .for_each(|r| f(ReadIn::Elsewhere, &r.condition));
        self.score.iter().for_each(|e| f(ReadIn::Elsewhere, e));
        if let Some(s) = &self.sowing {
            s.laps.iter().for_each(|(_, e)| f(ReadIn::Elsewhere, e));
            for (e, action) in &s.outcomes {
                f(ReadIn::Elsewhere, e);
                if let SowAction::Capture {
                    pits,
                    along,
                    unless,
                } = action
                {
                    pits.iter().for_each(|e| f(ReadIn::Elsewhere, e));
                    along.iter().for_each(|(_, e)| f(ReadIn::Elsewhere, e));
                    unless.iter().for_each(|e| f(ReadIn::Elsewhere, e));
                }
            }
        }
    }
}

/// A move rule, checked: its clauses resolved, its conditions split into those that read
/// only the squares, the player and the options (`statics`, settled into tables when the
/// game is compiled) and those that read the position (`conditions`).
#[derive(Clone, Debug)]
pub struct Rule {
    pub name: String,
    /// How players write the rule's moves, where the file says (`written "O-O"`).
    pub written: Option<String>,
    pub name_span: Span,
    /// Bit `t` is set when pieces of type `t` may make this move.
    pub piece_mask: u64,
    /// `along`: the directions, for each player; `None` for a placement that goes no way.
    pub directions: Option<Vec<Vec<DirId>>>,
    pub run: Option<Run>,
    /// The runs passed after `run`, in turn (`over 1 occupied` after `over 0+ empty`).
    pub later_runs: Vec<Run>,
    /// `again [when COND]`: the same player moves again where this holds after the move.
    pub again: Option<Expr>,
    pub onto: Pattern,
    pub takes_landing: bool,
    pub takes_run: bool,
    pub under: bool,
    pub chain: Option<Chain>,
    /// A chain whose steps need not take anything: a chain of hops, which never lands
    /// twice on a square, its start included.
    pub hops: bool,
    /// `chain … turning`: no step of the chain goes the way the step before it went.
    pub turning: bool,
    /// `chain … taking`: every step of the chain takes a piece.
    pub taking: bool,
    /// `rotate N x N …`.
    pub rotate: Option<crate::ir::Rotation>,
    /// The conditions that read no position, with their spans (for an overflow found when
    /// they are settled square by square).
    pub statics: Vec<(Expr, Span)>,
    /// The conditions that read the position.
    pub conditions: Vec<Expr>,
    pub place: Option<u8>,
    /// `piece neutral …`, `place neutral …`: the rule moves or places pieces owned by
    /// nobody.
    pub neutral: bool,
    /// `remove PATTERN`: the rule takes the piece on a square it chooses.
    pub removes: bool,
    /// `anywhere`: the piece goes to any square the rule allows, by no line.
    pub anywhere: bool,
    /// `pass`: the rule's move is a pass.
    pub passes: bool,
    pub then: Option<ir::RuleId>,
    /// `then RULE when COND`: where the second part is made.
    pub then_when: Option<Expr>,
    pub second_part: bool,
    pub effects: Vec<Effect<Expr>>,
    pub carries: Vec<Carry<Expr>>,
    /// `add EXPR to COUNTER [when COND]`.
    pub adds: Vec<ir::Add<Expr>>,
    /// `by die`.
    pub by_die: bool,
    /// `by die past the end`: the die goes past the line's last square, where the piece
    /// stops.
    pub die_past_end: bool,
    pub require: Option<Expr>,
    /// `require` as written.
    pub require_text: Option<String>,
    /// The words after the `require`'s `else`, which say why a move is refused.
    pub require_words: Option<String>,
    pub require_any: Option<usize>,
    pub plain: bool,
}

impl Rule {
    /// Whether `attacked` reads this rule (see `ir::rule::captures_as_attack`).
    pub fn captures_as_attack(&self) -> bool {
        ir::rule::captures_as_attack(
            self.place.is_some() || self.removes || self.anywhere || self.passes,
            self.second_part,
            self.takes_landing,
            self.takes_run,
            self.run,
            !self.later_runs.is_empty(),
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
