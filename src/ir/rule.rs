//! A move rule, compiled: which pieces, which directions, what a landing must hold, what is
//! taken, and the tables that settle its geometry before play.

use super::board::{MaskTable, Sq, SquareSet, NO_SQUARE};
use super::expr::Expr;
use super::pattern::{OwnerPattern, Pattern};
use super::program::Program;
use super::Mask;
use super::{DirId, RuleId, MAX_PLAYERS};

/// A run of squares a move passes over: `min..=max` squares matching `pattern`, starting
/// next to the mover. Every square that follows such a run and matches the rule's `onto`
/// is a landing: `over 0+ empty onto empty` slides to any empty square of a line, while
/// `over 0+ empty onto enemy` can only land on the first occupied square.
/// `rotate N x N clockwise, anticlockwise`: a move that turns the `size` × `size` block of
/// squares whose lower left corner is its square a quarter turn, pieces and all, in one of
/// the senses it allows. A move's step says which: `Rotation::CLOCKWISE` or
/// `Rotation::ANTICLOCKWISE` as its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotation {
    pub size: u8,
    pub clockwise: bool,
    pub anticlockwise: bool,
}

impl Rotation {
    pub const CLOCKWISE: DirId = DirId(0);
    pub const ANTICLOCKWISE: DirId = DirId(1);

    /// The senses a move may turn the block, as the step's direction.
    pub fn senses(self) -> impl Iterator<Item = DirId> {
        [
            self.clockwise.then_some(Rotation::CLOCKWISE),
            self.anticlockwise.then_some(Rotation::ANTICLOCKWISE),
        ]
        .into_iter()
        .flatten()
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub pattern: Pattern,
    pub min: u16,
    pub max: u16,
}

/// The most runs a rule passes over in turn, and the most squares their counts may spell
/// out (`over 2 empty` is two, `over 1..3 empty` three, `over 2+ empty` three: two and a
/// repeat): what the generator walks, all movers at once, with a set of squares for each.
pub const MAX_RUN_PARTS: usize = 4;
pub const MAX_RUN_ITEMS: usize = 16;

/// Runs passed over in turn (`over 0+ empty` `over 1 occupied` `over 0+ empty`: one
/// piece leapt, anywhere on the line), spelt out square by square: `items[i]` says which run a square
/// passed `i`-th belongs to and whether it may be left out or repeated. A walker that has
/// passed `i` items stands on a square the next item must match; it lands once it has
/// passed them all.
#[derive(Clone, Debug)]
pub struct RunParts {
    pub runs: Vec<Run>,
    pub items: Vec<RunItem>,
}

/// One square of a run in parts: its run, and how often it is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunItem {
    pub run: u8,
    pub times: Times,
}

/// How often an item of a run in parts is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Times {
    /// Once: one of a run's least squares.
    Once,
    /// Once or not at all: one of the squares between a run's least and most.
    Maybe,
    /// Any number of times (`2+`'s squares past the second).
    Any,
}

impl Times {
    /// Whether a walker may leave the item out.
    pub fn skippable(self) -> bool {
        self != Times::Once
    }
}

impl RunParts {
    /// The runs spelt out, or `None` where their counts spell more than `MAX_RUN_ITEMS`
    /// squares (a count above the board's longest line is read as `+`).
    pub fn of(runs: &[Run], longest: u16) -> Option<RunParts> {
        let mut items = Vec::new();
        for (i, r) in runs.iter().enumerate() {
            let item = |times| RunItem {
                run: i as u8,
                times,
            };
            let open = r.max > longest;
            items.extend((0..r.min).map(|_| item(Times::Once)));
            if open {
                items.push(item(Times::Any));
            } else {
                items.extend((r.min..r.max).map(|_| item(Times::Maybe)));
            }
            if items.len() > MAX_RUN_ITEMS {
                return None;
            }
        }
        Some(RunParts {
            runs: runs.to_vec(),
            items,
        })
    }
}

/// How a chain goes on: while the piece can (`Must`), or as the player likes (`May`: every
/// prefix of a chain is a move too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    Must,
    May,
}

