//! The computer opponent: Monte Carlo tree search with random playouts (UCT). It knows no
//! game: it needs legal moves, apply and the result, and nothing else. Levels set the number
//! of playouts per move; a time limit bounds every move; a seed makes it repeatable.
//!
//! On several threads the search is parallel at the root: each thread grows its own tree
//! from its own seed with the level's playouts, and the root's visits and wins are added
//! up. The time a move takes stays the same; the search is as many times larger.

use super::playout::playout;
use crate::engine::Layout;
use crate::engine::{
    generate, make, History, Move, MoveStore, Outcome, PackedMove, Scratch, State,
};
use crate::ir::Game;
use crate::rng::Rng;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How hard the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(pub u8);

impl Level {
    pub const MAX: u8 = 6;

    /// Playouts per move: none at level 0 (a random legal move), then 100, 400, 1,600…
    pub fn playouts(self) -> usize {
        match self.0 {
            0 => 0,
            l => 25 << (2 * l as usize),
        }
    }
}

/// Limits for one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub playouts: usize,
    pub time: Duration,
    /// Plies after which a playout counts as a draw (some games can cycle).
    pub max_plies: usize,
    /// When set, the search stops at once with what it has (Ctrl-C in a session).
    pub stop: Option<&'static AtomicBool>,
    /// Threads searching, each with `playouts` of its own.
    pub threads: usize,
    /// The deepest alpha-beta goes, in plies (MCTS reads no depth).
    pub depth: u32,
}

impl Limits {
    pub fn for_level(level: Level) -> Limits {
        Limits {
            playouts: level.playouts(),
            time: Duration::from_secs(5),
            max_plies: 1000,
            stop: None,
            threads: 1,
            depth: u32::MAX,
        }
    }
}

/// One position in the tree, reached by `mv` from its parent's. Packed, the move keeps a
/// node at 48 bytes (it was 96 with the move whole): trees of a long think stay half the
/// size, and a node's children are read from fewer cache lines.
struct Node {
    mv: PackedMove,
    /// The player who made `mv`; rewards are counted for them.
    mover: u8,
    parent: u32,
    children: std::ops::Range<u32>,
    expanded: bool,
    visits: f64,
    reward: f64,
    /// What the search has proven of the position after `mv` (MCTS-solver): `WIN` or
    /// `LOSS` for `mover`, whatever follows; `UNKNOWN` otherwise (a draw is not proven).
    proven: i8,
}

const _: () = assert!(std::mem::size_of::<Node>() == 48);

const WIN: i8 = 1;
const LOSS: i8 = -1;
const UNKNOWN: i8 = 0;

/// What the computer chose, and how much it searched for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub mv: Move,
    /// The playouts run (0 when the move was chosen without a search).
    pub playouts: usize,
    /// The share of the move's playouts the mover won (draws count half); 0 without a
    /// search.
    pub win_rate: f64,
    /// The move visited next most, with its share of wins.
    pub runner_up: Option<(Move, f64)>,
    /// With MCTS: how often the move was tried, and the runner-up (0 without one).
    pub visits: (usize, usize),
    /// With alpha-beta: the depth searched to, and the move's score for the mover (in
    /// hundredths of a point); `playouts` is then the positions searched.
    pub depth: Option<(u32, i32)>,
    /// With MCTS: whether the move is proven to win (`Some(true)`) or every move proven to
    /// lose (`Some(false)`), whatever the other player does.
    pub proven: Option<bool>,
}

/// The move the computer chooses at `state`, or `None` when the game is over. `history`
/// holds the positions of the game that led to `state` (`state` the last), for games that
/// read `repeated`.
pub fn choose<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    history: &History,
    limits: Limits,
    rng: &mut Rng,
) -> Option<Move> {
    choose_with_stats(game, state, history, limits, rng).map(|c| c.mv)
}

/// The move the computer chooses at `state` and the playouts it ran, or `None` when the
/// game is over.
pub fn choose_with_stats<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    history: &History,
    limits: Limits,
    rng: &mut Rng,
) -> Option<Choice> {
    choose_watched(game, state, history, limits, rng, &mut |_| {})
}

/// `choose_with_stats` from a position of any layout.
pub fn choose_at(
    game: &Game,
    position: &crate::engine::Position,
    history: &History,
    limits: Limits,
    rng: &mut Rng,
) -> Option<Choice> {
    crate::each_state!(position, s => choose_with_stats(game, s, history, limits, rng))
}

