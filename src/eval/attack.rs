//! `attacked(SQ)`: whether a move of another player that captures could take a piece of
//! the reader standing on a square. Nothing is declared twice: the capturing rules are read
//! backwards from the square. For each rule that takes what it lands on, and each
//! direction its pieces walk, the line is followed back from the square over what the
//! rule's run may pass, and the first square off the run must hold a piece that may make
//! the move; for a rule that takes the one piece it jumps (`over 1 enemy onto empty
//! capture over`), the square behind must hold the jumper and the square beyond must be a
//! landing. The rule's own conditions are read as for the move itself, from the attacker's
//! side. Priorities, chains past their first step and `after move require` are not read:
//! an attack is a capture that could be made, not one that is legal.
//!
//! Of its environment an attack reads the board, the cells, the occupied sets, the number
//! of piece types, the player and the game, and the rest only through the capturing
//! rules' own conditions. Where no capturing rule has any (`Game::after_attacks`), the
//! engine builds no more than those (`engine::after::attack_env`): an attack that comes to
//! read more must be built more there too.

use super::env::Env;
use crate::ir::{
    AttackBy, AttackHow, AttackLines, Code, Mask, MoveRule, Pattern, RunParts, Sq, SquareSet,
    Times, Walk, NO_SQUARE,
};

/// Whether the square `sq` (of the board) is attacked, seen from `env.player`: with
/// `AttackBy::Enemy`, a piece of theirs on it (the one there, or any of theirs where none
/// of theirs stands) could be taken by another player; with `AttackBy::Friend`, a piece of
/// another player's on it (the one there, or any where none stands) could be taken by
/// them: the square is defended, or the piece there attacked.
pub fn attacked<M: Mask>(env: &Env<M>, sq: Sq, by: AttackBy) -> bool {
    attacked_reading(env, sq, by, &mut ())
}

/// What an attack is found from: which squares it read, and what it asked of each (whether
/// the piece there is one of a set of cell codes: an attacker, an empty square a line
/// goes on over). `attacked_reading` tells `reads` each question as it asks it; the answer
/// depends on nothing else on the board (where no capturing rule has conditions of its
/// own: `Game::after_attacks`), so a move after which every question has the same answer
/// leaves the attack as it was.
pub trait Reads<M: Mask> {
    /// Whether the reads are kept (else every call is nothing).
    const KEPT: bool;
    /// Whether the code on `sq`, `now`, is one of `codes` was asked.
    fn read(&mut self, sq: Sq, codes: u64, now: Code);
    /// The code on `sq`, `now`, was read itself.
    fn read_exactly(&mut self, sq: Sq, now: Code);
    /// `read`, for the square that stopped a walk gone on past an earlier square that
    /// stopped it (to look for a pin): it matters only to a move that also clears that
    /// earlier square.
    fn read_past(&mut self, sq: Sq, codes: u64, now: Code);
    /// `read` for every square of `set`, none of which holds one of `codes`, at once: the
    /// squares a step back from the square, or the empty squares a line goes on over,
    /// each asked whether it holds an attacker.
    fn read_all(&mut self, set: M, codes: u64);
}

/// Reads nobody keeps: `attacked` itself.
impl<M: Mask> Reads<M> for () {
    const KEPT: bool = false;
    #[inline(always)]
    fn read(&mut self, _: Sq, _: u64, _: Code) {}
    #[inline(always)]
    fn read_exactly(&mut self, _: Sq, _: Code) {}
    #[inline(always)]
    fn read_past(&mut self, _: Sq, _: u64, _: Code) {}
    #[inline(always)]
    fn read_all(&mut self, _: M, _: u64) {}
}

