//! The computer's second way of thinking: alpha-beta search, as Zillions of Games plays,
//! for two-player games where tactics matter. It knows no game: it reads the legal moves,
//! makes them, and judges the positions where it stops with `Evaluator` (material from the
//! rules, the game's score, mobility).
//!
//! The search deepens one ply at a time (iterative deepening) until the level's depth or
//! the time is reached, and plays the best move of the last depth it finished. It keeps a
//! table of positions searched (keyed by a hash of the position's exact key, what Zobrist
//! keys give a hand-written engine), tries the table's move first, then captures (the most
//! valuable piece taken by the least valuable first), then the moves that refuted a
//! sibling (killer moves), then the rest by how often a move between the same squares has
//! cut a search off (the history heuristic); at the depth's end it follows captures until
//! the position is quiet (quiescence), so that it does not stop in the middle of an
//! exchange. After a node's first move, the others are asked only whether they beat it,
//! with a window of width one (principal variation search), and late quiet moves first
//! one ply shallower (late move reductions); a move that does beat it is searched again
//! in full. The same depth is reached from far fewer positions (docs/INTERNALS.md gives
//! the figures).
//!
//! A move after which the same player moves again (a sowing that ends in the store) is
//! searched without changing sides.
//!
//! In a game whose rules say nothing of repetition, a line that comes back to a position
//! already on it, or to one the game itself has stood in (`History::played`), is scored
//! as even, as game engines commonly score a repetition: it makes no progress, so the side
//! ahead looks for another way rather than go round a cycle that no rule would end. (Where
//! leaving the cycle costs the side ahead more than its lead, both sides may still keep to
//! it; a tool's ply cap ends such a game.)

use super::evaluate::Evaluator;
use super::mcts::{Choice, Limits, Thinking};
use crate::engine::{generate, make, History, KeyLayout, Layout, Move, Outcome, Scratch, State};
use crate::ir::Game;
use crate::rng::Rng;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A won position's score, less the plies to the win (a quicker win is better).
pub const WIN: i32 = 1 << 30;
/// Scores beyond this are wins or losses found by the search.
const DECIDED: i32 = WIN - 10_000;
/// The deepest the search goes, quiescence included.
const MAX_PLY: usize = 96;
/// How many captures in a row quiescence follows at most.
const QUIET_DEPTH: usize = 4;
/// Entries of the table of positions (a power of two).
const TABLE: usize = 1 << 18;
/// Moves searched at a node before later quiet ones are reduced (`Search::reduction`).
const LATE: usize = 3;
/// The least depth at which a late move is reduced.
const REDUCED_FROM: i32 = 3;

/// The bound a table entry's score is.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
enum Bound {
    #[default]
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    depth: i8,
    bound: Bound,
    /// The best move's place in the position's list of moves (`u16::MAX` for none).
    best: u16,
}

struct Search<'a, Z: Layout> {
    game: &'a Game,
    judge: Evaluator,
    keys: KeyLayout,
    key_words: Vec<u64>,
    table: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// `quiet[from * cells + to]` (a piece placed counts as from `cells`): how often, and
    /// how deep, a move that takes nothing from `from` to `to` has cut a search off, in any
    /// position (the history heuristic): quiet moves that are not killers are tried in
    /// its order.
    quiet: Vec<u32>,
    /// A move list for each ply, reused.
    lists: Vec<Vec<Move>>,
    /// For each ply, the order its moves are searched in (`order`) or its captures
    /// (`quiesce`), as `ranked` keys: reused, so that a position searched allocates
    /// nothing.
    orders: Vec<Vec<u64>>,
    scratch: Scratch<Z>,
    nodes: u64,
    /// The positions the search may visit.
    budget: u64,
    limits: Limits,
    started: Instant,
    /// Set once the time is up or the search was stopped: every score after it is
    /// thrown away.
    out_of_time: bool,
    /// Whether a position that comes back on the line searched is scored as even: where
    /// no rule of the game reads repetition.
    cycles_even: bool,
    /// `path[ply]`: the key (`key`) of the position searched at `ply` on the current line,
    /// the root's at 0; read where `cycles_even`.
    path: [u64; MAX_PLY + 1],
    /// The keys of the positions the game stood in before the root (`History::played`),
    /// read where `cycles_even`: a cycle that began before the root, or is longer than the
    /// line searched, is seen too. Sorted, for a binary search (cheaper than hashing a key
    /// that is a hash already).
    played: Vec<u64>,
}