/// The search as it goes: told to a watcher a few times a second.
#[derive(Clone, Copy, Debug)]
pub struct Thinking {
    pub elapsed: Duration,
    pub playouts: usize,
    /// The move most visited so far, and its share of wins for the mover.
    pub best: Move,
    pub win_rate: f64,
    /// With alpha-beta: the depth finished and the best move's score (`playouts` are then
    /// positions searched).
    pub depth: Option<(u32, i32)>,
}

/// How often a watcher hears of the search.
const WATCH_EVERY: Duration = Duration::from_millis(200);

/// `choose_with_stats`, telling `watch` how the search goes every `WATCH_EVERY`.
pub fn choose_watched<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    history: &History,
    limits: Limits,
    rng: &mut Rng,
    watch: &mut dyn FnMut(&Thinking),
) -> Option<Choice> {
    let mut moves = Vec::new();
    if generate(game, state, &mut Scratch::default(), &mut moves).is_some() {
        return None;
    }
    if moves.len() == 1 || limits.playouts == 0 {
        return Some(Choice {
            mv: moves[rng.below(moves.len())],
            playouts: 0,
            win_rate: 0.0,
            runner_up: None,
            depth: None,
            visits: (0, 0),
            proven: None,
        });
    }
    let started = Instant::now();
    let team = AtomicUsize::new(0);
    // One tree on this thread, one on each helper (none on one thread). Each helper's seed
    // is drawn before any starts, so that a search bound by playouts is the same in every
    // run.
    let seeds: Vec<u64> = (1..limits.threads).map(|_| rng.next_u64()).collect();
    let mut root = std::thread::scope(|scope| {
        let helpers: Vec<_> = seeds
            .into_iter()
            .map(|seed| {
                let team = &team;
                scope.spawn(move || {
                    let mut rng = Rng::new(seed);
                    grow_tree(game, state, history, limits, &mut rng, started, team, None)
                })
            })
            .collect();
        let mut root = grow_tree(
            game,
            state,
            history,
            limits,
            rng,
            started,
            &team,
            Some(watch),
        );
        for helper in helpers {
            root.add(&helper.join().expect("a search thread does not panic"));
        }
        root
    });
    root.playouts = team.load(Ordering::Relaxed);
    root.choice()
}

/// The root's moves after a search: how often each was tried and what it won.
struct RootStats {
    moves: Vec<Move>,
    visits: Vec<f64>,
    reward: Vec<f64>,
    /// What each move is proven to do for the player to move (`Node::proven`).
    proven: Vec<i8>,
    playouts: usize,
}

impl RootStats {
    /// Adds another tree's root (of the same position, so of the same moves).
    fn add(&mut self, other: &RootStats) {
        debug_assert_eq!(self.moves, other.moves, "the same position's moves");
        for i in 0..self.moves.len().min(other.moves.len()) {
            self.visits[i] += other.visits[i];
            self.reward[i] += other.reward[i];
            // Each tree proves only what is so: a proof in one holds for both.
            if self.proven[i] == UNKNOWN {
                self.proven[i] = other.proven[i];
            }
        }
    }

    /// The move visited most, its share of wins and the runner-up; a move proven to win
    /// before any, and a move proven to lose only when every move is.
    fn choice(&self) -> Option<Choice> {
        let rate = |i: usize| self.reward[i] / self.visits[i].max(1.0);
        let by_visits = |&a: &usize, &b: &usize| self.visits[a].total_cmp(&self.visits[b]);
        let all = 0..self.moves.len();
        let won = all
            .clone()
            .filter(|&i| self.proven[i] == WIN)
            .max_by(by_visits);
        let open = all
            .clone()
            .filter(|&i| self.proven[i] != LOSS)
            .max_by(by_visits);
        let best = won.or(open).or_else(|| all.clone().max_by(by_visits))?;
        let proven = match (won, open) {
            (Some(_), _) => Some(true),
            (None, None) => Some(false),
            _ => None,
        };
        let runner = all
            .filter(|&i| i != best && (proven.is_some() || self.proven[i] != LOSS))
            .max_by(by_visits);
        let runner_up = runner.map(|i| (self.moves[i], rate(i)));
        Some(Choice {
            mv: self.moves[best],
            playouts: self.playouts,
            win_rate: rate(best),
            runner_up,
            depth: None,
            visits: (
                self.visits[best] as usize,
                runner.map_or(0, |i| self.visits[i] as usize),
            ),
            proven,
        })
    }
}

