//! The compiled game as a whole.

use super::board::{Board, Sq, SquareSet};
use super::expr::{BinOp, Expr, LookField, Watched};
use super::program::{Program, Scalar};
use super::rule::MoveRule;
use super::sowing::Sowing;
use super::value::Value;
use super::{AttackBy, Code, Pattern, RuleId, MAX_PLAYERS};

#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    /// Which way this player faces (`n`, `e`, `s` or `w`, and its step on a grid): where
    /// their `forward` goes and from which side their rows count.
    pub facing: super::board::Direction,
}

#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    /// The letter of the position text: upper case for the first player, lower for the
    /// second.
    pub letter: char,
    /// What the piece is worth to the computer's evaluation, as the file declares it
    /// (`tower as T value 7`); the computer estimates what it is not told.
    pub value: Option<i64>,
}

/// An option as declared, for `show` and for error messages about choices.
#[derive(Clone, Debug)]
pub struct OptionInfo {
    pub name: String,
    pub default: Value,
    /// The allowed values, described as the file wrote them ("4, 6, 8", "2..26").
    pub allowed: String,
}

#[derive(Clone, Debug)]
pub struct VariantInfo {
    pub name: String,
    pub settings: Vec<(String, Value)>,
}

/// How columns are kept: the pieces under a square's commander are packed in one `u64`
/// per used square (the engine's `column` module reads and writes them).
#[derive(Clone, Debug)]
pub struct Columns {
    /// `slot[sq]`: the square's place among the used squares, where its column is kept.
    pub slot: Vec<u8>,
    /// Bits per piece in a packed column.
    pub bits: u32,
    /// `piles`: every column is one player's pieces of one type; a move takes its top
    /// piece, and a piece landing on a pile of its own kind goes on top.
    pub piles: bool,
    /// Whether the state keeps `State::tall`, the squares of two pieces or more: where a
    /// rule's condition reads heights as a set (`Where::Height`). Settled at compile.
    pub keeps_tall: bool,
}

impl Columns {
    /// Bits for the count of pieces under a commander, at the bottom of a packed column.
    pub const COUNT_BITS: u32 = 6;

    /// How many pieces fit under a commander.
    pub fn room(bits: u32) -> usize {
        ((64 - Columns::COUNT_BITS) / bits) as usize
    }
}

/// What befalls the player to move when an end rule or the no-move rule applies to them.
/// This is what the file says; the engine turns it into who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Lose,
    Win,
    Draw,
    /// The larger store wins (after the seeds left on the board are awarded); equal stores
    /// draw.
    Score,
}

/// What the no-move rule says: the first case whose condition holds for the player who
/// cannot move (`lose when attacked(friend leader)`), else `otherwise`. `C` is what a
/// condition is: an expression once checked, a program once compiled.
#[derive(Clone, Debug)]
pub struct NoMove<C = Program> {
    pub cases: Vec<(C, Verdict)>,
    pub otherwise: Verdict,
    /// How the session names the end each case gives (`lose when … "checkmate"`), and the
    /// end `otherwise` gives, where the file says.
    pub words: Vec<Option<String>>,
    pub otherwise_words: Option<String>,
}

impl<C> NoMove<C> {
    /// The same rule with its conditions turned by `f`.
    pub fn map<D>(self, f: impl Fn(&C) -> D) -> NoMove<D> {
        NoMove {
            cases: self.cases.iter().map(|(c, v)| (f(c), *v)).collect(),
            otherwise: self.otherwise,
            words: self.words,
            otherwise_words: self.otherwise_words,
        }
    }

    /// Whether some case passes the turn.
    pub fn may_pass(&self) -> bool {
        self.otherwise == Verdict::Pass || self.cases.iter().any(|c| c.1 == Verdict::Pass)
    }
}

/// For whom an end rule is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndScope {
    /// For every player, the one who moved last first, then the others in turn order
    /// (`end { … }`): a win is found the moment it happens.
    Every,
    /// For the player about to move only (`end before turn { … }`).
    BeforeTurn,
}

/// Whose pieces an end rule's words are about: the player it is read for, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndSide {
    Reader,
    Other,
}