/// Positions alpha-beta may search for each playout a level of MCTS runs: a position
/// searched costs about a sixtieth of a random game played out.
pub const POSITIONS_PER_PLAYOUT: u64 = 64;

/// The move alpha-beta chooses at `state`, or `None` when the game is over. It deepens
/// until `limits`' playouts' worth of positions (`POSITIONS_PER_PLAYOUT`) or its time are
/// spent, and plays the best move of the deepest search finished (or of the unfinished one,
/// when it has found a better move). Moves whose scores tie are told apart by `rng`.
pub fn choose<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    history: &History,
    limits: Limits,
    rng: &mut Rng,
    watch: &mut dyn FnMut(&Thinking),
) -> Option<Choice> {
    let mut search = Search {
        game,
        judge: Evaluator::new::<Z>(game),
        keys: KeyLayout::of(game),
        key_words: vec![0; KeyLayout::of(game).words],
        table: vec![Entry::default(); TABLE],
        killers: [[None; 2]; MAX_PLY],
        quiet: vec![0; (game.board.cells() + 1) * game.board.cells()],
        lists: vec![Vec::new(); MAX_PLY + 1],
        orders: vec![Vec::new(); MAX_PLY + 1],
        scratch: Scratch::default(),
        nodes: 0,
        budget: (limits.playouts as u64).saturating_mul(POSITIONS_PER_PLAYOUT),
        limits,
        started: Instant::now(),
        out_of_time: false,
        cycles_even: !game.reads_repeated,
        path: [0; MAX_PLY + 1],
        played: Vec::new(),
    };
    search.scratch.history = history.clone();
    let mut moves = Vec::new();
    if generate(game, state, &mut search.scratch, &mut moves).is_some() || moves.is_empty() {
        return None;
    }
    // Shuffled, so that among moves of equal score the one played is drawn at random.
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
    let mut chosen = Choice {
        mv: moves[0],
        playouts: 0,
        win_rate: 0.0,
        runner_up: None,
        proven: None,
        depth: None,
        visits: (0, 0),
    };
    if moves.len() == 1 {
        return Some(chosen);
    }
    if search.cycles_even {
        search.path[0] = search.key(state);
        search.played = history.played().to_vec();
        search.played.sort_unstable();
        search.played.dedup();
    }
    let mut scores = vec![0i32; moves.len()];
    for d in 1..=(MAX_PLY as u32 / 2).min(limits.depth.max(1)) {
        let Some((best, score, runner)) = search.root(state, &mut moves, &mut scores, d) else {
            break;
        };
        chosen = Choice {
            mv: moves[best],
            playouts: search.nodes as usize,
            win_rate: 0.0,
            runner_up: runner.map(|r| (moves[r], 0.0)),
            proven: None,
            depth: Some((d, score)),
            visits: (0, 0),
        };
        // Told after each depth: the positions searched, and the depth and score.
        watch(&Thinking {
            elapsed: search.started.elapsed(),
            playouts: search.nodes as usize,
            best: moves[best],
            win_rate: 0.0,
            depth: Some((d, score)),
        });
        // The best move first at the next depth.
        moves.swap(0, best);
        scores.swap(0, best);
        if score.abs() >= DECIDED {
            break;
        }
    }
    chosen.playouts = search.nodes as usize;
    Some(chosen)
}

