//! Counting games: `counters`, pit `names`, `track`s, the `sow` rule and `leftover`. The
//! checker settles every track case for every pit (a track that misses a pit, or leaves the
//! board, is a mistake of the file); the rule's laps, outcomes and captures stay
//! expressions, which `compile` turns into tables by pit and player.

use super::expr::{Scope, Ty};
use super::Checker;
use super::{SowAction, Sowing};
use crate::diagnostic::Span;
use crate::diagnostic::{Kind, Problem};
use crate::eval::Env;
use crate::eval::{value_once, SquareReader};
use crate::ir::expr::{Expr as IExpr, SquareRef};
use crate::ir::{Leftover, MAX_SLOTS, MAX_TRACKS};
use crate::syntax::ast::{self, CaptureDecl, Item, SowClause, SowDecl, TrackDecl};

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
                    Problem::new(
                        Kind::BadValue,
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
                    Problem::new(
                        Kind::BadValue,
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
            // Letters go to the rank's pits in file order; stores and unused squares keep
            // their usual names.
            let mut letter = base + first;
            for f in 0..width {
                let sq = f + r * width;
                if board.used[sq] && !self.store_squares.contains(&(sq as u16)) {
                    names[sq] = (letter as char).to_string();
                    letter += 1;
                }
            }
        }
        for sq in 0..names.len() {
            let twice = (0..sq).find(|&o| names[o] == names[sq]);
            if let Some(o) = twice {
                problems.push(
                    Problem::new(
                        Kind::DuplicateName,
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

    /// `stores where COND`: each player's store pit, the one used square where the
    /// condition holds read from that player's side. Read before the pit names, which
    /// leave the stores out.
    pub(super) fn stores(&mut self) {
        let decls: Vec<(&'f crate::syntax::ast::Expr, Span)> = (self.file.items.iter())
            .filter_map(|i| match i {
                Item::Stores(e, s) => Some((e, *s)),
                _ => None,
            })
            .collect();
        let Some(&(cond, span)) = decls.first() else {
            return;
        };
        if let Some((_, again)) = decls.get(1) {
            self.report(
                Problem::new(Kind::DuplicateDeclaration, "the stores are declared twice")
                    .label(*again, "declared again here")
                    .label(span, "first declared here")
                    .help("keep one `stores where` declaration"),
            );
        }
        if !self.counters {
            self.report(
                Problem::new(Kind::SeedsWithoutCounters, "`stores` needs `counters`")
                    .label(span, "a game without counters has no stores")
                    .help("declare `counters` so that squares are pits holding seeds"),
            );
            return;
        }
        let Some(cond) = self.lower_as(cond, Ty::Bool, Scope::SQUARE) else {
            return;
        };
        let Some(env) = self.square_env() else {
            return;
        };
        let board = self.board.clone().expect("a board, with an environment");
        let program = SquareReader::new(&cond);
        let mut overflow = None;
        let mut stores = Vec::new();
        let mut problems = Vec::new();
        for (p, player) in self.players.keys().enumerate() {
            let found: Vec<u16> = board
                .squares()
                .filter(|&sq| {
                    let e: Env = Env {
                        player: p as u8,
                        here: sq,
                        ..env
                    };
                    program.on(&e, sq as usize, &mut overflow) != 0
                })
                .collect();
            match found.as_slice() {
                [sq] if !stores.contains(sq) => stores.push(*sq),
                _ => {
                    let names: Vec<String> =
                        found.iter().map(|&sq| board.name(sq).to_string()).collect();
                    problems.push(
                        Problem::new(
                            Kind::BadStores,
                            format!(
                                "`stores` must name one pit for each player; for {player} it names {}",
                                if names.is_empty() {
                                    "none".to_string()
                                } else if found.len() == 1 {
                                    format!("{}, which is another player's store", names[0])
                                } else {
                                    names.join(", ")
                                }
                            ),
                        )
                        .label(span, "read from each player's side")
                        .help("e.g. `stores where row == 0 and file == pits + 1`"),
                    );
                }
            }
        }
        if let Some(sq) = overflow {
            self.overflow_on(span, sq);
            return;
        }
        let failed = !problems.is_empty();
        for p in problems {
            self.report(p);
        }
        if !failed {
            self.store_squares = stores;
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
                    Problem::new(Kind::SowWithoutCounters, "a `sow` rule needs `counters`")
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
                Problem::new(
                    Kind::TooManyPits,
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
        let store_pits: Vec<u8> = self
            .store_squares
            .iter()
            .map(|&sq| pit_of[sq as usize])
            .collect();
        let sowing = self.sow_rule(decl, &tracks);
        let next = next?;
        let leftovers = self.items(|i| match i {
            Item::Leftover(to_capturer, _) => Some(to_capturer),
            _ => None,
        });
        let leftover = match leftovers.first() {
            None => Leftover::Nobody,
            Some(true) => Leftover::LastCapturer,
            Some(false) => Leftover::Owner,
        };
        let spans: Vec<&'f Span> = self.items(|i| match i {
            Item::Leftover(_, s) => Some(s),
            _ => None,
        });
        self.single(&spans, |s| *s, "`leftover` declaration");
        let mut start = Vec::with_capacity(pits.len());
        let mut total = 0i64;
        for &sq in &pits {
            let n = seeds.get(sq as usize).copied().unwrap_or(0);
            total = total.saturating_add(n);
            start.push(n.clamp(0, u16::MAX as i64) as u16);
        }
        if total > u16::MAX as i64 {
            self.report(
                Problem::new(
                    Kind::TooManySeeds,
                    format!("the setup puts {total} seeds on the board; at most 65535 fit"),
                )
                .label(self.file.title_span, "in this game")
                .help("use fewer seeds"),
            );
            return None;
        }
        let rule = sowing?;
        Some(Sowing {
            name: decl.name.name.clone(),
            name_span: decl.name.span,
            pits,
            pit_of,
            store_pits,
            tracks: tracks.iter().map(|t| t.name.name.clone()).collect(),
            next,
            leftover,
            start,
            from_zone: rule.from_zone,
            laps: rule.laps,
            skip_zones: rule.skip_zones,
            skip_origin: rule.skip_origin,
            outcomes: rule.outcomes,
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
                Problem::new(Kind::MissingDeclaration, "the game declares no `track`")
                    .label(self.file.title_span, "in this game")
                    .help("add a track, e.g. `track right { (file + 1, rank) }`"),
            );
            return None;
        }
        if decls.len() > MAX_TRACKS {
            self.report(
                Problem::new(
                    Kind::TooManyTracks,
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
                match self.track_step(decl, &cases, &board, sq) {
                    Some(to) => next[t * n + i] = (pit_of[to.0], to.1),
                    None => {
                        all_ok = false;
                        break;
                    }
                }
            }
        }
        Some((decls, all_ok.then_some(next)))
    }

    /// Where a track goes from the pit on `sq`: the square of the next pit and the track
    /// it goes on along; `None` (reported) where no case holds, a case overflows or leads
    /// off the board.
    fn track_step(
        &mut self,
        decl: &TrackDecl,
        cases: &[TrackCase],
        board: &crate::ir::Board,
        sq: u16,
    ) -> Option<(usize, u8)> {
        let env: Env = Env {
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
                Problem::new(
                    Kind::BadTrack,
                    format!(
                        "the track `{}` says nothing for the pit {}",
                        decl.name.name,
                        board.name(sq)
                    ),
                )
                .label(decl.name.span, "no case holds there")
                .help("end the track with a case without `if`, which holds everywhere"),
            );
            return None;
        };
        let (f, r) = (
            value_once(f, &env, sq as usize, &mut overflow),
            value_once(r, &env, sq as usize, &mut overflow),
        );
        if overflow.is_some() {
            self.overflow_on(*span, sq as usize);
            return None;
        }
        let on_board =
            (0..board.width as i64).contains(&f) && (0..board.height as i64).contains(&r);
        let to = on_board
            .then(|| f as usize + r as usize * board.width)
            .filter(|&to| board.used[to]);
        let Some(to) = to else {
            self.report(
                Problem::new(
                    Kind::BadTrack,
                    format!(
                        "the track `{}` leads from the pit {} off the board, to ({f}, {r})",
                        decl.name.name,
                        board.name(sq)
                    ),
                )
                .label(*span, "this case")
                .help("every pit's next pit must be a pit: `(file, rank)`, from 0"),
            );
            return None;
        };
        Some((to, *th))
    }

    /// Whether a clause a sowing rule has once (`from`, `skip origin`) is new; reports
    /// it given again.
    fn sow_clause_once(
        &mut self,
        seen: &mut Vec<(&'static str, Span)>,
        what: &'static str,
        span: Span,
    ) -> bool {
        if let Some(&(_, first)) = seen.iter().find(|(w, _)| *w == what) {
            self.report(
                Problem::new(
                    Kind::DuplicateClause,
                    format!("the clause `{what}` is given twice"),
                )
                .label(span, "given again here")
                .label(first, "first given here")
                .help("keep one of them"),
            );
            return false;
        }
        seen.push((what, span));
        true
    }

    /// Whether a sowing rule says where it lifts from and along which track it sows;
    /// reports the first thing missing.
    fn sow_rule_complete(&mut self, decl: &SowDecl, has_from: bool, has_laps: bool) -> bool {
        if !has_from {
            self.report(
                Problem::new(
                    Kind::MissingClause,
                    format!("the sowing rule `{}` says no `from`", decl.name.name),
                )
                .label(decl.name.span, "which pits may be lifted?")
                .help("add `from ZONE`, e.g. `from home` with `zone home = row == 0`"),
            );
            return false;
        }
        if has_from && !has_laps {
            self.report(
                Problem::new(
                    Kind::MissingClause,
                    format!("the sowing rule `{}` says no `lap`", decl.name.name),
                )
                .label(decl.name.span, "along which track does sowing go?")
                .help("add `lap TRACK`, with `if CONDITION` to choose by the pit lifted"),
            );
            return false;
        }
        true
    }

    /// The first laps, the pits passed by, and the outcomes of the sowing rule.
    fn sow_rule(&mut self, decl: &SowDecl, tracks: &[&TrackDecl]) -> Option<SowParts> {
        let mut from_zone = None;
        let mut laps = Vec::new();
        let mut outcomes: Vec<(IExpr, SowAction)> = Vec::new();
        let mut skip_zones = Vec::new();
        let mut skip_origin = false;
        let mut ok = true;
        let mut seen: Vec<(&str, Span)> = Vec::new();
        let track_index = |this: &mut Self, track: &crate::syntax::ast::Ident| {
            let t = tracks.iter().position(|d| d.name.name == track.name);
            if t.is_none() {
                let known: Vec<String> = tracks.iter().map(|d| d.name.name.clone()).collect();
                this.unknown("track", track, known.iter().map(String::as_str));
            }
            t.map(|t| t as u8)
        };
        for clause in &decl.clauses {
            let (what, span) = match clause {
                SowClause::From(_, s) => ("from", *s),
                SowClause::Skip(None, s) => ("skip origin", *s),
                SowClause::NoSowingBack { span, .. } => ("", *span),
                SowClause::Lap(_, _, s) | SowClause::When(_, _, s) | SowClause::Skip(_, s) => {
                    ("", *s)
                }
            };
            if !what.is_empty() && !self.sow_clause_once(&mut seen, what, span) {
                ok = false;
            }
            match clause {
                SowClause::From(zone, _) => match self.zone_index(zone) {
                    Some(z) => from_zone = Some(z),
                    None => ok = false,
                },
                SowClause::Lap(track, cond, _) => {
                    let t = track_index(self, track);
                    let cond = match cond {
                        Some(e) => self.lower_as(e, Ty::Bool, Scope::SQUARE),
                        None => Some(IExpr::Int(1)),
                    };
                    match (t, cond) {
                        (Some(t), Some(c)) => laps.push((t, c)),
                        _ => ok = false,
                    }
                }
                SowClause::Skip(None, _) => skip_origin = true,
                SowClause::Skip(Some(zone), _) => match self.zone_index(zone) {
                    Some(z) => skip_zones.push(z),
                    None => ok = false,
                },
                SowClause::When(cond, action, _) => {
                    let cond = self.lower_as(cond, Ty::Bool, Scope::SOWN);
                    let action = match action {
                        ast::SowAction::Stop => Some(SowAction::Stop),
                        ast::SowAction::Relay => Some(SowAction::Relay),
                        ast::SowAction::Again => Some(SowAction::Again),
                        ast::SowAction::Capture(c) => self.capture_decl(c, &track_index),
                    };
                    match (cond, action) {
                        (Some(c), Some(a)) => outcomes.push((c, a)),
                        _ => ok = false,
                    }
                }
                SowClause::NoSowingBack { span, .. } => {
                    self.report(
                        Problem::new(
                            Kind::RemovedConstruct,
                            "`no sowing back` is no longer part of the language",
                        )
                        .label(*span, "write this rule with `previous`")
                        .help(
                            "after move require taken > 0 or not (from == previous(last) and lifted == 1 and last == previous(from) and previous(lifted) == 1 and previous(taken) == 0)",
                        ),
                    );
                    ok = false;
                }
            }
        }
        if ok && !self.sow_rule_complete(decl, from_zone.is_some(), !laps.is_empty()) {
            ok = false;
        }
        if !ok {
            return None;
        }
        Some(SowParts {
            from_zone: from_zone?,
            laps,
            skip_zones,
            skip_origin,
            outcomes,
        })
    }

    /// `capture PITS along TRACK while COND unless COND`: the pits must be named from where
    /// the last seed fell, so that they are known for each pit before play.
    fn capture_decl(
        &mut self,
        c: &CaptureDecl,
        track_index: &dyn Fn(&mut Self, &crate::syntax::ast::Ident) -> Option<u8>,
    ) -> Option<SowAction> {
        let mut targets = Vec::new();
        let mut ok = true;
        for e in &c.pits {
            match self.lower_as(e, Ty::Square, Scope::SOWN) {
                Some(t) if t.reads_state() || t.reads(&IExpr::Square(SquareRef::From)) => {
                    self.report(
                        Problem::new(
                            Kind::BadCapture,
                            "a capture names its pits from where the last seed fell",
                        )
                        .label(e.span, "this depends on more than `last`")
                        .help(
                            "name the pit from `last`: `last`, `last + forward`, `last + (0, 1)`",
                        ),
                    );
                    ok = false;
                }
                Some(t) => targets.push(t),
                None => ok = false,
            }
        }
        let along = match &c.along {
            None => None,
            Some((track, cond)) => {
                let t = track_index(self, track);
                let cond = self.lower_as(cond, Ty::Bool, Scope::ALONG);
                match (t, cond) {
                    (Some(t), Some(cond)) => Some((t, cond)),
                    _ => {
                        ok = false;
                        None
                    }
                }
            }
        };
        let unless = match &c.unless {
            None => None,
            Some(cond) => match self.lower_as(cond, Ty::Bool, Scope::SOWN) {
                Some(cond) => Some(cond),
                None => {
                    ok = false;
                    None
                }
            },
        };
        ok.then_some(SowAction::Capture {
            pits: targets,
            along,
            unless,
        })
    }
}

/// What `sow_rule` reads from the rule's clauses.
struct SowParts {
    from_zone: usize,
    laps: Vec<(u8, IExpr)>,
    skip_zones: Vec<usize>,
    skip_origin: bool,
    outcomes: Vec<(IExpr, SowAction)>,
}

/// A track's case, checked: the file and rank of the next pit, the condition, the track
/// it goes on along, and where the case is written.
type TrackCase = (IExpr, IExpr, IExpr, u8, Span);
