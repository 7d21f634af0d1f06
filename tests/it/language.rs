//! Each construct of the language, tested on its own in a tiny game written for the test.
//! The examples in docs/LANGUAGE.md are these games' pieces.

use crate::common::{
    after, compile, moves, outcome, parse_position, play_move, position, position_text, Outcome,
    Position,
};
use tabula::compile::{compile_source, Choices, Failure};

/// A 5x5 game with one piece type and the given extra text.
fn game_with(extra: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces man\n{extra}\n"
    ))
}

#[test]
fn a_step_lands_on_the_adjacent_square() {
    let g = game_with("move step { along n, e onto empty }");
    let s = position(&g, "5/5/2M2/5/5 White");
    assert_eq!(moves(&g, &s), ["c3-c4", "c3-d3"]);
}

#[test]
fn a_run_passes_over_squares_of_a_pattern() {
    // A hop over one or more friends, onto the empty square beyond; c4 has no friend ahead.
    let g = game_with("move hop { along n over 1+ friend onto empty }");
    let s = position(&g, "5/2M2/2M2/2M2/2M2 White");
    assert_eq!(moves(&g, &s), ["c1-c5", "c2-c5", "c3-c5"]);
}

#[test]
fn a_slide_may_stop_on_any_square_after_the_run() {
    let g = game_with("move slide { along e over 0+ empty onto empty }");
    let s = position(&g, "5/5/M2m1/5/5 White");
    assert_eq!(moves(&g, &s), ["a3-b3", "a3-c3"]);
    let g = game_with("move slide { along e over 0..1 empty onto empty }");
    let s = position(&g, "5/5/M4/5/5 White");
    assert_eq!(moves(&g, &s), ["a3-b3", "a3-c3"]);
}

#[test]
fn a_run_count_can_be_exact_or_bounded() {
    let g = game_with("move leap { along e over 2..3 enemy onto empty capture over }");
    // Two enemies: a leap. Four enemies: too long a run.
    let s = position(&g, "5/Mmmmm/5/Mmm2/5 White");
    assert_eq!(moves(&g, &s), ["a2xd2"]);
    let after = play_move(&g, &s, "a2xd2");
    assert_eq!(position_text(&g, &after), "5/Mmmmm/5/3M1/5 Black");
    assert_eq!(after.occupied(1).len(), 4, "both leaped pieces are taken");
}

#[test]
fn onto_an_occupied_square_takes_its_piece() {
    let g = game_with("move take { along e over 0+ empty onto enemy }");
    let s = position(&g, "5/5/M3m/5/5 White");
    assert_eq!(moves(&g, &s), ["a3xe3"]);
}

#[test]
fn the_board_mask_leaves_squares_out_of_play() {
    let g = compile(
        "game \"T\"\nboard 3 x 3 where (file + rank) % 2 == 0\nplayers White, Black\npieces man\nmove step { along all onto empty }\n",
    );
    assert_eq!(g.board.used.iter().filter(|&&u| u).count(), 5);
    // Unused squares are skipped in the position text too.
    let s = position(&g, "2/M/2 White");
    assert_eq!(moves(&g, &s), ["b2-a1", "b2-a3", "b2-c1", "b2-c3"]);
}

#[test]
fn forward_is_relative_to_each_player() {
    let g = game_with("directions ahead = forward_left, forward, forward_right\nmove step { along ahead onto empty }");
    let s = position(&g, "5/5/2M2/5/5 White");
    assert_eq!(moves(&g, &s), ["c3-b4", "c3-c4", "c3-d4"]);
    let s = position(&g, "5/5/2m2/5/5 Black");
    assert_eq!(moves(&g, &s), ["c3-b2", "c3-c2", "c3-d2"]);
}

#[test]
fn a_declared_direction_is_a_step_of_files_and_ranks() {
    let g = game_with("direction knight = (1, 2)\nmove jump { along knight onto empty }");
    let s = position(&g, "5/5/5/5/M4 White");
    assert_eq!(moves(&g, &s), ["a1-b3"]);
}

