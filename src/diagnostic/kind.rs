//! Every kind of problem a file can have: its stable code (what `validate --json` prints
//! and what a user searches for), whether it stops the game from being played, and what
//! it means. Each kind's doc comment shows a line that triggers it; the table in
//! docs/LANGUAGE.md ("Problems the checker reports") is checked against this list by a
//! test, so the two never drift apart.

use super::Severity;

macro_rules! kinds {
    ($( $(#[$doc:meta])* $kind:ident = $code:literal, $severity:ident, $meaning:literal; )*) => {
        /// A kind of problem. The message of one problem names what it is about; the kind
        /// says what sort of mistake it is.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $( $(#[$doc])* $kind, )*
        }

        impl Kind {
            /// Every kind, in the order of the reference's table.
            pub const ALL: &'static [Kind] = &[$(Kind::$kind),*];

            /// The stable code: `tabula::CODE` in a report, `"code"` in JSON.
            pub fn code(self) -> &'static str {
                match self { $(Kind::$kind => $code,)* }
            }

            /// Whether a file with this problem can still be played.
            pub fn severity(self) -> Severity {
                match self { $(Kind::$kind => Severity::$severity,)* }
            }

            /// What the problem means, in one line: the reference's table.
            pub fn meaning(self) -> &'static str {
                match self { $(Kind::$kind => $meaning,)* }
            }
        }
    };
}

