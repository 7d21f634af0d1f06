//! The alpha-beta player's judgement of a position it does not search further, for any
//! game, from the rules alone: material (each piece type at the value the game declares,
//! `tower as T value 7`, or else at one more than its average mobility over random
//! positions), the game's own score where its end rules count one (seeds in a store, a
//! `score`), and mobility. Values are in hundredths of a point: a declared `value 1` is 100.
//!
//! Two terms make a lead count only as it can be turned into a win, as a player ahead in
//! an endgame plays: a lead shrinks as the clock comes near a draw the clock makes
//! (`draw when clock >= N`), so that the side ahead takes or advances before it runs out;
//! and once half the material has gone, the side ahead gains as its pieces come near the
//! other side's (in steps along the board's directions), so that it hunts them down
//! rather than wait.

use crate::engine::{column, generate, make, Layout, Move, Scratch, State};
use crate::ir::{
    BinOp, DirId, EndShape, EndSide, EndWords, Game, Mask, Scalar, SquareSet, Verdict, NO_SQUARE,
};
use crate::rng::Rng;

/// What one move more than the opponent is worth (a declared `value 1` is 100).
const MOBILITY: i32 = 4;
/// What the side ahead gains for each step closer one of the other side's pieces is to
/// its nearest piece, once half the material has gone.
const CHASE: i32 = 3;

/// How a game's positions are judged.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Each piece type's value.
    pub values: Vec<i32>,
    /// Whether the game's end rules count a score (`engine::scores`).
    scored: bool,
    /// `advance[code * cells + sq]`: what a piece of that cell code gains by standing on
    /// `sq` on its way to a zone where it is promoted or wins (empty when no piece has
    /// such a zone).
    advance: Vec<i32>,
    /// What a piece gains by standing guard in the row where the other side's pieces are
    /// promoted (`None` where no piece can).
    guard: Option<Guard>,
    cells: usize,
    /// The material of both players at the start (at least 1).
    start_material: i64,
    /// The clock's count at which the game is drawn (`draw when clock >= N`), if it has
    /// such a rule.
    draw_clock: Option<i64>,
    /// `steps[a * cells + b]`: the fewest steps from `a` to `b` along the board's
    /// directions (`u8::MAX` for none or too many).
    steps: std::sync::Arc<Vec<u8>>,
}

impl Evaluator {
    /// The evaluator of `game`, estimating the values it does not declare from random games
    /// from its start (the same every time: the games are drawn from a fixed seed; worked
    /// out once for the game, in `Game::estimated_values`).
    pub fn new<Z: Layout>(game: &Game) -> Evaluator {
        let estimated = if game.pieces.iter().any(|p| p.value.is_none()) {
            game.estimated_values
                .get_or_init(|| mobility_values(game, &State::<Z>::start(game)))
                .clone()
        } else {
            vec![0; game.pieces.len()]
        };
        let values: Vec<i32> = game
            .pieces
            .iter()
            .zip(estimated)
            .map(|(p, e)| {
                p.value
                    .map_or(e, |v| v.clamp(-1_000_000, 1_000_000) as i32 * 100)
            })
            .collect();
        let advance = advancement(game, &values);
        let guard = Guard::of(game, &values);
        let mut judge = Evaluator {
            values,
            scored: game.sowing.is_some() || game.score.is_some(),
            advance,
            guard,
            cells: game.board.cells(),
            start_material: 1,
            draw_clock: draw_clock(game),
            steps: game
                .step_counts
                .get_or_init(|| std::sync::Arc::new(step_counts(game)))
                .clone(),
        };
        let start = judge.material(game, &State::<Z>::start(game));
        judge.start_material = (start[0] as i64 + start[1] as i64).max(1);
        judge
    }

    /// The evaluator of `game`, whose positions take the layout of `position`.
    pub fn of(game: &Game, position: &crate::engine::Position) -> Evaluator {
        crate::each_state!(position, _s => Self::new_like(game, _s))
    }

    fn new_like<Z: Layout>(game: &Game, _layout: &State<Z>) -> Evaluator {
        Evaluator::new::<Z>(game)
    }