/// One tree's search from `state`, until its playouts are done, the time is up or it is
/// stopped; `team` counts the playouts of every thread, and a `watch`er hears of them.
fn grow_tree<Z: Layout>(
    game: &Game,
    state: &State<Z>,
    history: &History,
    limits: Limits,
    rng: &mut Rng,
    started: Instant,
    team: &AtomicUsize,
    mut watch: Option<&mut dyn FnMut(&Thinking)>,
) -> RootStats {
    let mut scratch = Scratch::default();
    scratch.history = history.clone();
    let root = scratch.history.len();
    // The steps of the tree's moves too long to keep in their nodes.
    let mut store = MoveStore::default();
    let mut nodes = vec![Node {
        mv: store.pack(&Move::PASS),
        mover: u8::MAX,
        parent: u32::MAX,
        children: 0..0,
        expanded: false,
        visits: 0.0,
        reward: 0.0,
        proven: UNKNOWN,
    }];
    // The solver reasons over players' choices: two players, no dice.
    let solving = game.players.len() == 2 && game.dice.is_none();
    let mut buffer = Vec::new();
    let mut told = started;
    let (mut done, mut counted) = (0, 0);
    for i in 0..limits.playouts {
        // Check the clock now and then, not on every playout.
        if i % 64 == 63 {
            team.fetch_add(done - counted, Ordering::Relaxed);
            counted = done;
            if started.elapsed() >= limits.time
                || limits.stop.is_some_and(|f| f.load(Ordering::Relaxed))
            {
                break;
            }
            if told.elapsed() >= WATCH_EVERY {
                told = Instant::now();
                if let (Some(c), Some(watch)) = (most_visited(&nodes), watch.as_mut()) {
                    watch(&Thinking {
                        elapsed: started.elapsed(),
                        playouts: team.load(Ordering::Relaxed),
                        best: store.unpack(&nodes[c].mv),
                        win_rate: nodes[c].reward / nodes[c].visits.max(1.0),
                        depth: None,
                    });
                }
            }
        }
        done += 1;
        let mut s = *state;
        let mut at = 0usize;
        // Selection: down the tree by UCB1 while nodes are expanded.
        while nodes[at].expanded && !nodes[at].children.is_empty() {
            at = match thrown(game, &nodes, at, rng) {
                Some(c) => c,
                None => best_child(&nodes, at, rng),
            };
            make(game, &mut s, store.unpack(&nodes[at].mv));
            scratch.history.record(game, &mut s);
        }
        // Expansion: all the children at once, then one of them.
        if !nodes[at].expanded {
            nodes[at].expanded = true;
            let ended = generate(game, &s, &mut scratch, &mut buffer);
            if let (true, Some(o)) = (solving, ended) {
                // A finished game is proven; what it proves goes up the tree.
                prove_end(&mut nodes, at, o);
            }
            if ended.is_none() {
                let first = nodes.len() as u32;
                for &m in &buffer {
                    nodes.push(Node {
                        mv: store.pack(&m),
                        mover: s.to_move,
                        parent: at as u32,
                        children: 0..0,
                        expanded: false,
                        visits: 0.0,
                        reward: 0.0,
                        proven: UNKNOWN,
                    });
                }
                nodes[at].children = first..nodes.len() as u32;
                at = thrown(game, &nodes, at, rng)
                    .unwrap_or_else(|| first as usize + rng.below(buffer.len()));
                // The move as generated: no need to unpack it.
                make(game, &mut s, buffer[at - first as usize]);
                scratch.history.record(game, &mut s);
            }
        }
        // Simulation and backpropagation.
        let finish = playout(game, &s, rng, limits.max_plies, &mut scratch, &mut buffer).outcome;
        scratch.history.truncate(root);
        let mut n = at;
        while n != u32::MAX as usize {
            let node = &mut nodes[n];
            node.visits += 1.0;
            node.reward += reward(finish, node.mover);
            n = node.parent as usize;
        }
    }
    team.fetch_add(done - counted, Ordering::Relaxed);
    root_stats(&nodes, &store)
}

/// The root's children as the search left them.
fn root_stats(nodes: &[Node], store: &MoveStore) -> RootStats {
    let children = nodes[0].children.clone().map(|c| c as usize);
    RootStats {
        moves: children
            .clone()
            .map(|c| store.unpack(&nodes[c].mv))
            .collect(),
        visits: children.clone().map(|c| nodes[c].visits).collect(),
        reward: children.clone().map(|c| nodes[c].reward).collect(),
        proven: children.map(|c| nodes[c].proven).collect(),
        playouts: 0,
    }
}