/// An end rule's condition in words, where it has one of the common forms (the checker
/// reads them from the rule as written; the session says them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndWords {
    /// `count(friend) == 0`.
    NoPieces(EndSide),
    /// `line(friend, N)`.
    InARow(EndSide, i64),
    /// `connected(friend, A, B)`.
    Joins(EndSide, String, String),
    /// `count(friend in Z) > 0`.
    InZone(EndSide, String),
    /// `repeated >= N`.
    Repeated(i64),
    /// `clock >= N`.
    Clock(i64),
    /// `not reachable(capture)`.
    NoCaptureToCome,
    /// `NAME >= N`, a counter of each player (`true`) or a shared one.
    Counter(String, bool, i64),
    /// The words the file gives (`lose when … "{player} is down to two men"`).
    Given(String),
}

/// An end rule. `P` is its compiled condition: nothing (`()`) once checked, a program once
/// compiled.
#[derive(Clone, Debug)]
pub struct EndRule<P = Program> {
    /// The rule as written (`lose when count(friend) == 0`).
    pub text: String,
    /// The condition in words, where it has a common form.
    pub words: Option<EndWords>,
    pub scope: EndScope,
    pub verdict: Verdict,
    pub condition: Expr,
    /// `condition`, compiled for play.
    pub program: P,
    /// How `program` is read (settled when the game is compiled; `General` before).
    pub shape: EndShape,
}

/// What a state must show before some end rule of the game can hold, where every rule is
/// of a shape that says so in a few comparisons (`compile::settle::watch_end`): the
/// generator asks this on every ply, and reads the rules themselves only when it fails.
/// A game whose end rules are a clock's draw (`draw when clock >= 80`) or a side left
/// without pieces (`lose when count(friend) == 0`) goes on from most positions without
/// reading them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndWatch {
    /// The least clock, passes in a row and repetition count at which some rule that
    /// reads them may hold (`u32::MAX`: none reads it).
    pub clock: u32,
    pub passes: u32,
    pub repeated: u32,
    /// For each player, the owners whose pieces, all gone from the board, would end the
    /// game by some rule read for that player (`count(friend) == 0`); 0 for none.
    pub emptied: [u8; MAX_PLAYERS],
}

/// How an end rule is read, worked out when the game is compiled: counts of pieces, or
/// a count of the clock, passes or repetitions, compared with numbers are read from the
/// state itself; anything else runs the rule's program on the whole position.
#[derive(Clone, Copy, Debug)]
pub enum EndShape {
    /// `count(friend) OP N` (`true`: the reader's own) or `count(enemy) OP N`.
    Pieces(bool, BinOp, i64),
    /// Whether some square of a zone (`WHOLE_BOARD`: of the board) holds a piece of the
    /// owners of the bits of `owners[reader]`, as `some` says: `count(friend) == 0`,
    /// `count(enemy in far) > 0`. Nothing is counted; the owners' sets are read. Settled
    /// from `Pieces` and `Counts` once the piece types are known
    /// (`compile::settle::settle_end_shapes`).
    Any {
        owners: [u8; MAX_PLAYERS],
        zone: u32,
        some: bool,
    },
    /// Other counts of pieces alone (`count(friend in away) == 0 and count(friend in hand)
    /// == 0`): the program's `counts`.
    Counts,
    /// `clock OP N`, `passes OP N`, `repeated OP N`.
    Scalar(Scalar, BinOp, i64),
    General,
}

