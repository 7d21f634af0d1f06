//! The typed syntax tree of a `.game` file. It mirrors the grammar one to one and resolves
//! nothing: every name is still a string with its span, for the checker to look up.

use crate::diagnostic::Span;
pub use crate::ir::{BinOp, UnOp, Value};

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct GameFile {
    pub title: String,
    pub title_span: Span,
    /// The `about` lines, in order.
    pub about: Vec<String>,
    pub items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub enum Item {
    Option(OptionDecl),
    Variant(VariantDecl),
    Board(Box<BoardDecl>),
    Players(PlayersDecl),
    Pieces(PiecesDecl),
    Direction(DirectionDecl),
    DirectionGroup(DirectionGroupDecl),
    Zone(ZoneDecl),
    Define(DefineDecl),
    Setup(SetupBlock),
    Move(MoveDecl),
    Priority(PriorityDecl),
    NoMove(NoMoveDecl),
    End(EndBlock),
    AfterMove(AfterMoveDecl),
    /// `say "check" when COND`.
    Say(SayDecl),
    /// `stacks`: squares hold columns.
    Stacks(Span),
    Promote(PromoteDecl),
    /// `counters`: squares are pits holding seeds, and every player has a store.
    Counters(Span),
    Names(NamesDecl),
    Track(TrackDecl),
    Sow(SowDecl),
    /// `leftover to last capturer` (`true`) or `leftover to owner`.
    Leftover(bool, Span),
    /// `stores where COND`.
    Stores(Expr, Span),
    Clock(ClockDecl),
    Score(ScoreDecl),
    Bonus(BonusDecl),
    /// `counter NAME [= N] [shared]`.
    Counter(CounterDecl),
    /// `dice N faces …`.
    Dice(DiceDecl),
    /// `piles`: squares hold piles of one player's pieces of one type.
    Piles(Span),
    /// `path NAME { PLAYER: SQ to SQ, … }`.
    Path(PathDecl),
    /// `taken to hand`: taken pieces go to their owner's hand; `taken to captor's hand`
    /// (`true`): to the hand of the player who took them.
    TakenToHand(Span, bool),
}

/// `path route { White: m2 to a2, a1 to n1  Black: … }`: the squares each player's pieces
/// go through, in order.
#[derive(Clone, Debug)]
pub struct PathDecl {
    pub name: Ident,
    pub ways: Vec<PathWay>,
    pub span: Span,
}

/// One player's way along a path: squares, or `A to B` for every used square between.
#[derive(Clone, Debug)]
pub struct PathWay {
    pub player: Ident,
    pub parts: Vec<(Ident, Option<Ident>)>,
    pub span: Span,
}

/// `dice 2 faces 1..6 doubles twice use most`, `dice 4 faces 0, 1 summed`.
#[derive(Clone, Debug)]
pub struct DiceDecl {
    pub count: Spanned<i64>,
    pub faces: ValueSet,
    pub faces_span: Span,
    pub summed: bool,
    pub doubles_twice: bool,
    pub use_most: bool,
    pub span: Span,
}

/// `counter captures`, `counter lives = 3`, `counter rounds shared`: a named number, one
/// per player or (`shared`) one for the game.
#[derive(Clone, Debug)]
pub struct CounterDecl {
    pub name: Ident,
    /// The value it starts at (0 when not given), and where it is written.
    pub start: Option<(i64, Span)>,
    pub shared: bool,
    pub span: Span,
}

/// `bonus AMOUNT to PLAYER`: points added to a player's final score.
#[derive(Clone, Debug)]
pub struct BonusDecl {
    /// A number (in hundredths), or the option that holds one.
    pub amount: Result<i64, Ident>,
    pub amount_span: Span,
    pub player: Ident,
    pub span: Span,
}

/// What resets the clock: any move that takes something, or a move by a rule.
#[derive(Clone, Debug)]
pub enum ClockEvent {
    Capture(Span),
    Rule(Ident),
}

/// `clock resets on capture, push`.
#[derive(Clone, Debug)]
pub struct ClockDecl {
    pub events: Vec<ClockEvent>,
    pub span: Span,
}

/// `score = count(friend)`.
#[derive(Clone, Debug)]
pub struct ScoreDecl {
    pub value: Expr,
    pub span: Span,
}

/// `names rank 1 from a, rank 2 from A`: (rank number as written, first letter).
#[derive(Clone, Debug)]
pub struct NamesDecl {
    pub ranks: Vec<(Spanned<i64>, char)>,
    pub span: Span,
}

/// One case of a track: the next pit `(file, rank)`, when `condition` holds (or always),
/// and the track sowing goes on along after it (or the same one).
#[derive(Clone, Debug)]
pub struct TrackCase {
    pub file: Expr,
    pub rank: Expr,
    pub condition: Option<Expr>,
    pub then: Option<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct TrackDecl {
    pub name: Ident,
    pub cases: Vec<TrackCase>,
    pub span: Span,
}

/// What happens where the last seed of a lap falls.
#[derive(Clone, Debug)]
pub enum SowAction {
    /// The turn ends.
    Stop,
    /// Lift the pit's seeds and sow on.
    Relay,
    /// The turn ends, and the same player moves again.
    Again,
    /// Take the seeds of these pits into the mover's store.
    Capture(Box<CaptureDecl>),
}

/// `capture last, last + forward along back while COND unless COND`.
#[derive(Clone, Debug)]
pub struct CaptureDecl {
    pub pits: Vec<Expr>,
    /// The track along which the capture goes on, and while what holds.
    pub along: Option<(Ident, Expr)>,
    pub unless: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum SowClause {
    From(Ident, Span),
    Lap(Ident, Option<Expr>, Span),
    /// `skip origin` (`None`) or `skip ZONE`.
    Skip(Option<Ident>, Span),
    When(Expr, SowAction, Span),
    /// `no sowing back`, with `unless: true` for `… unless capture`.
    NoSowingBack {
        unless_capture: bool,
        span: Span,
    },
}

#[derive(Clone, Debug)]
pub struct SowDecl {
    pub name: Ident,
    pub clauses: Vec<SowClause>,
    pub span: Span,
}

/// `promote soldier to officer in far`.
#[derive(Clone, Debug)]
pub struct PromoteDecl {
    pub from: Ident,
    /// One type, or the types the player chooses from.
    pub to: Vec<Ident>,
    pub zone: Ident,
    /// `in or from ZONE`: a step that starts in the zone promotes too.
    pub leaving: bool,
    pub span: Span,
}

/// `after move require EXPR`.
#[derive(Clone, Debug)]
pub struct AfterMoveDecl {
    pub condition: Expr,
    /// The condition as written, for saying why a move is refused.
    pub text: String,
    /// `else "it leaves your king attacked"`: what a refused move is told instead.
    pub words: Option<String>,
    pub span: Span,
}

/// `say "check" when COND`: words the session says when COND holds for the player to move.
#[derive(Clone, Debug)]
pub struct SayDecl {
    pub words: String,
    pub condition: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ValueSet {
    List(Vec<Spanned<Value>>),
    /// `lo..` or `lo..hi` (inclusive).
    Range {
        lo: i64,
        hi: Option<i64>,
        span: Span,
    },
}

#[derive(Clone, Debug)]
pub struct OptionDecl {
    pub name: Ident,
    pub default: Spanned<Value>,
    pub allowed: Option<ValueSet>,
    pub constraint: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct VariantDecl {
    pub name: Ident,
    pub assignments: Vec<(Ident, Spanned<Value>)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct BoardDecl {
    pub shape: BoardShape,
    /// The files and ranks of the grid, the rhombus or the frame of points; a hexagon's
    /// side is both.
    pub files: Expr,
    pub ranks: Expr,
    pub used: Option<Expr>,
    /// With `lines`: the lines that join the points.
    pub lines: Vec<BoardLine>,
    /// `points` after a grid: its squares are drawn as the points where lines cross.
    pub points: bool,
    pub span: Span,
}

/// What a board declaration says its cells are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardShape {
    Square,
    Hex,
    Hexagon,
    Lines,
}

/// A line of points, `a1 d1 g1` or `a1 to e5`: each point and whether the line runs to it
/// through every point of the frame on the way (`to`), rather than straight to it.
#[derive(Clone, Debug)]
pub struct BoardLine {
    pub points: Vec<(Ident, bool)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PlayerItem {
    pub name: Ident,
    pub facing: Option<Ident>,
}

#[derive(Clone, Debug)]
pub struct PlayersDecl {
    pub players: Vec<PlayerItem>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PieceItem {
    pub name: Ident,
    pub letter: Option<(char, Span)>,
    /// `value 9`: what the piece is worth to the computer's evaluation.
    pub value: Option<i64>,
}

#[derive(Clone, Debug)]
pub struct PiecesDecl {
    pub pieces: Vec<PieceItem>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct DirectionDecl {
    pub name: Ident,
    /// `relative`: `dx` to the player's right and `dy` forward, turning with them.
    pub relative: bool,
    pub dx: i64,
    pub dy: i64,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct DirectionGroupDecl {
    pub name: Ident,
    pub members: Vec<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct ZoneDecl {
    pub name: Ident,
    pub condition: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct DefineDecl {
    pub name: Ident,
    pub params: Option<Vec<Ident>>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum PlacementTarget {
    Where(Expr),
    On(Vec<Spanned<String>>),
}

/// What a placement puts on its squares.
#[derive(Clone, Debug)]
pub enum Placed {
    Piece(Ident),
    /// `put N`: N seeds in each square (with `counters`).
    Seeds(Expr),
}

#[derive(Clone, Debug)]
pub struct Placement {
    /// `None`: one such piece for every player, the condition read from each player's side
    /// (unless `neutral`).
    pub owner: Option<Ident>,
    /// `neutral stone on d4`: a piece owned by nobody, the condition read from the first
    /// player's side.
    pub neutral: bool,
    /// `5 checker …` (with `piles`): a pile of that many on each square.
    pub count: Option<Spanned<i64>>,
    pub what: Placed,
    pub target: PlacementTarget,
    pub span: Span,
}

/// `White 30 disc in hand`: pieces a player starts with in hand (each player's when no
/// owner is named).
#[derive(Clone, Debug)]
pub struct HandFill {
    pub owner: Option<Ident>,
    pub count: Spanned<i64>,
    pub piece: Ident,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct SetupBlock {
    pub placements: Vec<Placement>,
    pub hands: Vec<HandFill>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternWord {
    Empty,
    Occupied,
    Any,
    Friend,
    Enemy,
    /// A piece owned by nobody.
    Neutral,
    /// No square: a square off the board (`to + n is off`).
    Off,
}

#[derive(Clone, Debug)]
pub struct Pattern {
    pub word: PatternWord,
    pub piece: Option<Ident>,
    /// More piece types, after the first (`onto enemy king, rook`): where a pattern ends a
    /// clause.
    pub more: Vec<Ident>,
    pub span: Span,
}

/// How many squares a run must have: `1`, `2+`, `1..3`.
#[derive(Clone, Debug)]
pub struct RunCount {
    pub min: i64,
    pub max: Option<i64>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Clause {
    /// `piece man, king`; with `neutral` (`piece neutral stone`), the rule moves pieces
    /// owned by nobody (all their types where none is named).
    Piece(Vec<Ident>, bool, Span),
    Along(Vec<Ident>, Span),
    Over(RunCount, Pattern, Span),
    Onto(Pattern, Span),
    /// `capture over`, or with `under: true` `capture over under`.
    CaptureOver {
        under: bool,
        span: Span,
    },
    /// `chain must`, `chain may`, `chain must if EXPR`.
    Chain {
        must: bool,
        /// `turning`: no step goes the way the step before it went.
        turning: bool,
        /// `taking`: every step takes a piece (by its run, landing or effects).
        taking: bool,
        condition: Option<Expr>,
        span: Span,
    },
    If(Expr, Span),
    /// `place TYPE`: the move puts a new piece on its landing square; with `neutral`
    /// (`place neutral stone`), a piece owned by nobody.
    Place(Ident, bool, Span),
    /// `then RULE [when COND]`: the move goes on by another rule from where it landed
    /// (only where the condition holds after the first part, with `when`).
    Then(Ident, Option<Expr>, Span),
    /// `remove PATTERN`: the move takes the piece on a square it chooses, moving none.
    Remove(Pattern, Span),
    /// `rotate N x M clockwise, anticlockwise`: the block's size as written, and the
    /// senses it may turn.
    Rotate {
        width: u32,
        height: u32,
        clockwise: bool,
        anticlockwise: bool,
        span: Span,
    },
    /// `anywhere`: the piece goes to any square the rule allows, by no line.
    Anywhere(Span),
    /// `pass`: the rule's move is a pass, the player's to choose.
    Pass(Span),
    Effect(Box<EffectDecl>),
    /// `require EXPR`: read after the move and its effects.
    /// The condition, the clause's span, the condition as written and the words after
    /// `else` (for saying why a move is refused).
    Require(Expr, Span, String, Option<String>),
    /// `carry SQ to SQ`: the piece on the first square goes to the second once the move
    /// has landed.
    Carry(Expr, Expr, Span),
    /// `by die`: the move goes as many steps as a die shows, and uses it; `by die past the
    /// end` (`true`): the die goes past the line's last square, and the piece stops there.
    ByDie(Span, bool),
    /// `add EXPR to COUNTER [when COND]`: once the move has landed, where the condition
    /// holds.
    Add {
        amount: Expr,
        counter: Ident,
        when: Option<Expr>,
        span: Span,
    },
    /// `again [when COND]`: the same player moves again after the move, where the
    /// condition holds on the position after it.
    Again(Option<Expr>, Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectVerb {
    Turn,
    Take,
    Change,
}

/// `turn { along all over 1+ enemy onto friend }` and the like.
#[derive(Clone, Debug)]
pub struct EffectDecl {
    pub verb: EffectVerb,
    pub verb_span: Span,
    /// `at from` (`true`) or `at to`.
    pub at_from: Option<(bool, Span)>,
    pub along: Option<(Vec<Ident>, Span)>,
    pub over: Option<(RunCount, Pattern, Span)>,
    pub onto: Option<(Pattern, Span)>,
    pub into: Option<Ident>,
    pub when: Option<Expr>,
    /// `groups PATTERN`: whole groups of matching pieces next to the square.
    pub groups: Option<Pattern>,
    /// `where COND`: the groups where a condition on `here` (a square of the group) holds.
    pub only: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct MoveDecl {
    pub name: Ident,
    /// `written "O-O"`: how players write the rule's moves.
    pub written: Option<String>,
    pub clauses: Vec<Clause>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PriorityDecl {
    /// Tiers from highest to lowest.
    pub tiers: Vec<Vec<Ident>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeWord {
    Pass,
    Lose,
    Win,
    Draw,
    /// The larger store wins; equal stores draw.
    Score,
}

#[derive(Clone, Debug)]
pub struct NoMoveDecl {
    /// Tried in order; the first whose condition holds (or that has none) applies.
    pub cases: Vec<NoMoveCase>,
    pub span: Span,
}

/// `lose when attacked(friend leader)`, or a bare `draw`.
#[derive(Clone, Debug)]
pub struct NoMoveCase {
    pub outcome: OutcomeWord,
    pub outcome_span: Span,
    pub condition: Option<Expr>,
    /// `"checkmate"`: how the session names this end.
    pub words: Option<String>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct EndRule {
    /// The rule as written, for saying why a game ended.
    pub text: String,
    /// `"both players passed"`: how the session names this end.
    pub words: Option<String>,
    pub outcome: OutcomeWord,
    pub outcome_span: Span,
    pub condition: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct EndBlock {
    pub rules: Vec<EndRule>,
    /// `end before turn { … }`: read for the player about to move only.
    pub before_turn: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// Where `count` counts.
#[derive(Clone, Debug)]
pub enum CountScope {
    Board,
    Zone(Ident),
    /// The pieces the players hold in hand.
    Hand,
    /// The neighbours of a square, along all directions or the ones named.
    Around(Box<Expr>, Option<Vec<Ident>>),
}

#[derive(Clone, Debug)]
pub enum AttackTarget {
    Square(Box<Expr>),
    Pattern(Pattern),
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    Name(Ident),
    /// A function and its arguments, and the directions that join a group (`along`).
    Call(Ident, Vec<Expr>, Option<Vec<Ident>>),
    /// `count(PATTERN [in ZONE | in hand | around SQ] [where COND])`.
    Count(Pattern, CountScope, Option<Box<Expr>>),
    /// `SQ is PATTERN`.
    Is(Box<Expr>, Pattern),
    /// `(files, ranks)`: a step, added to a square.
    Offset(Box<Expr>, Box<Expr>),
    /// `line(PATTERN, N [through SQ] [along DIRS])`.
    Line(Pattern, Box<Expr>, Option<Box<Expr>>, Option<Vec<Ident>>),
    /// `connected(PATTERN, ZONE, ZONE [along DIRS])`.
    Connected(Pattern, Ident, Ident, Option<Vec<Ident>>),
    /// `clock`.
    Clock,
    From,
    To,
    /// `reachable(capture)`.
    CaptureReachable,
    /// `attacked(SQ)` or `attacked(PATTERN)`, and whether `by friend` follows.
    Attacked(AttackTarget, bool),
    /// `reaches(SQ, PATTERN [along DIRS])`.
    Reaches(Box<Expr>, Pattern, Option<Vec<Ident>>),
    /// `touches(SQ, ZONE [along DIRS])`.
    Touches(Box<Expr>, Ident, Option<Vec<Ident>>),
    /// `groups(PATTERN [along DIRS])`.
    Groups(Pattern, Option<Vec<Ident>>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
}
