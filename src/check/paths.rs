//! Paths (`path NAME { PLAYER: SQ to SQ, … }`): the way each player's pieces go, square
//! by square, as one direction of its own for each player. A race game's track is a path:
//! `along route by die` moves a piece on along its owner's way.

use super::{Checker, DirRef};
use crate::diagnostic::{Kind, Problem};
use crate::ir::{Direction, Sq, MAX_DIRECTIONS};
use crate::syntax::ast::{self, Item};

impl Checker<'_> {
    /// Every path, each a direction for each player, added to the board once it is known.
    pub(super) fn paths(&mut self) {
        let decls = self.items(|i| match i {
            Item::Path(p) => Some(p),
            _ => None,
        });
        for decl in decls {
            self.path(decl);
        }
    }

    fn path(&mut self, decl: &ast::PathDecl) {
        // Where the name was declared before: a declared direction or path, or else (a
        // compass direction) the language itself, pointed at by the title.
        let earlier = self.dir_names.get(&decl.name.name).map(|_| {
            self.file
                .items
                .iter()
                .find_map(|it| match it {
                    Item::Direction(d) if d.name.name == decl.name.name => Some(d.name.span),
                    Item::DirectionGroup(g) if g.name.name == decl.name.name => Some(g.name.span),
                    Item::Path(p) if p.name.name == decl.name.name && p.span != decl.span => {
                        Some(p.name.span)
                    }
                    _ => None,
                })
                .unwrap_or(self.file.title_span)
        });
        if !self.declare("direction", &decl.name, earlier) {
            return;
        }
        // Known from here on, so that its uses are not reported again if it is wrong.
        self.dir_names
            .insert(decl.name.name.clone(), DirRef::Group(Vec::new()));
        let mut ways: Vec<Option<Vec<Sq>>> = vec![None; self.players.len()];
        let mut complete = true;
        for way in &decl.ways {
            let Some(p) = self.players.get_index_of(&way.player.name) else {
                let known: Vec<String> = self.players.keys().cloned().collect();
                self.unknown("player", &way.player, known.iter().map(String::as_str));
                complete = false;
                continue;
            };
            if ways[p].is_some() {
                self.bad_path(
                    way.player.span,
                    format!(
                        "`{}` has two ways along `{}`",
                        way.player.name, decl.name.name
                    ),
                    "a second way",
                    "give each player one way along the path",
                );
                complete = false;
                continue;
            }
            match self.path_squares(way) {
                Some(squares) => ways[p] = Some(squares),
                None => complete = false,
            }
        }
        if !complete {
            return;
        }
        let missing: Vec<&str> = self
            .players
            .keys()
            .zip(&ways)
            .filter(|(_, w)| w.is_none())
            .map(|(name, _)| name.as_str())
            .collect();
        if !missing.is_empty() {
            self.bad_path(
                decl.name.span,
                format!(
                    "the path `{}` gives no way for {}",
                    decl.name.name,
                    missing.join(", ")
                ),
                "every player needs a way",
                format!("add `{}: SQUARE to SQUARE`", missing[0]),
            );
            return;
        }
        if self.directions.len() + ways.len() > MAX_DIRECTIONS {
            self.report(
                Problem::new(
                    Kind::TooManyDirections,
                    format!(
                        "a game has at most {MAX_DIRECTIONS} directions, a path's for each player and the compass directions included"
                    ),
                )
                .label(decl.name.span, "one too many")
                .help("use fewer paths or directions"),
            );
            return;
        }
        let Some(mut board) = self.board.take() else {
            return;
        };
        let mut ids = Vec::new();
        for squares in ways.into_iter().flatten() {
            let (with, id) = board.with_path(&decl.name.name, &squares);
            board = with;
            self.directions.push(Direction {
                name: decl.name.name.clone(),
                dx: 0,
                dy: 0,
            });
            ids.push(id);
        }
        self.board = Some(board);
        self.dir_names
            .insert(decl.name.name.clone(), DirRef::PerPlayer(ids));
    }

    /// The squares of one player's way, in order: `A to B` is every used square from A to
    /// B along their row, column or diagonal.
    fn path_squares(&mut self, way: &ast::PathWay) -> Option<Vec<Sq>> {
        let board = self.board.as_ref()?;
        let mut squares: Vec<Sq> = Vec::new();
        let mut problems = Vec::new();
        for (a, b) in &way.parts {
            let Some(first) = board.square(&a.name) else {
                problems.push((a.span, format!("there is no square `{}`", a.name)));
                continue;
            };
            let Some(b) = b else {
                squares.push(first);
                continue;
            };
            let Some(last) = board.square(&b.name) else {
                problems.push((b.span, format!("there is no square `{}`", b.name)));
                continue;
            };
            let (fa, ra) = (board.file(first) as i64, board.rank(first) as i64);
            let (fb, rb) = (board.file(last) as i64, board.rank(last) as i64);
            let (df, dr) = (fb - fa, rb - ra);
            if df != 0 && dr != 0 && df.abs() != dr.abs() {
                problems.push((
                    b.span,
                    format!(
                        "`{}` and `{}` are on no one row, column or diagonal",
                        a.name, b.name
                    ),
                ));
                continue;
            }
            let n = df.abs().max(dr.abs());
            for k in 0..=n {
                let sq =
                    ((fa + df.signum() * k) + (ra + dr.signum() * k) * board.width as i64) as Sq;
                if board.used[sq as usize] {
                    squares.push(sq);
                }
            }
        }
        for (i, &sq) in squares.iter().enumerate() {
            if squares[..i].contains(&sq) {
                let name = board.name(sq).to_string();
                problems.push((way.span, format!("the way goes through `{name}` twice")));
                break;
            }
        }
        if problems.is_empty() {
            return Some(squares);
        }
        for (span, message) in problems {
            self.bad_path(
                span,
                format!("`{}`'s way: {message}", way.player.name),
                "here",
                "a way lists squares in order, `a1 to h1` for the used squares of a row, column or diagonal",
            );
        }
        None
    }

    fn bad_path(
        &mut self,
        span: crate::diagnostic::Span,
        message: String,
        label: &str,
        help: impl Into<String>,
    ) {
        self.report(
            Problem::new(Kind::BadPath, message)
                .label(span, label.to_string())
                .help(help.into()),
        );
    }
}
