//! The things a game names: players, piece types, directions, the board, zones, defines.

use super::expr::{Scope, Ty};
use super::{Checker, DirRef};
use crate::diagnostic::Span;
use crate::diagnostic::{Kind, Problem};
use crate::eval::Env;
use crate::eval::SquareReader;
use crate::ir::board::{parse_square_name, rows_for, Board, Direction};
use crate::ir::expr::Expr as IExpr;
use crate::ir::{DirId, Shape, Sq, SquareSet, Zone, MAX_CELLS, MAX_DIRECTIONS, MAX_PLAYERS};
use crate::syntax::ast;
use crate::syntax::ast::{Item, PiecesDecl, PlayersDecl};

/// The eight compass directions every grid has, east and north positive.
const COMPASS: [(&str, i32, i32); 8] = [
    ("n", 0, 1),
    ("ne", 1, 1),
    ("e", 1, 0),
    ("se", 1, -1),
    ("s", 0, -1),
    ("sw", -1, -1),
    ("w", -1, 0),
    ("nw", -1, 1),
];

/// The six directions between hexagonal cells, as steps on the board's grid (each row is
/// drawn half a cell right of the one below), with the angle each is drawn at.
const HEX: [(&str, i32, i32, i32); 6] = [
    ("e", 1, 0, 0),
    ("ne", 0, 1, 60),
    ("nw", -1, 1, 120),
    ("w", -1, 0, 180),
    ("sw", 0, -1, 240),
    ("se", 1, -1, 300),
];

/// The angle a compass facing (n, e, s or w) is drawn at.
fn facing_angle(f: &Direction) -> i32 {
    match (f.dx, f.dy) {
        (1, 0) => 0,
        (0, 1) => 90,
        (-1, 0) => 180,
        _ => 270,
    }
}

/// The hex direction a player facing `facing` means by a relative `(forward, left)` step:
/// the one drawn nearest that way, if one is less than 30 degrees off (`forward` is
/// between two directions for a player facing n, and means neither).
fn hex_relative(facing: &Direction, f: i32, l: i32) -> Option<usize> {
    let relative = (l as f64).atan2(f as f64).to_degrees().round() as i32;
    let want = (facing_angle(facing) + relative).rem_euclid(360);
    HEX.iter().position(|h| {
        let off = (h.3 - want).rem_euclid(360);
        off.min(360 - off) < 30
    })
}

/// Player-relative directions as `(forward, left)` steps.
const RELATIVE: [(&str, i32, i32); 8] = [
    ("forward", 1, 0),
    ("backward", -1, 0),
    ("left", 0, 1),
    ("right", 0, -1),
    ("forward_left", 1, 1),
    ("forward_right", 1, -1),
    ("backward_left", -1, 1),
    ("backward_right", -1, -1),
];

