//! What the engine reads during play, settled once the board and the piece types are
//! known: which owners a count takes whole (`CountTest::owners`), which neighbouring rules
//! share a gate (`MoveRule::gate_shared_next`), and the conditions of `count(… where …)`
//! that can be decided for every square (`Program::condition_tables`), and whether the
//! state keeps its tall squares (`Columns::keeps_tall`).

use crate::eval::Env;
use crate::ir::expr::SquareRef;
use crate::ir::program::{ConditionTable, Counted, BY_CELL, WHOLE_BOARD};
use crate::ir::{
    BinOp, Board, EndShape, EndWatch, Game, KeyedSquares, MaskTable, Program, Scalar, Sq,
    SquareSet, Where, Zone, MAX_PLAYERS, NO_SQUARE,
};

/// `CountTest::owners` of the counts the engine reads from the state (the gates of rules
/// and the end rules).
pub(super) fn settle_counts(game: &mut Game) {
    let (types, owners) = (game.pieces.len(), game.owners);
    let settle = |program: &mut Program| {
        for test in &mut program.counts {
            let (Counted::Squares(pattern, _) | Counted::InHand(pattern)) = test.counted else {
                continue;
            };
            for (player, read) in test.owners.iter_mut().enumerate() {
                *read = pattern
                    .whole_owners(player as u8, types, owners)
                    .unwrap_or(BY_CELL);
            }
        }
    };
    game.rules
        .iter_mut()
        .filter_map(|r| r.gate.as_deref_mut())
        .for_each(settle);
    game.end_rules
        .iter_mut()
        .map(|r| &mut r.program)
        .for_each(settle);
}

/// `EndShape::Any` of the end rules that ask only whether some square (of a zone, or of
/// the board) holds a piece of owners taken whole: `count(friend) == 0`, `count(friend in
/// far) > 0`. Run after `settle_counts`, which finds the owners.
pub(super) fn settle_end_shapes(game: &mut Game) {
    let players = game.players.len();
    let all = ((1u16 << players) - 1) as u8;
    for rule in &mut game.end_rules {
        let [test] = rule.program.counts.as_slice() else {
            continue;
        };
        if !test.zero_or_not || !matches!(rule.shape, EndShape::Pieces(..) | EndShape::Counts) {
            continue;
        }
        let (owners, zone) = match test.counted {
            Counted::Pieces(own) => {
                let mut owners = [0; MAX_PLAYERS];
                for (p, o) in owners.iter_mut().enumerate().take(players) {
                    *o = match own {
                        true => 1 << p,
                        false => all & !(1 << p),
                    };
                }
                (owners, WHOLE_BOARD)
            }
            Counted::Squares(_, zone) if !test.owners[..players].contains(&BY_CELL) => {
                (test.owners, zone)
            }
            _ => continue,
        };
        rule.shape = EndShape::Any {
            owners,
            zone,
            some: test.holds_when_any,
        };
    }
}

/// `MoveRule::gate_shared_next` and `gate_shared_before`: rules next to each other in a
/// tier whose gates are the same condition. A plain rule, whose moves the generator lists
/// on its fastest path, and a rule's second part, which it does not list, share nothing.
pub(super) fn share_gates(game: &mut Game) {
    for tier in &game.tiers {
        for pair in tier.windows(2) {
            let (a, b) = (pair[0].index(), pair[1].index());
            let gate = |i: usize| {
                let rule = &game.rules[i];
                rule.gate
                    .as_ref()
                    .filter(|_| !rule.plain && !rule.second_part)
            };
            if gate(a).is_some() && gate(a) == gate(b) {
                game.rules[a].gate_shared_next = true;
                game.rules[b].gate_shared_before = true;
            }
        }
    }
}

