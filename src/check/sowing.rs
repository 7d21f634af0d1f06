//! Counting games: `counters`, pit `names`, `track`s, the `sow` rule and `leftover`. The
//! checker evaluates every track case, first lap and outcome for every pit (and player)
//! here, so that the engine sows by table look-ups alone.

use super::expr::{value_once, Scope, Ty};
use super::Checker;
use crate::diagnostic::Problem;
use crate::diagnostic::Span;
use crate::ir::expr::{Env, Expr as IExpr};
use crate::ir::{LastSeed, Sowing, MAX_SLOTS, MAX_TRACKS, NO_LAP, NO_SQUARE};
use crate::syntax::ast::{Item, SowAction, SowClause, SowDecl, TrackDecl};

/// `ir::Sowing::next`: the next pit and track, by track and pit.
type NextPits = Vec<(u8, u8)>;

impl<'f> Checker<'f> {
    /// Applies `names rank N from L` to the board's square names.
    pub(super) fn pit_names(&mut self) {
        let decls = self.items(|i| match i {
            Item::Names(n) => Some(n),
            _ => None,
        });
        let Some(decl) = self.single(&decls, |d| d.span, "`names` declaration") else {
            return;
        };
        let Some(board) = self.board.as_ref() else {
            return;
        };
        let (width, height) = (board.width, board.height);
        let mut names = board.names.clone();
        let mut problems = Vec::new();
        for (rank, letter) in &decl.ranks {
            if rank.value < 1 || rank.value > height as i64 {
                problems.push(
                    Problem::error(
                        "bad_value",
                        format!("the board has ranks 1 to {height}, not {}", rank.value),
                    )
                    .label(rank.span, "no such rank")
                    .help("ranks are numbered from 1, from the first player's side"),
                );
                continue;
            }
            let base = if letter.is_ascii_uppercase() {
                b'A'
            } else {
                b'a'
            };
            let first = *letter as u8 - base;
            if first as usize + width > 26 {
                problems.push(
                    Problem::error(
                        "bad_value",
                        format!(
                            "the {width} files from `{letter}` run past the end of the alphabet"
                        ),
                    )
                    .label(rank.span.to(decl.span), "these names")
                    .help("start from an earlier letter, or use the usual square names"),
                );
                continue;
            }
            let r = rank.value as usize - 1;
            for f in 0..width {
                names[f + r * width] = ((base + first + f as u8) as char).to_string();
            }
        }
        for sq in 0..names.len() {
            let twice = (0..sq).find(|&o| names[o] == names[sq]);
            if let Some(o) = twice {
                problems.push(
                    Problem::error(
                        "duplicate_name",
                        format!("two squares are called `{}`", names[sq]),
                    )
                    .label(decl.span, format!("squares {o} and {sq} get the same name"))
                    .help("give each rank its own letters (`a` for one, `A` for another)"),
                );
                break;
            }
        }
        let failed = !problems.is_empty();
        for p in problems {
            self.report(p);
        }
        if !failed {
            if let Some(board) = self.board.as_mut() {
                board.names = names;
            }
        }
    }