#[test]
fn a_piece_clause_limits_a_rule_to_some_piece_types() {
    let g = compile(
        "game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man, king\nmove slow { piece man along n onto empty }\nmove fast { piece king along n over 0+ empty onto empty }\n",
    );
    let s = position(&g, "3/3/MK1 White");
    assert_eq!(moves(&g, &s), ["a1-a2", "b1-b2", "b1-b3"]);
}

#[test]
fn zones_and_rows_are_read_from_each_players_side() {
    let g = game_with("zone home = row == 0\nmove step { along all onto empty if not home(to) }");
    let s = position(&g, "5/5/5/M4/5 White");
    assert_eq!(moves(&g, &s), ["a2-a3", "a2-b2", "a2-b3"]);
    let s = position(&g, "5/m4/5/5/5 Black");
    assert_eq!(moves(&g, &s), ["a4-a3", "a4-b3", "a4-b4"]);
}

#[test]
fn a_priority_makes_captures_compulsory() {
    let g = game_with(
        "move step { along n onto empty }\nmove jump { along e over 1 enemy onto empty capture over }\npriority jump > step",
    );
    let s = position(&g, "5/5/Mm3/5/4M White");
    assert_eq!(moves(&g, &s), ["a3xc3"]);
    let s = position(&g, "5/5/M4/5/4M White");
    assert_eq!(moves(&g, &s), ["a3-a4", "e1-e2"]);
}

#[test]
fn with_no_move_a_player_loses_by_default_or_as_the_file_says() {
    let blocked = "5/5/5/5/M4 White";
    let g = game_with("move step { along s onto empty }");
    let s = position(&g, blocked);
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(1)));
    let g = game_with("move step { along s onto empty }\nno move: draw");
    assert_eq!(outcome(&g, &position(&g, blocked)), Some(Outcome::Draw));
    let g = game_with("move step { along s onto empty }\nno move: pass");
    assert_eq!(moves(&g, &position(&g, blocked)), ["pass"]);
    // When every other player has just passed, passing would go on for ever: the game
    // ends, a draw where the game keeps no score.
    let both_blocked = "5/5/5/5/M4 White passes=1";
    assert_eq!(moves(&g, &position(&g, both_blocked)), Vec::<String>::new());
    assert_eq!(
        outcome(&g, &position(&g, both_blocked)),
        Some(Outcome::Draw)
    );
    let scored =
        game_with("move step { along s onto empty }\nno move: pass\nscore = count(friend)");
    let s = position(&scored, both_blocked);
    assert_eq!(
        outcome(&scored, &s),
        Some(Outcome::Win(0)),
        "White has more pieces"
    );
}

#[test]
fn end_rules_are_read_for_the_player_to_move() {
    let g = game_with(
        "zone home = row == 0\nmove step { along forward onto empty }\nend {\n  lose when count(enemy in home) > 0\n  lose when count(friend) == 0\n}",
    );
    // Zones in an end rule are read from the side of the player to move: a Black man
    // stands on White's home row.
    let s = position(&g, "5/5/5/5/m3M White");
    assert_eq!(
        outcome(&g, &s),
        Some(Outcome::Win(1)),
        "Black is on White's home row"
    );
    let s = position(&g, "5/5/5/5/4m White");
    assert_eq!(outcome(&g, &s), Some(Outcome::Win(1)), "White has no man");
    let s = position(&g, "4m/5/M4/5/5 White");
    assert_eq!(outcome(&g, &s), None);
}