#[derive(Clone, Debug)]
#[repr(C)]
pub struct MoveRule {
    // Laid out as written (`repr(C)`): the fields the move generator reads of every rule
    // of a tier come first, in the first few cache lines, and the programs are boxed, so
    // that whether a rule has one is read there too (a rule is 912 bytes, from 2,480).
    // Laid out by the compiler, those reads spread over a dozen lines (the first-level
    // cache misses of a perft, `valgrind --tool=cachegrind`: docs/INTERNALS.md, "Memory").
    /// Whether a move by this rule is its steps alone: no piece placed, no part before or
    /// after it, no effect, no `require`. The generator's common case, checked once.
    pub plain: bool,
    /// Whether the rule before it in its tier lists this one's moves (its `twin`).
    pub twinned: bool,
    /// The next rule of its tier, where it walks as this one does and differs only in
    /// what it lands on and takes (`king_step` onto empty, `king_take` onto enemy): the
    /// generator finds the moves of both by one walk (`generate::twin_moves`). Settled
    /// once the game is compiled (`compile::settle::pair_twins`).
    pub twin: Option<RuleId>,
    /// Whether some rule's `then` names this one: it is made only as a second part.
    pub second_part: bool,
    /// Whether the rule before it in its tier has the same `gate` (`gate_shared_next` of
    /// that one).
    pub gate_shared_before: bool,
    /// Whether the next rule of its tier has the same `gate` (`if all_home` on two rules
    /// of bearing off): the generator reads it once for both, and where it fails lists
    /// neither. Settled once the game is compiled.
    pub gate_shared_next: bool,
    /// `pass`: the rule's one move is a pass (`Move::PASS`), where its conditions hold.
    pub passes: bool,
    /// `by die`: the piece goes as many steps along a direction as a die left to play
    /// shows, and uses that die.
    pub by_die: bool,
    /// `anywhere`: the piece goes to any square the rule allows, by no line (its walks are
    /// empty; its conditions are all read move by move).
    pub anywhere: bool,
    /// Whether the moves of a moving rule without a chain or runs in turn are walked onto
    /// `condition_sets` found once, not read landing by landing: where the set takes a few
    /// operations to find (`Where::is_light`: fixed sets and the squares of the move
    /// before), not a read of the board that costs more than the few landings a rule has.
    pub walks_within: bool,
    /// Whether the piece on the landing square, if any, is taken.
    pub takes_landing: bool,
    /// Whether the pieces of the run are taken.
    pub takes_run: bool,
    /// Whether a move of one step by this rule writes the square it leaves and the one it
    /// lands on and nothing else: its steps alone (`simple_steps`), taking nothing it
    /// passes. `after move require` reads such moves from those two squares.
    pub writes_ends: bool,
    /// Whether a move by this rule is made as its steps alone: `plain`, or a rule that only
    /// its generation sets apart (`by die`, `require`, runs in turn) whose steps are
    /// simple (`simple_steps`), with no chain and no counter added to
    /// (`settle_step_flags`).
    pub made_by_steps: bool,
    /// Whether the rule's moves are one step along its walks, landing on any square they
    /// reach (no conditions on squares), and its walks from one square never reach the
    /// same square: then the landings of one piece are `first_steps` of its square, one
    /// look-up where a walk is a step for each direction (a king's or a lone knight's
    /// moves, `sample::tier_landings`).
    pub steps_apart: bool,
    /// `piece neutral …`, `place neutral …`: the rule moves or places pieces owned by
    /// nobody (`Game::neutral_owner`) rather than the mover's.
    pub neutral: bool,
    /// `remove PATTERN`: the rule takes the piece on a square it chooses (`onto`); it moves
    /// no piece.
    pub removes: bool,
    /// Bit `p` is set where the rule's landing pattern and its run's, seen by player `p`,
    /// take whole owners' pieces (`owner_reads`).
    pub by_owner: u8,
    /// Bit `p` is set where player `p`'s chains by this rule can be followed on the
    /// occupied sets alone (`compile::light_chain`), settled once the game is compiled.
    pub light_chain: u8,
    /// Where one of `per_move`'s conjuncts is `moved(from)` (`Some(true)`) or `not
    /// moved(from)` (`Some(false)`), in a rule of one step without a chain or parts: the
    /// pieces that may move are those of the state's moved set (or the others) before
    /// the walk, so that a rule for pieces that have not moved (castling) walks nothing
    /// once they have, rather than reading its conditions at each landing. The
    /// conditions are still read move by move: the filter drops only moves they refuse,
    /// and a path that lists moves without it (a rule by a die's number) lists the same.
    pub movers_moved: Option<bool>,
    /// Whether the piece goes on by this rule after a move, and how.
    pub chain: Option<Chain>,
    /// `then RULE`: the rule of the move's second part, made from where it landed.
    pub then: Option<RuleId>,
    /// `place TYPE`: the piece type this rule puts on the board; it moves no piece.
    pub place: Option<u8>,
    /// Bit `t` is set when pieces of type `t` may make this move.
    pub piece_mask: u64,
    /// The conditions that read neither `from` nor `to` (`count(friend) > 3`): the same for
    /// every move of the rule in a position, so the generator reads them once per
    /// position before it looks for moves.
    pub gate: Option<Box<Program>>,
    /// The other conditions, read move by move once `gate` holds.
    pub per_move: Option<Box<Program>>,
    /// The directions the rule's pieces walk, for each player (player-relative names are
    /// resolved here), with what the walk may land on.
    pub walks: Vec<Vec<Walk>>,
    /// For each player of `by_owner`: the landing pattern and the run's as whole owners'
    /// pieces and maybe the empty squares (default for the others), so that their squares
    /// are a union of the view's sets, with no pattern read code by code. A light chain
    /// reads these at every step.
    pub owner_reads: Vec<OwnerReads>,
    pub run: Option<Run>,
    /// `require`: read after the move and its effects.
    pub require: Option<Box<Program>>,
    /// All of `conditions`, compiled for play.
    pub condition: Option<Box<Program>>,
    /// `then RULE when COND`: the second part is made only where this holds after the
    /// first part (read with its `from` and `to`); elsewhere the move ends there.
    pub then_when: Option<Box<Program>>,
    /// `again [when COND]`: the same player moves again after a move by this rule where
    /// this holds on the position after it (read from the mover's side, with `from`, `to`,
    /// `taken` and `turned`).
    pub again: Option<Box<Program>>,
    pub onto: Pattern,
    /// Where the rule passes over several runs in turn (`run` is then the first), the
    /// runs spelt out.
    pub parts: Option<Box<RunParts>>,
    /// The conditions read move by move (not the `gate`) as sets of squares, when they read
    /// only what stands on squares at fixed steps from `to` and zones: then no condition is
    /// evaluated move by move.
    pub condition_sets: Option<Where>,
    /// For a rule with a chain, or one that `steps_apart`, for each player: the squares one
    /// step from each square along any of the player's walks (empty for other rules). A
    /// chain walks on from one square at a time, and mostly finds nothing; where none of
    /// these squares may be passed or landed on, it need not walk
    /// (`generate::may_step_from`).
    pub first_steps: Vec<MaskTable>,
    /// For a rule whose pieces slide (a run of any length from none up, with no conditions
    /// on squares) on a board of at most 256 squares, for each player and walk: the squares
    /// up to the run's end from each square, as if the board were empty (empty for other
    /// rules). A lone piece's landings along a walk are then the ray up to its first
    /// square that may not be passed, a few operations where a walk is a step a square
    /// (`sample::tier_landings`).
    pub rays: Vec<Vec<MaskTable>>,
    /// For a chain whose steps pass over exactly one square, for each player: each
    /// square's jumps, in the order of the walks (empty for other rules). A chain walks on
    /// from one square at a time; a jump from it is two tests of bits, where a walk is a
    /// shift of a set for each direction.
    pub jumps: Vec<Jumps>,
    pub name: String,
    /// How players write the rule's moves in standard algebraic notation, where the file
    /// says (`written "O-O"`).
    pub written: Option<String>,
    /// With `takes_run`: only the commander of each column passed over is taken, and it
    /// goes to the bottom of the moving column.
    pub under: bool,
    /// A chain of hops (its steps need not take anything): it never lands twice on a
    /// square, its start included.
    pub hops: bool,
    /// `chain … turning`: no step of the chain goes the way the step before it went.
    pub turning: bool,
    /// `chain … taking`: every step of the chain takes a piece (by what it passes, where
    /// it lands, or its effects, which in a chain happen after each step).
    pub taking: bool,
    /// `rotate N x N …`: the move turns a block of squares, chosen by its lower left corner.
    pub rotate: Option<Rotation>,
    /// The conditions that read the state, evaluated while moves are generated. (The
    /// conditions that depend only on the squares, the player and the options are decided
    /// when the game is compiled: see `Walk::allowed`.)
    pub conditions: Vec<Expr>,
    /// For a placement without `along`: the squares `to` where the conditions on squares
    /// hold, for each player.
    pub placeable: Vec<SquareSet>,
    /// `then_when` when it is `line(PATTERN, N through to)` (a pattern of pieces, not
    /// empty squares) and the first part moves or places its piece and changes nothing
    /// else: the row can then stand after the first part only where the pieces before the
    /// move complete one, which the generator finds for all landings at once.
    pub then_when_line: Option<(Pattern, usize, Vec<Vec<DirId>>)>,
    /// With `then_when_line`, for each player: every row of its `N` squares along its
    /// directions, where a board has few (`MAX_LISTED_ROWS` at most: the rows of three of
    /// a board of points and lines); empty where it has more, whose landings are then found
    /// by shifting sets.
    pub then_when_rows: Vec<Vec<SquareSet>>,
    /// What the move does once it has landed, in order.
    pub effects: Vec<Effect>,
    /// `carry SQ to SQ`: other pieces that move with this one once it has landed (after
    /// its effects), read on the position then.
    pub carries: Vec<Carry>,
    /// `by die past the end`: only moves whose die goes past the last square of the line,
    /// landing there.
    pub die_past_end: bool,
    /// `add EXPR to COUNTER [when COND]`: read once the move has landed (after its effects
    /// and carries), in order.
    pub adds: Vec<Add>,
    /// `require` as written, for saying why a move is refused.
    pub require_text: Option<String>,
    /// The words after the `require`'s `else`: why a move is refused, in the game's terms.
    pub require_words: Option<String>,
    /// When `require` asks only that the effect with this index turns or takes at least
    /// one piece, which the generator then finds for all squares at once.
    pub require_any: Option<usize>,
}