    /// The worth of `s` to the player to move, who has `mine` moves, where the other had
    /// `theirs` (at the position before).
    pub fn judge<Z: Layout>(&self, game: &Game, s: &State<Z>, mine: usize, theirs: usize) -> i32 {
        let me = s.to_move as usize;
        let material = self.material(game, s);
        // A lead counts for more as the board empties, so that the side ahead trades down
        // (from the lead itself at the start to twice it on a bare board).
        let total = (material[0] as i64 + material[1] as i64).max(0);
        let lead = (material[me] - material[1 - me]) as i64;
        let scaled =
            lead * 2 * self.start_material / (self.start_material + total.min(self.start_material));
        let mut worth = scaled.clamp(-(1 << 28), 1 << 28) as i32;
        if let Some(limit) = self.draw_clock {
            // From half the clock's way to the draw, the lead shrinks to nothing.
            let left = (limit - s.clock as i64).max(0);
            if 2 * left < limit {
                worth = (worth as i64 * 2 * left / limit) as i32;
            }
        }
        if lead != 0 && 2 * total <= self.start_material && !self.steps.is_empty() {
            let (ahead, behind) = if lead > 0 { (me, 1 - me) } else { (1 - me, me) };
            let chase = CHASE * self.steps_apart(s, ahead, behind);
            worth -= if lead > 0 { chase } else { -chase };
        }
        if self.scored {
            let scores = crate::engine::standing_scores(game, s);
            let own = scores.get(me).copied().unwrap_or(0);
            let best_other = (0..scores.len())
                .filter(|&p| p != me)
                .map(|p| scores[p])
                .max()
                .unwrap_or(0);
            worth = worth.saturating_add((own - best_other).clamp(-1 << 24, 1 << 24) as i32);
        }
        worth + MOBILITY * (mine as i32 - theirs as i32)
    }

    /// The steps from each of `behind`'s pieces on the board to the nearest of `ahead`'s,
    /// added up (0 when either has none).
    fn steps_apart<Z: Layout>(&self, s: &State<Z>, ahead: usize, behind: usize) -> i32 {
        let mut apart = 0;
        for b in s.occupied(behind).squares() {
            let row = &self.steps[b as usize * self.cells..][..self.cells];
            let nearest = s
                .occupied(ahead)
                .squares()
                .map(|a| row[a as usize])
                .min()
                .unwrap_or(0);
            apart += i32::from(nearest.min(64));
        }
        apart
    }

    /// Each player's pieces, on the board and in hand, at their values, and the columns
    /// they command (see below).
    pub fn material<Z: Layout>(&self, game: &Game, s: &State<Z>) -> [i32; 2] {
        let mut sum = [0i32; 2];
        let players = game.players.len().min(2);
        for (p, total) in sum.iter_mut().enumerate().take(players) {
            for sq in s.occupied(p).squares() {
                let code = s.at(sq) as usize;
                *total += self.values[game.kind[code] as usize];
                if !self.advance.is_empty() {
                    *total += self.advance[code * self.cells + sq as usize];
                }
            }
            for (t, &n) in s.hand[p].iter().enumerate().take(self.values.len()) {
                *total += self.values[t] * n as i32;
            }
        }
        if let Some(guard) = &self.guard {
            for (p, total) in sum.iter_mut().enumerate().take(players) {
                *total += guard.standing(s, p, self.cells);
            }
        }
        if let Some(columns) = &game.columns {
            // A column is its commander's: the pieces under it add to its worth (a freed
            // prisoner is still worth something to its owner, but only once freed), at half
            // their value.
            for (p, total) in sum.iter_mut().enumerate().take(players) {
                for sq in s.occupied(p).squares() {
                    if columns.slot[sq as usize] == u8::MAX {
                        continue;
                    }
                    let col = s.column(columns, sq);
                    for i in 0..column::height_below(col) {
                        let code = column::below(col, i, columns.bits);
                        *total += self.values[game.kind[code as usize] as usize] / 2;
                    }
                }
            }
        }
        sum
    }

    /// The value of the piece a move lands on, when it lands on one (for ordering
    /// captures, most valuable first).
    pub fn victim<Z: Layout>(&self, game: &Game, s: &State<Z>, m: &Move) -> i32 {
        let to = m.first_to();
        match s.at(to) {
            0 => 0,
            code => self.values[game.kind[code as usize] as usize],
        }
    }

    /// The value of the piece that moves (0 for a piece placed).
    pub fn mover<Z: Layout>(&self, game: &Game, s: &State<Z>, m: &Move) -> i32 {
        if m.from == NO_SQUARE {
            return 0;
        }
        match s.at(m.from) {
            0 => 0,
            code => self.values[game.kind[code as usize] as usize],
        }
    }
}

/// N of the game's rule `draw when clock >= N`, if it has one.
fn draw_clock(game: &Game) -> Option<i64> {
    game.end_rules.iter().find_map(|r| match r.shape {
        EndShape::Scalar(Scalar::Clock, BinOp::Ge, n) if r.verdict == Verdict::Draw && n > 0 => {
            Some(n)
        }
        _ => None,
    })
}

