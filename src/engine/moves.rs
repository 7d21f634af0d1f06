//! A move: a small `Copy` value naming the piece's square, the rule, and each step's
//! landing and direction, so that move lists are flat arrays and applying a move reads
//! nothing but the move and the compiled game.

pub use crate::ir::MAX_CHAIN;
use crate::ir::{DirId, RuleId, Sq, NO_SQUARE};

/// One step of a move: where it lands, and along which direction it went there, packed in
/// 16 bits (a square below `MAX_CELLS`, 1,024, and a direction below `MAX_DIRECTIONS`, 64),
/// so that a move of many steps stays small.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Step(pub(super) u16);

impl Step {
    const SQUARE_BITS: u32 = 10;

    #[inline(always)]
    pub fn new(to: Sq, dir: DirId) -> Step {
        Step(to | (dir.0 as u16) << Step::SQUARE_BITS)
    }

    /// The landing square.
    #[inline(always)]
    pub fn to(self) -> Sq {
        self.0 & ((1 << Step::SQUARE_BITS) - 1)
    }

    /// The direction of the step.
    #[inline(always)]
    pub fn dir(self) -> DirId {
        DirId((self.0 >> Step::SQUARE_BITS) as u8)
    }
}

const _: () = assert!(crate::ir::MAX_CELLS <= 1 << Step::SQUARE_BITS);
const _: () = assert!(crate::ir::MAX_DIRECTIONS <= 1 << (16 - Step::SQUARE_BITS));

/// One move: a piece going from its square through one or more steps by one rule, a new
/// piece placed (`from` is `NO_SQUARE`, and the one step is where it lands), or a pass. A
/// chain (`c3xe5xc7`) is one move. A move in two parts keeps the second part's steps after
/// the first's: the second part is made by the rule's `then`, from where the first landed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Sq,
    /// The rule's index in `Game::rules` (of the first part), or `Move::PASS_RULE`.
    pub rule: RuleId,
    pub(super) len: u8,
    /// The number of steps of the first part; equal to `len` when there is no second part.
    pub(super) split: u8,
    /// Whether the move takes something: a piece, or at least one seed.
    pub takes: bool,
    /// Where the player chooses what a promoted piece becomes: the cell code chosen (0
    /// where there is no choice).
    pub promote: u8,
    /// In a game of dice: the die a move by a `by die` rule uses (its value); for a roll,
    /// 0.
    pub die: u8,
    pub(super) steps: [Step; MAX_CHAIN],
}

impl Move {
    pub const PASS_RULE: RuleId = RuleId::NONE;
    /// The rule of a roll of the dice (a chance move, not a rule of the game's).
    pub const ROLL_RULE: RuleId = RuleId(u16::MAX - 1);
    pub const PASS: Move = Move {
        // No square: a pass starts nowhere (0 would read as the first square).
        from: NO_SQUARE,
        rule: Move::PASS_RULE,
        len: 0,
        split: 0,
        takes: false,
        promote: 0,
        die: 0,
        steps: [Step(0); MAX_CHAIN],
    };

    /// The roll of the dice that falls as `Dice::rolls[index]`.
    pub fn roll(index: usize) -> Move {
        Move {
            from: index as Sq,
            rule: Move::ROLL_RULE,
            ..Move::PASS
        }
    }

    /// Whether the move is a roll of the dice.
    #[inline(always)]
    pub fn is_roll(&self) -> bool {
        self.rule == Move::ROLL_RULE
    }

    /// Which of the game's rolls a roll is (see `Dice::rolls`).
    pub fn roll_index(&self) -> usize {
        self.from as usize
    }

    /// A move with no step yet, by a rule that takes something or not.
    pub fn start(from: Sq, rule: RuleId, takes: bool) -> Move {
        Move {
            from,
            rule,
            takes,
            ..Move::PASS
        }
    }

    /// A move of one step.
    #[inline(always)]
    pub fn step(from: Sq, rule: RuleId, takes: bool, dir: DirId, to: Sq) -> Move {
        let mut steps = [Step::default(); MAX_CHAIN];
        steps[0] = Step::new(to, dir);
        Move {
            from,
            rule,
            len: 1,
            split: 1,
            takes,
            promote: 0,
            die: 0,
            steps,
        }
    }