/// `carry to + e to from + e`: the piece on one square goes to another (what stood there
/// is taken), both read once the move's own steps are made. `C` is what a condition is:
/// an expression once checked, a program once compiled.
#[derive(Clone, Debug)]
pub struct Carry<C = Program> {
    pub from: C,
    pub to: C,
    /// Where both squares are worked out from the board and at most one square of the
    /// move (`to + e`, `from + (-2, 0)`, `h1`): each, for every player and square, found
    /// when the game is compiled (`compile::settle::tabulate`), so that making the
    /// move reads two tables and runs no program. `None` until then, and where a square
    /// reads the position.
    pub squares: Option<[KeyedSquares; 2]>,
}

impl<C> Carry<C> {
    /// The same carry with its squares' expressions turned by `f`.
    pub fn map<D>(self, f: impl Fn(&C) -> D) -> Carry<D> {
        Carry {
            from: f(&self.from),
            to: f(&self.to),
            squares: self.squares,
        }
    }
}

/// A square worked out from one square of the move (`key`: `from` or `to`; none for a
/// square that reads neither) and the board alone: at `player * cells + square` (one row
/// a player where there is no key), the square, or `NO_SQUARE` where it is off the board
/// or has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedSquares {
    pub key: Option<crate::ir::expr::SquareRef>,
    pub squares: Vec<Sq>,
}