/// The questions an attack asked, kept to ask again of a move (`changes`): for each square
/// asked about, the codes whose arrival there would turn an answer from no to yes. Squares
/// share a slot by their index modulo 64 (exact on boards of up to 64 squares; elsewhere
/// two squares' codes merge, which only asks more moves to be read again).
#[derive(Clone, Copy)]
pub struct AttackReads<M: Mask> {
    /// Every square asked about.
    squares: M,
    turning: [u64; 64],
    /// The same for the squares that stopped a walk gone on past an earlier stop
    /// (`Reads::read_past`).
    past_squares: M,
    past_turning: [u64; 64],
    /// Squares asked at once (`Reads::read_all`), with the codes that would turn their
    /// answers: one entry for each set of codes, the first `bulk_len` in use.
    bulk: [(M, u64); BULK],
    bulk_len: usize,
}

/// The sets of codes whose squares `AttackReads` keeps as sets (`Reads::read_all`): one
/// for each capturing rule's attackers read by tables (a king's step, a knight's, a
/// line's…), the first four; the rest go square by square. (Eight, which left none to go
/// square by square in a game of five such rules, cost more to clear and read than they
/// saved.)
const BULK: usize = 4;

impl<M: Mask> Default for AttackReads<M> {
    fn default() -> Self {
        AttackReads {
            squares: M::default(),
            turning: [0; 64],
            past_squares: M::default(),
            past_turning: [0; 64],
            bulk: [(M::default(), 0); BULK],
            bulk_len: 0,
        }
    }
}

impl<M: Mask> AttackReads<M> {
    /// For the reader's moves of one step where every attack is the other side's (the
    /// writes `changes` calls `plain`): the squares where a piece leaving (the square
    /// left empty) may change an answer, and those where one of the reader's pieces
    /// (`own`, the codes it may land as) arriving may. Where the attack was found, any
    /// square asked about; where it was not, the squares whose questions those codes turn.
    /// The sets may hold more than `changes` says (squares sharing a slot), never less.
    pub fn one_step_sets(&self, attacked: bool, own: u64) -> (M, M) {
        if attacked {
            return (self.squares, self.squares);
        }
        let (mut leave, mut land) = (M::default(), M::default());
        for sq in self.squares.squares() {
            let turning = self.turning[sq as usize & 63];
            if turning & 1 != 0 {
                leave |= M::bit(sq);
            }
            if turning & own != 0 {
                land |= M::bit(sq);
            }
        }
        for &(set, codes) in &self.bulk[..self.bulk_len] {
            if codes & 1 != 0 {
                leave |= set;
            }
            if codes & own != 0 {
                land |= set;
            }
        }
        (leave, land)
    }

    /// The codes that would turn an answer on `sq` among the squares asked at once.
    #[inline(always)]
    fn bulk_codes(&self, sq: Sq) -> u64 {
        self.bulk[..self.bulk_len]
            .iter()
            .filter(|(set, _)| set.has(sq))
            .fold(0, |all, (_, codes)| all | codes)
    }

    /// Whether writing `new` over `old` on `sq` may change the attack: where it was found
    /// (`attacked`), by any change to a square asked about on the way to it; where it was
    /// not, by turning an answer from no to yes. (Every question asks whether the walk
    /// goes on or finds its attacker: a yes turned to no ends a walk sooner, which then
    /// finds nothing, as the whole walk did.)
    ///
    /// `plain` says the move writes nothing but the square it leaves and the one it lands
    /// on, with a piece that attacks nothing here: then a square read past an earlier
    /// stop does not matter. Clearing it leaves the earlier stop in the way, and where
    /// the move clears that one instead, the walk past it found no attacker (else the
    /// stop was read itself), and the one piece the move puts down is no attacker.
    #[inline(always)]
    pub fn changes(&self, sq: Sq, old: Code, new: Code, attacked: bool, plain: bool) -> bool {
        let turns = |squares: &M, turning: u64| {
            squares.has(sq)
                && if attacked {
                    old != new
                } else {
                    (turning >> new) & 1 != 0
                }
        };
        turns(
            &self.squares,
            self.turning[sq as usize & 63] | self.bulk_codes(sq),
        ) || !plain && turns(&self.past_squares, self.past_turning[sq as usize & 63])
    }
}