/// `MoveRule::twin` and `twinned`: two plain rules next to each other in a tier, with no
/// condition and no chain, that move the same pieces along the same walks over the same
/// runs, and differ only in what they land on and take. One walk finds the landings of
/// both, since where the movers go depends on the run alone. Paired from the start of
/// the tier, a rule in one pair at most.
pub(super) fn pair_twins(game: &mut Game) {
    for tier in &game.tiers.clone() {
        let mut i = 0;
        while i + 1 < tier.len() {
            let (a, b) = (
                &game.rules[tier[i].index()],
                &game.rules[tier[i + 1].index()],
            );
            let alone = |r: &crate::ir::MoveRule| {
                r.plain && r.condition.is_none() && r.chain.is_none() && !r.second_part
            };
            let same_run = match (a.run, b.run) {
                (None, None) => true,
                (Some(x), Some(y)) => (x.pattern, x.min, x.max) == (y.pattern, y.min, y.max),
                _ => false,
            };
            let same_walks = a.walks.len() == b.walks.len()
                && a.walks.iter().zip(&b.walks).all(|(x, y)| {
                    x.len() == y.len()
                        && x.iter()
                            .zip(y)
                            .all(|(v, w)| v.dir == w.dir && v.allowed == w.allowed)
                });
            if alone(a)
                && alone(b)
                && a.piece_mask == b.piece_mask
                && a.neutral == b.neutral
                && same_run
                && same_walks
            {
                game.rules[tier[i].index()].twin = Some(tier[i + 1]);
                game.rules[tier[i + 1].index()].twinned = true;
                i += 2;
            } else {
                i += 1;
            }
        }
    }
}

/// The environment in which what reads only the board is worked out when the game is
/// compiled: its geometry, rows and zones, and nothing of a position.
fn geometry<'a>(board: &'a Board, rows: &'a [u8], zones: &'a [Zone]) -> Env<'a> {
    Env {
        width: board.width,
        cells: board.cells(),
        rows,
        used: &board.used,
        zones,
        board: Some(board),
        ..Env::constant()
    }
}

/// What reads only the board, worked out once for every player and square when the game
/// is compiled: `Program::condition_tables` of the programs read during play (rules'
/// conditions, end rules, `after move require`), where a condition of `count(… where …)`
/// reads only `here`, one of the move's squares and the board; and `Carry::squares`, where
/// both squares of a carry read only the board and at most one square of the move.
pub(super) fn tabulate(game: &mut Game) {
    let Game {
        board,
        zones,
        rows,
        players,
        rules,
        end_rules,
        after_program,
        ..
    } = game;
    let env = geometry(board, rows, zones);
    let players = players.len();
    for carry in rules.iter_mut().flat_map(|r| r.carries.iter_mut()) {
        let (a, b) = (
            carried(&carry.from, &env, players),
            carried(&carry.to, &env, players),
        );
        carry.squares = a.zip(b).map(|(a, b)| [a, b]);
    }
    let programs = rules
        .iter_mut()
        .flat_map(|r| [&mut r.gate, &mut r.per_move, &mut r.require])
        .filter_map(Option::as_deref_mut)
        .chain(end_rules.iter_mut().map(|r| &mut r.program))
        .chain(after_program.as_mut());
    for program in programs {
        program.condition_tables = tabulated(program, &env, players);
    }
}

/// A square of a carry, for every player and square of the move it reads, where it reads
/// only the board and that square (`Program::square_key`).
fn carried(program: &Program, env: &Env, players: usize) -> Option<KeyedSquares> {
    let key = program.square_key()?;
    let squares = keyed_rows(env, key, players)
        .map(|(e, _)| {
            program
                .eval(&e)
                .and_then(|v| Sq::try_from(v).ok())
                .filter(|&sq| (sq as usize) < env.cells)
                .unwrap_or(NO_SQUARE)
        })
        .collect();
    Some(KeyedSquares { key, squares })
}