impl KeyedSquares {
    /// The square for `player` where the move's squares are `from` and `to`.
    #[inline(always)]
    pub fn at(&self, player: u8, from: Sq, to: Sq, cells: usize) -> Sq {
        crate::ir::program::keyed_row(self.key, player, from, to, cells)
            .and_then(|row| self.squares.get(row).copied())
            .unwrap_or(NO_SQUARE)
    }
}

/// `add EXPR to COUNTER [when COND]`: the mover's counter (or the shared one) changes by
/// the amount, where the condition holds, both read on the position once the move has
/// landed, with `taken` and `turned`. `C` is what an expression is: a tree once checked, a
/// program once compiled.
#[derive(Clone, Debug)]
pub struct Add<C = Program> {
    /// The counter's first slot in `Info::counters`.
    pub slot: u8,
    /// Whether the counter is shared (one slot) rather than one per player.
    pub shared: bool,
    pub amount: C,
    pub when: Option<C>,
}

impl<C> Add<C> {
    /// The same change with its expressions turned by `f`.
    pub fn map<D>(self, f: impl Fn(&C) -> D) -> Add<D> {
        Add {
            slot: self.slot,
            shared: self.shared,
            amount: f(&self.amount),
            when: self.when.as_ref().map(f),
        }
    }
}