    /// The pits, tracks and sowing rule, when the game declares `counters`.
    pub(super) fn sowing(&mut self, seeds: &[i64]) -> Option<Sowing> {
        let decls = self.items(|i| match i {
            Item::Sow(s) => Some(s),
            _ => None,
        });
        if !self.counters {
            for d in decls {
                self.report(
                    Problem::error("sow_without_counters", "a `sow` rule needs `counters`")
                        .label(d.name.span, "sowing moves seeds")
                        .help("declare `counters` so that squares are pits holding seeds"),
                );
            }
            return None;
        }
        let decl = self.single(&decls, |d| d.span, "sowing rule");
        let board = self.board.clone()?;
        let pits: Vec<u16> = board.squares().collect();
        if pits.len() > MAX_SLOTS {
            self.report(
                Problem::error(
                    "too_many_pits",
                    format!(
                        "a game with counters has at most {MAX_SLOTS} pits, this board has {}",
                        pits.len()
                    ),
                )
                .label(self.file.title_span, "in this game")
                .help("use a smaller board"),
            );
            return None;
        }
        let mut pit_of = vec![u8::MAX; board.cells()];
        for (i, &sq) in pits.iter().enumerate() {
            pit_of[sq as usize] = i as u8;
        }
        let (tracks, next) = self.tracks(&pits, &pit_of)?;
        let decl = decl?;
        let sowing = self.sow_rule(decl, &pits, &tracks, &pit_of);
        let next = next?;
        let leftover = self.flag(
            |i| match i {
                Item::Leftover(s) => Some(s),
                _ => None,
            },
            "`leftover` declaration",
        );
        let mut start = Vec::with_capacity(pits.len());
        let mut total = 0i64;
        for &sq in &pits {
            let n = seeds.get(sq as usize).copied().unwrap_or(0);
            total = total.saturating_add(n);
            start.push(n.clamp(0, u16::MAX as i64) as u16);
        }
        if total > u16::MAX as i64 {
            self.report(
                Problem::error(
                    "too_many_seeds",
                    format!("the setup puts {total} seeds on the board; at most 65535 fit"),
                )
                .label(self.file.title_span, "in this game")
                .help("use fewer seeds"),
            );
            return None;
        }
        let (first, last, no_sowing_back) = sowing?;
        Some(Sowing {
            name: decl.name.name.clone(),
            pits,
            pit_of,
            tracks: tracks.iter().map(|t| t.name.name.clone()).collect(),
            next,
            first,
            last,
            no_sowing_back,
            leftover_to_last_capturer: leftover,
            start,
        })
    }