/// The rows of a table keyed by one square of the move (`ir::program::keyed_row`), in
/// order: for each, the environment of its player with `from` and `to` on its square, and
/// that square.
fn keyed_rows<'a>(
    env: &'a Env<'a>,
    key: Option<SquareRef>,
    players: usize,
) -> impl Iterator<Item = (Env<'a>, usize)> + 'a {
    let keys = if key.is_some() { env.cells } else { 1 };
    (0..players).flat_map(move |player| {
        (0..keys).map(move |k| {
            let e = Env {
                player: player as u8,
                from: k as Sq,
                to: k as Sq,
                ..*env
            };
            (e, k)
        })
    })
}

/// The `condition_tables` of `program`: for each condition of its `count(… where …)`, the
/// table where it reads only `here`, one of the move's squares and the board.
fn tabulated(program: &Program, env: &Env, players: usize) -> Vec<Option<ConditionTable>> {
    if program.conditions.is_empty() {
        return Vec::new();
    }
    let n = env.cells;
    let table = |condition: &Program| {
        let key = condition.geometric_key()?;
        let mut sets = MaskTable::new(MaskTable::words_for(n));
        for (row, k) in keyed_rows(env, key, players) {
            let mut set = SquareSet::default();
            // No move starts or ends on an unused square: its row stays empty.
            let unused = key.is_some() && !env.used[k];
            for here in (0..n).filter(|&sq| env.used[sq] && !unused) {
                let e = Env {
                    here: here as Sq,
                    ..row
                };
                if condition.holds(&e) {
                    set.insert(here as Sq);
                }
            }
            sets.push(&set);
        }
        Some(ConditionTable { key, sets })
    };
    program.conditions.iter().map(table).collect()
}

/// `Columns::keeps_tall`: whether a rule's condition reads heights as a set, so that the
/// state keeps its squares of two pieces or more in step as it plays. A game that never
/// reads them does not pay for keeping them.
pub(super) fn keep_tall(game: &mut Game) {
    fn reads_height(w: &Where) -> bool {
        match w {
            Where::Height { .. } => true,
            Where::And(parts) | Where::Or(parts) => parts.iter().any(reads_height),
            Where::Not(inner) | Where::NoneWhere { inner, .. } => reads_height(inner),
            _ => false,
        }
    }
    let reads = game
        .rules
        .iter()
        .filter_map(|r| r.condition_sets.as_ref())
        .any(reads_height);
    if let Some(c) = &mut game.columns {
        c.keeps_tall = reads;
    }
}

/// The game's `EndWatch`, where every end rule is of a shape it can watch: a clock,
/// passes or repetitions reaching a number (`>=`, `>` or `==`), or the pieces of some
/// owners all gone from the board (`count(friend) == 0`, one such set for each player).
/// None for a game with another kind of rule, whose rules are read on every ply.
pub(super) fn watch_end(game: &Game) -> Option<EndWatch> {
    if game.end_rules.is_empty() || game.end_reads_position {
        return None;
    }
    let mut watch = EndWatch {
        clock: u32::MAX,
        passes: u32::MAX,
        repeated: u32::MAX,
        emptied: [0; MAX_PLAYERS],
    };
    for rule in &game.end_rules {
        match rule.shape {
            EndShape::Scalar(scalar, op, n) => {
                // The least value at which `value OP n` may hold.
                let least = match op {
                    BinOp::Ge | BinOp::Eq => n,
                    BinOp::Gt => n.saturating_add(1),
                    _ => return None,
                };
                let least = least.clamp(0, u32::MAX as i64) as u32;
                let field = match scalar {
                    Scalar::Clock => &mut watch.clock,
                    Scalar::Passes => &mut watch.passes,
                    Scalar::Repeated => &mut watch.repeated,
                    // Not kept in the state: it changes with the position.
                    Scalar::Reachable => return None,
                };
                *field = (*field).min(least);
            }
            EndShape::Any {
                owners,
                zone: WHOLE_BOARD,
                some: false,
            } => {
                for (watched, &o) in watch.emptied.iter_mut().zip(&owners[..game.players.len()]) {
                    // No owners (always empty), or two rules watching different owners.
                    if o == 0 || (*watched != 0 && *watched != o) {
                        return None;
                    }
                    *watched = o;
                }
            }
            _ => return None,
        }
    }
    Some(watch)
}