/// Conditions on `to`, as a formula over sets of squares.
#[derive(Clone, Debug, PartialEq)]
pub enum Where {
    /// These squares, for each player: what reads no position (zones, `true`, squares whose
    /// step is off the board), settled when the game is compiled.
    Squares(Vec<SquareSet>),
    /// The squares `to` whose square `delta[player]` away matches `pattern`; `onto[player]`
    /// holds the squares that have a square of the board at that step.
    At {
        pattern: Pattern,
        onto: Vec<SquareSet>,
        delta: [i32; MAX_PLAYERS],
    },
    /// `previous(FIELD) == to + STEP`: the square `to` whose square `delta[player]` away
    /// (it being in `onto[player]`) is where the move before left from or landed. Before any
    /// move the field is no square, as a step off the board is: then the squares whose
    /// step leaves the board (not in `onto`).
    Previous {
        field: crate::ir::LookField,
        onto: Vec<SquareSet>,
        delta: [i32; MAX_PLAYERS],
    },
    /// The squares `to` that lie in a row of `n` squares matching `pattern` along one of
    /// the directions (`line(PATTERN, N through to)`), found for all squares at once.
    Line {
        pattern: Pattern,
        n: usize,
        /// For each player, the directions.
        dirs: Vec<Vec<DirId>>,
        /// For each player, every row of `n` squares along the directions, where the
        /// board has few (as `MoveRule::then_when_rows`): the squares in a row are then
        /// the rows all of whose squares match, a test a row.
        rows: Vec<Vec<SquareSet>>,
    },
    /// A condition that reads the position but no square of the move (`count(…) == 0`):
    /// every square where it holds, none where it does not.
    Holds(Program),
    /// `count(PATTERN [in ZONE] where COND) == 0`, `COND` being a formula on `here`: every
    /// square where no square of the pattern (in the zone) is one of `inner`'s, none
    /// otherwise.
    NoneWhere {
        pattern: Pattern,
        zone: Option<usize>,
        inner: Box<Where>,
    },
    /// `height(to) OP N`: the squares whose number of pieces compares so with `n` (empty
    /// squares holding none). Bit `h` of `heights` says whether a height of `h` does, for
    /// every height a square can have (at most 64), so that reading it takes no branch.
    Height {
        heights: u128,
    },
    And(Vec<Where>),
    Or(Vec<Where>),
    Not(Box<Where>),
}

impl Where {
    /// Whether the set is found in a few operations: fixed sets and the squares of the move
    /// before, combined, with no pattern read on the board.
    pub fn is_light(&self) -> bool {
        match self {
            Where::Squares(_) | Where::Previous { .. } => true,
            Where::And(parts) | Where::Or(parts) => parts.iter().all(Where::is_light),
            Where::Not(inner) => inner.is_light(),
            _ => false,
        }
    }
}

/// What an effect does to the pieces it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectVerb {
    /// They become the mover's (and of type `into`, if given).
    Turn,
    /// They are taken off the board.
    Take,
    /// They become of type `into`, and stay their owner's.
    Change,
}

/// Along which directions an effect reaches from its square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EffectLines {
    /// These directions, for each player.
    Along(Vec<Vec<DirId>>),
    /// The direction the move's last step went (`onward`), or the opposite (`reverse`).
    Onward,
    Reverse,
    /// The square itself (`at to`, `at from` with no `along`): the moving piece, where it
    /// lands.
    Itself,
}

/// `turn { along all over 1+ enemy onto friend }`: along each direction from the landing
/// (or the square left), the run of squares matching `run`, when `closer` follows it (if
/// given), or, without a run, the adjacent square matching `closer`. `C` is what a
/// condition is: an expression once checked, a program once compiled.
#[derive(Clone, Debug)]
pub struct Effect<C = Program> {
    pub verb: EffectVerb,
    pub into: Option<u8>,
    /// From the square the move left (`at from`), rather than where it landed.
    pub at_from: bool,
    pub lines: EffectLines,
    pub run: Option<Run>,
    pub closer: Option<Pattern>,
    /// `when`: read before the effect, after the move's own steps.
    pub when: Option<C>,
    /// `groups PATTERN`: the effect reaches the whole group of each neighbour `closer`
    /// matches, along its directions (which also join a group).
    pub groups: bool,
    /// With `groups`, `where`: the groups where this holds, read with `here` a square of
    /// the group.
    pub only: Option<C>,
}