impl<M: Mask> Reads<M> for AttackReads<M> {
    const KEPT: bool = true;
    #[inline(always)]
    fn read(&mut self, sq: Sq, codes: u64, now: Code) {
        self.squares |= M::bit(sq);
        if (codes >> now) & 1 == 0 {
            self.turning[sq as usize & 63] |= codes;
        }
    }
    #[inline(always)]
    fn read_exactly(&mut self, sq: Sq, now: Code) {
        self.squares |= M::bit(sq);
        self.turning[sq as usize & 63] |= !(1u64 << now);
    }
    #[inline(always)]
    fn read_past(&mut self, sq: Sq, codes: u64, now: Code) {
        self.past_squares |= M::bit(sq);
        if (codes >> now) & 1 == 0 {
            self.past_turning[sq as usize & 63] |= codes;
        }
    }
    #[inline(always)]
    fn read_all(&mut self, set: M, codes: u64) {
        self.squares |= set;
        if codes == 0 {
            return;
        }
        if let Some(entry) = self.bulk[..self.bulk_len]
            .iter_mut()
            .find(|(_, c)| *c == codes)
        {
            entry.0 |= set;
        } else if self.bulk_len < BULK {
            self.bulk[self.bulk_len] = (set, codes);
            self.bulk_len += 1;
        } else {
            for sq in set.squares() {
                self.turning[sq as usize & 63] |= codes;
            }
        }
    }
}

/// `attacked`, telling `reads` every square whose piece it reads.
#[inline]
pub fn attacked_reading<M: Mask, R: Reads<M>>(
    env: &Env<M>,
    sq: Sq,
    by: AttackBy,
    reads: &mut R,
) -> bool {
    // A line that holds none of the attacker's pieces is not walked: it finds nothing,
    // and no move of the reader's puts one there, so the reads kept for such moves
    // (`AttackReads`) need nothing from it either. (The reader's own attacks, read with
    // reads kept, are walked whole: the reader's moves do put its pieces on lines.) The
    // walks with and without the look-up are compiled apart: in games without the table
    // a test of it on every walk cost 5% of their perft.
    let lines = env
        .game
        .and_then(|game| game.attack_lines.as_ref())
        .filter(|_| !R::KEPT || by == AttackBy::Enemy);
    match lines {
        Some(_) => attacked_walking::<M, R, true>(env, sq, by, reads, lines),
        None => attacked_walking::<M, R, false>(env, sq, by, reads, None),
    }
}

