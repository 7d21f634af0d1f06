//! `dice N faces …`: the dice a turn begins by rolling, and every way they can fall.
//!
//! A roll is a step of the game tree of its own: the player to move rolls (a chance move,
//! `Move::roll`), and then moves with what the dice show, one die a move, until no die is
//! left or none can be used. The ways the dice can fall are worked out once, when the game
//! is compiled: each distinct outcome (the dice as a set, their order not counted; their
//! total, when `summed`) with the number of ordered throws that give it, which is its
//! weight when a roll is drawn at random.

/// The most dice a state keeps to be played: two dice played twice over, or four dice.
pub const MAX_DICE: usize = 4;

/// The most ordered throws the dice may have (`faces ^ count`), so that a roll can be drawn
/// with one random number.
pub const MAX_THROWS: u64 = 1 << 20;

/// The game's dice, and each way they can fall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice {
    pub count: u8,
    /// The value of each face (a face may repeat: `faces 0, 0, 1`).
    pub faces: Vec<u8>,
    /// Whether the dice's total is one distance rather than each die one.
    pub summed: bool,
    /// Whether a double (every die alike, two dice or more) is played twice over.
    pub doubles_twice: bool,
    /// Whether a player must play as many dice as can be played and, when only one can be,
    /// the larger.
    pub use_most: bool,
    /// Every distinct outcome, in the order the generator lists rolls.
    pub rolls: Vec<Roll>,
    /// `faces ^ count`: the ordered throws, whose weights the rolls' add up to.
    pub throws: u32,
}

/// One way the dice can fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    /// What the dice show, largest first (their total alone, when summed).
    pub shown: [u8; MAX_DICE],
    pub shown_len: u8,
    /// The distances the player gets to move, largest first: one for each die, a double
    /// twice over, or the total.
    pub play: [u8; MAX_DICE],
    pub play_len: u8,
    /// How many ordered throws give this outcome.
    pub weight: u32,
}

impl Roll {
    /// What the dice show, as the session writes it: `3-1`, `6-6`, `4`.
    pub fn text(&self) -> String {
        let shown: Vec<String> = self.shown[..self.shown_len as usize]
            .iter()
            .map(u8::to_string)
            .collect();
        shown.join("-")
    }
}

impl Dice {
    /// The dice, with every distinct outcome worked out (`count` dice of these `faces`;
    /// the caller keeps `faces.len() ^ count` within `MAX_THROWS`).
    pub fn new(
        count: u8,
        faces: Vec<u8>,
        summed: bool,
        doubles_twice: bool,
        use_most: bool,
    ) -> Dice {
        let n = faces.len() as u32;
        let throws = n.pow(count as u32);
        let mut rolls: Vec<Roll> = Vec::new();
        for throw in 0..throws {
            let mut dice: Vec<u8> = (0..count as u32)
                .map(|i| faces[((throw / n.pow(i)) % n) as usize])
                .collect();
            dice.sort_unstable_by(|a, b| b.cmp(a));
            let shown: Vec<u8> = if summed {
                vec![dice
                    .iter()
                    .map(|&d| d as u32)
                    .sum::<u32>()
                    .min(u8::MAX as u32) as u8]
            } else {
                dice.clone()
            };
            let double = !summed && count >= 2 && dice.iter().all(|&d| d == dice[0]);
            let play: Vec<u8> = if double && doubles_twice {
                dice.iter().chain(dice.iter()).copied().collect()
            } else {
                shown.clone()
            };
            let mut roll = Roll {
                shown: [0; MAX_DICE],
                shown_len: shown.len() as u8,
                play: [0; MAX_DICE],
                play_len: play.len().min(MAX_DICE) as u8,
                weight: 1,
            };
            roll.shown[..shown.len()].copy_from_slice(&shown);
            roll.play[..roll.play_len as usize].copy_from_slice(&play[..roll.play_len as usize]);
            match rolls
                .iter_mut()
                .find(|r| r.shown == roll.shown && r.shown_len == roll.shown_len)
            {
                Some(r) => r.weight += 1,
                None => rolls.push(roll),
            }
        }
        // Largest first, as players call them: 6-6, 6-5, …, 1-1.
        rolls.sort_by_key(|r| std::cmp::Reverse(r.shown));
        Dice {
            count,
            faces,
            summed,
            doubles_twice,
            use_most,
            rolls,
            throws,
        }
    }

    /// The largest distance a roll gives to play.
    pub fn most_played(&self) -> u8 {
        let played = self
            .rolls
            .iter()
            .flat_map(|r| &r.play[..r.play_len as usize]);
        played.copied().max().unwrap_or(0)
    }