    /// Every track's next pit and track, for every pit.
    fn tracks(
        &mut self,
        pits: &[u16],
        pit_of: &[u8],
    ) -> Option<(Vec<&'f TrackDecl>, Option<NextPits>)> {
        let decls: Vec<&'f TrackDecl> = self.items(|i| match i {
            Item::Track(t) => Some(t),
            _ => None,
        });
        if decls.is_empty() {
            self.report(
                Problem::error("missing_declaration", "the game declares no `track`")
                    .label(self.file.title_span, "in this game")
                    .help("add a track, e.g. `track right { (file + 1, rank) }`"),
            );
            return None;
        }
        if decls.len() > MAX_TRACKS {
            self.report(
                Problem::error(
                    "too_many_tracks",
                    format!(
                        "a game has at most {MAX_TRACKS} tracks, this one has {}",
                        decls.len()
                    ),
                )
                .label(decls[MAX_TRACKS].name.span, "one too many")
                .help("a track's cases can say where to go from every pit"),
            );
            return None;
        }
        for (i, t) in decls.iter().enumerate() {
            let earlier = decls[..i]
                .iter()
                .find(|o| o.name.name == t.name.name)
                .map(|o| o.name.span);
            self.declare("track", &t.name, earlier);
        }
        let names: Vec<String> = decls.iter().map(|t| t.name.name.clone()).collect();
        let board = self.board.clone()?;
        let n = pits.len();
        let mut next = vec![(0u8, 0u8); decls.len() * n];
        let mut all_ok = true;
        for (t, decl) in decls.iter().enumerate() {
            let mut ok = true;
            // Each case: its target and condition as IR, and the track it switches to.
            let mut cases = Vec::new();
            for c in &decl.cases {
                let file = self.lower_as(&c.file, Ty::Int, Scope::BOARD);
                let rank = self.lower_as(&c.rank, Ty::Int, Scope::BOARD);
                let cond = match &c.condition {
                    Some(e) => self.lower_as(e, Ty::Bool, Scope::BOARD),
                    None => Some(IExpr::Int(1)),
                };
                let then = match &c.then {
                    None => Some(t as u8),
                    Some(id) => match names.iter().position(|x| *x == id.name) {
                        Some(i) => Some(i as u8),
                        None => {
                            self.unknown("track", id, names.iter().map(String::as_str));
                            None
                        }
                    },
                };
                match (file, rank, cond, then) {
                    (Some(f), Some(r), Some(c2), Some(th)) => cases.push((f, r, c2, th, c.span)),
                    _ => ok = false,
                }
            }
            if !ok {
                all_ok = false;
                continue;
            }
            for (i, &sq) in pits.iter().enumerate() {
                let env = Env {
                    width: board.width,
                    cells: board.cells(),
                    used: &board.used,
                    here: sq,
                    ..Env::constant()
                };
                let mut overflow = None;
                let hit = cases
                    .iter()
                    .find(|c| value_once(&c.2, &env, sq as usize, &mut overflow) != 0);
                let Some((f, r, _, th, span)) = hit else {
                    self.report(
                        Problem::error(
                            "bad_track",
                            format!(
                                "the track `{}` says nothing for the pit {}",
                                decl.name.name,
                                board.name(sq)
                            ),
                        )
                        .label(decl.name.span, "no case holds there")
                        .help("end the track with a case without `if`, which holds everywhere"),
                    );
                    all_ok = false;
                    break;
                };
                let (f, r) = (
                    value_once(f, &env, sq as usize, &mut overflow),
                    value_once(r, &env, sq as usize, &mut overflow),
                );
                if overflow.is_some() {
                    self.overflow_on(*span, sq as usize);
                    all_ok = false;
                    break;
                }
                let on_board =
                    (0..board.width as i64).contains(&f) && (0..board.height as i64).contains(&r);
                let to = on_board
                    .then(|| f as usize + r as usize * board.width)
                    .filter(|&to| board.used[to]);
                let Some(to) = to else {
                    self.report(
                        Problem::error(
                            "bad_track",
                            format!(
                                "the track `{}` leads from the pit {} off the board, to ({f}, {r})",
                                decl.name.name,
                                board.name(sq)
                            ),
                        )
                        .label(*span, "this case")
                        .help("every pit's next pit must be a pit: `(file, rank)`, from 0"),
                    );
                    all_ok = false;
                    break;
                };
                next[t * n + i] = (pit_of[to], *th);
            }
        }
        Some((decls, all_ok.then_some(next)))
    }

    /// The first laps, the outcomes and the look-back rule of the sowing rule.
    fn sow_rule(
        &mut self,
        decl: &SowDecl,
        pits: &[u16],
        tracks: &[&TrackDecl],
        pit_of: &[u8],
    ) -> Option<(Vec<u8>, Vec<LastSeed>, Option<bool>)> {
        let players = self.players.len();
        let n = pits.len();
        let mut from_zone = None;
        let mut laps = Vec::new();
        let mut outcomes = Vec::new();
        let mut no_back = None;
        let mut ok = true;
        let mut seen: Vec<(&str, Span)> = Vec::new();
        for clause in &decl.clauses {
            let (what, span) = match clause {
                SowClause::From(_, s) => ("from", *s),
                SowClause::NoSowingBack { span, .. } => ("no sowing back", *span),
                SowClause::Lap(_, _, s) | SowClause::When(_, _, s) => ("", *s),
            };
            if !what.is_empty() {
                if let Some(&(_, first)) = seen.iter().find(|(w, _)| *w == what) {
                    self.report(
                        Problem::error(
                            "duplicate_clause",
                            format!("the clause `{what}` is given twice"),
                        )
                        .label(span, "given again here")
                        .label(first, "first given here")
                        .help("keep one of them"),
                    );
                    ok = false;
                }
                seen.push((what, span));
            }
            match clause {
                SowClause::From(zone, _) => match self.zones.get(&zone.name) {
                    Some(&z) => from_zone = Some(z),
                    None => {
                        let known: Vec<String> = self.zones.keys().cloned().collect();
                        self.unknown("zone", zone, known.iter().map(String::as_str));
                        ok = false;
                    }
                },
                SowClause::Lap(track, cond, _) => {
                    let t = tracks.iter().position(|d| d.name.name == track.name);
                    let cond = match cond {
                        Some(e) => self.lower_as(e, Ty::Bool, Scope::SQUARE),
                        None => Some(IExpr::Int(1)),
                    };
                    match (t, cond) {
                        (Some(t), Some(c)) => laps.push((t as u8, c)),
                        (None, _) => {
                            let known: Vec<String> =
                                tracks.iter().map(|d| d.name.name.clone()).collect();
                            self.unknown("track", track, known.iter().map(String::as_str));
                            ok = false;
                        }
                        _ => ok = false,
                    }
                }
                SowClause::When(cond, action, _) => {
                    let cond = self.lower_as(cond, Ty::Bool, Scope::SOWN);
                    let action = match action {
                        SowAction::Stop => Some(None),
                        SowAction::Relay => Some(Some(None)),
                        SowAction::Capture(dir) => match self.dir_names.get(&dir.name).cloned() {
                            Some(r) => Some(Some(Some(r))),
                            None => {
                                let known: Vec<String> = self.dir_names.keys().cloned().collect();
                                self.unknown("direction", dir, known.iter().map(String::as_str));
                                None
                            }
                        },
                    };
                    match (cond, action) {
                        (Some(c), Some(a)) => outcomes.push((c, a)),
                        _ => ok = false,
                    }
                }
                SowClause::NoSowingBack { unless_capture, .. } => no_back = Some(*unless_capture),
            }
        }
        if from_zone.is_none() && ok {
            self.report(
                Problem::error(
                    "missing_clause",
                    format!("the sowing rule `{}` says no `from`", decl.name.name),
                )
                .label(decl.name.span, "which pits may be lifted?")
                .help("add `from ZONE`, e.g. `from home` with `zone home = row == 0`"),
            );
            ok = false;
        }
        if laps.is_empty() && ok {
            self.report(
                Problem::error(
                    "missing_clause",
                    format!("the sowing rule `{}` says no `lap`", decl.name.name),
                )
                .label(decl.name.span, "along which track does sowing go?")
                .help("add `lap TRACK`, with `if CONDITION` to choose by the pit lifted"),
            );
            ok = false;
        }
        if !ok {
            return None;
        }
        let zone = from_zone?;
        let board = self.board.clone()?;
        let mut first = vec![NO_LAP; players * n];
        let mut last = vec![LastSeed::Stop; players * n * 2];
        let env = self.square_env()?;
        let mut overflow = None;
        for p in 0..players {
            let mut dirs = Vec::new();
            for (i, &sq) in pits.iter().enumerate() {
                let e = Env {
                    player: p as u8,
                    here: sq,
                    ..env
                };
                if self.zone_tables[zone].squares[p * board.cells() + sq as usize] {
                    let lap = laps
                        .iter()
                        .find(|(_, c)| value_once(c, &e, sq as usize, &mut overflow) != 0);
                    if let Some((t, _)) = lap {
                        first[p * n + i] = *t;
                    }
                }
                for was_empty in [false, true] {
                    let e = Env { was_empty, ..e };
                    let action = outcomes
                        .iter()
                        .find(|(c, _)| value_once(c, &e, sq as usize, &mut overflow) != 0);
                    last[(p * n + i) * 2 + was_empty as usize] = match action {
                        None | Some((_, None)) => LastSeed::Stop,
                        Some((_, Some(None))) => LastSeed::Relay,
                        Some((_, Some(Some(dir)))) => {
                            dirs.clear();
                            self.resolve_direction(dir, p, &mut dirs);
                            let to = dirs.first().map_or(NO_SQUARE, |&d| board.next(sq, d));
                            // A capture from off the board takes nothing: the pit itself,
                            // which holds the one seed just sown, is not taken.
                            match pit_of.get(to as usize) {
                                Some(&pit) if to != NO_SQUARE => LastSeed::Capture(pit),
                                _ => LastSeed::Stop,
                            }
                        }
                    };
                }
            }
        }
        if let Some(sq) = overflow {
            self.overflow_on(decl.name.span, sq);
            return None;
        }
        Some((first, last, no_back))
    }
}