/// `attacked_reading`, looking each run's line up in `lines` first where `LINES`.
#[inline]
fn attacked_walking<M: Mask, R: Reads<M>, const LINES: bool>(
    env: &Env<M>,
    sq: Sq,
    by: AttackBy,
    reads: &mut R,
    lines: Option<&AttackLines>,
) -> bool {
    let Some(game) = env.game else {
        return false;
    };
    let reader = env.player;
    let types = game.pieces.len();
    let here = env.cell_codes.get(sq as usize).copied().unwrap_or(0);
    reads.read_exactly(sq, here);
    // What the attackers' patterns see on the square: the victim's piece there, or any
    // piece of the victim's (of any other player, for the reader's attacks).
    let victim_here = here != 0 && (game.owner[here as usize] == reader) == (by == AttackBy::Enemy);
    let seen = match by {
        _ if victim_here => 1 << here,
        AttackBy::Enemy => attacker_codes(types, reader as usize, u64::MAX),
        AttackBy::Friend => (0..game.attacks.len())
            .filter(|&p| p != reader as usize)
            .fold(0, |codes, p| codes | attacker_codes(types, p, u64::MAX)),
    };
    if let (true, Some(lines)) = (LINES, lines) {
        // Every piece on the board, for the open runs.
        let pieces = env.occupied.iter().fold(M::default(), |all, &o| all | o);
        return attacked_by_plans(env, sq, reader, by, seen, lines, pieces, reads);
    }
    for (attacker, rules) in game.attacks.iter().enumerate() {
        let attacker = attacker as u8;
        if (attacker == reader) != (by == AttackBy::Friend) {
            continue;
        }
        // The walks of each rule written out here, as `rule_attacks` does for the plans:
        // through that function, two shipped games without the tables ran 1.013
        // to 1.018 of their instructions.
        let target = |p: &Pattern| p.masks[attacker as usize] & seen != 0;
        for &(r, codes) in rules {
            let rule = &game.rules[r.index()];
            // Whether the rule could take what stands there, once for all its walks.
            let takes_here = if rule.takes_landing {
                target(&rule.onto)
            } else {
                rule.run.is_some_and(|run| target(&run.pattern))
            };
            if !takes_here {
                continue;
            }
            if let Some(parts) = &rule.parts {
                // Runs passed in turn take where they land (the checker says so).
                let walks = &rule.walks[attacker as usize];
                if walks
                    .iter()
                    .any(|walk| lands_on_parts(env, rule, parts, walk, attacker, codes, sq, reads))
                {
                    return true;
                }
                continue;
            }
            for walk in &rule.walks[attacker as usize] {
                let hit = if rule.takes_landing {
                    lands_on::<M, R, LINES>(env, rule, walk, attacker, codes, sq, reads, lines)
                } else {
                    jumps_over(env, rule, walk, attacker, codes, sq, reads)
                };
                if hit {
                    return true;
                }
            }
        }
    }
    false
}

/// `attacked_walking` through the tables: each capturing rule as its plan says
/// (`AttackLines::plans`), read without the rule itself where it is a look-up. Where reads
/// are kept, the squares a look-up reads are told as sets (`Reads::read_all`): the same
/// questions the walk asks, square by square. `pieces` are the pieces an open run meets.
/// (Written in line: called, a playout's attacks cost 0.2% more of its instructions.)
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn attacked_by_plans<M: Mask, R: Reads<M>>(
    env: &Env<M>,
    sq: Sq,
    reader: u8,
    by: AttackBy,
    seen: u64,
    lines: &AttackLines,
    pieces: M,
    reads: &mut R,
) -> bool {
    for (attacker, plans) in lines.plans.iter().enumerate() {
        if (attacker == reader as usize) != (by == AttackBy::Friend) {
            continue;
        }
        let own = env.occupied[attacker];
        for plan in plans.iter().filter(|plan| plan.takes & seen != 0) {
            let codes = plan.codes;
            let found = match plan.how {
                AttackHow::Step(table) => {
                    // One step onto the square: the squares one step back, a look-up. Each
                    // is asked whether it holds an attacker.
                    let cell = attacker * env.cells + sq as usize;
                    let from = M::at(&lines.steps[table as usize], cell);
                    let hit = (from & own)
                        .squares()
                        .any(|t| (codes >> env.cell_codes[t as usize]) & 1 != 0);
                    // Where one does, the attack is found, and what turns it is any change.
                    reads.read_all(from, if hit { 0 } else { codes });
                    hit
                }
                AttackHow::Open {
                    first,
                    count,
                    reach,
                } => {
                    // An open run: along each line that holds a piece of the attacker's,
                    // the first piece met is the attacker, or nothing attacks along it.
                    // The lines together first: most often none holds a piece that moves
                    // by the rule, and then no line is read. (Where reads are kept, a
                    // line that holds any piece of the attacker's is read: a move of the
                    // reader's may open it.)
                    let cell = attacker * env.cells + sq as usize;
                    let near = M::at(&lines.steps[reach as usize], cell) & own;
                    let movers = match R::KEPT {
                        true => near,
                        false => near.squares().fold(M::default(), |set, t| {
                            match (codes >> env.cell_codes[t as usize]) & 1 {
                                0 => set,
                                _ => set | M::bit(t),
                            }
                        }),
                    };
                    let open = &lines.open_lines[first as usize..(first + count) as usize];
                    !movers.is_empty()
                        && open.iter().any(|&(start, rising)| {
                            let line = M::at(&lines.squares, start as usize + sq as usize);
                            if (line & movers).is_empty() {
                                return false;
                            }
                            if R::KEPT {
                                return open_line_kept(
                                    env,
                                    lines,
                                    start as usize,
                                    rising,
                                    sq,
                                    codes,
                                    pieces,
                                    reads,
                                );
                            }
                            let first = nearest(line & pieces, rising);
                            (codes >> env.cell_codes[first as usize]) & 1 != 0
                        })
                }
                AttackHow::Walk => env.game.is_some_and(|game| {
                    let rule = &game.rules[plan.rule.index()];
                    rule_attacks::<M, R, true>(
                        env,
                        rule,
                        attacker as u8,
                        codes,
                        sq,
                        reads,
                        Some(lines),
                    )
                }),
            };
            if found {
                return true;
            }
        }
    }
    false
}

