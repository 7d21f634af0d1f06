//! Board geometry, precomputed: square names, coordinates, the mask of used squares, and a
//! neighbour table per direction, so that walking a ray is one table look-up a step.

use super::{DirId, Mask};

/// A square's index: `file + rank * width`. Unused squares keep their index but are never a
/// neighbour of anything.
pub type Sq = u16;
pub const NO_SQUARE: Sq = Sq::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Direction {
    pub name: String,
    pub dx: i32,
    pub dy: i32,
}

/// What the cells of a board are and how they are drawn: squares of a grid, hexagonal
/// cells (a grid whose rows are drawn half a cell further right each, with six
/// neighbours), or points joined by lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Square,
    Hex,
    Lines,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub shape: Shape,
    pub width: usize,
    pub height: usize,
    pub used: Vec<bool>,
    pub names: Vec<String>,
    pub directions: Vec<Direction>,
    /// `next[dir * cells + sq]`: the square one step from `sq` along `dir`, or `NO_SQUARE`.
    next: Vec<Sq>,
    /// `prev[dir * cells + sq]`: the square whose step along `dir` is `sq`, or `NO_SQUARE`.
    prev: Vec<Sq>,
    /// The used squares.
    pub used_set: SquareSet,
    /// `steps_from[dir]`: the squares that have a neighbour along `dir` (on the board and
    /// used), so that a set of squares moves one step along `dir` as one shift:
    /// `(set & steps_from[dir]) << delta[dir]`.
    pub steps_from: MaskTable,
    /// `delta[dir]`: how a square's index changes with one step along `dir` (`dx + dy *
    /// width` on a grid), where every step along `dir` changes it alike.
    pub delta: Vec<i32>,
    /// `shifts[dir]`: for a direction whose steps change the index by different amounts
    /// (the lines of a board of points: `a1` to `d1` and `c3` to `d3` are both east), each
    /// amount with the squares that step by it; empty where `delta` says it all.
    pub shifts: Vec<Vec<(i32, SquareSet)>>,
    /// `opposite[dir]`: the direction that goes back the way `dir` goes, if the board has
    /// one.
    pub opposite: Vec<Option<DirId>>,
    /// A grid drawn as the points where its files and ranks cross (`board 19 x 19
    /// points`), pieces standing on the points, rather than as squares.
    pub points: bool,
    /// `path_start[dir]`: for a path's direction, the path's first square (where a piece
    /// entering it by one step lands); `NO_SQUARE` for other directions.
    pub path_start: Vec<Sq>,
}

impl Board {
    /// A board of `width` x `height` cells whose neighbours are the declared steps
    /// `(dx, dy)` of each direction. The checker keeps every direction's step within the
    /// board's size, so the arithmetic below cannot overflow.
    pub fn new(
        shape: Shape,
        width: usize,
        height: usize,
        used: Vec<bool>,
        directions: Vec<Direction>,
    ) -> Board {
        let cells = width * height;
        let mut next = vec![NO_SQUARE; directions.len() * cells];
        for (d, dir) in directions.iter().enumerate() {
            for sq in 0..cells {
                if !used[sq] {
                    continue;
                }
                let f = (sq % width) as i64 + dir.dx as i64;
                let r = (sq / width) as i64 + dir.dy as i64;
                if f >= 0 && r >= 0 && (f as usize) < width && (r as usize) < height {
                    let to = f as usize + r as usize * width;
                    if used[to] {
                        next[d * cells + sq] = to as Sq;
                    }
                }
            }
        }
        Board::with_neighbours(shape, width, height, used, directions, next)
    }

    /// A board of points on a `width` x `height` frame joined by `links` (each a pair of
    /// points and the direction from the first to the second; the way back is the
    /// opposite direction). Points on no link are not used.
    pub fn of_lines(
        width: usize,
        height: usize,
        links: &[(Sq, Sq, DirId)],
        directions: Vec<Direction>,
    ) -> Board {
        let cells = width * height;
        let mut used = vec![false; cells];
        let mut next = vec![NO_SQUARE; directions.len() * cells];
        let opposite = opposites(&directions);
        for &(a, b, d) in links {
            used[a as usize] = true;
            used[b as usize] = true;
            next[d.index() * cells + a as usize] = b;
            if let Some(back) = opposite[d.index()] {
                next[back.index() * cells + b as usize] = a;
            }
        }
        Board::with_neighbours(Shape::Lines, width, height, used, directions, next)
    }