/// The fewest steps between every two squares along the board's directions (a search
/// from each square), for a two-player game whose pieces can be taken; empty otherwise,
/// and on a board of more than 1,024 squares, where the table would be large.
fn step_counts(game: &Game) -> Vec<u8> {
    let cells = game.board.cells();
    if game.players.len() != 2 || cells > 1024 || !game.rules.iter().any(|r| r.captures()) {
        return Vec::new();
    }
    let directions = game.board.directions.len();
    let mut steps = vec![u8::MAX; cells * cells];
    let mut queue = Vec::with_capacity(cells);
    for from in game.board.squares() {
        let row = &mut steps[from as usize * cells..][..cells];
        row[from as usize] = 0;
        queue.clear();
        queue.push(from);
        let mut head = 0;
        while head < queue.len() {
            let sq = queue[head];
            head += 1;
            let next_count = row[sq as usize].saturating_add(1);
            for d in 0..directions {
                let to = game.board.next(sq, DirId(d as u8));
                if to != NO_SQUARE && row[to as usize] == u8::MAX && next_count < u8::MAX {
                    row[to as usize] = next_count;
                    queue.push(to);
                }
            }
        }
    }
    steps
}

/// What a piece gains on its way to a zone on the far side of the board where it is
/// promoted (half the promotion's worth, at the zone's edge) or wins (a point): growing
/// with the square of the rows it has gone, so that the last steps count most.
fn advancement(game: &Game, values: &[i32]) -> Vec<i32> {
    let cells = game.board.cells();
    let codes = 1 + game.players.len() * game.pieces.len();
    let mut advance = vec![0i32; codes * cells];
    let mut any = false;
    let winning: Vec<usize> = game
        .end_rules
        .iter()
        .filter(|r| r.verdict == Verdict::Win)
        .filter_map(|r| match &r.words {
            Some(EndWords::InZone(EndSide::Reader, zone)) => {
                game.zones.iter().position(|z| &z.name == zone)
            }
            _ => None,
        })
        .collect();
    for code in 1..codes {
        let (player, kind) = game.decode(code as u8);
        let mut goals: Vec<(usize, i32)> = winning.iter().map(|&z| (z, 100)).collect();
        if let Some(Some((zone, into))) = game.promotions.get(code) {
            let gain = values[game.kind[*into as usize] as usize] - values[kind];
            goals.push((*zone, gain / 2));
        }
        let row = |sq: usize| game.rows[player * cells + sq] as i32;
        for (zone, worth) in goals {
            let inside = (0..cells)
                .filter(|&sq| game.board.used[sq] && game.in_zone(zone, player as u8, sq as u16));
            let Some(near) = inside.map(row).min() else {
                continue;
            };
            // Only a zone on the far side is a goal to advance to.
            let top = (0..cells)
                .filter(|&sq| game.board.used[sq])
                .map(row)
                .max()
                .unwrap_or(0);
            if worth <= 0 || near == 0 || 2 * near < top {
                continue;
            }
            any = true;
            for sq in (0..cells).filter(|&sq| game.board.used[sq]) {
                let r = row(sq).min(near);
                advance[code * cells + sq] += worth * r * r / (near * near);
            }
        }
    }
    if any {
        advance
    } else {
        Vec::new()
    }
}

/// What a piece gains by standing guard, as a share of the gain it denies.
const GUARD_SHARE: i32 = 4;

/// Where one player's pieces are promoted in a zone of the one row furthest from them, a
/// piece of the other player's standing on a square of it gains a quarter of the most
/// that promotion gains, if its type never moves back (no walk of its rules lowers its
/// row, and it is never placed from a hand): once it has left the row, it cannot come
/// back to hold it. (A man that steps only forward guards its home row; a piece that
/// comes back as it likes gains nothing there.) It gains it only while the other player
/// has a piece to promote there: the square it holds is one they cannot step onto.
#[derive(Clone, Debug)]
struct Guard {
    /// `worth[code * cells + sq]`: what a piece of that cell code gains on `sq`.
    worth: Vec<i32>,
    /// The squares where each player's pieces may gain it.
    squares: [SquareSet; 2],
    /// The cell codes of each player's pieces that such a zone promotes.
    promoted: [u64; 2],
}