/// The first piece a walk back along a line meets, of `stops` (not empty): the lowest
/// square where the walk climbs in square number (`AttackLines::rising`), else the highest.
#[inline(always)]
fn nearest<M: Mask>(stops: M, rising: bool) -> Sq {
    if rising {
        stops.lowest()
    } else {
        stops.highest()
    }
}

/// For a piece of the reader's on `sq` whose attacks are all read through the tables (a
/// royal piece, `after move require not attacked(…)`): whether another player attacks it,
/// and the two sets `AttackReads::one_step_sets` would give for the reads of that attack
/// (with `own` the codes a move of the reader's may put down), found from the tables at
/// once rather than question by question. Where it is not attacked: a piece leaving
/// `sq`, or leaving the first square of a line whose second piece attacks along it (a
/// pinned piece), may change the answer, and only a piece arriving on `sq`. Where it is:
/// every square the attack could ask about (more than the reads would hold, which only
/// sends more moves to be made and read). `None` where a capture that could take the piece
/// is walked, not looked up.
pub fn royal_sets<M: Mask>(env: &Env<M>, sq: Sq, lines: &AttackLines) -> Option<(bool, M, M)> {
    let reader = env.player as usize;
    let pieces = env.occupied.iter().fold(M::default(), |all, &o| all | o);
    let seen = 1u64 << env.cell_codes[sq as usize];
    let cell = |attacker: usize| attacker * env.cells + sq as usize;
    let (mut asked, mut pinned, mut attacked) = (M::bit(sq), M::default(), false);
    for (attacker, plans) in lines.plans.iter().enumerate() {
        if attacker == reader {
            continue;
        }
        let own = env.occupied[attacker];
        for plan in plans.iter().filter(|plan| plan.takes & seen != 0) {
            let codes = plan.codes;
            let attacks = |t: Sq| (codes >> env.cell_codes[t as usize]) & 1 != 0;
            match plan.how {
                AttackHow::Step(table) => {
                    let from = M::at(&lines.steps[table as usize], cell(attacker));
                    asked |= from;
                    attacked |= (from & own).squares().any(attacks);
                }
                AttackHow::Open {
                    first,
                    count,
                    reach,
                } => {
                    let reach = M::at(&lines.steps[reach as usize], cell(attacker));
                    asked |= reach;
                    // Only a line that holds a piece that moves by the plan matters, for
                    // an attack or a pin: those pieces first, as `attacked_by_plans` finds
                    // them, and most often no line is read. (The lines lie within `reach`.)
                    let movers = (reach & own)
                        .squares()
                        .filter(|&t| attacks(t))
                        .fold(M::default(), |set, t| set | M::bit(t));
                    if movers.is_empty() {
                        continue;
                    }
                    let open = &lines.open_lines[first as usize..(first + count) as usize];
                    for &(start, rising) in open {
                        let line = M::at(&lines.squares, start as usize + sq as usize);
                        if (line & movers).is_empty() {
                            continue;
                        }
                        let first = nearest(line & pieces, rising);
                        if movers.has(first) {
                            attacked = true;
                            continue;
                        }
                        let beyond = M::at(&lines.squares, start as usize + first as usize);
                        let behind = beyond & pieces;
                        if !behind.is_empty() && movers.has(nearest(behind, rising)) {
                            pinned |= M::bit(first);
                        }
                    }
                }
                AttackHow::Walk => return None,
            }
        }
    }
    Some(match attacked {
        true => (true, asked, asked),
        false => (false, pinned | M::bit(sq), M::bit(sq)),
    })
}

