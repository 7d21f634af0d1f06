//! Expressions: name resolution, types, and lowering to `ir::Expr`.
//!
//! There are four types: numbers, conditions (booleans), squares and words (option values
//! such as `forced`). Options are constants by the time an expression is lowered, and
//! defines are inlined at each use, so the IR holds neither.

use super::range::Limits;
use super::Checker;
use crate::diagnostic::Span;
use crate::diagnostic::{Kind, Problem};
use crate::eval::arith::binary;
use crate::eval::arith::unary;
use crate::eval::eval;
use crate::eval::Env;
use crate::ir::expr::{Expr as IExpr, LookField, SquareRef};
use crate::ir::{AttackBy, BinOp, GroupRead, Pattern, UnOp};
use crate::ir::{DirId, MAX_PLAYERS, NO_SQUARE};
use crate::syntax::ast::BoardShape;
use crate::syntax::ast::{
    AttackTarget, CountScope, Expr, ExprKind, Ident, Item, PatternWord, Value,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    Int,
    Bool,
    Square,
    Word,
    /// A player, by name (`White`) or as `player`, the one the expression is read for.
    Player,
    /// A move rule, named (`previous(rule) == double_step`).
    Rule,
    /// Already reported: fits anywhere, so that one mistake gives one message.
    Error,
}

impl Ty {
    fn article(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Square => "a square",
            Ty::Word => "a word",
            Ty::Player => "a player",
            Ty::Rule => "a move rule",
            Ty::Error => "an unknown value",
        }
    }

    fn fits(self, want: Ty) -> bool {
        self == want || self == Ty::Error || want == Ty::Error
    }
}

/// What an expression may refer to where it stands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scope {
    /// `file`, `rank` (and `row` with a player) of the square being described.
    pub here: bool,
    /// A player whose side `row`, `friend` and `enemy` are read from.
    pub player: bool,
    /// `from` and `to`.
    pub from_to: bool,
    /// The pieces on the board (`count`).
    pub state: bool,
    /// The sowing being made, in a counting game: `from` (the pit lifted), `last` (where
    /// the last seed fell), `lifted`, `laps` and `taken`.
    pub sown: bool,
    /// `reachable(capture)`: only end rules may search ahead.
    pub end: bool,
    /// Whether the move has a `from` (a placement has none).
    pub no_from: bool,
    /// `turned` and `taken`: what the move's effects did, in `require`.
    pub effects: bool,
    /// `stuck`: whether the player who moves next has a move, on the position after the
    /// move (`require` and `after move require`).
    pub after: bool,
    /// Where this is, for messages: "in the board size".
    pub place: &'static str,
}

impl Scope {
    pub const CONSTANT: Scope = Scope {
        here: false,
        player: false,
        from_to: false,
        state: false,
        sown: false,
        end: false,
        no_from: false,
        effects: false,
        after: false,
        place: "a constant",
    };
    pub const BOARD: Scope = Scope {
        here: true,
        player: false,
        from_to: false,
        state: false,
        sown: false,
        end: false,
        no_from: false,
        effects: false,
        after: false,
        place: "the board's mask",
    };
    pub const SQUARE: Scope = Scope {
        here: true,
        player: true,
        from_to: false,
        state: false,
        sown: false,
        end: false,
        no_from: false,
        effects: false,
        after: false,
        place: "a square condition",
    };
    pub const MOVE: Scope = Scope {
        here: false,
        player: true,
        from_to: true,
        state: true,
        sown: false,
        end: false,
        no_from: false,
        effects: false,
        after: false,
        place: "a move rule",
    };
    pub const END: Scope = Scope {
        here: false,
        player: true,
        from_to: false,
        state: true,
        sown: false,
        end: true,
        no_from: false,
        effects: false,
        after: false,
        place: "an end rule",
    };
    /// Where the last seed of a lap fell: the sowing's names, and the position.
    pub const SOWN: Scope = Scope {
        here: false,
        player: true,
        from_to: false,
        state: true,
        sown: true,
        end: false,
        no_from: false,
        effects: false,
        after: false,
        place: "a sowing outcome",
    };
    /// A capture's `while`: the sowing's names, and `here`, the pit the capture goes on to.
    pub const ALONG: Scope = Scope {
        here: true,
        place: "a capture's `while`",
        ..Scope::SOWN
    };
    /// `after move require` in a counting game: the sowing just made, and the position
    /// after it.
    pub const SOWN_AFTER: Scope = Scope {
        place: "a counting game's `after move require`",
        ..Scope::SOWN
    };
    /// `after move require` in a game of pieces.
    pub const AFTER: Scope = Scope {
        after: true,
        place: "`after move require`",
        ..Scope::MOVE
    };
    /// A placement's conditions: like a move rule's, but there is no `from`.
    pub const PLACE: Scope = Scope {
        no_from: true,
        place: "a placement",
        ..Scope::MOVE
    };
    /// A move's `require`: read after the move and its effects.
    pub const REQUIRE: Scope = Scope {
        effects: true,
        after: true,
        place: "a move's `require`",
        ..Scope::MOVE
    };
    /// For checking a define's body once on its own: anything may be there.
    pub const ANY: Scope = Scope {
        here: true,
        player: true,
        from_to: true,
        state: true,
        sown: true,
        end: true,
        no_from: false,
        effects: true,
        after: true,
        place: "a define",
    };
}

/// What an expression that could not be lowered stands for: its problem is reported.
const ERR: (IExpr, Ty) = (IExpr::Int(0), Ty::Error);

/// An argument of a call, lowered: its expression, its type and where it is.
type Argument = (IExpr, Ty, Span);

/// A define's parameter, bound at a call.
pub(crate) type Binding = (String, IExpr, Ty);

/// How deep defines may call defines.
const MAX_DEFINE_DEPTH: usize = 64;
/// How many uses of defines one file may expand in all (each use is inlined).
const MAX_INLINED: usize = 100_000;

const BUILTINS: [&str; 12] = [
    "file",
    "rank",
    "row",
    "abs",
    "min",
    "max",
    "moved",
    "height",
    "liberties",
    "group_size",
    "encloses",
    "seen",
];

