//! The starting position.

use super::expr::{Scope, Ty};
use super::Checker;
use crate::diagnostic::Span;
use crate::diagnostic::{Kind, Problem};
use crate::eval::Env;
use crate::eval::{value_once, SquareReader};
use crate::ir::board::parse_square_name;
use crate::ir::{Code, MAX_HAND_TYPES};
use crate::syntax::ast::{
    Clause, EffectVerb, Expr, Item, Placed, Placement, PlacementTarget, SetupBlock,
};

/// The pieces a game can ever have on its board (see `Checker::supply`).
pub(super) struct Supply {
    /// The setup's cell codes.
    pub setup: Vec<Code>,
    /// The pieces all hands hold at the start.
    pub from_hands: usize,
    /// Where a placement brings in pieces of a type not kept in hand, with no bound.
    pub unbounded: Option<crate::diagnostic::Span>,
    /// Whether an effect turns pieces to the mover's side, so that any piece may come to
    /// be anyone's.
    pub turns: bool,
}

impl Checker<'_> {
    /// The starting cell codes, or `None` if the board is unknown.
    pub(super) fn setup(&mut self) -> Option<Vec<u8>> {
        let blocks = self.items(|i| match i {
            Item::Setup(s) => Some(s),
            _ => None,
        });
        let block = self.single(&blocks, |b: &SetupBlock| b.span, "setup");
        let cells = self.board.as_ref().map(|b| b.cells());
        let mut codes = vec![0u8; cells.unwrap_or(0)];
        // Which placement filled each square, to warn about a square filled twice.
        let mut filled_by: Vec<Option<Span>> = vec![None; codes.len()];
        self.heights = vec![1; codes.len()];
        for p in block.map(|b| b.placements.as_slice()).unwrap_or_default() {
            self.placement(p, &mut codes, &mut filled_by);
        }
        cells.map(|_| codes)
    }

    /// How many pieces there can ever be: those of the setup, and those that placements
    /// bring in from hands, or no bound when a placement brings in a type not kept in hand.
    pub(super) fn supply(
        &self,
        setup: Option<&[Code]>,
        hands: &[Vec<u8>],
        hand_types: u64,
    ) -> Supply {
        let mut unbounded = None;
        let mut turns = false;
        for item in &self.file.items {
            let Item::Move(m) = item else {
                continue;
            };
            for clause in &m.clauses {
                match clause {
                    Clause::Place(t, _, span) => {
                        let kept = self
                            .pieces
                            .get_index_of(&t.name)
                            .is_some_and(|i| (hand_types >> i) & 1 != 0);
                        if !kept && unbounded.is_none() {
                            unbounded = Some(*span);
                        }
                    }
                    Clause::Effect(e) => turns |= e.verb == EffectVerb::Turn,
                    _ => {}
                }
            }
        }
        Supply {
            setup: setup.map(<[Code]>::to_vec).unwrap_or_default(),
            from_hands: hands.iter().flatten().map(|&n| n as usize).sum(),
            unbounded,
            turns,
        }
    }

    /// `White 30 disc in hand`: for each player and piece type, the pieces they start with
    /// in hand, and the types kept in hand.
    /// `hands`, and with `taken to hand` every piece type kept in hand (up to the first
    /// `MAX_HAND_TYPES`), from none when the setup gives none.
    pub(super) fn hands_and_taken(&mut self) -> (Vec<Vec<u8>>, u64) {
        let (mut hands, mut types) = self.hands();
        if self.taken_to_hand {
            if hands.is_empty() {
                hands = vec![vec![0u8; self.pieces.len()]; self.players.len()];
            }
            types |= u64::MAX >> (64 - self.pieces.len().clamp(1, MAX_HAND_TYPES));
        }
        (hands, types)
    }

    fn hands(&mut self) -> (Vec<Vec<u8>>, u64) {
        let blocks = self.items(|i| match i {
            Item::Setup(s) => Some(s),
            _ => None,
        });
        let fills: Vec<_> = blocks.iter().flat_map(|b| b.hands.iter()).collect();
        if fills.is_empty() {
            return (Vec::new(), 0);
        }
        let players = self.players.len();
        let mut hands = vec![vec![0u8; self.pieces.len()]; players];
        let mut types = 0u64;
        for h in fills {
            let Some(t) = self.pieces.get_index_of(&h.piece.name) else {
                let known: Vec<String> = self.pieces.keys().cloned().collect();
                self.unknown("piece type", &h.piece, known.iter().map(String::as_str));
                continue;
            };
            if t >= MAX_HAND_TYPES {
                self.report(
                    Problem::new(
                        Kind::TooManyHands,
                        format!("pieces in hand are kept for the first {MAX_HAND_TYPES} piece types only"),
                    )
                    .label(h.piece.span, "a later piece type")
                    .help("declare the piece types kept in hand first in `pieces`"),
                );
                continue;
            }
            if !(0..=u8::MAX as i64).contains(&h.count.value) {
                self.report(
                    Problem::new(Kind::BadValue, format!("{} pieces in hand", h.count.value))
                        .label(h.count.span, "from 0 to 255")
                        .help("put fewer pieces in hand"),
                );
                continue;
            }
            let owners: Vec<usize> = match &h.owner {
                None => (0..players).collect(),
                Some(o) => match self.players.get_index_of(&o.name) {
                    Some(i) => vec![i],
                    None => {
                        let known: Vec<String> = self.players.keys().cloned().collect();
                        self.unknown("player", o, known.iter().map(String::as_str));
                        continue;
                    }
                },
            };
            for p in owners {
                hands[p][t] = h.count.value as u8;
            }
            types |= 1 << t;
        }
        (hands, types)
    }

    /// `put N where COND` / `put N on a, b`: N seeds on each square (with `counters`). The
    /// count may depend on the square (`put file + 1 where true`).
    fn seed_placement(&mut self, p: &Placement, count: &Expr) {
        if !self.counters {
            self.report(
                Problem::new(
                    Kind::SeedsWithoutCounters,
                    "`put` places seeds, which needs `counters`",
                )
                .label(p.span, "seeds on squares that hold pieces")
                .help("declare `counters` so that squares are pits holding seeds"),
            );
            return;
        }
        let Some(n) = self.lower_as(count, Ty::Int, Scope::SQUARE) else {
            return;
        };
        let cond = match &p.target {
            PlacementTarget::Where(cond) => match self.lower_as(cond, Ty::Bool, Scope::SQUARE) {
                Some(c) => Some(c),
                None => return,
            },
            PlacementTarget::On(_) => None,
        };
        let Some(env) = self.square_env() else {
            return;
        };
        let mut overflow = None;
        let squares: Vec<usize> = match (&p.target, &cond) {
            (_, Some(cond)) => (0..env.cells)
                .filter(|&sq| {
                    env.used[sq]
                        && (0..self.players.len()).any(|owner| {
                            let e: Env = Env {
                                player: owner as u8,
                                here: sq as u16,
                                ..env
                            };
                            value_once(cond, &e, sq, &mut overflow) != 0
                        })
                })
                .collect(),
            (PlacementTarget::On(names), None) => {
                let board = self
                    .board
                    .as_ref()
                    .expect("a square environment has a board");
                names
                    .iter()
                    .filter_map(|s| board.square(&s.value).map(|sq| sq as usize))
                    .collect()
            }
            (PlacementTarget::Where(_), None) => return,
        };
        let mut count_overflow = None;
        let values: Vec<(usize, i64)> = squares
            .into_iter()
            .map(|sq| {
                let e: Env = Env {
                    here: sq as u16,
                    ..env
                };
                (sq, value_once(&n, &e, sq, &mut count_overflow))
            })
            .collect();
        if let (Some(sq), PlacementTarget::Where(c)) = (overflow, &p.target) {
            self.overflow_on(c.span, sq);
            return;
        }
        if let Some(sq) = count_overflow {
            self.overflow_on(count.span, sq);
            return;
        }
        if self.seeds.len() < env.cells {
            self.seeds.resize(env.cells, 0);
        }
        for (sq, v) in values {
            if v < 0 {
                self.report(
                    Problem::new(
                        Kind::BadValue,
                        format!("{v} seeds: a pit cannot hold fewer than 0"),
                    )
                    .label(
                        count.span,
                        format!(
                            "{v} on {}",
                            self.board.as_ref().map_or("", |b| b.name(sq as u16))
                        ),
                    )
                    .help("put 0 or more seeds"),
                );
                return;
            }
            self.seeds[sq] = v;
        }
    }

    /// The squares (and owners) where a setup line's condition holds, for each owner.
    fn squares_where(
        &mut self,
        cond: &crate::syntax::ast::Expr,
        owners: &[usize],
    ) -> Vec<(usize, usize)> {
        let mut hits = Vec::new();
        let Some(lowered) = self.lower_as(cond, Ty::Bool, Scope::SQUARE) else {
            return hits;
        };
        let Some(env) = self.square_env() else {
            return hits;
        };
        let reader = SquareReader::new(&lowered);
        let mut overflow = None;
        for &owner in owners {
            for sq in 0..env.cells {
                let e: Env = Env {
                    player: owner as u8,
                    here: sq as u16,
                    ..env
                };
                if env.used[sq] && reader.on(&e, sq, &mut overflow) != 0 {
                    hits.push((sq, owner));
                }
            }
        }
        if let Some(sq) = overflow {
            self.overflow_on(cond.span, sq);
        }
        hits
    }

    fn placement(&mut self, p: &Placement, codes: &mut [u8], filled_by: &mut [Option<Span>]) {
        let owners: Vec<usize> = match &p.owner {
            // Read from the first player's side.
            None if p.neutral => vec![0],
            None => (0..self.players.len()).collect(),
            Some(o) => match self.players.get_index_of(&o.name) {
                Some(i) => vec![i],
                None => {
                    let known: Vec<String> = self.players.keys().cloned().collect();
                    self.unknown("player", o, known.iter().map(String::as_str));
                    return;
                }
            },
        };
        let piece_name = match &p.what {
            Placed::Piece(name) => name,
            Placed::Seeds(count) => return self.seed_placement(p, count),
        };
        let Some(piece) = self.pieces.get_index_of(&piece_name.name) else {
            let known: Vec<String> = self.pieces.keys().cloned().collect();
            self.unknown("piece type", piece_name, known.iter().map(String::as_str));
            return;
        };
        let types = self.pieces.len();
        let height = match &p.count {
            None => 1,
            Some(n) if self.piles && (1..=64).contains(&n.value) => n.value as u8,
            Some(n) => {
                let (label, help) = match self.piles {
                    true => ("from 1 to 64", "a pile holds 1 to 64 pieces"),
                    false => (
                        "a pile",
                        "declare `piles` so that a square holds several pieces of one kind",
                    ),
                };
                self.report(
                    Problem::new(Kind::BadValue, format!("a pile of {} pieces", n.value))
                        .label(n.span, label)
                        .help(help),
                );
                return;
            }
        };
        let neutral = p.neutral.then_some(self.players.len());
        let mut put = |this: &mut Self, sq: usize, owner: usize| {
            let owner = neutral.unwrap_or(owner);
            if let Some(first) = filled_by[sq] {
                let name = this
                    .board
                    .as_ref()
                    .map_or(String::new(), |b| b.names[sq].clone());
                this.report(
                    Problem::new(
                        Kind::SquareFilledTwice,
                        format!("the square {name} is given a piece twice"),
                    )
                    .label(p.span, "this placement")
                    .label(first, "fills it first")
                    .help("the later placement wins; narrow one of the conditions"),
                );
            }
            filled_by[sq] = Some(p.span);
            codes[sq] = (1 + owner * types + piece) as u8;
            this.heights[sq] = height;
        };
        match &p.target {
            PlacementTarget::Where(cond) => {
                let hits = self.squares_where(cond, &owners);
                for (sq, owner) in hits {
                    put(self, sq, owner);
                }
            }
            PlacementTarget::On(squares) => {
                for s in squares {
                    let Some(board) = &self.board else {
                        return;
                    };
                    match board.square(&s.value) {
                        Some(sq) => {
                            for &owner in &owners {
                                put(self, sq as usize, owner);
                            }
                        }
                        None => {
                            let why = match parse_square_name(&s.value) {
                                Some(_) if board.square(&s.value).is_none() => {
                                    format!("the board is {} x {}", board.width, board.height)
                                }
                                _ => "square names are a file letter and a rank number".into(),
                            };
                            self.report(
                                Problem::new(
                                    Kind::SquareOffBoard,
                                    format!("the setup square {} is not on the board", s.value),
                                )
                                .label(s.span, "not a used square of this board")
                                .help(format!("{why}; this placement is ignored")),
                            );
                        }
                    }
                }
            }
        }
    }
}