/// Whether a piece of the reader's coded `victim` would be attacked on `sq` by another
/// player, with the squares of `lifted` read as empty and those of `put` (empty on the
/// board) as holding pieces of the reader's, where `AttackLines::by_tables` says the
/// attacks on `victim` are all read through the tables. Those read the squares a step
/// back from `sq` and the pieces on `sq`'s lines, and neither what stands on `sq` nor the
/// code of a square without an attacker. So, with a royal piece lifted from its square
/// (and a piece it carries lifted from one square and put on another), this answers what
/// the attack after the move would, without making the move.
pub fn attacked_lifted<M: Mask>(
    env: &Env<M>,
    sq: Sq,
    victim: Code,
    lifted: M,
    put: M,
    lines: &AttackLines,
) -> bool {
    let pieces = env.occupied.iter().fold(M::default(), |all, &o| all | o) & !lifted | put;
    let reader = env.player;
    attacked_by_plans(
        env,
        sq,
        reader,
        AttackBy::Enemy,
        1 << victim,
        lines,
        pieces,
        &mut (),
    )
}

/// Whether a piece of `attacker`'s (one of `codes`) takes on `sq` by `rule`, walking each
/// of its walks back from the square.
#[inline(always)]
fn rule_attacks<M: Mask, R: Reads<M>, const LINES: bool>(
    env: &Env<M>,
    rule: &MoveRule,
    attacker: u8,
    codes: u64,
    sq: Sq,
    reads: &mut R,
    lines: Option<&AttackLines>,
) -> bool {
    let walks = &rule.walks[attacker as usize];
    if let Some(parts) = &rule.parts {
        // Runs passed in turn take where they land (the checker says so).
        return walks
            .iter()
            .any(|walk| lands_on_parts(env, rule, parts, walk, attacker, codes, sq, reads));
    }
    if rule.takes_landing {
        walks
            .iter()
            .any(|walk| lands_on::<M, R, LINES>(env, rule, walk, attacker, codes, sq, reads, lines))
    } else {
        walks
            .iter()
            .any(|walk| jumps_over(env, rule, walk, attacker, codes, sq, reads))
    }
}

/// The square one step back from `sq` along `walk`, if there is one.
#[inline(always)]
fn back<M: Mask>(env: &Env<M>, walk: &Walk, sq: Sq) -> Option<Sq> {
    let board = env.board?;
    let t = board.back(sq, walk.dir, 1);
    (t != NO_SQUARE).then_some(t)
}