impl<C> Effect<C> {
    /// The same effect with its condition turned by `f`.
    pub fn map<D>(self, f: impl Fn(&C) -> D) -> Effect<D> {
        Effect {
            verb: self.verb,
            into: self.into,
            at_from: self.at_from,
            lines: self.lines,
            run: self.run,
            closer: self.closer,
            when: self.when.as_ref().map(&f),
            groups: self.groups,
            only: self.only.as_ref().map(f),
        }
    }
}

/// What a rule's walk reads of a position as whole owners' pieces, for one player
/// (`MoveRule::owner_reads`): the squares it may land on, and those its run may pass over.
#[derive(Clone, Copy, Debug, Default)]
pub struct OwnerReads {
    pub onto: OwnerPattern,
    pub run: Option<OwnerPattern>,
}

/// A jump of one piece: over one square, onto the next one the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    pub over: Sq,
    pub lands: Sq,
    pub dir: DirId,
}

/// The jumps from each square (`MoveRule::jumps`), in one list with each square's start.
#[derive(Clone, Debug, Default)]
pub struct Jumps {
    starts: Vec<u32>,
    jumps: Vec<Jump>,
}

impl Jumps {
    /// The jumps along `walks` from every square of a board of `cells` squares, where
    /// `lands_ok(walk, square)` says the walk may land there.
    pub fn of(cells: usize, walks: &[Walk], lands_ok: impl Fn(&Walk, Sq) -> bool) -> Jumps {
        let mut table = Jumps::default();
        for sq in 0..cells as Sq {
            table.starts.push(table.jumps.len() as u32);
            for walk in walks {
                let over = walk.next_of(sq);
                let lands = match over {
                    NO_SQUARE => NO_SQUARE,
                    _ => walk.next_of(over),
                };
                if lands != NO_SQUARE && lands_ok(walk, lands) {
                    table.jumps.push(Jump {
                        over,
                        lands,
                        dir: walk.dir,
                    });
                }
            }
        }
        table.starts.push(table.jumps.len() as u32);
        table
    }

    /// The jumps from `sq`.
    #[inline(always)]
    pub fn from(&self, sq: Sq) -> &[Jump] {
        let sq = sq as usize;
        &self.jumps[self.starts[sq] as usize..self.starts[sq + 1] as usize]
    }
}

/// One direction of a rule for one player: the pieces walk it together, a step at a time
/// (`set & steps_from` shifted by `delta`).
///
/// Laid out as written, from the start of a cache line: what a walk reads at every step
/// (`dir`, `delta`, whether `shifts` and `allowed` are kept, and the first word of
/// `steps_from`) comes first, in one line, and the rest after. Laid out by the compiler, a
/// walk read two lines or three (docs/INTERNALS.md, "Memory").
#[derive(Clone, Debug)]
#[repr(C, align(64))]
pub struct Walk {
    pub dir: DirId,
    /// How a square's index changes with one step.
    pub delta: i32,
    /// Where steps this way change the index by different amounts (lines of points), each
    /// amount and the squares that step by it (`Board::shifts`); empty on a grid.
    pub shifts: Vec<(i32, SquareSet)>,
    /// `allowed[k - 1]`: the squares `to` that are `k` steps this way from a square
    /// `from` for which the rule's conditions on squares hold (`if centre(to) <=
    /// centre(from)`), for each distance up to the longest line of the board. `None`
    /// when the rule has no such condition.
    pub allowed: Option<Vec<SquareSet>>,
    /// The squares that have a neighbour this way.
    pub steps_from: SquareSet,
    /// Where `shifts` is not empty: the square one step this way from each square
    /// (`NO_SQUARE` where there is none), for stepping one piece by a look-up rather than
    /// by every shift.
    pub next: Vec<Sq>,
}

impl Walk {
    /// The squares one step this way from the squares of `set`.
    #[inline(always)]
    pub fn step<M: Mask>(&self, set: M) -> M {
        if self.shifts.is_empty() {
            (set & M::from_set(&self.steps_from)).shift(self.delta)
        } else {
            step_on_lines(set, &self.shifts, &self.next)
        }
    }

    /// The square one step this way from `sq`, or `NO_SQUARE`: `step` for one piece.
    #[inline(always)]
    pub fn next_of(&self, sq: Sq) -> Sq {
        if !self.shifts.is_empty() {
            self.next[sq as usize]
        } else if self.steps_from.contains(sq) {
            (sq as i32 + self.delta) as Sq
        } else {
            NO_SQUARE
        }
    }