kinds! {
    // The text itself.

    /// The text does not follow the grammar: `land empty` for `onto empty`.
    Syntax = "syntax", Error, "the text does not follow the grammar; says what was expected, with the closest word";
    /// `move step {` with no `}` after it.
    UnclosedBrace = "unclosed_brace", Error, "a `{` is never closed (labelled at the brace)";
    /// A file of more than a few megabytes.
    FileTooLarge = "file_too_large", Error, "the file is larger than 1 MiB";
    /// `((((((((…` nested a hundred deep.
    NestingTooDeep = "nesting_too_deep", Error, "brackets, `(` and `{` together, nest more than 64 deep";
    /// `1 + 1 + 1 + …` with thousands of parts.
    ExpressionTooLong = "expression_too_long", Error, "an expression has more than 1,000 operands and operators";
    /// `option size = 99999999999999999999 in 4, 6`
    NumberTooLarge = "number_too_large", Error, "a number is outside the 64-bit range";

    // Names.

    /// `if dist(to) > 2` where no define is called `dist`.
    UnknownName = "unknown_name", Error, "a name is not declared (with \"did you mean\")";
    /// `option size = 6 in 4, 6` declared twice.
    DuplicateName = "duplicate_name", Error, "a name is declared twice in one namespace";
    /// `board 4 x 4` declared twice.
    DuplicateDeclaration = "duplicate_declaration", Error, "a declaration a game has once is given twice";
    /// `pieces man, monk`: both would be drawn `m`.
    DuplicateLetter = "duplicate_letter", Error, "two piece types share a letter";
    /// `define far(sq) = far(sq) + 1`
    RecursiveDefine = "recursive_define", Error, "a define uses itself";
    /// `define a(x) = b(x)`, `define b(x) = c(x)`, … more than 64 defines deep.
    DefineTooDeep = "define_too_deep", Error, "defines call defines more than 64 deep";
    /// Defines that each use the one before twice, so that they expand past a limit.
    DefineTooLarge = "define_too_large", Error, "defines expand to more than 100,000 uses in all";
    /// `if not moved(from, to)`: `moved` takes one square.
    WrongArity = "wrong_arity", Error, "a define or a function is given the wrong number of arguments";
    /// `when home(last) and not was_empty: relay`
    RemovedConstruct = "removed_construct", Error, "a construct that is no longer part of the language (says what replaces it)";
    /// A file with `pieces man` and no `board`.
    MissingDeclaration = "missing_declaration", Error, "the game lacks a board, players, pieces or a move";

    // Options and the board.

    /// `option size = 5 in 4, 6, 8`
    BadDefault = "bad_default", Error, "an option's default is not one of its values";
    /// `option size = 8 in 8..4`
    EmptyRange = "empty_range", Error, "a range of option values holds no value";
    /// `board size x size` with `size` 300.
    BoardSize = "board_size", Error, "the board has too many or too few files or ranks";
    /// `board 8 x 8 where file > 9`
    EmptyBoard = "empty_board", Error, "no square of the board is used";
    /// `board 7 x 7 lines { a1 b3 }`: the points are not on one row, column or diagonal.
    BadLine = "bad_line", Error, "a line of a board of points names no point of the frame, or does not run along a row, column or diagonal";
    /// `players White facing ne, Black`
    BadFacing = "bad_facing", Error, "a player faces a direction that is not n, e, s or w";
    /// `direction z = (-9223372036854775808, 0)`
    BadDirection = "bad_direction", Error, "a direction's offset is zero or too large";
    /// Three hundred `direction` declarations.
    TooManyDirections = "too_many_directions", Error, "more than 64 directions, the 8 compass directions included";
    /// `players A, B, C, D, E`
    TooManyPlayers = "too_many_players", Error, "more than 4 players";
    /// Four players and sixteen piece types: 64 kinds of piece.
    TooManyKinds = "too_many_kinds", Error, "players × piece types is 64 or more";
    /// Five counters of each player in a game of two.
    TooManyCounters = "too_many_counters", Error, "the counters take more than 8 numbers (a counter of each player takes one for each player)";
    /// `dice 9 faces 1..6`, `move run { by die onto empty }`
    BadDice = "bad_dice", Error, "dice that cannot be rolled, a move by a die with no line to go along, or `again` in a game of dice";
    /// `counter clock`, `counter lives = 40000`
    BadCounter = "bad_counter", Error, "a counter's name is taken, or its start is out of range";
    /// `path route { White: a1 to c3 }` with a square on no line, a square twice, a player
    /// left out
    BadPath = "bad_path", Error, "a path that leaves a player out, names a square twice or joins squares on no line";

    // Expressions and patterns.

    /// `if count(friend) + 1` where a condition is expected.
    TypeMismatch = "type_mismatch", Error, "a value of the wrong type (a number for a condition, a square for a number…)";
    /// `zone far = file * 9223372036854775807 > 1`
    Overflow = "overflow", Error, "a value could overflow";
    /// `board size x size / (size - 4)` with `size` 4.
    DivisionByZero = "division_by_zero", Error, "a division by a constant 0";
    /// `chain must if count(enemy) > 2`: a chain's condition cannot read the board.
    OutOfScope = "out_of_scope", Error, "a name or value read where it has no meaning (`to` in an end rule, the board in a zone)";
    /// `White 300 stone in hand`
    BadValue = "bad_value", Error, "a number outside what it may be";
    /// `if to + n is off king`
    BadPattern = "bad_pattern", Error, "a pattern that can match nothing";
    /// `win when clock > 3` in a game with no `clock` declaration.
    NoClock = "no_clock", Error, "`clock` read in a game without a clock";

    // Move rules.

    /// `turn { onto enemy }`: a rule with no `along`.
    MissingClause = "missing_clause", Error, "a move rule lacks a clause it needs";
    /// `along n along e` in one rule.
    DuplicateClause = "duplicate_clause", Error, "a move rule gives one clause twice";
    /// `over 3..1 enemy`
    BadRotate = "bad_rotate", Error, "a block that cannot be turned: not square, larger than the board, or in a game whose squares hold more than one piece";
    BadRun = "bad_run", Error, "a run's range is empty or too long, or a rule passes too many runs in turn";
    /// `capture over` in a rule without `over`.
    CaptureWithoutRun = "capture_without_run", Error, "`capture over` in a rule that passes over nothing";
    /// `piece stone` in a rule that places.
    PlaceAndPiece = "place_and_piece", Error, "a placement names the pieces that move";
    /// `move shot { place arrow along all … }` that no first part leads to.
    PlaceAlongAlone = "place_along_alone", Error, "a placement along lines that no first part leads to";
    /// `move a { along n onto empty then a }`
    BadThen = "bad_then", Error, "a rule is its own second part, a move has three parts, or a chain is a part";
    /// `take { along all onto enemy into king }`
    BadEffect = "bad_effect", Error, "an effect that cannot be made";
    /// `move drop { place pawn onto empty carry to to to + n }`
    CarryInPlacement = "carry_in_placement", Error, "a placement carries a second piece";
    /// `chain must` on a rule whose steps need not take anything.
    EndlessChain = "endless_chain", Error, "a chain could go on forever";
    /// `chain must` on a rule whose chain could outgrow a move.
    ChainTooLong = "chain_too_long", Error, "a chain could make more steps than a move holds";
    /// `priority jump > step, jump` naming `jump` twice.
    DuplicatePriority = "duplicate_priority", Error, "a rule is given two priorities";
    /// More than 65,535 move rules (which no file within the 1 MiB limit can hold; the
    /// check guards the rule ids).
    TooManyRules = "too_many_rules", Error, "more than 65,535 move rules";
    /// `move step { along n onto empty if false }`
    NeverHolds = "never_holds", Warning, "a rule's condition is written always false: the rule gives no move";
    /// `pieces man, king` where no rule moves a `king`.
    PieceCannotMove = "piece_cannot_move", Warning, "a piece type that no rule moves";

    // Promotion, stacks and hands.

    /// `promote man to man in far`
    BadPromotion = "bad_promotion", Error, "a piece promoted to its own type";
    /// `promote pawn to king, king in far`
    DuplicatePromotion = "duplicate_promotion", Error, "a promotion names a type twice";
    /// `capture over under` in a game without `stacks`.
    UnderWithoutStacks = "under_without_stacks", Error, "`capture over under` without columns";
    /// `stacks` on a board of more than 64 used squares.
    TooManyColumns = "too_many_columns", Error, "a game with columns uses more squares than a state keeps";
    /// `stacks` with more pieces than a column can hold.
    ColumnsTooTall = "columns_too_tall", Error, "a column could grow taller than a state keeps";
    /// `stacks` with a rule that places pieces from no hand.
    ColumnsUnbounded = "columns_unbounded", Error, "with columns, placements bring in pieces with no bound (they must come from a hand)";
    /// `4 h in hand` for a ninth piece type.
    TooManyHands = "too_many_hands", Error, "pieces in hand for more than the first 8 piece types";
    /// `piles` with `stacks`
    PilesAndStacks = "piles_and_stacks", Error, "a game declares both `stacks` and `piles`";

    // Setup.

    /// `White man on a1, z9`
    SquareOffBoard = "square_off_board", Warning, "a setup square is not on the board";
    /// `Black man where rank == 3` over squares already filled.
    SquareFilledTwice = "square_filled_twice", Warning, "the setup puts two pieces on a square";

    // Counting games.

    /// `sow lift { from home lap right }` without `counters`.
    SowWithoutCounters = "sow_without_counters", Error, "a `sow` rule in a game without `counters`";
    /// `setup { put 3 where rank == 0 }` without `counters`.
    SeedsWithoutCounters = "seeds_without_counters", Error, "seeds or stores in a game without `counters`";
    /// A track that says nothing for one of the pits.
    BadTrack = "bad_track", Error, "a track that misses a pit or leaves the board";
    /// `stores where file == 1` naming two pits for a player.
    BadStores = "bad_stores", Error, "`stores` does not name one pit for each player";
    /// `when count(friend) > 0: capture from`
    BadCapture = "bad_capture", Error, "a sowing capture whose pits depend on more than where the last seed fell";
    /// `when count(friend) > 0: capture from`
    CountInCountingGame = "count_in_counting_game", Error, "`count` in a game with counters, which has no pieces";
    /// `if attacked(to)` in a game with counters.
    AttackedInCountingGame = "attacked_in_counting_game", Error, "`attacked` in a game with counters, which has no pieces";
    /// A board of more than 64 pits.
    TooManyPits = "too_many_pits", Error, "more pits than a state keeps";
    /// `setup { put 9999 where rank == 0 }`
    TooManySeeds = "too_many_seeds", Error, "the setup puts more seeds on the board than fit";
    /// More than 255 tracks.
    TooManyTracks = "too_many_tracks", Error, "more than 255 tracks";
    /// `after move require previous(lifted) == 0` in a game of pieces.
    BadPrevious = "bad_previous", Error, "`previous` of something a move before does not have";

    // Attacks and the end.

    /// `move hit { … onto enemy if not attacked(to) }`
    AttackedInCapture = "attacked_in_capture", Error, "a capturing rule reads `attacked`, which reads the capturing rules";
    /// `after move require not attacked(friend king)` where no rule captures.
    NeverAttacked = "never_attacked", Warning, "`attacked` is always false: no rule captures";
    /// `pass when count(friend) == 0`
    BadOutcome = "bad_outcome", Error, "an end rule's outcome is not win, lose or draw";
    /// `no move: draw, lose when attacked(friend king)`
    UnreachableCase = "unreachable_case", Error, "a case after one without a condition is never read";
    /// `score when not reachable(capture)` in an end rule read before the turn.
    ReachableBeforeTurn = "reachable_before_turn", Error, "`reachable(capture)` outside `end before turn`";
    /// `end before turn { lose when not reachable(capture) }` in a game that never captures.
    NeverCaptures = "never_captures", Warning, "`reachable(capture)` is always false: no rule captures";
    /// `tabula validate` of a file of 300 variants: the first 256 are checked.
    VariantsUnchecked = "variants_unchecked", Warning, "`validate` checked only the first variants (256 unless `--variants N` says)";
    /// `onto neutral` in a game whose setup puts no neutral piece and whose rules place none.
    NoNeutralPieces = "no_neutral_pieces", Warning, "a pattern or rule names neutral pieces, but none is ever on the board";

    // Names nothing reads.

    /// `option speed = 1 in 1, 2` that no expression reads.
    UnusedOption = "unused_option", Warning, "an option nothing reads";
    /// `define thrice(v) = 3 * v` that nothing uses.
    UnusedDefine = "unused_define", Warning, "a define nothing uses";
    /// `zone near = rank == 0` that nothing reads.
    UnusedZone = "unused_zone", Warning, "a zone nothing reads";
    /// `directions sideways = e, w` that no rule walks.
    UnusedDirection = "unused_direction", Warning, "a direction or group of directions nothing reads (given only when the file has no error)";
}