/// Whether a piece of `attacker` (one of `codes`) walks `walk` by `rule` onto `sq`. A
/// run's line is first looked up in `lines` (`Game::attack_lines`), where given: one that
/// holds none of the attacker's pieces is not walked. (A walk of one step reads one square
/// anyway.)
#[allow(clippy::too_many_arguments)]
fn lands_on<M: Mask, R: Reads<M>, const LINES: bool>(
    env: &Env<M>,
    rule: &MoveRule,
    walk: &Walk,
    attacker: u8,
    codes: u64,
    sq: Sq,
    reads: &mut R,
    lines: Option<&AttackLines>,
) -> bool {
    let (min, max, run) = match rule.run {
        Some(run) => {
            if let Some(lines) = lines.filter(|_| LINES) {
                let line = M::at(&lines.squares, walk.dir.index() * env.cells + sq as usize);
                if (line & env.occupied[attacker as usize]).is_empty() {
                    return false;
                }
            }
            (run.min as u32, run.max as u32, Some(run.pattern))
        }
        None => (0, 0, None),
    };
    let mut at = sq;
    let mut passed = 0u32;
    // Where reads are kept: the square that stopped the walk, which it then goes on past
    // as if it were not there, to see whether a piece behind it would attack (a pin).
    let mut past: Option<(Sq, u64, Code)> = None;
    while let Some(t) = back(env, walk, at) {
        let code = env.cell_codes[t as usize];
        reads.read(t, codes, code);
        if (codes >> code) & 1 != 0
            && passed >= min
            && allowed(walk, passed + 1, sq)
            && conditions_hold(env, rule, attacker, t, sq)
        {
            // Behind a square that stops the walk, an attacker makes that square matter:
            // a move from it may open the line.
            return match past {
                Some((stop, run, there)) => {
                    reads.read(stop, run, there);
                    false
                }
                None => true,
            };
        }
        if passed >= max {
            return false;
        }
        let Some(run) = run else {
            return false;
        };
        let masks = run.masks[attacker as usize];
        if !run.matches(attacker, code) {
            if !R::KEPT {
                return false;
            }
            if past.is_some() {
                reads.read_past(t, masks, code);
                return false;
            }
            past = Some((t, masks, code));
        } else {
            reads.read(t, masks, code);
        }
        passed += 1;
        at = t;
    }
    false
}

/// `lands_on` with reads kept, for an open run along a line whose walk back climbs or
/// falls (`AttackLines::rising`): the first piece on the line and, past it, the second,
/// found from the line's pieces, and the empty squares before each asked at once. It asks
/// what the walk asks: each square whether it holds an attacker, the first stop (where
/// an attacker stands behind it, a pin) whether it is empty, and the second stop,
/// where no attacker, as a square read past a stop.
#[allow(clippy::too_many_arguments)]
fn open_line_kept<M: Mask, R: Reads<M>>(
    env: &Env<M>,
    lines: &AttackLines,
    start: usize,
    rising: bool,
    sq: Sq,
    codes: u64,
    pieces: M,
    reads: &mut R,
) -> bool {
    let nearest = |set: M| nearest(set, rising);
    let line = M::at(&lines.squares, start + sq as usize);
    let Some(first) = Some(line & pieces).filter(|s| !s.is_empty()).map(nearest) else {
        reads.read_all(line, codes);
        return false;
    };
    let beyond = M::at(&lines.squares, start + first as usize);
    reads.read_all(line & !beyond & !M::bit(first), codes);
    let code = env.cell_codes[first as usize];
    reads.read(first, codes, code);
    if (codes >> code) & 1 != 0 {
        return true;
    }
    let Some(second) = Some(beyond & pieces).filter(|s| !s.is_empty()).map(nearest) else {
        reads.read_all(beyond, codes);
        return false;
    };
    reads.read_all(
        beyond & !M::at(&lines.squares, start + second as usize) & !M::bit(second),
        codes,
    );
    let there = env.cell_codes[second as usize];
    reads.read(second, codes, there);
    if (codes >> there) & 1 != 0 {
        // Behind the first stop, an attacker: a move that empties the stop opens the line.
        reads.read(first, 1, code);
    } else {
        reads.read_past(second, 1, there);
    }
    false
}