    /// The board whose neighbour table is `next`; everything else is derived from it.
    fn with_neighbours(
        shape: Shape,
        width: usize,
        height: usize,
        used: Vec<bool>,
        directions: Vec<Direction>,
        next: Vec<Sq>,
    ) -> Board {
        let cells = width * height;
        let names = (0..cells)
            .map(|sq| square_name(sq % width, sq / width))
            .collect();
        let mut prev = vec![NO_SQUARE; next.len()];
        let words = MaskTable::words_for(cells);
        let mut steps_from = MaskTable::new(words);
        let mut delta = Vec::new();
        let mut shifts = Vec::new();
        for d in 0..directions.len() {
            let mut set = SquareSet::default();
            let mut by_delta: Vec<(i32, SquareSet)> = Vec::new();
            for sq in 0..cells {
                let to = next[d * cells + sq];
                if to == NO_SQUARE {
                    continue;
                }
                prev[d * cells + to as usize] = sq as Sq;
                set.insert(sq as Sq);
                let k = to as i32 - sq as i32;
                match by_delta.iter_mut().find(|(dk, _)| *dk == k) {
                    Some((_, from)) => from.insert(sq as Sq),
                    None => {
                        let mut from = SquareSet::default();
                        from.insert(sq as Sq);
                        by_delta.push((k, from));
                    }
                }
            }
            steps_from.push(&set);
            let dir = &directions[d];
            match by_delta.as_slice() {
                [] => {
                    delta.push(dir.dx + dir.dy * width as i32);
                    shifts.push(Vec::new());
                }
                [(k, _)] => {
                    delta.push(*k);
                    shifts.push(Vec::new());
                }
                _ => {
                    delta.push(0);
                    shifts.push(by_delta);
                }
            }
        }
        let mut used_set = SquareSet::default();
        for sq in (0..cells).filter(|&sq| used[sq]) {
            used_set.insert(sq as Sq);
        }
        let opposite = opposites(&directions);
        let path_start = vec![NO_SQUARE; directions.len()];
        Board {
            shape,
            width,
            height,
            used,
            names,
            directions,
            next,
            prev,
            used_set,
            steps_from,
            delta,
            shifts,
            opposite,
            points: false,
            path_start,
        }
    }

    /// The board with a direction more: the way along `squares`, each stepping to the
    /// next (a path: a player's way round a race track), the last to none. Its step is
    /// `(0, 0)`: it is no compass step and has no opposite.
    pub fn with_path(&self, name: &str, squares: &[Sq]) -> (Board, DirId) {
        let cells = self.cells();
        let mut next = self.next.clone();
        let start = next.len();
        next.resize(start + cells, NO_SQUARE);
        for w in squares.windows(2) {
            next[start + w[0] as usize] = w[1];
        }
        let mut directions = self.directions.clone();
        directions.push(Direction {
            name: name.to_string(),
            dx: 0,
            dy: 0,
        });
        let mut board = Board::with_neighbours(
            self.shape,
            self.width,
            self.height,
            self.used.clone(),
            directions,
            next,
        );
        board.names = self.names.clone();
        board.points = self.points;
        board.path_start[..self.path_start.len()].copy_from_slice(&self.path_start);
        let id = DirId((board.directions.len() - 1) as u8);
        board.path_start[id.index()] = squares.first().copied().unwrap_or(NO_SQUARE);
        (board, id)
    }

    /// Whether `dir` is a path's direction.
    pub fn is_path(&self, dir: DirId) -> bool {
        self.path_start[dir.index()] != NO_SQUARE
    }