impl Checker<'_> {
    pub(super) fn players_and_pieces(&mut self) {
        let decls = self.items(|i| match i {
            Item::Players(p) => Some(p),
            _ => None,
        });
        if let Some(decl) = self.single(&decls, |d: &PlayersDecl| d.span, "list of players") {
            for p in &decl.players {
                let earlier = self.players.get(&p.name.name).map(|q| q.name.span);
                if self.declare("player", &p.name, earlier) {
                    self.players.insert(p.name.name.clone(), p.clone());
                }
            }
            if self.players.len() > MAX_PLAYERS {
                self.report(
                    Problem::new(
                        Kind::TooManyPlayers,
                        format!("a game has at most {MAX_PLAYERS} players"),
                    )
                    .label(decl.span, format!("{} players", self.players.len()))
                    .help("remove some players"),
                );
            } else if let (true, Some(neutral)) = (self.players.len() == MAX_PLAYERS, self.neutral)
            {
                self.report(
                    Problem::new(
                        Kind::TooManyPlayers,
                        format!(
                            "a game with neutral pieces has at most {} players",
                            MAX_PLAYERS - 1
                        ),
                    )
                    .label(decl.span, format!("{} players", self.players.len()))
                    .label(neutral, "a neutral piece, owned by nobody")
                    .help("nobody counts as one more owner of pieces: remove a player"),
                );
            }
        }
        let decls = self.items(|i| match i {
            Item::Pieces(p) => Some(p),
            _ => None,
        });
        if let Some(decl) = self.single(&decls, |d: &PiecesDecl| d.span, "list of piece types") {
            let mut letters: Vec<(char, crate::diagnostic::Span)> = Vec::new();
            for p in &decl.pieces {
                let earlier = self.pieces.get(&p.name.name).map(|q| q.name.span);
                if !self.declare("piece type", &p.name, earlier) {
                    continue;
                }
                self.pieces.insert(p.name.name.clone(), p.clone());
                let (letter, span) = p
                    .letter
                    .unwrap_or((p.name.name.chars().next().unwrap_or('?'), p.name.span));
                let letter = letter.to_ascii_lowercase();
                if let Some(&(_, first)) = letters.iter().find(|(c, _)| *c == letter) {
                    self.report(
                        Problem::new(
                            Kind::DuplicateLetter,
                            format!("two piece types share the letter `{letter}`"),
                        )
                        .label(span, "this one")
                        .label(first, "and this one")
                        .help("give one of them its own letter: `pieces man, mandarin as d`"),
                    );
                } else {
                    letters.push((letter, span));
                }
            }
        }
        let codes = 1 + self.owners() * self.pieces.len();
        if codes > 64 {
            let owners = match self.neutral {
                Some(_) => "(players + 1 for neutral pieces)",
                None => "players",
            };
            self.report(
                Problem::new(
                    Kind::TooManyKinds,
                    format!("too many kinds of piece: {owners} × piece types must stay below 64"),
                )
                .label(self.file.title_span, format!("{codes} kinds"))
                .help("use fewer piece types"),
            );
        }
    }

    /// Compass directions (or a hex board's six), user directions, relative directions and
    /// groups.
    pub(super) fn directions(&mut self) {
        self.facings();
        if self.board_shape() == ast::BoardShape::Square
            || self.board_shape() == ast::BoardShape::Lines
        {
            self.builtin_directions();
        } else {
            self.hex_directions();
        }
        let builtin = self.dir_names.len();
        for item in &self.file.items {
            match item {
                Item::Direction(d) => self.declared_direction(d, builtin),
                Item::DirectionGroup(g) => self.direction_group(g, builtin),
                _ => {}
            }
        }
    }

    /// The shape the file's board declaration gives (a grid when there is none).
    pub(super) fn board_shape(&self) -> ast::BoardShape {
        self.file
            .items
            .iter()
            .find_map(|i| match i {
                Item::Board(b) => Some(b.shape),
                _ => None,
            })
            .unwrap_or(ast::BoardShape::Square)
    }

    /// A hex board's six directions, the groups `all` (the six neighbours) and `axes` (one
    /// way along each of the three lines through a cell), and the relative directions
    /// that mean one of the six for every player.
    fn hex_directions(&mut self) {
        for (name, dx, dy, _) in HEX {
            self.dir_names.insert(
                name.to_string(),
                DirRef::Absolute(DirId(self.directions.len() as u8)),
            );
            self.directions.push(Direction {
                name: name.to_string(),
                dx,
                dy,
            });
        }
        for (name, f, l) in RELATIVE {
            let ids: Option<Vec<DirId>> = self
                .facings
                .iter()
                .map(|facing| hex_relative(facing, f, l).map(|i| DirId(i as u8)))
                .collect();
            if let Some(ids) = ids {
                self.dir_names
                    .insert(name.to_string(), DirRef::PerPlayer(ids));
            }
        }
        let abs = |names: &[&str], table: &indexmap::IndexMap<String, DirRef>| {
            DirRef::Group(names.iter().map(|n| table[*n].clone()).collect())
        };
        let all = abs(&["e", "ne", "nw", "w", "sw", "se"], &self.dir_names);
        let axes = abs(&["e", "ne", "nw"], &self.dir_names);
        self.dir_names.insert("all".into(), all);
        self.dir_names.insert("axes".into(), axes);
    }

    /// The compass directions, the player-relative ones and their groups.
    fn builtin_directions(&mut self) {
        for (name, dx, dy) in COMPASS {
            self.dir_names.insert(
                name.to_string(),
                DirRef::Absolute(DirId(self.directions.len() as u8)),
            );
            self.directions.push(Direction {
                name: name.to_string(),
                dx,
                dy,
            });
        }
        for (name, f, l) in RELATIVE {
            self.dir_names
                .insert(name.to_string(), DirRef::Relative(f, l));
        }
        let abs = |names: &[&str], table: &indexmap::IndexMap<String, DirRef>| {
            DirRef::Group(names.iter().map(|n| table[*n].clone()).collect())
        };
        let orth = abs(&["n", "e", "s", "w"], &self.dir_names);
        let diag = abs(&["ne", "se", "sw", "nw"], &self.dir_names);
        let all = abs(
            &["n", "ne", "e", "se", "s", "sw", "w", "nw"],
            &self.dir_names,
        );
        self.dir_names.insert("orthogonal".into(), orth);
        self.dir_names.insert("diagonal".into(), diag);
        self.dir_names.insert("all".into(), all);
    }

    /// Each player's facing: an orthogonal compass direction.
    fn facings(&mut self) {
        let defaults = ["n", "s", "n", "s"];
        let players: Vec<_> = self.players.values().cloned().collect();
        for (i, p) in players.iter().enumerate() {
            let facing = match &p.facing {
                None => defaults[i.min(3)],
                Some(f) if ["n", "e", "s", "w"].contains(&f.name.as_str()) => {
                    COMPASS.iter().find(|c| c.0 == f.name).unwrap().0
                }
                Some(f) => {
                    self.report(
                        Problem::new(
                            Kind::BadFacing,
                            format!("a player faces n, e, s or w, not `{}`", f.name),
                        )
                        .label(f.span, "not an orthogonal compass direction")
                        .help("write `facing n` for a player who moves up the board"),
                    );
                    "n"
                }
            };
            let (name, dx, dy) = *COMPASS.iter().find(|c| c.0 == facing).unwrap();
            self.facings.push(Direction {
                name: name.to_string(),
                dx,
                dy,
            });
        }
    }

    /// `direction NAME = (dx, dy)`, or `relative direction …`.
    fn declared_direction(&mut self, d: &ast::DirectionDecl, builtin: usize) {
        let earlier = self.earlier_direction(&d.name.name, builtin);
        if !self.declare("direction", &d.name, earlier) {
            return;
        }
        if (d.dx, d.dy) == (0, 0) || d.dx.unsigned_abs() > 64 || d.dy.unsigned_abs() > 64 {
            self.report(
                Problem::new(
                    Kind::BadDirection,
                    format!("the direction `{}` does not move sensibly", d.name.name),
                )
                .label(d.span, format!("({}, {})", d.dx, d.dy))
                .help("a direction is a step (files, ranks), not (0, 0), each part at most 64"),
            );
            // Known, so that its uses are not reported again.
            self.dir_names
                .insert(d.name.name.clone(), DirRef::Group(Vec::new()));
            return;
        }
        if self.directions.len() >= MAX_DIRECTIONS {
            self.too_many_directions(d.name.span);
            self.dir_names
                .insert(d.name.name.clone(), DirRef::Group(Vec::new()));
            return;
        }
        if d.relative {
            let ids = self.relative_direction(d);
            self.dir_names
                .insert(d.name.name.clone(), DirRef::PerPlayer(ids));
            return;
        }
        // A step already known (a compass direction, another name for it, or a relative
        // direction's) keeps its one id: two ids for one step would make every move along
        // both twice.
        let step = (d.dx as i32, d.dy as i32);
        let id = match self.directions.iter().position(|k| (k.dx, k.dy) == step) {
            Some(id) => id,
            None => {
                self.directions.push(Direction {
                    name: d.name.name.clone(),
                    dx: step.0,
                    dy: step.1,
                });
                self.directions.len() - 1
            }
        };
        self.dir_names
            .insert(d.name.name.clone(), DirRef::Absolute(DirId(id as u8)));
    }

    /// A relative direction: one absolute direction for each player's facing, shared with
    /// any direction of the same step.
    fn relative_direction(&mut self, d: &ast::DirectionDecl) -> Vec<DirId> {
        let mut ids = Vec::new();
        let hex = self.board_shape() != ast::BoardShape::Square
            && self.board_shape() != ast::BoardShape::Lines;
        for p in 0..self.facings.len() {
            let facing = &self.facings[p];
            let (fx, fy) = (facing.dx, facing.dy);
            let (dx, dy) = (d.dx as i32, d.dy as i32);
            if hex && fx != 0 {
                // A quarter turn is no turn of a hexagonal grid.
                self.report(
                    Problem::new(
                        Kind::BadDirection,
                        format!(
                            "the relative direction `{}` cannot turn for a player facing {} on hexagonal cells",
                            d.name.name, facing.name
                        ),
                    )
                    .label(d.span, "relative")
                    .help("on hexagonal cells, relative directions turn for players facing n or s; declare a direction for each player instead"),
                );
                break;
            }
            // Right of (fx, fy) is (fy, -fx).
            let step = (dx * fy + dy * fx, -dx * fx + dy * fy);
            let known = self.directions.iter().position(|k| (k.dx, k.dy) == step);
            let id = match known {
                Some(id) => id,
                None if self.directions.len() < MAX_DIRECTIONS => {
                    self.directions.push(Direction {
                        name: d.name.name.clone(),
                        dx: step.0,
                        dy: step.1,
                    });
                    self.directions.len() - 1
                }
                None => {
                    self.too_many_directions(d.name.span);
                    break;
                }
            };
            ids.push(DirId(id as u8));
        }
        ids
    }

    fn too_many_directions(&mut self, span: Span) {
        self.report(
            Problem::new(
                Kind::TooManyDirections,
                format!(
                    "a game has at most {MAX_DIRECTIONS} directions, the 8 compass directions included"
                ),
            )
            .label(span, "one too many")
            .help("a group (`directions jumps = …`) names several directions without declaring new ones"),
        );
    }

    /// `directions NAME = A, B, …`.
    fn direction_group(&mut self, g: &ast::DirectionGroupDecl, builtin: usize) {
        let earlier = self.earlier_direction(&g.name.name, builtin);
        if !self.declare("direction", &g.name, earlier) {
            return;
        }
        let mut members = Vec::new();
        for m in &g.members {
            match self.dir_names.get(&m.name) {
                Some(r) => {
                    members.push(r.clone());
                    self.names_read.insert(m.name.clone());
                }
                None => {
                    let known: Vec<String> = self.dir_names.keys().cloned().collect();
                    self.unknown("direction", m, known.iter().map(String::as_str));
                }
            }
        }
        self.dir_names
            .insert(g.name.name.clone(), DirRef::Group(members));
    }

    /// Where a direction name was declared before, if it was.
    fn earlier_direction(&self, name: &str, builtin: usize) -> Option<crate::diagnostic::Span> {
        let i = self.dir_names.get_index_of(name)?;
        if i < builtin {
            // A built-in: point at the title, the nearest thing to "the language".
            return Some(self.file.title_span);
        }
        self.file.items.iter().find_map(|it| match it {
            Item::Direction(d) if d.name.name == name => Some(d.name.span),
            Item::DirectionGroup(g) if g.name.name == name => Some(g.name.span),
            _ => None,
        })
    }

    /// The absolute direction ids that `r` means for `player`.
    pub(super) fn resolve_direction(&self, r: &DirRef, player: usize, out: &mut Vec<DirId>) {
        match r {
            DirRef::Absolute(id) => {
                if !out.contains(id) {
                    out.push(*id);
                }
            }
            DirRef::Relative(f, l) => {
                let facing = &self.facings[player];
                let (fx, fy) = (facing.dx, facing.dy);
                // Left of (fx, fy) is (-fy, fx).
                let (dx, dy) = (f * fx - l * fy, f * fy + l * fx);
                let id = DirId(COMPASS.iter().position(|c| (c.1, c.2) == (dx, dy)).unwrap() as u8);
                if !out.contains(&id) {
                    out.push(id);
                }
            }
            DirRef::PerPlayer(ids) => {
                if let Some(&id) = ids.get(player) {
                    if !out.contains(&id) {
                        out.push(id);
                    }
                }
            }
            DirRef::Group(members) => {
                for m in members {
                    self.resolve_direction(m, player, out);
                }
            }
        }
    }

    pub(super) fn board(&mut self) {
        let decls = self.items(|i| match i {
            Item::Board(b) => Some(b),
            _ => None,
        });
        let Some(decl) = self.single(&decls, |d| d.span, "board") else {
            return;
        };
        let Some((w, h)) = self.board_size(decl) else {
            return;
        };
        let mut used = match decl.shape {
            // A hexagon of side `n` on a rhombus of `2n - 1` rows: the cells whose file and
            // rank add up to between `n - 1` and `3n - 3`.
            ast::BoardShape::Hexagon => (0..w * h)
                .map(|sq| (w / 2..=w / 2 * 3).contains(&(sq % w + sq / w)))
                .collect(),
            _ => vec![true; w * h],
        };
        let links = match decl.shape {
            ast::BoardShape::Lines => {
                let Some(links) = self.board_links(decl, w, h) else {
                    return;
                };
                used = vec![false; w * h];
                for &(a, b, _) in &links {
                    used[a as usize] = true;
                    used[b as usize] = true;
                }
                links
            }
            _ => Vec::new(),
        };
        if let Some(mask) = &decl.used {
            self.board_mask(mask, w, h, &mut used);
        }
        let board = match decl.shape {
            ast::BoardShape::Square => {
                let mut board = Board::new(Shape::Square, w, h, used, self.directions.clone());
                board.points = decl.points;
                board
            }
            ast::BoardShape::Hex | ast::BoardShape::Hexagon => {
                Board::new(Shape::Hex, w, h, used, self.directions.clone())
            }
            ast::BoardShape::Lines => {
                // A mask leaves out points, and the lines through them.
                let links: Vec<_> = links
                    .into_iter()
                    .filter(|&(a, b, _)| used[a as usize] && used[b as usize])
                    .collect();
                Board::of_lines(w, h, &links, self.directions.clone())
            }
        };
        self.rows = self
            .facings
            .iter()
            .flat_map(|d| rows_for(w, h, (d.dx, d.dy)))
            .collect();
        self.board = Some(board);
    }

    /// The files and ranks of the board's grid or frame (a hexagon of side `n` takes `2n -
    /// 1` of each), if they are constants the engine can hold.
    fn board_size(&mut self, decl: &ast::BoardDecl) -> Option<(usize, usize)> {
        if decl.shape == ast::BoardShape::Hexagon {
            let side = self.constant_int(&decl.files)?;
            let largest = (((MAX_CELLS as f64).sqrt() as i64) + 1) / 2;
            if !(1..=largest).contains(&side) {
                self.report(
                    Problem::new(
                        Kind::BoardSize,
                        format!("a hexagon has sides of 1 to {largest} cells, not {side}"),
                    )
                    .label(decl.files.span, format!("side {side}"))
                    .help(format!("choose a side from 1 to {largest}")),
                );
                return None;
            }
            let n = (2 * side - 1) as usize;
            return Some((n, n));
        }
        let files = self.constant_int(&decl.files);
        let ranks = self.constant_int(&decl.ranks);
        let (files, ranks) = (files?, ranks?);
        let mut ok = true;
        for (n, e, what) in [(files, &decl.files, "files"), (ranks, &decl.ranks, "ranks")] {
            if !(1..=64).contains(&n) {
                self.report(
                    Problem::new(
                        Kind::BoardSize,
                        format!("a board has 1 to 64 {what}, not {n}"),
                    )
                    .label(e.span, format!("{n} {what}"))
                    .help("choose a size from 1 to 64"),
                );
                ok = false;
            }
        }
        if ok && (files * ranks) as usize > MAX_CELLS {
            self.report(
                Problem::new(
                    Kind::BoardSize,
                    format!(
                        "a board has at most {MAX_CELLS} squares, not {}",
                        files * ranks
                    ),
                )
                .label(
                    decl.files.span.to(decl.ranks.span),
                    format!("{files} x {ranks}"),
                )
                .help("use a smaller board"),
            );
            ok = false;
        }
        ok.then_some((files as usize, ranks as usize))
    }

    /// The links of a board of points: each pair of points next to each other on a line,
    /// and the compass direction from the first to the second. Every problem of the lines
    /// is reported.
    fn board_links(
        &mut self,
        decl: &ast::BoardDecl,
        w: usize,
        h: usize,
    ) -> Option<Vec<(Sq, Sq, DirId)>> {
        let mut links: Vec<(Sq, Sq, DirId, Span)> = Vec::new();
        let mut ok = true;
        for line in &decl.lines {
            let mut points = Vec::new();
            for (name, _) in &line.points {
                match parse_square_name(&name.name).filter(|&(f, r)| f < w && r < h) {
                    Some((f, r)) => points.push((f as i64, r as i64)),
                    None => {
                        self.report(
                            Problem::new(
                                Kind::BadLine,
                                format!("`{}` is not a point of the {w} x {h} frame", name.name),
                            )
                            .label(name.span, "no such point")
                            .help(format!(
                                "points are named by file and rank, from a1 to {}",
                                crate::ir::board::square_name(w - 1, h - 1)
                            )),
                        );
                        ok = false;
                    }
                }
            }
            if points.len() != line.points.len() {
                continue;
            }
            for (i, pair) in points.windows(2).enumerate() {
                let ((f0, r0), (f1, r1)) = (pair[0], pair[1]);
                let (dx, dy) = (f1 - f0, r1 - r0);
                let aligned = (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx.abs() == dy.abs());
                let (a, b) = (&line.points[i].0, &line.points[i + 1]);
                if !aligned {
                    self.report(
                        Problem::new(
                            Kind::BadLine,
                            format!(
                                "a line goes from one point to the next along a row, a column or a diagonal; `{}` to `{}` does not",
                                a.name, b.0.name
                            ),
                        )
                        .label(a.span.to(b.0.span), "not along a row, column or diagonal")
                        .help("add the points in between, or draw this line as two"),
                    );
                    ok = false;
                    continue;
                }
                let step = (dx.signum() as i32, dy.signum() as i32);
                let dir = COMPASS.iter().position(|c| (c.1, c.2) == step).unwrap();
                let dir = DirId(dir as u8);
                let sq = |f: i64, r: i64| (f as usize + r as usize * w) as Sq;
                if b.1 {
                    // `to`: through every point of the frame on the way.
                    let n = dx.abs().max(dy.abs());
                    for k in 0..n {
                        let (fa, ra) = (f0 + k * step.0 as i64, r0 + k * step.1 as i64);
                        let (fb, rb) = (fa + step.0 as i64, ra + step.1 as i64);
                        links.push((sq(fa, ra), sq(fb, rb), dir, line.span));
                    }
                } else {
                    links.push((sq(f0, r0), sq(f1, r1), dir, line.span));
                }
            }
        }
        // Two lines may not leave one point the same way to two different points.
        let mut seen: std::collections::HashMap<(Sq, DirId), (Sq, Span)> = Default::default();
        for &(a, b, d, span) in &links {
            let opposite = DirId(((d.0 as usize + 4) % 8) as u8);
            for (from, to, dir) in [(a, b, d), (b, a, opposite)] {
                match seen.insert((from, dir), (to, span)) {
                    Some((other, first)) if other != to => {
                        let name = |sq: Sq| {
                            crate::ir::board::square_name(sq as usize % w, sq as usize / w)
                        };
                        self.report(
                            Problem::new(
                                Kind::BadLine,
                                format!(
                                    "two lines leave {} toward {}: to {} and to {}",
                                    name(from),
                                    COMPASS[dir.index()].0,
                                    name(other),
                                    name(to)
                                ),
                            )
                            .label(span, format!("to {}", name(to)))
                            .label(first, format!("to {}", name(other)))
                            .help("a point has at most one neighbour in each direction: join the lines, or end one at the point"),
                        );
                        ok = false;
                    }
                    _ => {}
                }
            }
        }
        let mut links: Vec<(Sq, Sq, DirId)> =
            links.into_iter().map(|(a, b, d, _)| (a, b, d)).collect();
        links.sort_unstable();
        links.dedup();
        ok.then_some(links)
    }

    /// Narrows `used` to the squares where `mask` holds.
    fn board_mask(&mut self, mask: &ast::Expr, w: usize, h: usize, used: &mut [bool]) {
        let Some(cond) = self.lower_as(mask, Ty::Bool, Scope::BOARD) else {
            return;
        };
        let cond = SquareReader::new(&cond);
        let mut overflow = None;
        for (sq, u) in used.iter_mut().enumerate() {
            let env: Env = Env {
                width: w,
                cells: w * h,
                here: sq as u16,
                ..Env::constant()
            };
            *u &= cond.on(&env, sq, &mut overflow) != 0;
        }
        if let Some(sq) = overflow {
            // The board's names are not known yet: say which square by number.
            self.overflow(
                mask.span,
                format!(
                    "its value on square {} (file {}, rank {})",
                    sq,
                    sq % w,
                    sq / w
                ),
            );
        }
        if !used.iter().any(|&u| u) {
            self.report(
                Problem::new(Kind::EmptyBoard, "no square of the board is used")
                    .label(mask.span, "false on every square")
                    .help("this condition says which squares are part of the board; a game needs at least one"),
            );
        }
    }

    /// An environment for evaluating square conditions on this board.
    pub(super) fn square_env(&self) -> Option<Env<'_>> {
        let board = self.board.as_ref()?;
        Some(Env {
            width: board.width,
            cells: board.cells(),
            rows: &self.rows,
            used: &board.used,
            zones: &self.zone_tables,
            board: Some(board),
            ..Env::constant()
        })
    }

    pub(super) fn zones_and_defines(&mut self) {
        for item in &self.file.items {
            if let Item::Define(d) = item {
                let earlier = self.defines.get(&d.name.name).map(|o| o.name.span);
                if self.declare("define", &d.name, earlier) {
                    self.defines.insert(d.name.name.clone(), d);
                }
            }
        }
        let zones: Vec<_> = self.items(|i| match i {
            Item::Zone(z) => Some(z),
            _ => None,
        });
        for z in &zones {
            let earlier = self.zones.get(&z.name.name).map(|&i| zones[i].name.span);
            if !self.declare("zone", &z.name, earlier) {
                continue;
            }
            let cond = self.lower_as(&z.condition, Ty::Bool, Scope::SQUARE);
            // Only now is the zone visible, so that a zone cannot refer to itself or a later one.
            let index = self.zone_tables.len();
            self.zones.insert(z.name.name.clone(), index);
            let cells = self.board.as_ref().map_or(0, Board::cells);
            let mut squares = vec![false; self.players.len() * cells];
            let mut overflow = None;
            if let (Some(cond), Some(env)) = (cond, self.square_env()) {
                let cond = SquareReader::new(&cond);
                for player in 0..self.players.len() {
                    for sq in 0..cells {
                        let e: Env = Env {
                            player: player as u8,
                            here: sq as u16,
                            ..env
                        };
                        squares[player * cells + sq] =
                            env.used[sq] && cond.on(&e, sq, &mut overflow) != 0;
                    }
                }
            }
            if let Some(sq) = overflow {
                self.overflow_on(z.condition.span, sq);
            }
            let sets = (0..self.players.len())
                .map(|p| {
                    let mut set = SquareSet::default();
                    for sq in (0..cells).filter(|&sq| squares[p * cells + sq]) {
                        set.insert(sq as Sq);
                    }
                    set
                })
                .collect();
            self.zone_tables.push(Zone {
                name: z.name.name.clone(),
                squares,
                sets,
            });
        }
        // Check each define's body once on its own, so that a mistake in a define nobody
        // calls is still reported.
        let defines: Vec<_> = self.defines.values().copied().collect();
        for d in defines {
            let params: Vec<_> = d
                .params
                .iter()
                .flatten()
                .map(|p| (p.name.clone(), IExpr::Int(0), Ty::Error))
                .collect();
            self.inlining.push(d.name.name.clone());
            self.lower(&d.body, Scope::ANY, &params);
            self.inlining.pop();
        }
    }
}