impl Checker<'_> {
    /// Lowers `e` and checks that it has type `want`.
    pub(super) fn lower_as(&mut self, e: &Expr, want: Ty, scope: Scope) -> Option<IExpr> {
        self.lower_typed(e, want, scope, &[])
    }

    /// Lowers `e` with define parameters bound, and checks that it has type `want`.
    fn lower_typed(
        &mut self,
        e: &Expr,
        want: Ty,
        scope: Scope,
        params: &[Binding],
    ) -> Option<IExpr> {
        let (ir, ty) = self.lower(e, scope, params);
        if !ty.fits(want) {
            self.report(
                Problem::new(
                    Kind::TypeMismatch,
                    format!("expected {}, found {}", want.article(), ty.article()),
                )
                .label(e.span, format!("this is {}", ty.article()))
                .help(match want {
                    Ty::Bool => "a condition compares values, e.g. `dist(to) > dist(from)`",
                    _ => "write an expression of the expected type",
                }),
            );
            return None;
        }
        (ty != Ty::Error).then_some(ir)
    }

    /// A constant number (the board's size, say).
    pub(super) fn constant_int(&mut self, e: &Expr) -> Option<i64> {
        match self.lower_as(e, Ty::Int, Scope::CONSTANT)? {
            IExpr::Int(n) => Some(n),
            // Lowering folds every constant; anything else was reported already.
            _ => None,
        }
    }

    /// A constant condition (an option's constraint, `chain must if …`).
    pub(super) fn constant_bool(&mut self, e: &Expr) -> Option<bool> {
        match self.lower_constant_bool(e)? {
            IExpr::Int(n) => Some(n != 0),
            _ => None,
        }
    }

    /// Reports a value that does not fit in a number.
    pub(super) fn overflow(&mut self, span: Span, what: String) {
        self.report(overflow(span, what));
    }

    /// Reports an expression evaluated on the squares of the board that overflows on one
    /// of them.
    pub(super) fn overflow_on(&mut self, span: Span, sq: usize) {
        let name = self
            .board
            .as_ref()
            .map_or_else(|| sq.to_string(), |b| b.names[sq].clone());
        self.overflow(span, format!("its value on {name}"));
    }

    /// Makes sure that what an expression read during play computes cannot overflow, in
    /// any position.
    pub(super) fn check_range(&mut self, e: &IExpr, span: Span) {
        let Some(board) = &self.board else {
            return;
        };
        let limits = Limits {
            cells: board.cells() as i64,
            width: board.width as i64,
            height: board.height as i64,
        };
        if e.range(&limits).is_none() {
            self.report(
                Problem::new(Kind::Overflow, "this expression could overflow during play")
                    .label(span, "in some position its value does not fit in a number")
                    .help(format!(
                        "use smaller numbers: values from {} to {} fit",
                        i64::MIN,
                        i64::MAX
                    )),
            );
        }
    }

    pub(super) fn lower_constant_bool(&mut self, e: &Expr) -> Option<IExpr> {
        self.lower_as(e, Ty::Bool, Scope::CONSTANT)
    }

    /// Whether a construct that reads the board may stand here; reports it if not.
    fn reads_board(&mut self, span: Span, what: &str, scope: Scope) -> bool {
        if !scope.state {
            self.report(
                Problem::new(
                    Kind::OutOfScope,
                    format!("`{what}` reads the board, which is not known here"),
                )
                .label(span, format!("not in {}", scope.place))
                .help(format!(
                    "`{what}` may be used in move conditions and end rules"
                )),
            );
        }
        scope.state
    }

    /// The zone a name names, reporting an unknown one.
    pub(super) fn zone_index(&mut self, z: &Ident) -> Option<usize> {
        let found = self.zones.get(&z.name).copied();
        if found.is_some() {
            self.names_read.insert(z.name.clone());
        }
        if found.is_none() {
            let known: Vec<String> = self.zones.keys().cloned().collect();
            self.unknown("zone", z, known.iter().map(String::as_str));
        }
        found
    }

    /// The directions a list names (the board's own, `all`, when none is named: the eight
    /// compass directions, or a hex board's six), for each player.
    pub(super) fn direction_lists(&mut self, names: Option<&[Ident]>) -> Option<Vec<Vec<DirId>>> {
        let players = self.players.len().min(MAX_PLAYERS);
        let mut out = vec![Vec::new(); players];
        match names {
            None => {
                let builtin = match self.board_shape() {
                    crate::syntax::ast::BoardShape::Hex
                    | crate::syntax::ast::BoardShape::Hexagon => 6,
                    _ => 8,
                };
                // Only the directions the board has links along: a board of points has no
                // diagonal lines, and nothing is ever found along one.
                let linked = |d: &DirId| {
                    self.board
                        .as_ref()
                        .is_none_or(|b| b.squares().any(|sq| b.next(sq, *d) != NO_SQUARE))
                };
                let dirs: Vec<DirId> = (0..builtin).map(DirId).filter(linked).collect();
                for list in out.iter_mut() {
                    list.extend(dirs.iter().copied());
                }
            }
            Some(names) => {
                let mut ok = true;
                for n in names {
                    match self.dir_names.get(&n.name).cloned() {
                        Some(r) => {
                            self.names_read.insert(n.name.clone());
                            for (p, list) in out.iter_mut().enumerate() {
                                self.resolve_direction(&r, p, list);
                            }
                        }
                        None => {
                            let known: Vec<String> = self.dir_names.keys().cloned().collect();
                            self.unknown("direction", n, known.iter().map(String::as_str));
                            ok = false;
                        }
                    }
                }
                if !ok {
                    return None;
                }
            }
        }
        Some(out)
    }

    /// Whether `e` is a step to add to a square: a direction's name (that names nothing
    /// else) or `(files, ranks)`.
    fn is_step(&self, e: &Expr, params: &[Binding]) -> bool {
        match &e.kind {
            ExprKind::Offset(..) => true,
            ExprKind::Name(id) => {
                self.dir_names.contains_key(&id.name)
                    && !params.iter().any(|(n, ..)| *n == id.name)
                    && !self.values.contains_key(&id.name)
                    && !self.defines.contains_key(&id.name)
            }
            _ => false,
        }
    }

    /// Whether `e` names a path (`path NAME`), whose step goes to the next square of each
    /// player's way.
    fn names_path(&self, e: &Expr) -> bool {
        let (ExprKind::Name(id), Some(board)) = (&e.kind, &self.board) else {
            return false;
        };
        let Some(r) = self.dir_names.get(&id.name) else {
            return false;
        };
        let mut ids = Vec::new();
        for p in 0..self.players.len() {
            self.resolve_direction(r, p, &mut ids);
        }
        ids.iter().any(|&d| board.is_path(d))
    }

    /// A direction's step for each player (which turns with each player's facing when it
    /// is relative). (A step `(files, ranks)` is lowered where it is added.)
    fn steps(&mut self, e: &Expr) -> Option<[(i64, i64); MAX_PLAYERS]> {
        match &e.kind {
            ExprKind::Name(id) => {
                let dirs = self.one_direction(id, false)?;
                let mut steps = [(0, 0); MAX_PLAYERS];
                for (step, d) in steps.iter_mut().zip(dirs).take(self.players.len()) {
                    let dir = &self.directions[d.index()];
                    *step = (dir.dx as i64, dir.dy as i64);
                }
                Some(steps)
            }
            _ => None,
        }
    }

    /// The one direction a name stands for, for each player (its opposite with `back`).
    fn one_direction(&mut self, id: &Ident, back: bool) -> Option<[DirId; MAX_PLAYERS]> {
        let r = self.dir_names.get(&id.name).cloned()?;
        self.names_read.insert(id.name.clone());
        let mut dirs = [DirId(0); MAX_PLAYERS];
        for (p, dir) in dirs.iter_mut().enumerate().take(self.players.len()) {
            let mut ids = Vec::new();
            self.resolve_direction(&r, p, &mut ids);
            let [d] = ids[..] else {
                self.report(
                    Problem::new(
                        Kind::TypeMismatch,
                        format!("`{}` is a group of directions, not one step", id.name),
                    )
                    .label(id.span, format!("{} directions", ids.len()))
                    .help("add one direction to a square: `to + n`"),
                );
                return None;
            };
            let (dx, dy) = (self.directions[d.index()].dx, self.directions[d.index()].dy);
            *dir = match back {
                false => d,
                true if (dx, dy) == (0, 0) => {
                    self.report(
                        Problem::new(
                            Kind::TypeMismatch,
                            format!("`{}` is a path, which goes one way only", id.name),
                        )
                        .label(id.span, "no way back")
                        .help("step forward along the path: `SQ + PATH`"),
                    );
                    return None;
                }
                true => match self
                    .directions
                    .iter()
                    .position(|o| (o.dx, o.dy) == (-dx, -dy))
                {
                    Some(o) => DirId(o as u8),
                    None => {
                        self.report(
                            Problem::new(
                                Kind::TypeMismatch,
                                format!(
                                    "`{}` has no opposite direction to step back along",
                                    id.name
                                ),
                            )
                            .label(id.span, "no way back")
                            .help("declare the opposite direction, and add it: `to + back`"),
                        );
                        return None;
                    }
                },
            };
        }
        Some(dirs)
    }

    fn mismatch(&mut self, span: Span, op: &str, want: Ty, found: Ty) {
        self.report(
            Problem::new(
                Kind::TypeMismatch,
                format!("`{op}` needs {}, found {}", plural(want), found.article()),
            )
            .label(span, format!("this is {}", found.article()))
            .help(match want {
                Ty::Int => "arithmetic and `<`, `>` work on numbers",
                _ => "`and`, `or` and `not` work on conditions",
            }),
        );
    }

    pub(super) fn lower(&mut self, e: &Expr, scope: Scope, params: &[Binding]) -> (IExpr, Ty) {
        let (ir, ty) = self.lower_inner(e, scope, params);
        // Fold what no square or state can change (operators fold as they are lowered;
        // this catches the rest).
        if ty != Ty::Error && is_constant(&ir) && !matches!(ir, IExpr::Int(_)) {
            return match eval(&ir, &Env::<u64>::constant()) {
                Some(v) => (IExpr::Int(v), ty),
                None => {
                    self.overflow(e.span, "this value".into());
                    (IExpr::Int(0), Ty::Error)
                }
            };
        }
        (ir, ty)
    }

    fn lower_inner(&mut self, e: &Expr, scope: Scope, params: &[Binding]) -> (IExpr, Ty) {
        match &e.kind {
            ExprKind::Int(n) => (IExpr::Int(*n), Ty::Int),
            ExprKind::Bool(b) => (IExpr::Int(*b as i64), Ty::Bool),
            ExprKind::From | ExprKind::To => self.lower_from_to(e, scope),
            ExprKind::Name(id) => self.lower_name(id, scope, params),
            ExprKind::CaptureReachable => self.lower_reachable(e, scope),
            ExprKind::Call(id, args, along) => {
                self.lower_call(id, args, along.as_deref(), e.span, scope, params)
            }
            ExprKind::Reaches(square, pattern, along) => {
                if !self.reads_board(e.span, "reaches", scope) {
                    return ERR;
                }
                let sq = self.lower_typed(square, Ty::Square, scope, params);
                let dirs = self.direction_lists(along.as_deref());
                let pattern = self.lower_pattern(pattern);
                match (sq, dirs) {
                    (Some(sq), Some(dirs)) => {
                        (IExpr::Reaches(Box::new(sq), pattern, dirs), Ty::Bool)
                    }
                    _ => ERR,
                }
            }
            ExprKind::Touches(square, zone, along) => {
                if !self.reads_board(e.span, "touches", scope) {
                    return ERR;
                }
                let sq = self.lower_typed(square, Ty::Square, scope, params);
                let dirs = self.direction_lists(along.as_deref());
                let zone = self.zone_index(zone);
                match (sq, dirs, zone) {
                    (Some(sq), Some(dirs), Some(z)) => {
                        (IExpr::Touches(Box::new(sq), z, dirs), Ty::Bool)
                    }
                    _ => ERR,
                }
            }
            ExprKind::Groups(pattern, along) => {
                if !self.reads_board(e.span, "groups", scope) {
                    return ERR;
                }
                let dirs = self.direction_lists(along.as_deref());
                let pattern = self.lower_pattern(pattern);
                match dirs {
                    Some(dirs) => (IExpr::Groups(pattern, dirs), Ty::Int),
                    None => ERR,
                }
            }
            ExprKind::Attacked(target, by_friend) => {
                let by = if *by_friend {
                    AttackBy::Friend
                } else {
                    AttackBy::Enemy
                };
                self.lower_attacked(e, target, by, scope, params)
            }
            ExprKind::Count(pattern, count_scope, None) => {
                self.lower_count(e, pattern, count_scope, scope, params)
            }
            ExprKind::Count(pattern, count_scope, Some(only)) => {
                self.lower_count_where(e, pattern, count_scope, only, scope, params)
            }
            ExprKind::Is(square, pattern) => self.lower_is(e, square, pattern, scope, params),
            ExprKind::Offset(..) => {
                self.report(
                    Problem::new(
                        Kind::TypeMismatch,
                        "a step `(files, ranks)` is added to a square",
                    )
                    .label(e.span, "a step alone")
                    .help("write `to + (0, -1)`"),
                );
                ERR
            }
            ExprKind::Line(pattern, n, through, dirs) => {
                self.lower_line(e, pattern, n, through.as_deref(), dirs, scope, params)
            }
            ExprKind::Connected(pattern, a, b, dirs) => {
                self.lower_connected(e, pattern, (a, b), dirs, scope)
            }
            ExprKind::Clock => self.lower_clock(e, scope),
            ExprKind::Unary(op, a) => self.lower_unary(e, *op, a, scope, params),
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) if self.is_step(b, params) => {
                let Some(sq) = self.lower_typed(a, Ty::Square, scope, params) else {
                    return ERR;
                };
                // On a board of points, a direction's step goes along the line to the next
                // point, however far the frame puts it.
                if let (true, ExprKind::Name(id)) = (
                    self.board_shape() == BoardShape::Lines || self.names_path(b),
                    &b.kind,
                ) {
                    let Some(dirs) = self.one_direction(id, *op == BinOp::Sub) else {
                        return ERR;
                    };
                    return (IExpr::Toward(Box::new(sq), dirs), Ty::Square);
                }
                // A step whose files or ranks are read during play (a define's parameter,
                // a count): the square is found then.
                if let ExprKind::Offset(dx, dy) = &b.kind {
                    let dx = self.lower_typed(dx, Ty::Int, scope, params);
                    let dy = self.lower_typed(dy, Ty::Int, scope, params);
                    let (Some(dx), Some(dy)) = (dx, dy) else {
                        return ERR;
                    };
                    let (dx, dy) = match *op {
                        BinOp::Sub => (negated(dx), negated(dy)),
                        _ => (dx, dy),
                    };
                    if let (IExpr::Int(x), IExpr::Int(y)) = (&dx, &dy) {
                        return (
                            IExpr::Offset(Box::new(sq), [(*x, *y); MAX_PLAYERS]),
                            Ty::Square,
                        );
                    }
                    return (
                        IExpr::OffsetBy(Box::new(sq), Box::new(dx), Box::new(dy)),
                        Ty::Square,
                    );
                }
                let Some(mut steps) = self.steps(b) else {
                    return ERR;
                };
                if *op == BinOp::Sub {
                    for s in steps.iter_mut() {
                        *s = (-s.0, -s.1);
                    }
                }
                (IExpr::Offset(Box::new(sq), steps), Ty::Square)
            }
            ExprKind::Binary(op, a, b) => self.lower_binary(e, *op, (a, b), scope, params),
        }
    }

    fn lower_from_to(&mut self, e: &Expr, scope: Scope) -> (IExpr, Ty) {
        let word = if matches!(e.kind, ExprKind::From) {
            "from"
        } else {
            "to"
        };
        if word == "from" && scope.sown {
            return (IExpr::Square(SquareRef::From), Ty::Square);
        }
        if !scope.from_to {
            self.report(
                Problem::new(
                    Kind::OutOfScope,
                    format!("`{word}` is only known in a move rule"),
                )
                .label(e.span, format!("not in {}", scope.place))
                .help("`from` and `to` are the squares of the move being made"),
            );
            return ERR;
        }
        if word == "from" && scope.no_from {
            self.report(
                Problem::new(Kind::OutOfScope, "a placement has no `from`")
                    .label(e.span, "the new piece comes from no square")
                    .help("read the squares around `to` instead: `to + s is occupied`"),
            );
            return ERR;
        }
        let r = if word == "from" {
            SquareRef::From
        } else {
            SquareRef::To
        };
        (IExpr::Square(r), Ty::Square)
    }

    fn lower_reachable(&mut self, e: &Expr, scope: Scope) -> (IExpr, Ty) {
        if !scope.end {
            self.report(
                Problem::new(
                    Kind::OutOfScope,
                    "`reachable(capture)` is a search that only end rules may make",
                )
                .label(e.span, format!("not in {}", scope.place))
                .help("use it in an end rule: `score when not reachable(capture)`"),
            );
            return ERR;
        }
        (IExpr::CaptureReachable, Ty::Bool)
    }

    fn lower_attacked(
        &mut self,
        e: &Expr,
        target: &AttackTarget,
        by: AttackBy,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        if !self.reads_board(e.span, "attacked", scope) {
            return ERR;
        }
        if self.counters {
            self.report(
                Problem::new(
                    Kind::AttackedInCountingGame,
                    "`attacked` reads captures of pieces, and a game with counters has none",
                )
                .label(e.span, "this would always be false")
                .help("read seeds instead: `seeds(last)`, `store`"),
            );
            return ERR;
        }
        self.reads_attacked.push(e.span);
        match target {
            AttackTarget::Pattern(p) => (IExpr::AttackedAny(self.lower_pattern(p), by), Ty::Bool),
            AttackTarget::Square(sq) => match self.lower_typed(sq, Ty::Square, scope, params) {
                Some(sq) => (IExpr::Attacked(Box::new(sq), by), Ty::Bool),
                None => ERR,
            },
        }
    }

    fn lower_count(
        &mut self,
        e: &Expr,
        pattern: &crate::syntax::ast::Pattern,
        count_scope: &CountScope,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        if !self.reads_board(e.span, "count", scope) {
            return ERR;
        }
        if self.counters {
            self.report(
                Problem::new(
                    Kind::CountInCountingGame,
                    "`count` counts pieces, and a game with counters has none",
                )
                .label(e.span, "this would always be 0")
                .help("read seeds instead: `seeds(home)`, `seeds(last)`, `store`"),
            );
            return ERR;
        }
        if matches!(count_scope, CountScope::Board) && pattern.piece.is_none() {
            match pattern.word {
                PatternWord::Friend => return (IExpr::Pieces(true), Ty::Int),
                PatternWord::Enemy => return (IExpr::Pieces(false), Ty::Int),
                _ => {}
            }
        }
        if matches!(count_scope, CountScope::Hand)
            && !matches!(
                pattern.word,
                PatternWord::Friend | PatternWord::Enemy | PatternWord::Any
            )
        {
            self.report(
                Problem::new(
                    Kind::BadPattern,
                    "pieces in hand are someone's: `friend`, `enemy` or `any`",
                )
                .label(pattern.span, "not a piece's owner")
                .help("write `count(friend man in hand)`"),
            );
            return ERR;
        }
        let pattern = self.lower_pattern(pattern);
        match count_scope {
            CountScope::Board => (IExpr::Count(pattern, None), Ty::Int),
            CountScope::Hand => (IExpr::InHand(pattern), Ty::Int),
            CountScope::Zone(z) => match self.zone_index(z) {
                Some(i) => (IExpr::Count(pattern, Some(i)), Ty::Int),
                None => ERR,
            },
            CountScope::Around(square, dirs) => {
                let sq = self.lower_typed(square, Ty::Square, scope, params);
                let dirs = self.direction_lists(dirs.as_deref());
                match (sq, dirs) {
                    (Some(sq), Some(dirs)) => (IExpr::Around(pattern, Box::new(sq), dirs), Ty::Int),
                    _ => ERR,
                }
            }
        }
    }

    /// `count(PATTERN [in ZONE] where COND)`: the condition read on each square counted,
    /// as `here`.
    fn lower_count_where(
        &mut self,
        e: &Expr,
        pattern: &crate::syntax::ast::Pattern,
        count_scope: &CountScope,
        only: &Expr,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        if !self.reads_board(e.span, "count", scope) {
            return ERR;
        }
        let zone = match count_scope {
            CountScope::Board => None,
            CountScope::Zone(z) => match self.zone_index(z) {
                Some(i) => Some(i),
                None => return ERR,
            },
            CountScope::Hand | CountScope::Around(..) => {
                self.report(
                    Problem::new(
                        Kind::BadPattern,
                        "`where` counts squares of the board or of a zone",
                    )
                    .label(only.span, "a condition on each square counted")
                    .help("write `count(enemy where …)` or `count(enemy in ZONE where …)`"),
                );
                return ERR;
            }
        };
        let inner = Scope {
            here: true,
            ..scope
        };
        let Some(condition) = self.lower_typed(only, Ty::Bool, inner, params) else {
            return ERR;
        };
        let pattern = self.lower_pattern(pattern);
        (
            IExpr::CountWhere(pattern, zone, Box::new(condition)),
            Ty::Int,
        )
    }

    fn lower_is(
        &mut self,
        e: &Expr,
        square: &Expr,
        pattern: &crate::syntax::ast::Pattern,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        if !self.reads_board(e.span, "is", scope) {
            return ERR;
        }
        let Some(sq) = self.lower_typed(square, Ty::Square, scope, params) else {
            return ERR;
        };
        if pattern.word == PatternWord::Off {
            if let Some(t) = &pattern.piece {
                self.report(
                    Problem::new(Kind::BadPattern, "no piece stands off the board")
                        .label(t.span, "`off` cannot name a piece type")
                        .help("write `is off` alone"),
                );
                return ERR;
            }
            return (IExpr::Is(Box::new(sq), Pattern::default(), true), Ty::Bool);
        }
        let p = self.lower_pattern(pattern);
        (IExpr::Is(Box::new(sq), p, false), Ty::Bool)
    }

    #[allow(clippy::too_many_arguments)]
    fn lower_line(
        &mut self,
        e: &Expr,
        pattern: &crate::syntax::ast::Pattern,
        n: &Expr,
        through: Option<&Expr>,
        dirs: &Option<Vec<Ident>>,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        if !self.reads_board(e.span, "line", scope) {
            return ERR;
        }
        let pattern = self.lower_pattern(pattern);
        let n_value = self.constant_int(n);
        let dirs = self.direction_lists(dirs.as_deref());
        let (Some(n_value), Some(dirs)) = (n_value, dirs) else {
            return ERR;
        };
        if !(1..=64).contains(&n_value) {
            self.report(
                Problem::new(Kind::BadValue, format!("a line of {n_value} squares"))
                    .label(n.span, "from 1 to 64 squares")
                    .help("count the squares of the line: `line(friend, 4)`"),
            );
            return ERR;
        }
        // A row along a direction is a row along the opposite one: read each once.
        let dirs = dirs
            .into_iter()
            .map(|list| {
                let mut kept: Vec<DirId> = Vec::new();
                for d in list {
                    let (dx, dy) = (self.directions[d.index()].dx, self.directions[d.index()].dy);
                    let seen = kept.iter().any(|&k| {
                        let o = &self.directions[k.index()];
                        (o.dx, o.dy) == (dx, dy) || (o.dx, o.dy) == (-dx, -dy)
                    });
                    if !seen {
                        kept.push(d);
                    }
                }
                kept
            })
            .collect();
        if let Some(through) = through {
            let Some(sq) = self.lower_typed(through, Ty::Square, scope, params) else {
                return ERR;
            };
            return (
                IExpr::LineThrough(pattern, n_value as usize, dirs, Box::new(sq)),
                Ty::Bool,
            );
        }
        (IExpr::Line(pattern, n_value as usize, dirs), Ty::Bool)
    }

    fn lower_connected(
        &mut self,
        e: &Expr,
        pattern: &crate::syntax::ast::Pattern,
        (a, b): (&Ident, &Ident),
        dirs: &Option<Vec<Ident>>,
        scope: Scope,
    ) -> (IExpr, Ty) {
        if !self.reads_board(e.span, "connected", scope) {
            return ERR;
        }
        let pattern = self.lower_pattern(pattern);
        let za = self.zone_index(a);
        let zb = self.zone_index(b);
        let dirs = self.direction_lists(dirs.as_deref());
        match (za, zb, dirs) {
            (Some(za), Some(zb), Some(dirs)) => (IExpr::Connected(pattern, za, zb, dirs), Ty::Bool),
            _ => ERR,
        }
    }

    fn lower_clock(&mut self, e: &Expr, scope: Scope) -> (IExpr, Ty) {
        if !self.reads_board(e.span, "clock", scope) {
            return ERR;
        }
        if !self.has_clock {
            self.report(
                Problem::new(
                    Kind::NoClock,
                    "`clock` counts plies since it last reset, and this game has no clock",
                )
                .label(e.span, "no `clock resets on …` declaration")
                .help("declare what resets it: `clock resets on capture`"),
            );
            return ERR;
        }
        (IExpr::Clock, Ty::Int)
    }

    fn lower_unary(
        &mut self,
        e: &Expr,
        op: UnOp,
        a: &Expr,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        let (ia, ta) = self.lower(a, scope, params);
        let want = if op == UnOp::Not { Ty::Bool } else { Ty::Int };
        if !ta.fits(want) {
            let sym = if op == UnOp::Not { "not" } else { "-" };
            self.mismatch(a.span, sym, want, ta);
            return ERR;
        }
        if ta == Ty::Error {
            return ERR;
        }
        if let IExpr::Int(a) = ia {
            return match unary(op, a) {
                Some(v) => (IExpr::Int(v), want),
                None => {
                    self.overflow(e.span, format!("-({a})"));
                    ERR
                }
            };
        }
        (IExpr::Unary(op, Box::new(ia)), want)
    }

    fn lower_binary(
        &mut self,
        e: &Expr,
        op: BinOp,
        (a, b): (&Expr, &Expr),
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        let (ia, ta) = self.lower(a, scope, params);
        let (ib, tb) = self.lower(b, scope, params);
        let (operand, result) = match op {
            BinOp::And | BinOp::Or => (Ty::Bool, Ty::Bool),
            BinOp::Eq | BinOp::Ne => {
                if !ta.fits(tb) {
                    self.report(
                        Problem::new(
                            Kind::TypeMismatch,
                            format!("cannot compare {} with {}", ta.article(), tb.article()),
                        )
                        .label(b.span, format!("this is {}", tb.article()))
                        .label(a.span, format!("this is {}", ta.article()))
                        .help("both sides of `==` and `!=` must be of one type"),
                    );
                    return ERR;
                }
                (Ty::Error, Ty::Bool)
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Ty::Int, Ty::Bool),
            _ => (Ty::Int, Ty::Int),
        };
        let mut ok = true;
        for (t, span) in [(ta, a.span), (tb, b.span)] {
            if !t.fits(operand) {
                self.mismatch(span, op.symbol(), operand, t);
                ok = false;
            }
        }
        if !ok || ta == Ty::Error || tb == Ty::Error {
            return ERR;
        }
        if matches!(op, BinOp::Div | BinOp::Mod) && ib == IExpr::Int(0) {
            self.report(
                Problem::new(Kind::DivisionByZero, "division by zero")
                    .label(b.span, "this is 0")
                    .help("divide by a number that cannot be 0"),
            );
            return ERR;
        }
        let bop = op;
        if let (IExpr::Int(x), IExpr::Int(y)) = (&ia, &ib) {
            return match binary(bop, *x, *y) {
                Some(v) => (IExpr::Int(v), result),
                None => {
                    self.overflow(e.span, format!("{x} {} {y}", op.symbol()));
                    ERR
                }
            };
        }
        (IExpr::Binary(bop, Box::new(ia), Box::new(ib)), result)
    }

    fn lower_name(&mut self, id: &Ident, scope: Scope, params: &[Binding]) -> (IExpr, Ty) {
        if let Some(lowered) = self.lower_declared_name(id, scope, params) {
            return lowered;
        }
        if let Some(lowered) = self.lower_builtin_name(id, scope) {
            return lowered;
        }
        if let Some(lowered) = self.lower_square_name(id) {
            return lowered;
        }
        self.unknown_name(id, scope, params);
        ERR
    }

    /// A square's name (`d4`, or a pit's name from `names`): that square, the same for
    /// every player. A name written like a square that this board does not have is
    /// reported as such.
    fn lower_square_name(&mut self, id: &Ident) -> Option<(IExpr, Ty)> {
        let board = self.board.as_ref()?;
        if let Some(sq) = board.square(&id.name) {
            return Some((IExpr::Int(sq as i64), Ty::Square));
        }
        crate::ir::board::parse_square_name(&id.name)?;
        let (w, h) = (board.width, board.height);
        self.report(
            Problem::new(
                Kind::UnknownName,
                format!("the square `{}` is not on this board", id.name),
            )
            .label(id.span, format!("not a used square of the {w} x {h} board"))
            .help("name a square of the board: files from `a`, ranks from 1"),
        );
        Some(ERR)
    }

    /// A name the file declares: a define's parameter, an option, an option's word, a
    /// define.
    fn lower_declared_name(
        &mut self,
        id: &Ident,
        scope: Scope,
        params: &[Binding],
    ) -> Option<(IExpr, Ty)> {
        if let Some((_, ir, ty)) = params.iter().rev().find(|(n, _, _)| *n == id.name) {
            return Some((ir.clone(), *ty));
        }
        if let Some(v) = self.values.get(&id.name).cloned() {
            self.options_read.insert(id.name.clone());
            return Some(match v {
                Value::Int(n) => (IExpr::Int(n), Ty::Int),
                Value::Word(w) => (IExpr::Int(self.word_id(&w)), Ty::Word),
                Value::Decimal(_) => {
                    self.report(
                        Problem::new(
                            Kind::TypeMismatch,
                            format!("`{}` holds a number with a fraction", id.name),
                        )
                        .label(id.span, "points for `bonus`, not a number to compute with")
                        .help("numbers in expressions are whole; a fraction of a point goes to a player by `bonus`"),
                    );
                    ERR
                }
            });
        }
        if let Some(i) = self.words.get_index_of(&id.name) {
            return Some((IExpr::Int(i as i64), Ty::Word));
        }
        if let Some(def) = self.defines.get(&id.name).copied() {
            self.names_read.insert(id.name.clone());
            if def.params.as_ref().is_some_and(|p| !p.is_empty()) {
                self.report(
                    Problem::new(Kind::WrongArity, format!("`{}` takes arguments", id.name))
                        .label(id.span, "used without arguments")
                        .label(def.name.span, "declared here")
                        .help(format!("call it as `{}(…)`", id.name)),
                );
                return Some(ERR);
            }
            return Some(self.inline(def, id, Vec::new(), scope));
        }
        None
    }

    /// A name of the language (`last`, `store`, `passes`, a rule's name, `file`…), where
    /// the scope has it.
    fn lower_builtin_name(&mut self, id: &Ident, scope: Scope) -> Option<(IExpr, Ty)> {
        if scope.sown {
            match id.name.as_str() {
                "last" => return Some((IExpr::Square(SquareRef::To), Ty::Square)),
                "lifted" => return Some((IExpr::Lifted, Ty::Int)),
                "laps" => return Some((IExpr::Laps, Ty::Int)),
                "taken" => return Some((IExpr::Taken, Ty::Int)),
                _ => {}
            }
        }
        // The square being described: counted (`count(… where …)`), or a capture's pit.
        if id.name == "here" && scope.here {
            return Some((IExpr::Square(SquareRef::Here), Ty::Square));
        }
        if id.name == "was_empty" && scope.sown {
            self.report(
                Problem::new(
                    Kind::RemovedConstruct,
                    "`was_empty` is no longer part of the language",
                )
                .label(id.span, "the pit's seeds can be read now")
                .help("the last pit was empty before the seed fell when `seeds(last) == 1`"),
            );
            return Some(ERR);
        }
        if id.name == "store" && scope.state {
            if !self.counters {
                self.report(
                    Problem::new(Kind::SeedsWithoutCounters, "`store` needs `counters`")
                        .label(id.span, "a game without counters has no stores")
                        .help("declare `counters` so that squares are pits holding seeds"),
                );
                return Some(ERR);
            }
            return Some((IExpr::Store, Ty::Int));
        }
        if let Some(c) = self.counter(&id.name).cloned() {
            if !self.counter_readable(id, scope) {
                return Some(ERR);
            }
            let e = IExpr::Counter {
                slot: c.slot,
                shared: c.shared,
                player: None,
            };
            return Some((e, Ty::Int));
        }
        if id.name == "player" && scope.player {
            return Some((IExpr::Reader, Ty::Player));
        }
        if let Some(i) = self.players.get_index_of(&id.name) {
            return Some((IExpr::Int(i as i64), Ty::Player));
        }
        if id.name == "seen" && scope.state {
            return Some((IExpr::Seen(None), Ty::Bool));
        }
        if matches!(id.name.as_str(), "passes" | "repeated") && scope.state {
            let e = if id.name == "passes" {
                IExpr::Passes
            } else {
                IExpr::Repeated
            };
            return Some((e, Ty::Int));
        }
        if id.name == "stuck" && scope.after {
            return Some((IExpr::Stuck, Ty::Bool));
        }
        if matches!(id.name.as_str(), "turned" | "taken") && scope.effects {
            let e = if id.name == "turned" {
                IExpr::Turned
            } else {
                IExpr::Taken
            };
            return Some((e, Ty::Int));
        }
        if scope.state {
            let rule = self.items(|i| match i {
                Item::Move(m) => Some(&m.name.name),
                _ => None,
            });
            if let Some(i) = rule.iter().position(|n| **n == id.name) {
                return Some((IExpr::Int(i as i64), Ty::Rule));
            }
        }
        if self.dir_names.contains_key(&id.name) {
            self.report(
                Problem::new(
                    Kind::TypeMismatch,
                    format!(
                        "`{}` is a direction, a step that is added to a square",
                        id.name
                    ),
                )
                .label(id.span, "a direction alone")
                .help(format!(
                    "write `to + {}` for the square one step that way",
                    id.name
                )),
            );
            return Some(ERR);
        }
        if matches!(id.name.as_str(), "file" | "rank" | "row") {
            if !scope.here {
                self.report(
                    Problem::new(
                        Kind::OutOfScope,
                        format!("`{}` alone needs a square being described", id.name),
                    )
                    .label(
                        id.span,
                        format!("no square is described in {}", scope.place),
                    )
                    .help(format!("name the square: `{}(to)`", id.name)),
                );
                return Some(ERR);
            }
            let here = Box::new(IExpr::Square(SquareRef::Here));
            return Some(self.square_builtin(&id.name, here, id.span, scope));
        }
        None
    }

    /// Reports a name that is nothing here, with the names that are.
    fn unknown_name(&mut self, id: &Ident, scope: Scope, params: &[Binding]) {
        let counts_a_move =
            matches!(id.name.as_str(), "turned" | "taken") && !(id.name == "taken" && scope.sown);
        if counts_a_move && !params.iter().any(|(n, _, _)| *n == id.name) {
            self.report(
                Problem::new(
                    Kind::OutOfScope,
                    format!("`{}` is known only in a move rule's `require`", id.name),
                )
                .label(id.span, format!("not in {}", scope.place))
                .help("`taken` and `turned` count what the move being made took or turned; read them in its rule's `require` (`move drop { … require taken >= 1 }`)"),
            );
            return;
        }
        if id.name == "stuck" && !params.iter().any(|(n, _, _)| *n == id.name) {
            self.report(
                Problem::new(
                    Kind::OutOfScope,
                    "`stuck` is known only in a move rule's `require` and a game of pieces' `after move require`",
                )
                .label(id.span, format!("not in {}", scope.place))
                .help("`stuck` asks whether the player who moves next has no legal move, on the position after a move: read it in a rule's `require` or in `after move require`"),
            );
            return;
        }
        let mut known: Vec<String> = params.iter().map(|(n, _, _)| n.clone()).collect();
        known.extend(self.values.keys().cloned());
        known.extend(self.defines.keys().cloned());
        known.extend(self.words.iter().cloned());
        if scope.here {
            known.extend(["file", "rank", "row"].map(String::from));
        }
        if scope.sown {
            known.extend(["last", "lifted", "laps", "taken"].map(String::from));
            if scope.here {
                known.push("here".into());
            }
        }
        if scope.state && self.counters {
            known.push("store".into());
        }
        if scope.state {
            known.extend(["passes", "repeated"].map(String::from));
        }
        if scope.effects {
            known.extend(["turned", "taken"].map(String::from));
        }
        if scope.after {
            known.push("stuck".into());
        }
        self.unknown("name", id, known.iter().map(String::as_str));
    }

    fn word_id(&mut self, w: &str) -> i64 {
        self.words.insert_full(w.to_string()).0 as i64
    }

    fn square_builtin(
        &mut self,
        name: &str,
        sq: Box<IExpr>,
        span: Span,
        scope: Scope,
    ) -> (IExpr, Ty) {
        match name {
            "file" => (IExpr::File(sq), Ty::Int),
            "rank" => (IExpr::Rank(sq), Ty::Int),
            _ => {
                if !scope.player {
                    self.report(
                        Problem::new(
                            Kind::OutOfScope,
                            "`row` is counted from a player's side, and no player is known here",
                        )
                        .label(span, format!("not in {}", scope.place))
                        .help("use `rank` (counted from the first player's side) instead"),
                    );
                    return (IExpr::Int(0), Ty::Error);
                }
                (IExpr::Row(sq), Ty::Int)
            }
        }
    }

    fn inline(
        &mut self,
        def: &crate::syntax::ast::DefineDecl,
        at: &Ident,
        args: Vec<Binding>,
        scope: Scope,
    ) -> (IExpr, Ty) {
        if self.inlining.contains(&def.name.name) {
            self.report(
                Problem::new(
                    Kind::RecursiveDefine,
                    format!("`{}` refers to itself", def.name.name),
                )
                .label(at.span, "used inside its own definition")
                .label(def.name.span, "declared here")
                .help("a define is a formula; it cannot call itself"),
            );
            return (IExpr::Int(0), Ty::Error);
        }
        if self.inlining.len() >= MAX_DEFINE_DEPTH || self.inlined >= MAX_INLINED {
            if !self.inlining_refused {
                self.inlining_refused = true;
                let (code, message) = if self.inlining.len() >= MAX_DEFINE_DEPTH {
                    (
                        Kind::DefineTooDeep,
                        format!("defines call defines more than {MAX_DEFINE_DEPTH} deep here"),
                    )
                } else {
                    (
                        Kind::DefineTooLarge,
                        format!(
                            "the defines expand to more than {MAX_INLINED} uses; this one is past that"
                        ),
                    )
                };
                self.report(
                    Problem::new(code, message)
                        .label(at.span, "used here")
                        .label(def.name.span, "declared here")
                        .help("write the formula with fewer layers of defines"),
                );
            }
            return (IExpr::Int(0), Ty::Error);
        }
        self.inlined += 1;
        self.inlining.push(def.name.name.clone());
        let result = self.lower(&def.body, scope, &args);
        self.inlining.pop();
        result
    }

    /// Whether a counter may be read where `scope` is (where the position is known);
    /// reports it where not.
    fn counter_readable(&mut self, id: &Ident, scope: Scope) -> bool {
        if !scope.state {
            self.report(
                Problem::new(
                    Kind::TypeMismatch,
                    format!("the counter `{}` is not known in {}", id.name, scope.place),
                )
                .label(id.span, "a counter changes during the game")
                .help("read counters in move rules, `require`, `after move require`, end rules and `score`"),
            );
        }
        scope.state
    }

    /// `NAME(PLAYER)`: a player's counter, whoever reads it.
    fn lower_counter_of(
        &mut self,
        c: &crate::ir::Counter,
        id: &Ident,
        args: &[Expr],
        span: Span,
        scope: Scope,
    ) -> (IExpr, Ty) {
        let player = match args {
            [Expr {
                kind: ExprKind::Name(p),
                ..
            }] => self.players.get_index_of(&p.name),
            _ => None,
        };
        let Some(player) = player.filter(|_| !c.shared) else {
            let help = if c.shared {
                format!("`{}` is shared: read it as `{}` alone", id.name, id.name)
            } else {
                let names: Vec<&str> = self.players.keys().map(String::as_str).collect();
                format!(
                    "name a player, as `{}({})`, or write `{}` for the reader's own",
                    id.name,
                    names.first().copied().unwrap_or("White"),
                    id.name
                )
            };
            self.report(
                Problem::new(
                    Kind::TypeMismatch,
                    format!("`{}(…)` reads the counter of a player named", id.name),
                )
                .label(span, "not a player's name")
                .help(help),
            );
            return ERR;
        };
        if !self.counter_readable(id, scope) {
            return ERR;
        }
        let e = IExpr::Counter {
            slot: c.slot,
            shared: false,
            player: Some(player as u8),
        };
        (e, Ty::Int)
    }

    fn lower_call(
        &mut self,
        id: &Ident,
        args: &[Expr],
        along: Option<&[Ident]>,
        span: Span,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        let builtin = !self.defines.contains_key(&id.name) && !self.zones.contains_key(&id.name);
        let group_read = match id.name.as_str() {
            "liberties" => Some(GroupRead::Liberties),
            "group_size" => Some(GroupRead::Size),
            "encloses" => Some(GroupRead::Encloses),
            _ => None,
        };
        if along.is_some() || (builtin && group_read.is_some()) {
            let read = group_read.filter(|_| builtin);
            return self.lower_group_read(id, read, args, along, span, scope, params);
        }
        if builtin && id.name == "seen" {
            return self.lower_seen(args, span, scope);
        }
        if let Some(c) = self.counter(&id.name).cloned() {
            return self.lower_counter_of(&c, id, args, span, scope);
        }
        if builtin && id.name == "previous" {
            return self.lower_previous(args, span, scope);
        }
        if builtin && id.name == "seeds" {
            if let [Expr {
                kind: ExprKind::Name(zone),
                ..
            }] = args
            {
                if let Some(&z) = self.zones.get(&zone.name) {
                    self.names_read.insert(zone.name.clone());
                    if !self.reads_seeds(span, scope) {
                        return ERR;
                    }
                    return (IExpr::SeedsIn(z), Ty::Int);
                }
            }
        }
        let lowered: Vec<Argument> = args
            .iter()
            .map(|a| {
                let (ir, ty) = self.lower(a, scope, params);
                (ir, ty, a.span)
            })
            .collect();
        if let Some(def) = self.defines.get(&id.name).copied() {
            self.names_read.insert(id.name.clone());
            let names = def.params.clone().unwrap_or_default();
            if !self.arity(id, span, &lowered, names.len()) {
                return ERR;
            }
            let bindings = names
                .iter()
                .zip(lowered)
                .map(|(n, (ir, ty, _))| (n.name.clone(), ir, ty))
                .collect();
            return self.inline(def, id, bindings, scope);
        }
        if let Some(&z) = self.zones.get(&id.name) {
            self.names_read.insert(id.name.clone());
            if !self.arity(id, span, &lowered, 1) || !self.typed(id, &lowered[0], Ty::Square) {
                return ERR;
            }
            if !scope.player {
                self.report(
                    Problem::new(
                        Kind::OutOfScope,
                        "zones are read from a player's side, and no player is known here",
                    )
                    .label(span, format!("not in {}", scope.place))
                    .help("test the square's file and rank instead"),
                );
                return ERR;
            }
            return (IExpr::InZone(z, Box::new(lowered[0].0.clone())), Ty::Bool);
        }
        self.lower_builtin_call(id, &lowered, span, scope)
    }

    /// A read of the group of a square (`liberties(SQ)`, `group_size(SQ)`, `encloses(SQ)`,
    /// each with `along DIRS`), or `along` given to a call that takes no directions.
    #[allow(clippy::too_many_arguments)]
    fn lower_group_read(
        &mut self,
        id: &Ident,
        read: Option<GroupRead>,
        args: &[Expr],
        along: Option<&[Ident]>,
        span: Span,
        scope: Scope,
        params: &[Binding],
    ) -> (IExpr, Ty) {
        let Some(read) = read else {
            let along = along.unwrap_or_default();
            let span = along
                .first()
                .map_or(span, |a| a.span.to(along.last().unwrap().span));
            self.report(
                Problem::new(
                    Kind::BadValue,
                    format!("`{}` takes no directions", id.name),
                )
                .label(span, "`along` here")
                .help("`along` says how a group is joined: `liberties(to along orthogonal)`, `group_size`, `encloses`"),
            );
            return ERR;
        };
        if !self.reads_board(span, &id.name, scope) {
            return ERR;
        }
        let [arg] = args else {
            let lowered: Vec<Argument> = args
                .iter()
                .map(|a| {
                    let (ir, ty) = self.lower(a, scope, params);
                    (ir, ty, a.span)
                })
                .collect();
            self.arity(id, span, &lowered, 1);
            return ERR;
        };
        let sq = self.lower_typed(arg, Ty::Square, scope, params);
        let dirs = self.direction_lists(along);
        let ty = if read == GroupRead::Encloses {
            Ty::Bool
        } else {
            Ty::Int
        };
        match (sq, dirs) {
            (Some(sq), Some(dirs)) => (IExpr::Group(read, Box::new(sq), dirs), ty),
            _ => ERR,
        }
    }

    /// A call of one of the language's functions (`file`, `seeds`, `moved`, `abs`, `min`,
    /// `max`), its arguments lowered.
    fn lower_builtin_call(
        &mut self,
        id: &Ident,
        lowered: &[Argument],
        span: Span,
        scope: Scope,
    ) -> (IExpr, Ty) {
        let one = |this: &mut Self, want: Ty| {
            this.arity(id, span, lowered, 1) && this.typed(id, &lowered[0], want)
        };
        let arg = |i: usize| Box::new(lowered[i].0.clone());
        match id.name.as_str() {
            "file" | "rank" | "row" => {
                if !one(self, Ty::Square) {
                    return ERR;
                }
                self.square_builtin(&id.name, arg(0), span, scope)
            }
            "seeds" => {
                if !one(self, Ty::Square) || !self.reads_seeds(span, scope) {
                    return ERR;
                }
                (IExpr::Seeds(arg(0)), Ty::Int)
            }
            "height" => {
                if !one(self, Ty::Square) || !self.reads_board(span, "height", scope) {
                    return ERR;
                }
                (IExpr::Height(arg(0)), Ty::Int)
            }
            "moved" => {
                if !one(self, Ty::Square) || !self.reads_board(span, "moved", scope) {
                    return ERR;
                }
                (IExpr::Moved(arg(0)), Ty::Bool)
            }
            "abs" => {
                if !one(self, Ty::Int) {
                    return ERR;
                }
                (IExpr::Abs(arg(0)), Ty::Int)
            }
            "min" | "max" => {
                if !self.arity(id, span, lowered, 2)
                    || !self.typed(id, &lowered[0], Ty::Int)
                    || !self.typed(id, &lowered[1], Ty::Int)
                {
                    return ERR;
                }
                if id.name == "min" {
                    (IExpr::Min(arg(0), arg(1)), Ty::Int)
                } else {
                    (IExpr::Max(arg(0), arg(1)), Ty::Int)
                }
            }
            _ => {
                let mut known: Vec<String> = BUILTINS.iter().map(|s| s.to_string()).collect();
                known.extend(self.defines.keys().cloned());
                known.extend(self.zones.keys().cloned());
                self.unknown("function", id, known.iter().map(String::as_str));
                ERR
            }
        }
    }

    /// Whether a call of `id` has `n` arguments; reports it otherwise.
    fn arity(&mut self, id: &Ident, span: Span, lowered: &[Argument], n: usize) -> bool {
        if lowered.len() == n {
            return true;
        }
        let mut problem = Problem::new(
            Kind::WrongArity,
            format!(
                "`{}` takes {n} argument{}, found {}",
                id.name,
                if n == 1 { "" } else { "s" },
                lowered.len()
            ),
        )
        .label(span, format!("{} given", lowered.len()))
        .help(format!("call it with {n}"));
        if let Some(def) = self.defines.get(&id.name).copied() {
            problem = problem.label(
                def.name.span,
                format!(
                    "declared here with {n} parameter{}",
                    if n == 1 { "" } else { "s" }
                ),
            );
        }
        self.report(problem);
        false
    }

    /// Whether an argument of a call of `id` is of the type wanted (and not itself a
    /// mistake); reports a mismatch.
    fn typed(&mut self, id: &Ident, (_, ty, span): &Argument, want: Ty) -> bool {
        if !ty.fits(want) {
            self.report(
                Problem::new(
                    Kind::TypeMismatch,
                    format!(
                        "`{}` needs {}, found {}",
                        id.name,
                        want.article(),
                        ty.article()
                    ),
                )
                .label(*span, format!("this is {}", ty.article()))
                .help(format!("pass {}", want.article())),
            );
            return false;
        }
        *ty != Ty::Error
    }

    /// Whether `name`, which reads the game's history, may be read here (where the position
    /// is known); else says where it may (`places`).
    fn reads_history(&mut self, name: &str, span: Span, scope: Scope, places: &str) -> bool {
        if !scope.state {
            self.report(
                Problem::new(
                    Kind::OutOfScope,
                    format!("`{name}` reads the game's history, which is not known here"),
                )
                .label(span, format!("not in {}", scope.place))
                .help(format!("read it in {places}")),
            );
        }
        scope.state
    }

    /// `seen` or `seen(N)`: whether the board has stood before (in the last N positions).
    fn lower_seen(&mut self, args: &[Expr], span: Span, scope: Scope) -> (IExpr, Ty) {
        if !self.reads_history("seen", span, scope, "`after move require` or an end rule") {
            return ERR;
        }
        match args {
            [] => (IExpr::Seen(None), Ty::Bool),
            [n] => match self.constant_int(n) {
                Some(k) if (1..=1_000_000).contains(&k) => {
                    (IExpr::Seen(Some(k as usize)), Ty::Bool)
                }
                Some(k) => {
                    self.report(
                        Problem::new(Kind::BadValue, format!("`seen({k})` looks back no position"))
                            .label(n.span, "from 1 position back")
                            .help("`seen(2)` is the board before the move before; `seen` alone, any before"),
                    );
                    ERR
                }
                None => ERR,
            },
            _ => {
                self.report(
                    Problem::new(Kind::WrongArity, "`seen` takes one number, or none")
                        .label(span, format!("{} given", args.len()))
                        .help("write `seen` or `seen(2)`"),
                );
                ERR
            }
        }
    }

    /// Whether seeds may be read here: in a game with counters, where the position is known.
    fn reads_seeds(&mut self, span: Span, scope: Scope) -> bool {
        if !self.counters {
            self.report(
                Problem::new(Kind::SeedsWithoutCounters, "`seeds` needs `counters`")
                    .label(span, "a game without counters has no seeds")
                    .help("declare `counters` so that squares are pits holding seeds"),
            );
            return false;
        }
        self.reads_board(span, "seeds", scope)
    }

    /// `previous(from)`, `previous(to)` (or `last`), `previous(lifted)`, `previous(laps)`,
    /// `previous(taken)`: what the move before this position did.
    fn lower_previous(&mut self, args: &[Expr], span: Span, scope: Scope) -> (IExpr, Ty) {
        let places = "a move's condition, `after move require`, or an end rule";
        if !self.reads_history("previous", span, scope, places) {
            return ERR;
        }
        let field = match args {
            [a] => match &a.kind {
                ExprKind::From => Some((LookField::From, Ty::Square)),
                ExprKind::To => Some((LookField::To, Ty::Square)),
                ExprKind::Name(n) => match n.name.as_str() {
                    "last" => Some((LookField::To, Ty::Square)),
                    "lifted" => Some((LookField::Lifted, Ty::Int)),
                    "laps" => Some((LookField::Laps, Ty::Int)),
                    "taken" => Some((LookField::Taken, Ty::Int)),
                    "rule" => Some((LookField::Rule, Ty::Rule)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let Some((field, ty)) = field else {
            self.report(
                Problem::new(Kind::BadPrevious, "`previous` reads one part of the move before")
                    .label(span, "not a part of a move")
                    .help("write `previous(from)`, `previous(to)`, `previous(last)`, `previous(rule)`, `previous(lifted)`, `previous(laps)` or `previous(taken)`"),
            );
            return ERR;
        };
        if !self.counters && matches!(field, LookField::Lifted | LookField::Laps) {
            self.report(
                Problem::new(
                    Kind::BadPrevious,
                    "only a sowing lifts seeds and makes laps",
                )
                .label(span, "a game without counters")
                .help("read `previous(from)`, `previous(to)` or `previous(taken)`"),
            );
            return ERR;
        }
        (IExpr::Previous(field), ty)
    }

    /// Warns that `span` names neutral pieces in a game that never has one.
    pub(super) fn no_neutral_pieces(&mut self, span: Span) {
        if self.neutral.is_none() {
            self.report(
                Problem::new(Kind::NoNeutralPieces, "no neutral piece is ever on the board")
                    .label(span, "this names neutral pieces")
                    .help("put one in the setup (`neutral stone on d4`) or place one (`place neutral stone`)"),
            );
        }
    }

    /// A pattern as a bitmask over cell codes, for each player.
    pub(super) fn lower_pattern(&mut self, p: &crate::syntax::ast::Pattern) -> Pattern {
        let players = self.players.len().max(1);
        let owners = self.owners().max(1);
        if p.word == PatternWord::Neutral {
            self.no_neutral_pieces(p.span);
        }
        let types = self.pieces.len().max(1);
        let piece = match &p.piece {
            None => None,
            Some(id) => match self.pieces.get_index_of(&id.name) {
                Some(i) => Some(i),
                None => {
                    let known: Vec<String> = self.pieces.keys().cloned().collect();
                    self.unknown("piece type", id, known.iter().map(String::as_str));
                    return Pattern::default();
                }
            },
        };
        // More types after the first (`enemy king, rook`).
        let mut types_named: Vec<usize> = piece.into_iter().collect();
        for id in &p.more {
            match self.pieces.get_index_of(&id.name) {
                Some(i) => types_named.push(i),
                None => {
                    let known: Vec<String> = self.pieces.keys().cloned().collect();
                    self.unknown("piece type", id, known.iter().map(String::as_str));
                    return Pattern::default();
                }
            }
        }
        if p.word == PatternWord::Empty && piece.is_some() {
            self.report(
                Problem::new(Kind::BadPattern, "an empty square holds no piece")
                    .label(p.span, "`empty` cannot name a piece type")
                    .help("write `empty`, or `friend`/`enemy`/`occupied` with a piece type"),
            );
        }
        if p.word == PatternWord::Off {
            self.report(
                Problem::new(Kind::BadPattern, "`off` matches no square of the board")
                    .label(p.span, "no square is off the board here")
                    .help("ask it of a square: `to + s is off`"),
            );
            return Pattern::default();
        }
        let mut out = Pattern::default();
        for viewer in 0..players.min(crate::ir::MAX_PLAYERS) {
            let mut mask = 0u64;
            for code in 0..(1 + owners * types).min(64) {
                let hit = if code == 0 {
                    matches!(p.word, PatternWord::Empty | PatternWord::Any) && piece.is_none()
                } else {
                    let (owner, t) = ((code - 1) / types, (code - 1) % types);
                    let owner_ok = match p.word {
                        PatternWord::Empty | PatternWord::Off => false,
                        PatternWord::Occupied | PatternWord::Any => true,
                        PatternWord::Friend => owner == viewer,
                        PatternWord::Enemy => owner != viewer && owner < players,
                        PatternWord::Neutral => owner == players,
                    };
                    owner_ok && (types_named.is_empty() || types_named.contains(&t))
                };
                if hit {
                    mask |= 1 << code;
                }
            }
            out.masks[viewer] = mask;
        }
        out
    }
}

fn plural(t: Ty) -> &'static str {
    match t {
        Ty::Int => "numbers",
        Ty::Bool => "conditions",
        Ty::Square => "squares",
        Ty::Word => "words",
        Ty::Player => "players",
        Ty::Rule => "move rules",
        Ty::Error => "values",
    }
}

/// Whether an expression's value is the same everywhere.
fn is_constant(e: &IExpr) -> bool {
    match e {
        IExpr::Int(_) => true,
        IExpr::Unary(_, a) | IExpr::Abs(a) => is_constant(a),
        IExpr::Binary(_, a, b) | IExpr::Min(a, b) | IExpr::Max(a, b) => {
            is_constant(a) && is_constant(b)
        }
        _ => false,
    }
}

/// A value that overflows where it is read (`what`: "its value on c1").
pub(crate) fn overflow(span: Span, what: String) -> Problem {
    Problem::new(
        Kind::Overflow,
        format!(
            "{what} does not fit in a number (from {} to {})",
            i64::MIN,
            i64::MAX
        ),
    )
    .label(span, "this value overflows")
    .help("use smaller numbers")
}

/// `-e`, folded where `e` is a number.
fn negated(e: IExpr) -> IExpr {
    match e {
        IExpr::Int(n) if n != i64::MIN => IExpr::Int(-n),
        e => IExpr::Unary(crate::ir::UnOp::Neg, Box::new(e)),
    }
}