    /// The square `k` steps back this way from `to`: where a move of `k` steps that lands
    /// on `to` started.
    #[inline(always)]
    pub fn origin(&self, board: &super::Board, to: Sq, k: u32) -> Sq {
        if self.shifts.is_empty() {
            (to as i32 - k as i32 * self.delta) as Sq
        } else {
            board.back_out_of_line(to, self.dir, k)
        }
    }
}

/// `Walk::step` on a board of points and lines: one piece by the look-up table `next`,
/// more by every shift. Out of line, as `shifted_by` is: the hot loops of the boards that
/// step by one shift stay small.
#[cold]
#[inline(never)]
fn step_on_lines<M: Mask>(set: M, shifts: &[(i32, SquareSet)], next: &[Sq]) -> M {
    if set.is_single() {
        return match next[set.lowest() as usize] {
            NO_SQUARE => M::default(),
            to => M::bit(to),
        };
    }
    super::board::shifted_by(set, shifts)
}

/// The most rows `MoveRule::then_when_rows` lists for a player.
pub const MAX_LISTED_ROWS: usize = 64;

/// Whether a rule captures in a way `attacked` reads: it moves a piece along lines (no
/// placement or removal, not anywhere, not a second part alone) and takes where it lands,
/// or the one piece it jumps (a run of one square, in one part).
pub fn captures_as_attack(
    chooses_square: bool,
    second_part: bool,
    takes_landing: bool,
    takes_run: bool,
    run: Option<Run>,
    parts: bool,
) -> bool {
    let jumps_one = takes_run && !parts && run.is_some_and(|r| r.min == 1 && r.max == 1);
    !chooses_square && !second_part && (takes_landing || jumps_one)
}

impl MoveRule {
    /// Whether a move by the rule is its steps and nothing else: no piece placed, turned
    /// or removed, no effect, no piece carried, no second part. Only such moves are
    /// described by their step plans alone.
    pub fn simple_steps(&self) -> bool {
        // The carries first, as before `steps_and_carries` was split off: asked last, the
        // generators ran perft from the start on 0.8% more instructions.
        self.carries.is_empty() && self.steps_and_carries()
    }

    /// Whether a move by the rule is its steps and the pieces it carries, nothing else: no
    /// piece placed, turned or removed, no effect, no second part.
    pub fn steps_and_carries(&self) -> bool {
        self.place.is_none()
            && !self.removes
            && self.rotate.is_none()
            && self.effects.is_empty()
            && self.then.is_none()
    }

    /// `made_by_steps` and `writes_ends`, from the rest of the rule. Made by steps: a
    /// plain rule, or one whose steps are simple, not a chain (whose effects come after
    /// each step), and add to no counter.
    pub fn settle_step_flags(&mut self) {
        self.made_by_steps =
            self.plain || (self.simple_steps() && self.chain.is_none() && self.adds.is_empty());
        self.writes_ends = self.simple_steps() && !self.takes_run;
    }

    /// Whether the rule chooses a square and moves no piece: it places one, or removes
    /// one.
    #[inline(always)]
    pub fn chooses(&self) -> bool {
        self.place.is_some() || self.removes || self.rotate.is_some()
    }

    /// The codes this rule takes for `player` as `attacked` reads it: where it lands, or
    /// the piece it jumps. A square holding none of them is not attacked by it.
    pub fn attack_takes(&self, player: usize) -> u64 {
        if self.takes_landing {
            self.onto.masks[player]
        } else {
            self.run.map_or(0, |run| run.pattern.masks[player])
        }
    }

    /// Whether `attacked` reads this rule (see `captures_as_attack`).
    pub fn captures_as_attack(&self) -> bool {
        captures_as_attack(
            self.place.is_some() || self.removes || self.anywhere || self.passes,
            self.second_part,
            self.takes_landing,
            self.takes_run,
            self.run,
            self.parts.is_some(),
        )
    }

    /// Whether a move by this rule is written as a capture (`x`).
    pub fn captures(&self) -> bool {
        self.takes_landing || self.takes_run
    }

    /// Whether a step by this rule takes only the commander of each column it passes over
    /// (`capture over under`), leaving the rest standing.
    pub fn takes_commanders(&self) -> bool {
        self.takes_run && self.under
    }
}