    /// A new piece placed on `to` by a rule.
    #[inline(always)]
    pub fn place(rule: RuleId, takes: bool, to: Sq) -> Move {
        Move::step(NO_SQUARE, rule, takes, DirId(0), to)
    }

    /// This move with one more step (of the part being built); `None` when the move is at
    /// its longest.
    pub fn then(mut self, dir: DirId, to: Sq) -> Option<Move> {
        self.push_step(dir, to).then_some(self)
    }

    /// Adds a step to the part being built, in place (`pop_step` takes it off again);
    /// false when the move is at its longest. A chain is followed on one move this way, so
    /// that no longer move is built and copied whole at each step (see `push_copy`).
    #[inline(always)]
    pub fn push_step(&mut self, dir: DirId, to: Sq) -> bool {
        let Some(slot) = self.steps.get_mut(self.len as usize) else {
            return false;
        };
        *slot = Step::new(to, dir);
        if self.split == self.len {
            self.split += 1;
        }
        self.len += 1;
        true
    }

    /// Takes off the step `push_step` added last.
    #[inline(always)]
    pub fn pop_step(&mut self) {
        if self.split == self.len {
            self.split -= 1;
        }
        self.len -= 1;
    }

    /// Appends a copy of this move to `out`, read field by field and step by step: a move
    /// whose steps were just written one at a time, copied whole, would wait on those
    /// narrow writes (store forwarding).
    #[inline(always)]
    pub fn push_copy(&self, out: &mut Vec<Move>) {
        out.push(Move {
            from: self.from,
            rule: self.rule,
            len: self.len,
            split: self.split,
            takes: self.takes,
            promote: self.promote,
            die: self.die,
            steps: [Step(0); MAX_CHAIN],
        });
        let copy = out.last_mut().expect("a move was pushed");
        for i in 0..self.len as usize {
            copy.steps[i] = self.steps[i];
        }
    }

    /// This move, finished as a first part, with the first step of its second part (by a
    /// rule that takes something or not); `None` when the move is at its longest.
    pub fn second(mut self, dir: DirId, to: Sq, takes: bool) -> Option<Move> {
        if self.len as usize >= MAX_CHAIN {
            return None;
        }
        self.begin_second(dir, to, takes);
        Some(self)
    }

    /// Ends the first part here and adds the first step of the second (the move has room).
    #[inline(always)]
    fn begin_second(&mut self, dir: DirId, to: Sq, takes: bool) {
        self.steps[self.len as usize] = Step::new(to, dir);
        self.split = self.len;
        self.len += 1;
        self.takes |= takes;
    }

    /// Appends `second(dir, to, takes)` to `out` (nothing when the move is at its
    /// longest), built where it is stored: a move built aside and then copied stalls the
    /// processor, whose wide reads of the copy wait for the narrow writes that built it.
    #[inline(always)]
    pub fn push_second(self, out: &mut Vec<Move>, dir: DirId, to: Sq, takes: bool) {
        if self.len as usize >= MAX_CHAIN {
            return;
        }
        out.push(self);
        let m = out.last_mut().expect("a move was pushed");
        m.begin_second(dir, to, takes);
    }

    /// Whether a new piece is placed (rather than moved) in the first part.
    pub fn places(&self) -> bool {
        self.from == NO_SQUARE && !self.is_pass() && !self.is_roll()
    }

    /// Whether the move is a pass (a roll, which changes no square either, is not).
    pub fn is_pass(&self) -> bool {
        self.rule == Move::PASS_RULE
    }

    /// Every step, of both parts.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The steps of the first part.
    pub fn first_steps(&self) -> &[Step] {
        &self.steps[..self.split as usize]
    }

    /// The steps of the second part (none when the move has one part).
    pub fn second_steps(&self) -> &[Step] {
        &self.steps[self.split as usize..self.len as usize]
    }

    /// The square the move ends on.
    pub fn to(&self) -> Sq {
        self.steps().last().map_or(self.from, |s| s.to())
    }

    /// The square the first part ends on, where the second starts.
    pub fn first_to(&self) -> Sq {
        self.first_steps().last().map_or(self.from, |s| s.to())
    }
}