impl<Z: Layout> Search<'_, Z> {
    /// One depth's search of the root's moves (the last depth's best first): the best
    /// move's place, its score and the next best's place; `None` when the time ran out
    /// before the first move was searched.
    fn root(
        &mut self,
        state: &State<Z>,
        moves: &mut [Move],
        scores: &mut [i32],
        depth: u32,
    ) -> Option<(usize, i32, Option<usize>)> {
        let (mut alpha, beta) = (-WIN, WIN);
        let mut best: Option<usize> = None;
        let mark = self.scratch.history.len();
        let mobility = moves.len();
        for i in 0..moves.len() {
            let mut child = *state;
            make(self.game, &mut child, moves[i]);
            self.scratch.history.record(self.game, &mut child);
            let score = if child.to_move == state.to_move {
                self.negamax(&child, depth as i32 - 1, alpha, beta, 1, mobility)
            } else if best.is_none() {
                -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1, mobility)
            } else {
                self.scout(&child, depth as i32 - 1, 0, alpha, beta, 1, mobility)
            };
            self.scratch.history.truncate(mark);
            if self.out_of_time {
                break;
            }
            scores[i] = score;
            if best.is_none() || score > alpha {
                alpha = alpha.max(score);
                best = Some(i);
            }
        }
        let best = best?;
        // Only the best move's score is exact; the others are bounds, good enough to name
        // a runner-up.
        let runner = (0..moves.len())
            .filter(|&i| i != best)
            .max_by_key(|&i| scores[i]);
        Some((best, scores[best], runner))
    }

    /// Whether the positions or the time are spent, or the search was stopped (the clock
    /// is read every 64 positions).
    fn time_up(&mut self) -> bool {
        if self.nodes >= self.budget
            || self.nodes & 63 == 0
                && (self.started.elapsed() >= self.limits.time
                    || self.limits.stop.is_some_and(|f| f.load(Ordering::Relaxed)))
        {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// The score of `s` for the player to move, searched `depth` plies deep; `ply` plies
    /// from the root, where the other player had `theirs` moves.
    fn negamax(
        &mut self,
        s: &State<Z>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        theirs: usize,
    ) -> i32 {
        if self.time_up() {
            return 0;
        }
        self.nodes += 1;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let score = self.node(s, depth, &mut alpha, beta, ply, theirs, &mut moves);
        self.lists[ply] = moves;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        s: &State<Z>,
        depth: i32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
        theirs: usize,
        moves: &mut Vec<Move>,
    ) -> i32 {
        if let Some(o) = generate(self.game, s, &mut self.scratch, moves) {
            return decided(o, s.to_move, ply);
        }
        if moves.is_empty() {
            return 0;
        }
        // A forced move costs no depth (a one-reply extension): where captures are
        // compulsory most replies are forced, and a line of them is searched to its end
        // rather than cut off at the horizon. Only in the first half of the deepest line,
        // so that a long run of forced moves still ends.
        let depth = match moves.len() == 1 && ply < MAX_PLY / 2 {
            true => depth + 1,
            false => depth,
        };
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(s, *alpha, beta, ply, theirs, moves, 0);
        }
        let key = self.key(s);
        if self.cycles_even {
            if self.path[..ply].contains(&key) || self.played.binary_search(&key).is_ok() {
                return 0;
            }
            self.path[ply] = key;
        }
        let slot = &self.table[key as usize & (TABLE - 1)];
        let mut first = None;
        if slot.key == key {
            first = Some(slot.best as usize).filter(|&i| i < moves.len());
            if slot.depth as i32 >= depth {
                let score = from_table(slot.score, ply);
                match slot.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= *alpha => return score,
                    _ => {}
                }
            }
        }
        let mut order = std::mem::take(&mut self.orders[ply]);
        self.order(s, moves, first, ply, &mut order);
        let start_alpha = *alpha;
        let mark = self.scratch.history.len();
        let mobility = moves.len();
        let (mut best, mut best_at) = (-WIN, u16::MAX);
        for (n, &k) in order.iter().enumerate() {
            let i = place(k);
            let m = moves[i];
            let mut child = *s;
            make(self.game, &mut child, m);
            self.scratch.history.record(self.game, &mut child);
            let score = if child.to_move == s.to_move {
                self.negamax(&child, depth - 1, *alpha, beta, ply + 1, theirs)
            } else if n == 0 {
                -self.negamax(&child, depth - 1, -beta, -*alpha, ply + 1, mobility)
            } else {
                let reduced = self.reduction(depth, n, &m, ply);
                self.scout(&child, depth - 1, reduced, *alpha, beta, ply + 1, mobility)
            };
            self.scratch.history.truncate(mark);
            if self.out_of_time {
                break;
            }
            if score > best {
                best = score;
                best_at = i as u16;
            }
            if score > *alpha {
                *alpha = score;
            }
            if *alpha >= beta {
                if !m.takes {
                    let q = self.quiet_at(&m);
                    self.quiet[q] = self.quiet[q].saturating_add((depth * depth) as u32);
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                }
                break;
            }
        }
        self.orders[ply] = order;
        if self.out_of_time {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > start_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table[key as usize & (TABLE - 1)] = Entry {
            key,
            score: to_table(best, ply),
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
            best: best_at,
        };
        best
    }

    /// The score for the player who moved into `child` (the other player to move there),
    /// searched `depth` plies deep, after the first move of a node (principal variation
    /// search): a window of width one tells whether it beats `alpha`, first `reduced`
    /// plies shallower (a late move reduction); only a move that does is searched again at
    /// full depth, and, if it lands inside the window, with the whole window.
    #[allow(clippy::too_many_arguments)]
    fn scout(
        &mut self,
        child: &State<Z>,
        depth: i32,
        reduced: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        mobility: usize,
    ) -> i32 {
        let mut score = -self.negamax(child, depth - reduced, -alpha - 1, -alpha, ply, mobility);
        if reduced > 0 && score > alpha && !self.out_of_time {
            score = -self.negamax(child, depth, -alpha - 1, -alpha, ply, mobility);
        }
        if score > alpha && score < beta && !self.out_of_time {
            score = -self.negamax(child, depth, -beta, -alpha, ply, mobility);
        }
        score
    }

    /// How many plies shallower the `n`th move searched at a node (from 0) is first tried:
    /// one for a move that takes nothing, promotes nothing and is no killer, searched late
    /// (after the first `LATE` moves) at a node searched at least `REDUCED_FROM` deep.
    /// Moves ordered late are seldom best; one that is gets a full search after all.
    fn reduction(&self, depth: i32, n: usize, m: &Move, ply: usize) -> i32 {
        let quiet = !m.takes && m.promote == 0 && !self.killers[ply].contains(&Some(*m));
        i32::from(depth >= REDUCED_FROM && n >= LATE && quiet)
    }

    /// The score of `s` once no capture changes it: the judged score if the player to move
    /// stands pat (where some move takes nothing), or what a capture gains.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        s: &State<Z>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        theirs: usize,
        moves: &[Move],
        taken: usize,
    ) -> i32 {
        let stand = self.judge.judge(self.game, s, moves.len(), theirs);
        // Standing pat is declining to capture: where every move takes (captures are
        // compulsory, or the only way out), the player must take, and the judged score is
        // no bound on what they get.
        let must_take = moves.iter().all(|m| m.takes);
        if (stand >= beta && !must_take) || taken >= QUIET_DEPTH || ply >= MAX_PLY {
            return stand;
        }
        if !must_take {
            alpha = alpha.max(stand);
        }
        let mut captures = std::mem::take(&mut self.orders[ply]);
        captures.clear();
        captures.extend(
            (moves.iter().enumerate())
                .filter(|(_, m)| m.takes)
                .map(|(i, m)| ranked(self.capture_order(s, m), i)),
        );
        captures.sort_unstable_by(|a, b| b.cmp(a));
        let mut best = if must_take { -WIN } else { stand };
        let mark = self.scratch.history.len();
        for &k in &captures {
            let m = moves[place(k)];
            if self.time_up() {
                break;
            }
            let mut child = *s;
            make(self.game, &mut child, m);
            self.scratch.history.record(self.game, &mut child);
            self.nodes += 1;
            let mut list = std::mem::take(&mut self.lists[ply + 1]);
            let score = match generate(self.game, &child, &mut self.scratch, &mut list) {
                // Every score in this loop is for `s.to_move`, who took (the arms below
                // negate the other player's): a capture that wins the game is their win.
                Some(o) => decided(o, s.to_move, ply + 1),
                None if list.is_empty() => 0,
                None if child.to_move == s.to_move => {
                    self.quiesce(&child, alpha, beta, ply + 1, theirs, &list, taken + 1)
                }
                None => -self.quiesce(
                    &child,
                    -beta,
                    -alpha,
                    ply + 1,
                    moves.len(),
                    &list,
                    taken + 1,
                ),
            };
            self.lists[ply + 1] = list;
            self.scratch.history.truncate(mark);
            if self.out_of_time {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.orders[ply] = captures;
        match self.out_of_time {
            true => 0,
            false => best,
        }
    }

    /// Writes to `keyed` the order to search `moves` in (`ranked` keys, highest first): the
    /// table's move, captures by victim and attacker, promotions, killer moves, then the
    /// rest by their history (`quiet`); among equals, as listed.
    fn order(
        &self,
        s: &State<Z>,
        moves: &[Move],
        first: Option<usize>,
        ply: usize,
        keyed: &mut Vec<u64>,
    ) {
        keyed.clear();
        keyed.extend(moves.iter().enumerate().map(|(i, m)| {
            let rank = if Some(i) == first {
                i32::MAX
            } else if m.takes {
                1 << 28 | self.capture_order(s, m).clamp(0, 1 << 27)
            } else if m.promote != 0 {
                1 << 27
            } else if self.killers[ply].contains(&Some(*m)) {
                1 << 26
            } else {
                self.quiet[self.quiet_at(m)].min((1 << 26) - 1) as i32
            };
            ranked(rank, i)
        }));
        keyed.sort_unstable_by(|a, b| b.cmp(a));
    }

    /// The place of `m` in `quiet`.
    fn quiet_at(&self, m: &Move) -> usize {
        let cells = self.game.board.cells();
        (m.from as usize).min(cells) * cells + (m.to() as usize).min(cells - 1)
    }

    /// Captures of the most valuable piece by the least valuable first.
    fn capture_order(&self, s: &State<Z>, m: &Move) -> i32 {
        let victim = self.judge.victim(self.game, s, m);
        let mover = self.judge.mover(self.game, s, m);
        (victim.clamp(0, 1 << 20) << 6) - mover.clamp(0, 1 << 20) / 16
    }

    /// A hash of the exact key of `s` (`KeyLayout`).
    fn key(&mut self, s: &State<Z>) -> u64 {
        self.keys.hash(self.game, s, &mut self.key_words)
    }
}

/// A move's rank and place in its list as one key: sorted from the highest, keys put the
/// highest rank first and, among equal ranks, the move listed first (as a stable sort by
/// rank would, for the cost of comparing two words).
fn ranked(rank: i32, place: usize) -> u64 {
    ((rank as i64 - i32::MIN as i64) as u64) << 16 | (u16::MAX as usize - place) as u64
}

/// The place in its list of the move `ranked` keyed.
fn place(key: u64) -> usize {
    u16::MAX as usize - (key & 0xffff) as usize
}

/// The score of a decided game for `player`, `ply` plies from the root.
fn decided(o: Outcome, player: u8, ply: usize) -> i32 {
    match o {
        Outcome::Win(p) if p == player => WIN - ply as i32,
        Outcome::Win(_) => -(WIN - ply as i32),
        Outcome::Draw => 0,
    }
}

/// A win's score as the table keeps it: counted from the position, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score + ply as i32
    } else if score <= -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score - ply as i32
    } else if score <= -DECIDED {
        score + ply as i32
    } else {
        score
    }
}