#[test]
fn options_are_constants_and_words_compare_with_words() {
    let src = "game \"T\"\noption size = 3 in 3, 5\noption reach = near in near, far\nboard size x size\nplayers White, Black\npieces man\ndefine limit = size - 1\nmove step { along e over 0+ empty onto empty if reach == far or file(to) - file(from) == 1 }\nmove edge { along n onto empty if rank(to) == limit }\n";
    let near = compile_source(src, &Choices::default()).unwrap().game;
    let s = position(&near, "3/3/M2 White");
    assert_eq!(moves(&near, &s), ["a1-b1"]);
    let far = compile_source(src, &Choices::default().with_option("reach", "far"))
        .unwrap()
        .game;
    let s = position(&far, "3/3/M2 White");
    assert_eq!(moves(&far, &s), ["a1-b1", "a1-c1"]);
    let big = compile_source(src, &Choices::default().with_option("size", "5"))
        .unwrap()
        .game;
    assert_eq!(big.board.width, 5);
    match compile_source(src, &Choices::default().with_option("size", "4")) {
        Err(Failure::Choice(msg)) => assert_eq!(
            msg,
            "`4` is not an allowed value of option `size` (allowed: 3, 5)"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_option_range_with_a_condition_allows_exactly_what_it_says() {
    let src = "game \"T\"\noption n = 3 in 1..9 where n % 2 == 1\nboard n x 1\nplayers White, Black\npieces man\nmove step { along e onto empty }\n";
    for (value, ok) in [
        ("1", true),
        ("9", true),
        ("4", false),
        ("11", false),
        ("x", false),
    ] {
        let r = compile_source(src, &Choices::default().with_option("n", value));
        assert_eq!(r.is_ok(), ok, "n={value}");
    }
}

#[test]
fn variants_set_options() {
    let src = "game \"T\"\noption size = 3 in 3, 5\nvariant big { size = 5 }\nboard size x size\nplayers White, Black\npieces man\nmove step { along e onto empty }\n";
    let choices = Choices {
        variant: Some("big".into()),
        options: vec![],
    };
    assert_eq!(compile_source(src, &choices).unwrap().game.board.width, 5);
    let choices = Choices {
        variant: Some("bog".into()),
        options: vec![],
    };
    match compile_source(src, &choices) {
        Err(Failure::Choice(msg)) => assert_eq!(msg, "unknown variant `bog` (did you mean `big`?)"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_condition_may_count_pieces_of_a_type_in_a_zone() {
    let g = compile(
        "game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man, king\nzone back = row == 0\nmove step { along n onto empty if count(friend king in back) == 0 }\n",
    );
    assert_eq!(moves(&g, &position(&g, "3/3/M2 White")), ["a1-a2"]);
    assert!(moves(&g, &position(&g, "3/3/MK1 White")).is_empty());
}

#[test]
fn setup_places_pieces_by_condition_or_by_square() {
    let g = compile(
        "game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man, king\nsetup {\n  man where row == 0\n  White king on b2\n}\nmove step { along all onto empty }\n",
    );
    assert_eq!(position_text(&g, &Position::start(&g)), "mmm/1K1/MMM White");
}

#[test]
fn the_position_text_round_trips_and_rejects_what_it_cannot_read() {
    let g = game_with("move step { along all onto empty }");
    let text = "m4/5/2M2/5/4M Black";
    assert_eq!(position_text(&g, &position(&g, text)), text);
    for (bad, why) in [
        (
            "5/5/5/5 White",
            "the board has 5 ranks, but the text gives 4",
        ),
        (
            "5/5/6/5/5 White",
            "rank 3 has 5 squares, but the text gives 6",
        ),
        (
            "5/5/5/5/5 Green",
            "unknown player `Green` (the players are White, Black)",
        ),
        (
            "5/5/2Q2/5/5 White",
            "unknown piece letter `Q` on rank 3 (the letters are m)",
        ),
        (
            "5/5/5/5/5",
            "the position text names no player to move (e.g. `5/5/5/5/5 White`)",
        ),
    ] {
        assert_eq!(parse_position(&g, bad).unwrap_err(), why);
    }
}

/// Every complete game in docs/LANGUAGE.md that uses no planned construct compiles, and the
/// Zola there (the reference's one whole game) plays like the shipped one.
#[test]
fn the_reference_games_compile() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    let blocks: Vec<&str> = doc.split("```").skip(1).step_by(2).collect();
    let games: Vec<&str> = blocks
        .iter()
        .map(|b| {
            b.trim_start_matches(|c: char| c.is_alphanumeric())
                .trim_start()
        })
        .filter(|b| b.starts_with("game \"") && !b.contains("planned"))
        .collect();
    let mut zola = false;
    for g in &games {
        let game = compile(g);
        if game.title == "Zola" {
            let start = Position::start(&game);
            assert_eq!(tabula::search::perft::perft_at(&game, &start, 3, 1), 46472);
            zola = true;
        }
    }
    assert!(zola, "the reference shows a whole game of Zola");
}

#[test]
fn a_chain_must_goes_on_while_it_can() {
    let g = game_with("move jump { along e over 1 enemy onto empty capture over chain must }");
    let s = position(&g, "5/5/Mm1m1/5/5 White");
    assert_eq!(moves(&g, &s), ["a3xc3xe3"]);
}

#[test]
fn a_chain_may_stop_after_any_step() {
    let g = game_with("move jump { along e over 1 enemy onto empty capture over chain may }");
    let s = position(&g, "5/5/Mm1m1/5/5 White");
    assert_eq!(moves(&g, &s), ["a3xc3", "a3xc3xe3"]);
}

#[test]
fn a_chain_may_depend_on_an_option() {
    let src = "game \"T\"\noption jumps = forced in forced, optional\nboard 5 x 5\nplayers White, Black\npieces man\nmove jump { along e over 1 enemy onto empty capture over chain must if jumps == forced }\n";
    let forced = compile_source(src, &Choices::default()).unwrap().game;
    assert_eq!(
        moves(&forced, &position(&forced, "5/5/Mm1m1/5/5 White")),
        ["a3xc3xe3"]
    );
    let optional = compile_source(src, &Choices::default().with_option("jumps", "optional"))
        .unwrap()
        .game;
    assert_eq!(
        moves(&optional, &position(&optional, "5/5/Mm1m1/5/5 White")),
        ["a3xc3", "a3xc3xe3"]
    );
}

#[test]
fn an_if_on_the_line_after_chain_must_is_the_rules_own_condition() {
    // A line break never changes which clause a condition belongs to: on the next line the
    // `if` limits every step of the rule (no jump lands on file e), on the same line it is
    // the chain's (where it is false the chain may stop after any step).
    let own = game_with("move jump {\n  along e over 1 enemy onto empty capture over\n  chain must\n  if file(to) < 4\n}");
    assert_eq!(
        moves(&own, &position(&own, "5/5/Mm1m1/5/5 White")),
        ["a3xc3"]
    );
    let same_line = game_with(
        "move jump {\n  along e over 1 enemy onto empty capture over\n  chain must if 1 > 2\n}",
    );
    assert_eq!(
        moves(&same_line, &position(&same_line, "5/5/Mm1m1/5/5 White")),
        ["a3xc3", "a3xc3xe3"]
    );
    let next_line = game_with(
        "move jump {\n  along e over 1 enemy onto empty capture over\n  chain must\n  if 1 > 2\n}",
    );
    assert!(moves(&next_line, &position(&next_line, "5/5/Mm1m1/5/5 White")).is_empty());
}

#[test]
fn after_move_require_rules_out_moves_that_break_it() {
    let g = game_with("zone home = row == 0\nmove step { along all onto empty }\nmove take { along all onto enemy }\nafter move require count(enemy in home) == 0");
    // Black stands on White's home row: only taking it is legal.
    assert_eq!(moves(&g, &position(&g, "5/5/5/M4/m4 White")), ["a2xa1"]);
    // Nothing to take it with: no legal move, and White loses.
    assert_eq!(
        outcome(&g, &position(&g, "5/5/5/4M/m4 White")),
        Some(Outcome::Win(1))
    );
}

/// A 5x5 game with columns, soldiers and officers.
fn stacking_game(extra: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces soldier, officer\nstacks\nzone far = row == 4\n{extra}\n"
    ))
}

#[test]
fn stacks_keep_columns_and_the_top_piece_commands() {
    let g = stacking_game("move step { along n onto empty }");
    // A column of a Black soldier under a White one is White's, and moves as one.
    let s = position(&g, "5/5/2[sS]2/5/5 White");
    assert_eq!(moves(&g, &s), ["c3-c4"]);
    let after = play_move(&g, &s, "c3-c4");
    assert_eq!(position_text(&g, &after), "5/2[sS]2/5/5/5 Black");
    assert_eq!(
        [after.occupied(0).len(), after.occupied(1).len()],
        [1, 0],
        "the count is of squares commanded"
    );
}

#[test]
fn capture_over_under_puts_the_jumped_commander_under_the_jumper() {
    let g = stacking_game("move jump { along e over 1 enemy onto empty capture over under }");
    assert_eq!(
        after(&g, "5/5/S[Ss]3/5/5 White", "a3xc3"),
        "5/5/1S[sS]2/5/5 Black"
    );
}

#[test]
fn promote_turns_a_piece_that_ends_a_step_in_a_zone() {
    let g = stacking_game("move step { along n onto empty }\npromote soldier to officer in far");
    assert_eq!(after(&g, "5/S4/5/5/5 White", "a4-a5"), "O4/5/5/5/5 Black");
}

#[test]
fn promotion_works_without_stacks_too() {
    let g = compile("game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man, king\nzone far = row == 2\nmove step { along n onto empty }\npromote man to king in far\n");
    assert_eq!(after(&g, "3/M2/3 White", "a2-a3"), "K2/3/3 Black");
}

/// docs/GAMES.md shows every shipped game as its file holds it, without the comments.
#[test]
fn the_games_page_shows_every_shipped_game_as_shipped() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/GAMES.md")).unwrap();
    for name in tabula::load::shipped::names() {
        let source = std::fs::read_to_string(root.join(format!("games/{name}.game"))).unwrap();
        let mut code: String = source
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        while code.contains("\n\n\n") {
            code = code.replace("\n\n\n", "\n\n");
        }
        let block = format!("```\n{}\n```", code.trim_matches('\n'));
        assert!(
            doc.contains(&block),
            "docs/GAMES.md does not show games/{name}.game as it is"
        );
    }
}

#[test]
fn about_lines_are_the_games_text_in_order() {
    let g = compile("game \"T\"\nabout \"A test game.\"\nboard 3 x 3\nabout \"Men step north.\"\nplayers White, Black\npieces man\nmove step { along n onto empty }\n");
    assert_eq!(g.about, ["A test game.", "Men step north."]);
    assert_eq!(
        tabula::present::game_summary(&g)
            .lines()
            .take(3)
            .collect::<Vec<_>>(),
        ["T", "  A test game.", "  Men step north."]
    );
}

#[test]
fn two_names_for_one_step_are_one_direction_and_give_each_move_once() {
    // `up` is `n` by another name, and `forward` is White's `n`: one move each way.
    let g = game_with("direction up = (0, 1)\nmove step { along n, up, forward onto empty }");
    assert_eq!(moves(&g, &position(&g, "5/5/2M2/5/5 White")), ["c3-c4"]);
}

#[test]
fn three_and_four_players_write_their_pieces_apart_and_read_them_back() {
    let four = compile("game \"Four\"\nboard 5 x 5\nplayers A, B, C, D\npieces man\nsetup {\n  A man on a1\n  B man on e5\n  C man on c3\n  D man on b2\n}\nmove step { along all onto empty }\n");
    let text = position_text(&four, &tabula::engine::Position::start(&four));
    assert_eq!(text, "4m/5/2M'2/1m'3/M4 A");
    assert_eq!(position_text(&four, &position(&four, &text)), text);
    let three = compile("game \"Three\"\nboard 5 x 5\nplayers A, B, C\npieces man\nmove step { along all onto empty }\n");
    assert_eq!(
        tabula::present::parse_position(&three, "m'4/5/5/5/5 A").unwrap_err(),
        "`m'`: this game has 3 players (upper case, lower case, then with a `'`: `M`, `m`, `M'`, `m'`)"
    );
}

#[test]
fn the_end_is_said_in_words_for_the_common_conditions() {
    let said = |g: &tabula::ir::Game, text: &str| {
        let s = position(g, text);
        let (_, cause) = s
            .ending(g, &mut tabula::engine::Workspace::default())
            .expect("the game is over");
        tabula::present::end_words(g, &s, cause)
    };
    let zola = crate::common::game("zola", "size=4");
    assert_eq!(
        said(&zola, "4/4/4/C3 Blue").as_deref(),
        Some("Blue has no pieces left")
    );
    let ttt = crate::common::game("tictactoe", "");
    assert_eq!(
        said(&ttt, "MMM/mm1/3 O").as_deref(),
        Some("X has 3 in a row")
    );
    // Read from the rule's syntax, not its text: spacing and the order of a comparison do
    // not matter.
    let turned = game_with("move step { along n onto empty }\nend { lose when 1>count( friend ) }");
    assert_eq!(
        said(&turned, "5/5/5/5/m4 White").as_deref(),
        Some("White has no pieces left")
    );
    // A condition with no words here: the rule is given as written.
    let odd = game_with("move step { along n onto empty }\nend { win when count(friend) == 1 and count(enemy) == 1 }");
    assert_eq!(said(&odd, "5/5/5/5/Mm3 White"), None);
}

#[test]
fn a_piece_in_a_zone_is_said_in_words() {
    let g = crate::common::game("breakthrough", "");
    let s = position(&g, "P7/8/8/8/8/8/8/8 Black");
    let (_, cause) = s
        .ending(&g, &mut tabula::engine::Workspace::default())
        .expect("the game is over");
    assert_eq!(
        tabula::present::end_words(&g, &s, cause).as_deref(),
        Some("White has a piece in far")
    );
}

/// `after move require` and a rule's own `require` read each choice of what a promoted
/// piece becomes as chosen (they read the first choice for every choice: no move, or an
/// illegal one, depending on the order the choices were listed in).
#[test]
fn a_require_reads_each_promotion_choice_as_chosen() {
    for (choices, rule, after) in [
        (
            "pawn_b, tokin",
            "",
            "after move require count(friend pawn_b in last) == 0",
        ),
        (
            "tokin, pawn_b",
            "",
            "after move require count(friend pawn_b in last) == 0",
        ),
        (
            "pawn_b, tokin",
            "require count(friend pawn_b in last) == 0",
            "",
        ),
        (
            "tokin, pawn_b",
            "require count(friend pawn_b in last) == 0",
            "",
        ),
    ] {
        let g = compile(&format!(
            "game \"T\"\nboard 3 x 3\nplayers White, Black\npieces pawn, pawn_b as B, tokin as T\nzone last = row == 2\nmove step {{ piece pawn along forward onto empty {rule} }}\npromote pawn to {choices} in last\n{after}\n"
        ));
        let s = position(&g, "3/P2/3 White");
        assert_eq!(moves(&g, &s), ["a2-a3=T"], "{choices} / {rule}{after}");
    }
}

/// A square's name is a square in an expression, the same for every player; a name
/// written like a square that the board does not have is said to be off it.
#[test]
fn square_names_are_squares_in_expressions() {
    let g = compile("game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man\nmove step { along all onto empty if to != b2 and not (from == a1 and to == b1) }\nend { win when b2 is friend man }\n");
    let s = position(&g, "3/3/M2 White");
    assert_eq!(moves(&g, &s), ["a1-a2"]);
    let s = position(&g, "3/1M1/3 Black");
    assert_eq!(
        crate::common::outcome(&g, &s),
        Some(tabula::engine::Outcome::Win(0))
    );
    let problems = tabula::compile::validate_source("game \"T\"\nboard 3 x 3\nplayers White, Black\npieces man\nmove step { along all onto empty if to != d4 }\n");
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].message, "the square `d4` is not on this board");
}

/// Every section of docs/LANGUAGE.md is in its contents, linked by its anchor.
#[test]
fn the_language_reference_lists_every_section_in_its_contents() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/LANGUAGE.md")).unwrap();
    let (_, body) = doc.split_once("\nContents:\n").expect("a contents list");
    let contents: String = body
        .lines()
        .skip_while(|l| l.is_empty())
        .take_while(|l| l.starts_with("- "))
        .collect();
    let mut in_code = false;
    for line in body.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let Some(title) = line
            .strip_prefix("## ")
            .or_else(|| line.strip_prefix("### "))
            .filter(|_| !in_code)
        else {
            continue;
        };
        // GitHub's anchor: lower case, spaces to dashes, punctuation dropped.
        let anchor: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        assert!(
            contents.contains(&format!("(#{anchor})")),
            "the contents of docs/LANGUAGE.md do not link `{title}` (#{anchor})"
        );
    }
}