/// `lands_on` for a rule that passes over runs in turn: the line is followed back from
/// `sq` with the set of items of the spelt-out runs still to be matched (bit `i`: items
/// `0..i` are left, those from `i` on lie between the square and `sq`). A square reached
/// with none left is where the mover would stand.
#[cold]
fn lands_on_parts<M: Mask>(
    env: &Env<M>,
    rule: &MoveRule,
    parts: &RunParts,
    walk: &Walk,
    attacker: u8,
    codes: u64,
    sq: Sq,
    reads: &mut impl Reads<M>,
) -> bool {
    let items = &parts.items;
    let mut left: u32 = 1 << items.len();
    let mut at = sq;
    let mut distance = 0;
    while left != 0 {
        // An item that may be left out is, as well.
        for i in (0..items.len()).rev() {
            if left & (1 << (i + 1)) != 0 && items[i].times.skippable() {
                left |= 1 << i;
            }
        }
        let Some(t) = back(env, walk, at) else {
            return false;
        };
        distance += 1;
        let code = env.cell_codes[t as usize];
        reads.read_exactly(t, code);
        if left & 1 != 0
            && (codes >> code) & 1 != 0
            && allowed(walk, distance, sq)
            && conditions_hold(env, rule, attacker, t, sq)
        {
            return true;
        }
        let mut next = 0;
        for (i, item) in items.iter().enumerate() {
            let run = parts.runs[item.run as usize];
            if left & (1 << (i + 1)) != 0 && run.pattern.matches(attacker, code) {
                next |= match item.times {
                    Times::Any => 1 << (i + 1),
                    _ => 1 << i,
                };
            }
        }
        left = next;
        at = t;
    }
    false
}

/// Whether a piece of `attacker` jumps `sq` along `walk` by `rule` (a run of one).
fn jumps_over<M: Mask>(
    env: &Env<M>,
    rule: &MoveRule,
    walk: &Walk,
    attacker: u8,
    codes: u64,
    sq: Sq,
    reads: &mut impl Reads<M>,
) -> bool {
    let Some(from) = back(env, walk, sq) else {
        return false;
    };
    let Some(board) = env.board else {
        return false;
    };
    let to = board.next(sq, walk.dir);
    reads.read(from, codes, env.cell_codes[from as usize]);
    if (codes >> env.cell_codes[from as usize]) & 1 == 0 || to == NO_SQUARE {
        return false;
    }
    reads.read(
        to,
        rule.onto.masks[attacker as usize],
        env.cell_codes[to as usize],
    );
    rule.onto.matches(attacker, env.cell_codes[to as usize])
        && allowed(walk, 2, to)
        && conditions_hold(env, rule, attacker, from, to)
}

/// Whether the rule's conditions on squares let a move of `distance` steps land on `to`.
fn allowed(walk: &Walk, distance: u32, to: Sq) -> bool {
    match &walk.allowed {
        None => true,
        Some(sets) => sets
            .get(distance as usize - 1)
            .is_some_and(|s: &SquareSet| s.contains(to)),
    }
}

/// Whether the rule's conditions that read the position hold for a move from `from` to
/// `to` by `attacker`. They are read without `attacked` (the checker rules out a capturing
/// rule that reads it), so that one attack never asks for another.
fn conditions_hold<M: Mask>(env: &Env<M>, rule: &MoveRule, attacker: u8, from: Sq, to: Sq) -> bool {
    let Some(condition) = &rule.condition else {
        return true;
    };
    let seen = Env {
        player: attacker,
        from,
        to,
        game: None,
        ..*env
    };
    condition.holds(&seen)
}

/// Cell codes of `player`'s pieces of the types in `piece_mask`.
pub fn attacker_codes(types: usize, player: usize, piece_mask: u64) -> u64 {
    // The player's codes run from `1 + player * types`, one a type: the mask shifted
    // there, a few operations where a loop over the types was read at every attack.
    let shift = 1 + player * types;
    if types == 0 || shift >= u64::BITS as usize {
        return 0;
    }
    let types_mask = u64::MAX >> (u64::BITS as usize - types.min(64));
    (piece_mask & types_mask) << shift
}