impl Guard {
    /// The guard of a two-player game, if any of its pieces may stand guard.
    fn of(game: &Game, values: &[i32]) -> Option<Guard> {
        let cells = game.board.cells();
        if game.players.len() != 2 {
            return None;
        }
        let codes = 1 + game.players.len() * game.pieces.len();
        let mut guard = Guard {
            worth: vec![0; codes * cells],
            squares: [SquareSet::default(); 2],
            promoted: [0; 2],
        };
        let row = |player: usize, sq: usize| game.rows[player * cells + sq];
        let used = || (0..cells).filter(|&sq| game.board.used[sq]);
        // Whether no move of a piece of `kind`'s, for `player`, lowers its row.
        let never_back = |player: usize, kind: usize| {
            (game.hand_types >> kind) & 1 == 0
                && game
                    .rules
                    .iter()
                    .filter(|rule| (rule.piece_mask >> kind) & 1 != 0)
                    .flat_map(|rule| &rule.walks[player])
                    .all(|walk| {
                        used().all(|sq| {
                            let next = walk.next_of(sq as u16);
                            next == NO_SQUARE || row(player, next as usize) >= row(player, sq)
                        })
                    })
        };
        let mut any = false;
        for (code, promotion) in game.promotions.iter().enumerate().skip(1) {
            let Some((zone, into)) = promotion else {
                continue;
            };
            let (player, kind) = game.decode(code as u8);
            let gain = values[game.kind[*into as usize] as usize] - values[kind];
            let inside = |sq: &usize| game.in_zone(*zone, player as u8, *sq as u16);
            let far = used().map(|sq| row(player, sq)).max().unwrap_or(0);
            if gain <= 0 || player > 1 || !used().filter(inside).all(|sq| row(player, sq) == far) {
                continue;
            }
            guard.promoted[player] |= 1 << code;
            let other = 1 - player;
            for guarding in (0..game.pieces.len()).filter(|&k| never_back(other, k)) {
                let code = game.code(other, guarding) as usize;
                for sq in used().filter(inside) {
                    let worth = &mut guard.worth[code * cells + sq];
                    *worth = (*worth).max(gain / GUARD_SHARE);
                    guard.squares[other].insert(sq as u16);
                    any = true;
                }
            }
        }
        any.then_some(guard)
    }

    /// What `player`'s pieces standing guard in `s` gain.
    fn standing<Z: Layout>(&self, s: &State<Z>, player: usize, cells: usize) -> i32 {
        let standing = *s.occupied(player) & Z::Set::from_set(&self.squares[player]);
        let worth = |sq: u16| self.worth[s.at(sq) as usize * cells + sq as usize];
        let gained: i32 = standing.squares().map(worth).sum();
        let other = 1 - player;
        let promoted = self.promoted[other];
        let wanted = |sq: u16| (promoted >> s.at(sq)) & 1 != 0;
        if gained == 0 || !s.occupied(other).squares().any(wanted) {
            return 0;
        }
        gained
    }
}

/// Games played at random to estimate values, and the longest of them.
const GAMES: usize = 24;
const PLIES: usize = 120;
/// The most plies of those games, times the board's squares: all of them on a board of up
/// to 100 squares, fewer on a larger one, where a ply costs more (on 19 x 19, 800 plies
/// rather than 2,880: a second rather than four). A bound on work, not time, so that the
/// values, and the computer's moves, are the same on every machine.
const SQUARE_PLIES: usize = GAMES * PLIES * 100;

/// Each piece type's value from random games: 100 and 100 more for each move a piece of
/// the type has on average when its player is to move (a type never seen is worth 100).
fn mobility_values<Z: Layout>(game: &Game, start: &State<Z>) -> Vec<i32> {
    let types = game.pieces.len();
    let (mut moves_of, mut seen) = (vec![0u64; types], vec![0u64; types]);
    let mut rng = Rng::new(0x007a_b01a);
    let mut scratch = Scratch::default();
    let mut list = Vec::new();
    let mut plies_left = SQUARE_PLIES / game.board.cells().max(1);
    for _ in 0..GAMES {
        let mut s = *start;
        scratch.history.start(game, &mut s);
        for _ in 0..PLIES {
            if plies_left == 0 {
                break;
            }
            plies_left -= 1;
            if generate(game, &s, &mut scratch, &mut list).is_some() || list.is_empty() {
                break;
            }
            let me = s.to_move as usize;
            for sq in s.occupied(me).squares() {
                seen[game.kind[s.at(sq) as usize] as usize] += 1;
            }
            for m in &list {
                if m.from != NO_SQUARE && s.at(m.from) != 0 {
                    moves_of[game.kind[s.at(m.from) as usize] as usize] += 1;
                }
            }
            let m = list[rng.below(list.len())];
            make(game, &mut s, m);
            scratch.history.record(game, &mut s);
        }
    }
    (0..types)
        .map(|t| match seen[t] {
            0 => 100,
            n => 100 + (100 * moves_of[t] / n) as i32,
        })
        .collect()
}