    /// A roll drawn as the dice fall: `below(throws)` picks an ordered throw, and the roll
    /// it gives is returned (so 6-5 comes twice as often as 6-6).
    pub fn draw(&self, below: impl FnOnce(usize) -> usize) -> usize {
        self.roll_of_throw(below(self.throws as usize) as u32)
    }

    /// The roll that the ordered throw `index` (below `throws`) gives.
    pub fn roll_of_throw(&self, mut index: u32) -> usize {
        for (i, r) in self.rolls.iter().enumerate() {
            if index < r.weight {
                return i;
            }
            index -= r.weight;
        }
        self.rolls.len() - 1
    }

    /// The roll whose dice show `text` (`3-1` or `1-3`; the total, when summed).
    pub fn roll_named(&self, text: &str) -> Option<usize> {
        let mut values: Vec<u8> = text
            .split(['-', ' ', ','])
            .filter(|w| !w.is_empty())
            .map(|w| w.parse().ok())
            .collect::<Option<_>>()?;
        values.sort_unstable_by(|a, b| b.cmp(a));
        self.rolls
            .iter()
            .position(|r| r.shown[..r.shown_len as usize] == values[..])
    }
}

/// Where a die of each value takes a piece along each direction, worked out once when the
/// game is compiled, so that a `by die` move reads one entry where it would otherwise step
/// a die's value of times, each step waiting on the one before (a race game's generator
/// spent a third of its time in those steps).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DieWalks {
    /// The largest distance kept: the most a die (or the dice's total) shows; 0 where the
    /// table would be too large to keep, and distances are walked.
    pub most: u8,
    cells: usize,
    /// For `(dir, d, sq)`: the square `d` steps from `sq` along `dir`, or `NO_SQUARE`
    /// where the line ends sooner.
    exact: Vec<super::Sq>,
    /// For `(dir, d, sq)`, where the line from `sq` along `dir` ends after one step or
    /// more but fewer than `d` (`by die past the end`): its last square and the steps to
    /// it; `NO_SQUARE` otherwise.
    past_end: Vec<(super::Sq, u8)>,
}

/// The most entries a `DieWalks` keeps (two tables of them).
const MOST_DIE_WALKS: usize = 1 << 20;

impl DieWalks {
    /// The table for distances up to `most` along every direction of `board`.
    pub fn new(board: &super::Board, most: u8) -> DieWalks {
        let cells = board.cells();
        let dirs = board.directions.len();
        let size = dirs * (most as usize + 1) * cells;
        if most == 0 || size > MOST_DIE_WALKS {
            return DieWalks::default();
        }
        let mut exact = vec![super::NO_SQUARE; size];
        let mut past_end = vec![(super::NO_SQUARE, 0); size];
        for dir in 0..dirs {
            let id = super::DirId(dir as u8);
            for sq in 0..cells {
                // The line from `sq`: the squares after each step, up to `most` of them.
                let mut line = vec![sq as super::Sq];
                while line.len() <= most as usize {
                    let next = board.next(line[line.len() - 1], id);
                    if next == super::NO_SQUARE {
                        break;
                    }
                    line.push(next);
                }
                let steps = line.len() - 1;
                for d in 0..=most as usize {
                    let i = (dir * (most as usize + 1) + d) * cells + sq;
                    if d <= steps {
                        exact[i] = line[d];
                    } else if steps > 0 {
                        past_end[i] = (line[steps], steps as u8);
                    }
                }
            }
        }
        DieWalks {
            most,
            cells,
            exact,
            past_end,
        }
    }

    fn index(&self, dir: super::DirId, d: u8, sq: super::Sq) -> usize {
        (dir.index() * (self.most as usize + 1) + d as usize) * self.cells + sq as usize
    }

    /// The square `d` steps from `sq` along `dir` (`d` at most `most`), or `NO_SQUARE`.
    #[inline(always)]
    pub fn exact(&self, dir: super::DirId, d: u8, sq: super::Sq) -> super::Sq {
        self.exact[self.index(dir, d, sq)]
    }

    /// For every square, the square `d` steps from it along `dir` (`d` at most `most`), or
    /// `NO_SQUARE`: `exact` of each square, `cells` of them.
    #[inline(always)]
    pub fn exact_row(&self, dir: super::DirId, d: u8) -> &[super::Sq] {
        let start = self.index(dir, d, 0);
        &self.exact[start..start + self.cells]
    }

    /// Where the line from `sq` along `dir` ends after one step or more but fewer than
    /// `d`, and in how many steps; `NO_SQUARE` otherwise.
    #[inline(always)]
    pub fn past_end(&self, dir: super::DirId, d: u8, sq: super::Sq) -> (super::Sq, u8) {
        self.past_end[self.index(dir, d, sq)]
    }
}