    /// The lines a picture draws between points, each once (from the south-west end): a
    /// board of points's links; on a grid of `points`, its files and ranks between used
    /// squares. None for a board of cells.
    pub fn drawn_links(&self) -> Vec<(Sq, Sq)> {
        let mut links = Vec::new();
        for sq in self.squares() {
            if self.shape == Shape::Lines {
                for (d, dir) in self.directions.iter().enumerate() {
                    let to = self.next(sq, DirId(d as u8));
                    if to != NO_SQUARE && (dir.dy > 0 || (dir.dy == 0 && dir.dx > 0)) {
                        links.push((sq, to));
                    }
                }
            } else if self.points {
                let (f, r) = (self.file(sq), self.rank(sq));
                let east = (f + 1 < self.width).then(|| sq + 1);
                let north = (r + 1 < self.height).then(|| sq + self.width as Sq);
                links.extend(
                    [east, north]
                        .into_iter()
                        .flatten()
                        .filter(|&to| self.used[to as usize])
                        .map(|to| (sq, to)),
                );
            }
        }
        links
    }

    /// Whether every step along `dir` changes a square's index alike (`delta`), so that a
    /// set of squares steps along it with one shift.
    #[inline(always)]
    pub fn regular(&self, dir: DirId) -> bool {
        self.shifts[dir.index()].is_empty()
    }

    /// Where the board draws a cell: its file and rank on a grid or a frame of points; on
    /// hexagonal cells, each row half a cell further right than the one below, and rows
    /// closer together (a cell's neighbours are all one apart).
    pub fn position(&self, sq: Sq) -> (f64, f64) {
        let (f, r) = (self.file(sq) as f64, self.rank(sq) as f64);
        match self.shape {
            Shape::Hex => (f + r / 2.0, r * 3f64.sqrt() / 2.0),
            _ => (f, r),
        }
    }

    /// The squares one step along `dir` from the squares of `set` (where there is one).
    #[inline(always)]
    pub fn step<M: Mask>(&self, set: M, dir: DirId) -> M {
        let d = dir.index();
        if self.regular(dir) {
            return (set & M::at(&self.steps_from, d)).shift(self.delta[d]);
        }
        shifted_by(set, &self.shifts[d])
    }

    /// The squares whose neighbour along `dir` is in `set`.
    #[inline(always)]
    pub fn step_back<M: Mask>(&self, set: M, dir: DirId) -> M {
        let d = dir.index();
        if self.regular(dir) {
            return set.shift(-self.delta[d]) & M::at(&self.steps_from, d);
        }
        shifted_back_by(set, &self.shifts[d])
    }

    /// The steps along `dir` as set operations, read from the tables once, for a loop
    /// that steps many times.
    #[inline(always)]
    pub fn stepper<M: Mask>(&self, dir: DirId) -> Stepper<'_, M> {
        let d = dir.index();
        Stepper {
            delta: self.delta[d],
            steps_from: M::at(&self.steps_from, d),
            shifts: &self.shifts[d],
        }
    }

    /// The square `k` steps back along `dir` from `sq` (the square from which `k` steps
    /// along `dir` lead to `sq`), or `NO_SQUARE`.
    #[inline]
    pub fn back(&self, sq: Sq, dir: DirId, k: u32) -> Sq {
        let mut at = sq;
        for _ in 0..k {
            if at == NO_SQUARE {
                break;
            }
            at = self.prev[dir.index() * self.cells() + at as usize];
        }
        at
    }

    /// `back`, out of line, for the hot loops that rarely need it.
    #[cold]
    #[inline(never)]
    pub fn back_out_of_line(&self, sq: Sq, dir: DirId, k: u32) -> Sq {
        self.back(sq, dir, k)
    }

    /// The direction opposite `dir`, if the board has one.
    pub fn opposite(&self, dir: DirId) -> Option<DirId> {
        self.opposite[dir.index()]
    }

    /// The words of a square set on this board: 1 up to 64 squares, 4 up to 256, else 16.
    pub fn words(&self) -> usize {
        MaskTable::words_for(self.cells())
    }

    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    #[inline(always)]
    pub fn next(&self, sq: Sq, dir: DirId) -> Sq {
        // Every index is below `directions * cells`, by construction of the rules' tables.
        self.next[dir.index() * self.cells() + sq as usize]
    }

    pub fn file(&self, sq: Sq) -> usize {
        sq as usize % self.width
    }

    pub fn rank(&self, sq: Sq) -> usize {
        sq as usize / self.width
    }

    /// The squares of the `size` × `size` block whose lower left corner is `corner`, each
    /// with the square a quarter turn (`clockwise` or not) takes it to; `None` where the
    /// block does not fit on the board's used squares.
    pub fn turned_block(
        &self,
        corner: Sq,
        size: usize,
        clockwise: bool,
    ) -> Option<impl Iterator<Item = (Sq, Sq)> + '_> {
        let (f, r) = (self.file(corner), self.rank(corner));
        if f + size > self.width || r + size > self.height {
            return None;
        }
        let at = move |x: usize, y: usize| ((r + y) * self.width + f + x) as Sq;
        let fits = (0..size).all(|y| (0..size).all(|x| self.used[at(x, y) as usize]));
        fits.then(move || {
            (0..size * size).map(move |i| {
                let (x, y) = (i % size, i / size);
                // Seen with rank 1 at the bottom: clockwise, the top left corner goes to
                // the top right.
                let (tx, ty) = if clockwise {
                    (y, size - 1 - x)
                } else {
                    (size - 1 - y, x)
                };
                (at(x, y), at(tx, ty))
            })
        })
    }

    /// The used squares, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.cells()).filter(|&s| self.used[s]).map(|s| s as Sq)
    }

    /// The square with this name (`c3`, or a name given by `names`), if it is on the board
    /// and used.
    pub fn square(&self, name: &str) -> Option<Sq> {
        let sq = self.names.iter().position(|n| n == name)?;
        self.used[sq].then_some(sq as Sq)
    }

    pub fn name(&self, sq: Sq) -> &str {
        &self.names[sq as usize]
    }

    pub fn direction(&self, name: &str) -> Option<DirId> {
        self.directions
            .iter()
            .position(|d| d.name == name)
            .map(|d| DirId(d as u8))
    }
}