/// The root's child visited most: the move the search would play now.
fn most_visited(nodes: &[Node]) -> Option<usize> {
    nodes[0]
        .children
        .clone()
        .max_by(|&a, &b| {
            nodes[a as usize]
                .visits
                .total_cmp(&nodes[b as usize].visits)
        })
        .map(|c| c as usize)
}

/// A playout's worth to `player`: 1 for a win, 0 for a loss, ½ for a draw or a game
/// stopped at the ply cap (`None`).
fn reward(finish: Option<Outcome>, player: u8) -> f64 {
    match finish {
        Some(Outcome::Win(p)) if p == player => 1.0,
        Some(Outcome::Win(_)) => 0.0,
        Some(Outcome::Draw) | None => 0.5,
    }
}

/// Where the children of `at` are the rolls of the dice: the one the dice give, drawn as
/// they fall (no player chooses a roll).
fn thrown(game: &Game, nodes: &[Node], at: usize, rng: &mut Rng) -> Option<usize> {
    let first = nodes[at].children.start as usize;
    if !nodes.get(first)?.mv.is_roll() {
        return None;
    }
    let dice = game.dice.as_ref()?;
    let roll = dice.draw(|n| rng.below(n));
    Some(first + roll.min(nodes[at].children.len() - 1))
}

/// Marks the finished position of node `at` as proven, and what follows up the tree: a
/// position with a move proven to win is lost for whoever moved into it; one whose every
/// move is proven to lose is won for them. Where the player who moved into it moves again
/// (a sowing ending in the store), the other way round: it is their win or loss.
fn prove_end(nodes: &mut [Node], at: usize, o: Outcome) {
    let mover = nodes[at].mover;
    nodes[at].proven = match o {
        Outcome::Win(p) if p == mover => WIN,
        Outcome::Win(_) => LOSS,
        Outcome::Draw => return,
    };
    let mut n = at;
    while nodes[n].parent != u32::MAX {
        let parent = nodes[n].parent as usize;
        if nodes[parent].parent == u32::MAX || nodes[parent].proven != UNKNOWN {
            return; // The root, or known already.
        }
        let kids = nodes[parent].children.clone();
        // `proven` is for each node's mover: the children's is the player to move at
        // `parent`, who may be the player who moved into it.
        let again = nodes[n].mover == nodes[parent].mover;
        let proof = if nodes[n].proven == WIN {
            if again {
                WIN
            } else {
                LOSS
            }
        } else if kids.clone().all(|c| nodes[c as usize].proven == LOSS) {
            if again {
                LOSS
            } else {
                WIN
            }
        } else {
            return;
        };
        nodes[parent].proven = proof;
        n = parent;
    }
}

/// The child of `at` with the highest UCB1 score; unvisited children first, at random. A
/// child proven to win for the player choosing is taken at once; one proven to lose is
/// passed by while another is not.
fn best_child(nodes: &[Node], at: usize, rng: &mut Rng) -> usize {
    let parent = &nodes[at];
    // One look at the children: a proven win, how many are not proven lost, and how many
    // of those are unvisited.
    let (mut open, mut fresh) = (0, 0);
    for c in parent.children.clone() {
        let n = &nodes[c as usize];
        match n.proven {
            WIN => return c as usize,
            LOSS => {}
            _ => {
                open += 1;
                fresh += (n.visits == 0.0) as usize;
            }
        }
    }
    // Where every move is proven lost, they are all played on alike.
    let eligible = |c: u32| open == 0 || nodes[c as usize].proven != LOSS;
    let unvisited = parent
        .children
        .clone()
        .filter(|&c| nodes[c as usize].visits == 0.0 && eligible(c));
    let count = if open == 0 {
        unvisited.clone().count()
    } else {
        fresh
    };
    if count > 0 {
        let pick = rng.below(count);
        return unvisited.clone().nth(pick).expect("pick < count") as usize;
    }
    let log_n = parent.visits.ln();
    parent
        .children
        .clone()
        .filter(|&c| eligible(c))
        .max_by(|&a, &b| {
            let score = |c: u32| {
                let n = &nodes[c as usize];
                n.reward / n.visits + std::f64::consts::SQRT_2 * (log_n / n.visits).sqrt()
            };
            score(a).total_cmp(&score(b))
        })
        .expect("an expanded node with children") as usize
}