impl EndRule<()> {
    /// The rule with its condition compiled by `f`, read as `shape` says of the program.
    pub fn compiled(
        self,
        f: impl Fn(&Expr) -> Program,
        shape: impl Fn(&Program) -> EndShape,
    ) -> EndRule {
        let program = f(&self.condition);
        EndRule {
            shape: shape(&program),
            program,
            text: self.text,
            words: self.words,
            scope: self.scope,
            verdict: self.verdict,
            condition: self.condition,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Zone {
    pub name: String,
    /// `squares[player * cells + sq]`: zones may be read from each player's side.
    pub squares: Vec<bool>,
    /// The same squares as a set for each player, so that counting in a zone is an
    /// intersection.
    pub sets: Vec<SquareSet>,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub title: String,
    /// The file's `about` lines: a text about the game, the first its one-line description.
    pub about: Vec<String>,
    pub options: Vec<OptionInfo>,
    pub variants: Vec<VariantInfo>,
    /// The value of every option in this compilation, in declaration order.
    pub chosen: Vec<(String, Value)>,
    pub players: Vec<Player>,
    /// Who can own a piece: the players, and, where the game has neutral pieces, nobody
    /// (`neutral_owner`, after the players). Each owner has a set of occupied squares.
    pub owners: usize,
    /// Bit `t`: pieces of type `t` are neutral in the setup, or a rule places or moves
    /// neutral ones (for the legend; a position may hold any type as neutral).
    pub neutral_types: u64,
    pub pieces: Vec<PieceType>,
    pub board: Board,
    pub zones: Vec<Zone>,
    pub rules: Vec<MoveRule>,
    /// Groups of rule ids, highest priority first. The moves of a tier are legal only when
    /// no tier before it has a move.
    pub tiers: Vec<Vec<RuleId>>,
    /// For each tier, for each player: its rules as the sampler of drawn moves lists them
    /// (`TierStep`), twins with the rule before them.
    pub tier_plans: Vec<Vec<Vec<super::TierStep>>>,
    /// The starting cell codes.
    pub setup: Vec<Code>,
    /// With `piles`: how many pieces the setup puts on each square (empty otherwise).
    pub setup_heights: Vec<u8>,
    /// `owner[code]`: the player whose piece a cell code is (`u8::MAX` for the empty
    /// square's 0, and for a code no piece has). A table for every byte, so that reading
    /// it with a cell's code is never checked against its length.
    pub owner: [u8; 256],
    /// `kind[code]`: the piece type of a cell code (0 for the empty square's 0, and for a
    /// code no piece has), for every byte as `owner` is.
    pub kind: [u8; 256],
    pub no_move: NoMove,
    pub end_rules: Vec<EndRule>,
    /// Conditions on the position after a move, read from the mover's side: a move after
    /// which one fails is not legal.
    pub after_move: Vec<Expr>,
    /// Each of `after_move` as written, for saying why a move is refused.
    pub after_move_texts: Vec<String>,
    /// What a move `after_move` refuses is told, where the file says (`else "…"`).
    pub after_move_words: Vec<Option<String>>,
    /// `say "check" when COND`: words the session says after a move when COND holds for
    /// the player to move.
    pub sayings: Vec<(String, Program)>,
    /// All of `after_move`, compiled for play.
    pub after_program: Option<Program>,
    /// `after_program` as it reads where the state keeps no look-back (`LookBack::NONE`,
    /// the commonest case by far), folded: `Some(None)` when it then always holds, `None`
    /// when it could not be folded (use `after_program`).
    pub after_fresh: Option<Option<Program>>,
    /// A field of the move before such that `after_move` can fail only on a move from its
    /// square (`Expr::fails_only_from`): a move from elsewhere meets it unread.
    pub after_pinned: Option<LookField>,
    /// What the `after_move` conditions read, for each player, when that is a fixed set of
    /// squares: (squares, pattern mask) pairs. A move that changes no square's match with
    /// its mask leaves the conditions as they were before it.
    pub after_footprint: Option<Vec<Watched>>,
    /// Where `after_footprint` is set, for each player: whether the conditions hold when
    /// no watched square matches its mask (every count they make is 0), where that alone
    /// decides it (`Expr::when_clear`); `None` where they read more (the clock).
    pub after_clear: Vec<Option<bool>>,
    /// For each player, the cell codes any of its moves may leave on a square it writes
    /// (`codes_written_by`, over every rule).
    pub codes_written: Vec<u64>,
    /// Where every `after_move` condition is `not attacked(PATTERN)` and no capturing rule
    /// has conditions of its own (which could read anything): the patterns, with whose
    /// attack each is. What the attacks read at a position is then found as they are
    /// read (`eval::attack::attacked_reading`), and a move that changes none of those
    /// squares, nor what the patterns match, leaves the conditions as they were.
    pub after_attacks: Option<Vec<(Pattern, AttackBy)>>,
    /// Where `after_attacks` is set: the lines an attack is walked back along (see
    /// `AttackLines`). (Kept for every game that reads `attacked`, they made perft slower
    /// in games whose walks are mostly of one step.)
    pub attack_lines: Option<AttackLines>,
    /// Columns, when squares hold stacks of pieces.
    pub columns: Option<Columns>,
    /// How many of a state's slots the game writes (its used squares with columns, its
    /// pits with counters; none otherwise): the rest stay empty, and a copy of a state
    /// need not copy them (`State::copy_from`).
    pub slots_used: usize,
    /// `promotions[cell code]`: the zone where that piece, ending a step, is promoted, and
    /// the code it becomes. Empty when the game has no promotion.
    pub promotions: Vec<Option<(usize, Code)>>,
    /// `promotion_choices[cell code]`: where the player chooses what a piece becomes, the
    /// codes it may become (the first is `promotions`' own); empty elsewhere. A move that
    /// promotes then comes once for each (`Move::promote`).
    pub promotion_choices: Vec<Vec<Code>>,
    /// The squares a move must land on for `promotion_choices` to be read for it: each
    /// such piece's zone, and, where one promotes on leaving its zone, every square.
    pub choice_landings: SquareSet,
    /// For each rule, whether a piece it moves may be one whose player chooses what it
    /// becomes: the moves of other rules are not read for promotion choices. A list holds
    /// each rule's moves together, so the test is well predicted, and it reads only the
    /// move's rule.
    pub rules_choose: Vec<bool>,
    /// For each player: the squares from which a move of theirs may end on a square of
    /// `choice_landings` with a piece that chooses (found by walking back from those
    /// squares along the choosing rules' walks, as far as their runs go). Where the
    /// player's pieces that choose stand on none of them, no move of theirs chooses, and
    /// the moves are not read for choices. Empty where some choosing rule's moves are not
    /// steps along a line (a chain, a second part, a piece placed or leaving its zone).
    pub choice_origins: Vec<SquareSet>,
    /// Whether some end rule's shape is `EndShape::General`: then the position is read as
    /// a whole.
    pub end_reads_position: bool,
    /// A quick test that no end rule holds, where the rules allow one (`EndWatch`).
    pub end_watch: Option<EndWatch>,
    /// By cell code (a bit each): the pieces a step that starts in their promotion zone
    /// promotes too (`in or from ZONE`).
    pub promotes_leaving: u64,
    /// For `attacked`: each player's capturing rules, with the codes of the pieces that
    /// use them (empty when no rule reads `attacked`).
    pub attacks: AttackRules,
    /// Whether some rule reads `moved(…)`: the state then keeps which pieces have moved.
    pub reads_moved: bool,
    /// The piece types whose having moved some rule can read (bit `t` for type `t`): only
    /// theirs is part of a position (its key, its text), so that a piece of another type
    /// that went out and came back leaves the position as it was.
    pub moved_types: u64,
    /// `rows[player * cells + sq]`: the row of `sq` counted from `player`'s side (0 is
    /// their home row).
    pub rows: Vec<u8>,
    /// With `counters`: the pits, tracks and sowing rule.
    pub sowing: Option<Sowing>,
    /// Whether an end rule reads `reachable(capture)`, a search run before each turn.
    pub reads_reachable: bool,
    /// Whether some rule can take something (a piece, or seeds): else no capture is ever
    /// reachable.
    pub can_capture: bool,
    /// Whether some rule reads `repeated` or `seen`: the positions of the game are then
    /// remembered.
    pub reads_repetition: bool,
    /// Whether some rule reads `seen`: the boards of the game are then remembered too.
    pub reads_seen: bool,
    /// Whether some rule reads `repeated`: each position is then compared with the ones
    /// before it.
    pub reads_repeated: bool,
    /// The largest `N` of a `seen(N)` the rules read: a position text then holds the
    /// `N - 1` boards before it (`before=`), which `seen(N)` needs besides its own.
    pub seen_back: usize,
    /// Whether some rule reads `previous(…)`: the state then keeps a look-back.
    pub reads_previous: bool,
    /// When the look-back can matter: a condition on it alone (`previous(lifted) == 1`)
    /// that every reading of it needs. Where it fails, the state keeps `LookBack::NONE`,
    /// so that positions that differ only in a look-back no rule would read are one.
    pub look_kept: Option<LookGuard>,
    /// For each rule, whether `look_kept` could hold for a look-back of one of its moves:
    /// where every list of the guard tests the look-back's rule for equality, only the
    /// rules they name (`compile::lookback::kept_rules`). Empty where the guard reads other
    /// rules' look-backs too. A move of a rule not named keeps `LookBack::NONE` without
    /// the guard being read.
    pub look_rules: Vec<bool>,
    /// Whether some rule reads `passes`: the state counts them only then.
    pub reads_passes: bool,
    /// `clock resets on …`: what resets the clock (a move that takes something, or a
    /// move by one of these rules).
    pub clock: Option<ClockRule>,
    /// `score = EXPR`: a player's score, read from their side. Without it, a counting
    /// game scores by stores.
    pub score: Option<Program>,
    /// `bonus N to PLAYER`: the hundredths of a point added to each player's final score
    /// (empty where none is).
    pub bonus: Vec<i64>,
    /// The pieces each player starts with in hand, by piece type: `hands[player][type]`.
    /// Empty when no piece is kept in hand; a type that has a hand is placed from it.
    pub hands: Vec<Vec<u8>>,
    /// The piece types kept in hand (bit `t` for type `t`).
    pub hand_types: u64,
    /// `taken to hand`: a taken piece goes to its owner's hand.
    pub taken_to_hand: bool,
    /// `taken to captor's hand`: to the hand of the player who took it instead, as the
    /// type it was promoted from, if it was.
    pub taken_to_captor: bool,
    /// `piles`: the columns are piles of one kind of piece (`Columns::piles`), kept here
    /// too for the generator's hot path.
    pub piles: bool,
    /// Whether some rule gives another turn (`again`): `make` reads it only then.
    pub again: bool,
    /// In a game of dice: whether every rule moves by a die and a move found needs nothing
    /// more settled (no `require`, no second part, no `after move require`, no choice of
    /// promotion), so that whether a move exists is known at the first one found.
    pub die_moves_at_once: bool,
    /// `counter NAME`: the game's counters, in the order declared.
    pub counters: Vec<Counter>,
    /// `dice N faces …`: the dice each turn begins by rolling.
    pub dice: Option<super::Dice>,
    /// Where each die's value takes a piece along each direction (empty without dice).
    pub die_walks: super::dice::DieWalks,
    /// Each piece type's value as the computer estimates it (`search::evaluate`), worked
    /// out the first time the computer thinks and kept for the game's life.
    pub estimated_values: std::sync::OnceLock<Vec<i32>>,
    /// The fewest steps between every two squares, as the computer's judgement of a
    /// position reads them (`search::evaluate`), worked out the first time it thinks.
    pub step_counts: std::sync::OnceLock<std::sync::Arc<Vec<u8>>>,
    /// With counters: the most seeds the pits of a position of the game hold in all. Play
    /// neither makes nor destroys seeds, so it is the start's, unless a position text gave
    /// more (`load::load_source` raises it); a game of at most 255 keeps a byte a pit
    /// (`engine::LayoutKind::of`).
    pub most_seeds: u64,
}

/// `counter NAME [= N] [shared]`: a named number a move's `add` changes, one for each
/// player or one for the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    pub name: String,
    /// Its value at the start.
    pub start: i16,
    pub shared: bool,
    /// Its first slot in `Info::counters`: player `p`'s is `slot + p` (the one slot, when
    /// shared).
    pub slot: u8,
}

impl Counter {
    /// The slot of `player`'s value.
    pub fn slot_of(&self, player: usize) -> usize {
        counter_slot(self.slot, self.shared, player)
    }

    /// The slots its values take in a game of `players` players, in turn order (one when
    /// shared).
    pub fn slots(&self, players: usize) -> std::ops::Range<usize> {
        let width = if self.shared { 1 } else { players };
        self.slot as usize..self.slot as usize + width
    }
}

/// The slot in `Info::counters` of `player`'s value of the counter whose first slot is
/// `slot` (its only one, when `shared`).
#[inline(always)]
pub fn counter_slot(slot: u8, shared: bool, player: usize) -> usize {
    slot as usize + if shared { 0 } else { player }
}

/// The capturing rules another player's pieces could take with, for each player: the
/// rule, and the cell codes of the pieces that may use it.
pub type AttackRules = Vec<Vec<(RuleId, u64)>>;

/// A condition on a look-back alone: in the commonest shape, some lists of comparisons of
/// its fields with numbers, one of which must hold whole (read without the expression
/// machine: it is read after every move); else a compiled condition (boxed: the rarer
/// shape by far, and some ten times the size of the other).
#[derive(Clone, Debug)]
pub enum LookGuard {
    AnyOf(Vec<LookTests>),
    Program(Box<Program>),
}

/// One list of comparisons of `LookGuard::AnyOf`, all of which must hold: its tests of a
/// field's equality with a number as one masked compare of the fields packed
/// (`LookBack::packed`), and the others one by one.
#[derive(Clone, Debug, Default)]
pub struct LookTests {
    pub mask: u128,
    pub value: u128,
    pub rest: Vec<(LookField, BinOp, i64)>,
}

impl LookTests {
    /// The tests `field OP k`, in order.
    pub fn of(tests: &[(LookField, BinOp, i64)]) -> LookTests {
        let mut t = LookTests::default();
        for &(f, op, k) in tests {
            let field = 0xFFFFu128 << f.shift();
            // A field tested twice, or against a number no field holds, is read as written.
            match u16::try_from(k) {
                Ok(k) if op == BinOp::Eq && t.mask & field == 0 => {
                    t.mask |= field;
                    t.value |= (k as u128) << f.shift();
                }
                _ => t.rest.push((f, op, k)),
            }
        }
        t
    }
}

/// What resets the clock.
#[derive(Clone, Debug, Default)]
pub struct ClockRule {
    pub on_capture: bool,
    pub rules: Vec<RuleId>,
    /// For each rule of the game, whether a move of it resets the clock: it is one of
    /// `rules`, or its second part is. Found when the game is compiled, so that a move
    /// reads one flag rather than the list.
    pub resets: Vec<bool>,
}

impl Game {
    /// The cell codes a step of `rule` by `player` may leave on the squares it writes, as a
    /// mask over codes: 0 (the square left, the squares taken), the moving pieces' own
    /// codes and what they are promoted to (the landing), and, where a taken commander
    /// reveals the piece under it, any code. This is what `engine::make::StepPlan::of`
    /// and `any_write` can produce, for all the steps of the rule at once.
    pub fn codes_written_by(&self, rule: &MoveRule, player: usize) -> u64 {
        let game = self;
        // A column revealed, a piece placed, a piece turned: any code, as far as this says.
        if (rule.takes_run && rule.under) || !rule.simple_steps() {
            return u64::MAX;
        }
        let mut codes = 1u64;
        for t in (0..game.pieces.len()).filter(|&t| (rule.piece_mask >> t) & 1 != 0) {
            let code = game.code(game.rule_owner(rule, player), t);
            codes |= 1 << code;
            if let Some(&Some((_, into))) = game.promotions.get(code as usize) {
                codes |= 1 << into;
            }
            // Where the player chooses what the piece becomes: any of the choices.
            for &c in game
                .promotion_choices
                .get(code as usize)
                .into_iter()
                .flatten()
            {
                codes |= 1 << c;
            }
        }
        codes
    }

    /// The code of a cell holding a piece of `piece` owned by `player`; 0 is empty.
    pub fn code(&self, player: usize, piece: usize) -> Code {
        (1 + player * self.pieces.len() + piece) as Code
    }

    /// The owner of neutral pieces, in a game that has them (`owners` is one more than the
    /// players then).
    pub fn neutral_owner(&self) -> usize {
        self.players.len()
    }

    /// An owner's name: a player's, or `neutral`.
    pub fn owner_name(&self, owner: usize) -> &str {
        self.players.get(owner).map_or("neutral", |p| &p.name)
    }

    /// Whether a legend lists pieces of type `t` owned by `owner`: every player's, and the
    /// neutral ones the game has (`neutral_types`).
    pub fn listed(&self, owner: usize, t: usize) -> bool {
        owner < self.players.len() || (self.neutral_types >> t) & 1 != 0
    }

    /// Who owns the pieces a rule moves or places, when `player` moves.
    #[inline(always)]
    pub fn rule_owner(&self, rule: &MoveRule, player: usize) -> usize {
        if rule.neutral {
            self.players.len()
        } else {
            player
        }
    }

    /// The owner and type of a non-empty code.
    pub fn decode(&self, code: Code) -> (usize, usize) {
        let c = code as usize - 1;
        (c / self.pieces.len(), c % self.pieces.len())
    }

    /// Whether a step of the piece `code` from `from` to `to` ends or (with `in or from`)
    /// starts in the promotion zone `zone`.
    #[inline(always)]
    pub fn promotes_on(&self, zone: usize, code: Code, from: Sq, to: Sq) -> bool {
        let owner = self.owner[code as usize];
        self.in_zone(zone, owner, to)
            || ((self.promotes_leaving >> code) & 1 != 0
                && (from as usize) < self.board.cells()
                && self.in_zone(zone, owner, from))
    }

    pub fn in_zone(&self, zone: usize, player: u8, sq: Sq) -> bool {
        self.zones[zone].squares[player as usize * self.board.cells() + sq as usize]
    }

    /// Whether the state counts the passes made in a row: when a rule reads them, and
    /// when passing is the no-move rule (the game ends when every player has passed in
    /// turn).
    pub fn counts_passes(&self) -> bool {
        self.reads_passes || self.no_move.may_pass()
    }

    /// Whether the state follows whether the piece `code` has moved (see `moved_types`).
    #[inline]
    pub fn follows_moved(&self, code: Code) -> bool {
        self.reads_moved && code != 0 && (self.moved_types >> self.kind[code as usize]) & 1 != 0
    }

    /// The player after `player` in turn order: a compare, not a division (it is read at
    /// every move).
    #[inline]
    pub fn next_player(&self, player: u8) -> u8 {
        let next = player as usize + 1;
        if next >= self.players.len() {
            0
        } else {
            next as u8
        }
    }
}

/// The lines an attack is walked back along, for `eval::attack::attacked_reading`.
#[derive(Clone, Debug)]
pub struct AttackLines {
    /// `[dir * cells + sq]`: the squares a walk back from `sq` along `dir` reaches, to the
    /// board's edge. A run whose line holds none of the attacker's pieces finds no
    /// attacker, before a move of the reader's or after it, and is not walked.
    pub squares: crate::ir::MaskTable,
    /// For each direction: `Some(true)` where a walk back along it climbs in square number
    /// on every line, `Some(false)` where it falls on every line (`None` otherwise, as on a
    /// board that wraps round). The first piece a walk back meets is then the lowest or
    /// the highest square of its line's pieces: a run over empty squares finds its
    /// attacker, or none, with one look-up instead of a step a square.
    pub rising: Vec<Option<bool>>,
    /// The squares from which a piece steps onto a square, for the rules that capture by
    /// one step onto the square they take, with no condition on squares: `[player * cells
    /// + sq]`, the squares from which a piece of that player's steps onto `sq` by one of
    /// the rule's walks. An attack by such a rule is a look-up and the player's pieces
    /// there, not a walk a direction (`AttackHow::Step` holds the table's index). And for
    /// each open run (`AttackHow::Open::reach`), the squares of its lines together.
    pub steps: Vec<crate::ir::MaskTable>,
    /// The lines of the open runs (`AttackHow::Open`): for each of the rule's walks, where
    /// its direction starts in `squares` (`dir * cells`), and whether it climbs
    /// (`rising`). An attack by such a run along a line is the first piece on the line,
    /// found from the line's pieces.
    pub open_lines: Vec<(u32, bool)>,
    /// For each player, its capturing rules as an attack reads them through the tables.
    pub plans: Vec<Vec<AttackPlan>>,
    /// For each player, the codes of its pieces on which every attack is read through the
    /// tables (`AttackHow::Step`, `AttackHow::Open`: no other player's rule that could
    /// take the piece is walked), so that an attack reads nothing but who stands where
    /// (`eval::attack::attacked_lifted`).
    pub by_tables: Vec<u64>,
    /// For each player, where its moves of one step are read against `after move
    /// require` by two sets (`AttackReads::one_step_sets`): the codes such a move may put
    /// down (the player's pieces, and neutral ones where the game has them). `None` where
    /// an attack is the player's own, a pattern matches an empty square, or a promotion
    /// turns a piece the patterns do not match into one they do: then whether a write
    /// changes an answer depends on more than its square.
    pub one_step_lands: Vec<Option<u64>>,
}

/// One capturing rule of one player, as `attacked` reads it through `AttackLines`: the
/// rule's own fields it needs, kept together so that an attack does not read the rule.
#[derive(Clone, Copy, Debug)]
pub struct AttackPlan {
    pub rule: RuleId,
    /// The codes of the player's pieces that move by the rule.
    pub codes: u64,
    /// The codes the rule takes (where it lands, or the piece it jumps): a square that
    /// holds none of them is not attacked by it.
    pub takes: u64,
    pub how: AttackHow,
}

/// How an attack by one rule is found (`AttackPlan`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackHow {
    /// A capture of one step: a look-up in `AttackLines::steps`, by index.
    Step(u16),
    /// An open run over empty squares of any length that lands anywhere, with no
    /// condition, along directions that all climb or fall: `count` lines of
    /// `AttackLines::open_lines` from `first`, and their squares together from each
    /// square in `AttackLines::steps[reach]` (`[player * cells + sq]`, the attacker's).
    Open { first: u16, count: u16, reach: u16 },
    /// Walked back square by square.
    Walk,
}