/// One direction's steps as set operations (`Board::stepper`).
#[derive(Clone, Copy)]
pub struct Stepper<'b, M> {
    delta: i32,
    steps_from: M,
    shifts: &'b [(i32, SquareSet)],
}

impl<M: Mask> Stepper<'_, M> {
    /// The squares one step along the direction from the squares of `set`.
    #[inline(always)]
    pub fn step(&self, set: M) -> M {
        if self.shifts.is_empty() {
            (set & self.steps_from).shift(self.delta)
        } else {
            shifted_by(set, self.shifts)
        }
    }

    /// The squares whose neighbour along the direction is in `set`.
    #[inline(always)]
    pub fn back(&self, set: M) -> M {
        if self.shifts.is_empty() {
            set.shift(-self.delta) & self.steps_from
        } else {
            shifted_back_by(set, self.shifts)
        }
    }
}

/// The squares of `set` that step by one of `shifts` back: the squares whose neighbour by
/// one of `shifts` is in `set`. Out of line, as `shifted_by`.
#[cold]
#[inline(never)]
pub fn shifted_back_by<M: Mask>(set: M, shifts: &[(i32, SquareSet)]) -> M {
    shifts.iter().fold(M::default(), |acc, (k, from)| {
        acc | (set.shift(-k) & M::from_set(from))
    })
}

/// The squares of `set` that step by one of `shifts` (each an index change and the squares
/// that change by it), moved by it: one step along a direction whose steps differ. Out of
/// line: the boards that need it are few, and the hot loops of the others stay small.
#[cold]
#[inline(never)]
pub fn shifted_by<M: Mask>(set: M, shifts: &[(i32, SquareSet)]) -> M {
    shifts.iter().fold(M::default(), |acc, (k, from)| {
        acc | (set & M::from_set(from)).shift(*k)
    })
}

/// For each direction, the one that goes back the way it goes (the opposite step), if
/// there is one.
fn opposites(directions: &[Direction]) -> Vec<Option<DirId>> {
    directions
        .iter()
        .map(|d| {
            // A path's step, (0, 0), has no opposite.
            if (d.dx, d.dy) == (0, 0) {
                return None;
            }
            directions
                .iter()
                .position(|o| o.dx == -d.dx && o.dy == -d.dy)
                .map(|o| DirId(o as u8))
        })
        .collect()
}

/// A set of squares as a bitset, at the widest a board can be (`MAX_CELLS` squares): what
/// the compiled game keeps, read by the engine at its board's width (`Mask::from_set`).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct SquareSet(pub [u64; SET_WORDS]);

/// The words of a `SquareSet`.
pub const SET_WORDS: usize = 16;

/// Square sets of one board, each kept in as many words as the board needs (1 up to 64
/// squares, 4 up to 256, else 16), one after another: compact for small boards, and read
/// by the engine at the board's width.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MaskTable {
    pub words: usize,
    pub data: Vec<u64>,
}

impl MaskTable {
    pub fn words_for(cells: usize) -> usize {
        if cells <= 64 {
            1
        } else if cells <= 256 {
            4
        } else {
            SET_WORDS
        }
    }

    pub fn new(words: usize) -> MaskTable {
        MaskTable {
            words,
            data: Vec::new(),
        }
    }

    /// Appends a set; its index is the number of sets before it.
    pub fn push(&mut self, set: &SquareSet) {
        self.data.extend_from_slice(&set.0[..self.words]);
    }

    pub fn len(&self) -> usize {
        self.data.len() / self.words.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The set at index `i`.
    pub fn get(&self, i: usize) -> SquareSet {
        let mut set = SquareSet::default();
        set.0[..self.words].copy_from_slice(&self.data[i * self.words..(i + 1) * self.words]);
        set
    }
}

impl SquareSet {
    pub fn insert(&mut self, sq: Sq) {
        self.0[(sq as usize >> 6) % SET_WORDS] |= 1 << (sq & 63);
    }

    pub fn contains(&self, sq: Sq) -> bool {
        (self.0[(sq as usize >> 6) % SET_WORDS] >> (sq & 63)) & 1 != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; SET_WORDS]
    }

    pub fn remove(&mut self, sq: Sq) {
        self.0[(sq as usize >> 6) % SET_WORDS] &= !(1 << (sq & 63));
    }

    pub fn len(&self) -> usize {
        // Smaller boards leave the last words empty.
        self.0
            .iter()
            .filter(|&&w| w != 0)
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Every square's index moved by `delta` (up when positive); squares moved past either
    /// end are gone.
    pub fn shifted(&self, delta: i32) -> SquareSet {
        SquareSet(super::mask::shift_words(self.0, delta))
    }

    /// The squares of the set, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = Sq> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros();
                w &= w - 1;
                Some((i * 64) as Sq + bit as Sq)
            })
        })
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, o: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl std::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, o: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl std::ops::Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(self.0.map(|w| !w))
    }
}

/// Files are letters `a`..`z`, then `aa`, `ab`…; ranks are numbers from 1.
pub fn square_name(file: usize, rank: usize) -> String {
    let mut letters = String::new();
    let mut f = file;
    loop {
        letters.insert(0, (b'a' + (f % 26) as u8) as char);
        if f < 26 {
            break;
        }
        f = f / 26 - 1;
    }
    format!("{letters}{}", rank + 1)
}

/// The file and rank (from 0) that a name like `c3` or `aa10` stands for, whether or not a
/// board has that square.
pub fn parse_square_name(name: &str) -> Option<(usize, usize)> {
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = name.split_at(split);
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let mut file = 0usize;
    for c in letters.chars() {
        file = file
            .checked_mul(26)?
            .checked_add((c as u8 - b'a') as usize + 1)?;
    }
    let rank: usize = digits.parse().ok()?;
    if rank == 0 {
        return None;
    }
    Some((file - 1, rank - 1))
}

/// The row of every square seen from a player facing `(dx, dy)`: 0 is the row nearest the
/// player (the first rank for a player facing north).
pub fn rows_for(width: usize, height: usize, facing: (i32, i32)) -> Vec<u8> {
    (0..width * height)
        .map(|sq| {
            let (f, r) = (sq % width, sq / width);
            (match (facing.0.signum(), facing.1.signum()) {
                (_, -1) => height - 1 - r,
                (1, 0) => f,
                (-1, 0) => width - 1 - f,
                _ => r,
            }) as u8
        })
        .collect()
}
