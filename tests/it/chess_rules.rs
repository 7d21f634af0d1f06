//! Chess (games/chess.game) and Los Alamos chess (games/losalamos.game) from hand-made
//! positions: check, pins, castling, capture in passing, promotion by choice, mate,
//! stalemate, the fifty-move rule and repetition; and the constructs they are written
//! with, each on its own (`attacked`, `moved`, `previous(rule)`, `carry`, `promote … to A,
//! B`, `no move: … when …`, `relative` directions).

use crate::common::play_line;
use crate::common::{after, compile, ending, game, moves, play_move, position, Outcome};
use tabula::present::position_text;
use tabula::search::perft::perft_at;

/// The moves of the piece on `square`.
fn moves_from(g: &tabula::ir::Game, text: &str, square: &str) -> Vec<String> {
    moves(g, &position(g, text))
        .into_iter()
        .filter(|m| m.starts_with(square))
        .collect()
}

#[test]
fn a_pinned_piece_may_not_move_and_a_king_may_not_step_into_check() {
    let g = game("chess", "");
    // The white knight on e2 is pinned by the rook on e8; the rook on f8 covers f1 and f2.
    let text = "4rr1k/8/8/8/8/8/4N3/4K3 White unmoved=-";
    assert_eq!(moves_from(&g, text, "e2"), Vec::<String>::new());
    assert_eq!(moves_from(&g, text, "e1"), ["e1-d1", "e1-d2"]);
}

#[test]
fn a_king_in_check_must_answer_it() {
    let g = game("chess", "");
    // The rook on e8 gives check: the king steps aside, or the knight blocks on e3 or e4?
    // Only e3 is reachable, from c2 (c2-e3) and from g2 (g2-e3).
    let text = "4r1k1/8/8/8/8/8/2N3N1/4K3 White unmoved=-";
    assert_eq!(
        moves(&g, &position(&g, text)),
        ["c2-e3", "e1-d1", "e1-d2", "e1-f1", "e1-f2", "g2-e3"]
    );
}

#[test]
fn a_pawn_takes_in_passing_only_right_after_the_double_step() {
    let g = game("chess", "");
    let text = "4k3/3p4/8/4P3/8/8/8/4K3 Black unmoved=-";
    let s = play_move(&g, &position(&g, text), "d7-d5");
    assert_eq!(
        position_text(&g, &s),
        "4k3/8/8/3pP3/8/8/8/4K3 White previous=d7:d5:0:0:0:double_push unmoved=-"
    );
    assert!(moves(&g, &s).contains(&"e5-d6".to_string()));
    let taken = play_move(&g, &s, "e5-d6");
    assert_eq!(
        position_text(&g, &taken),
        "4k3/8/3P4/8/8/8/8/4K3 Black unmoved=-"
    );
    // A move later, the chance is gone.
    let s = play_move(&g, &play_move(&g, &s, "e1-e2"), "e8-e7");
    assert!(!moves(&g, &s).contains(&"e5-d6".to_string()));
    // Two single steps are no double step.
    let text = "4k3/8/3p4/4P3/8/8/8/4K3 Black unmoved=-";
    let s = play_move(&g, &position(&g, text), "d6-d5");
    assert!(!moves(&g, &s).contains(&"e5-d6".to_string()));
}

#[test]
fn castling_moves_the_rook_too_and_needs_unmoved_pieces_and_safe_squares() {
    let g = game("chess", "");
    let text = "r3k2r/8/8/8/8/8/8/R3K2R White unmoved=a1,e1,h1,a8,e8,h8";
    assert_eq!(
        after(&g, text, "e1-g1"),
        "r3k2r/8/8/8/8/8/8/R4RK1 Black unmoved=a1,a8,e8,h8 clock=1"
    );
    assert_eq!(
        after(&g, text, "e1-c1"),
        "r3k2r/8/8/8/8/8/8/2KR3R Black unmoved=h1,a8,e8,h8 clock=1"
    );
    // A rook that has moved gives no castling on its side.
    let moved = "r3k2r/8/8/8/8/8/8/R3K2R White unmoved=a1,e1,a8,e8,h8";
    assert_eq!(
        moves_from(&g, moved, "e1")
            .iter()
            .filter(|m| m.ends_with("c1") || m.ends_with("g1"))
            .collect::<Vec<_>>(),
        ["e1-c1"]
    );
    // The king may not cross f1 while a bishop on c4 covers it, nor castle out of check.
    let crossed = "r3k2r/8/8/8/2b5/8/8/R3K2R White unmoved=a1,e1,h1,a8,e8,h8";
    assert!(!moves(&g, &position(&g, crossed)).contains(&"e1-g1".to_string()));
    assert!(moves(&g, &position(&g, crossed)).contains(&"e1-c1".to_string()));
    let checked = "r3k2r/8/8/8/8/8/8/R3K1R1 White unmoved=a1,e1,a8,e8,h8";
    let s = play_move(&g, &position(&g, checked), "g1-g8");
    assert!(moves(&g, &s).contains(&"h8xg8".to_string()));
    assert!(!moves(&g, &s).contains(&"e8-c8".to_string()));
    // b1 must be empty on the long side, though the king does not cross it.
    let blocked = "r3k2r/8/8/8/8/8/8/RN2K2R White unmoved=a1,e1,h1,a8,e8,h8";
    assert!(!moves(&g, &position(&g, blocked)).contains(&"e1-c1".to_string()));
}

#[test]
fn a_pawn_on_the_far_row_becomes_the_piece_its_player_chooses() {
    let g = game("chess", "");
    let text = "3r3k/4P3/8/8/8/8/8/K7 White unmoved=-";
    assert_eq!(
        moves_from(&g, text, "e7"),
        ["e7-e8=B", "e7-e8=N", "e7-e8=Q", "e7-e8=R", "e7xd8=B", "e7xd8=N", "e7xd8=Q", "e7xd8=R"]
    );
    assert_eq!(
        after(&g, text, "e7-e8=N"),
        "3rN2k/8/8/8/8/8/8/K7 Black unmoved=-"
    );
    assert_eq!(
        after(&g, text, "e7xd8=Q"),
        "3Q3k/8/8/8/8/8/8/K7 Black unmoved=-"
    );
}

#[test]
fn a_promotion_is_typed_as_squares_and_a_letter() {
    let g = game("chess", "");
    let s = position(&g, "7k/4P3/8/8/8/8/8/K7 White unmoved=-");
    let legal = s.legal_moves(&g);
    let read = |text: &str| {
        tabula::repl::input::read_move(&g, &s, &Default::default(), &legal, text)
            .map(|m| tabula::present::move_text(&g, m))
    };
    assert_eq!(read("e7e8q").as_deref(), Ok("e7-e8=Q"));
    assert_eq!(read("e7-e8=N").as_deref(), Ok("e7-e8=N"));
    assert_eq!(read("e7 e8 r").as_deref(), Ok("e7-e8=R"));
    assert_eq!(
        read("e7e8"),
        Err("that could be e7-e8=Q, e7-e8=R, e7-e8=B or e7-e8=N; type one of them".into())
    );
    assert_eq!(read("e7e8k"), Err("no move here promotes to a king".into()));
}

#[test]
fn mate_loses_and_stalemate_draws() {
    let g = game("chess", "");
    // Fool's mate.
    let mut s = tabula::engine::Position::start(&g);
    for mv in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
        s = play_move(&g, &s, mv);
    }
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Win(1), "White has no legal move".to_string()))
    );
    // Black's king on a8 has no move and is not attacked.
    let stale = position(&g, "k7/2Q5/1K6/8/8/8/8/8 Black unmoved=-");
    assert_eq!(
        ending(&g, &stale),
        Some((Outcome::Draw, "Black has no legal move".to_string()))
    );
}

#[test]
fn fifty_moves_without_a_capture_or_a_pawn_move_draw_and_a_pawn_move_resets_the_count() {
    let g = game("chess", "");
    let text = "4k3/8/8/8/8/8/4P3/4K3 White unmoved=- clock=99";
    assert_eq!(
        ending(&g, &play_move(&g, &position(&g, text), "e1-d1")),
        Some((Outcome::Draw, "White: draw when clock >= 100".to_string()))
    );
    assert_eq!(
        after(&g, text, "e2-e4"),
        "4k3/8/8/8/4P3/8/8/4K3 Black previous=e2:e4:0:0:0:double_push unmoved=-"
    );
}

#[test]
fn a_position_standing_for_the_third_time_draws() {
    let g = game("chess", "");
    let s = play_line(
        &g,
        tabula::engine::Position::start(&g),
        &[
            "g1-f3", "g8-f6", "f3-g1", "f6-g8", "g1-f3", "g8-f6", "f3-g1", "f6-g8",
        ],
    );
    assert_eq!(s.repeated, 3);
    assert_eq!(
        ending(&g, &s),
        Some((Outcome::Draw, "Black: draw when repeated >= 3".to_string()))
    );
}

#[test]
fn relative_directions_turn_with_the_player_and_absolute_ones_do_not() {
    let source = |leap: &str| {
        format!(
            "game \"Leaps\"
board 5 x 5
players White, Black
pieces leaper
direction hop = {leap}
setup {{
  White leaper on c1
  Black leaper on c5
}}
move jump {{ along hop onto empty }}
"
        )
    };
    let relative = compile(&source("relative (1, 2)"));
    let absolute = compile(&source("(1, 2)"));
    let white = "5/2l2/5/5/2L2 White";
    let black = "5/2l2/5/5/2L2 Black";
    // White faces north: the relative hop goes one file right, two ranks up, as the
    // absolute one does.
    assert_eq!(moves(&relative, &position(&relative, white)), ["c1-d3"]);
    assert_eq!(moves(&absolute, &position(&absolute, white)), ["c1-d3"]);
    // Black faces south: its right is west and its forward is down.
    assert_eq!(moves(&relative, &position(&relative, black)), ["c4-b2"]);
    assert_eq!(
        moves(&absolute, &position(&absolute, black)),
        Vec::<String>::new()
    );
}

#[test]
fn los_alamos_knights_leap_alike_written_either_way() {
    let relative = game("losalamos", "");
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/losalamos.game"),
    )
    .unwrap();
    let absolute = compile(&source.replace("= relative (", "= ("));
    for depth in 1..=4 {
        assert_eq!(
            perft_at(
                &relative,
                &tabula::engine::Position::start(&relative),
                depth,
                1
            ),
            perft_at(
                &absolute,
                &tabula::engine::Position::start(&absolute),
                depth,
                1
            ),
            "depth {depth}"
        );
    }
}

#[test]
fn attacked_reads_every_capturing_rule_backwards() {
    let g = compile(
        "game \"Attacks\"
board 6 x 6
players White, Black
pieces man, jumper
setup {
  White man on a1
  Black jumper on f6
}
move hit { piece man along forward_left, forward_right onto enemy }
move jump { piece jumper along diagonal over 1 enemy onto empty capture over }
move mark { piece man along forward onto empty if attacked(to) }
",
    );
    // Black's man on d4 takes forward (down the board) on c3 and e3, so White's man on c2
    // may go to c3; the jumper on a5 would jump a piece on b4 to land on c3, so the man on
    // b3 may go to b4; nothing attacks f2.
    let s = position(&g, "6/j5/3m2/1M4/2M3/5M White");
    assert_eq!(moves(&g, &s), ["b3-b4", "c2-c3"]);
}

/// A game of men on a 4 x 4 board, White's on a1 and b1 and Black's on a4, with these
/// rules.
fn men(rules: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"Moved\"\nboard 4 x 4\nplayers White, Black\npieces man\n\
         setup {{ White man on a1, b1\n Black man on a4 }}\n{rules}\n"
    ))
}

#[test]
fn moved_reads_whether_a_piece_has_left_its_square_since_the_start() {
    let g = men("move step { along forward onto empty }
move leap { along forward over 1 empty onto empty if not moved(from) }");
    let s = tabula::engine::Position::start(&g);
    assert_eq!(moves(&g, &s), ["a1-a2", "a1-a3", "b1-b2", "b1-b3"]);
    let s = play_move(&g, &play_move(&g, &s, "a1-a2"), "a4-a3");
    assert_eq!(position_text(&g, &s), "4/m3/M3/1M2 White unmoved=b1");
    assert_eq!(moves(&g, &s), ["b1-b2", "b1-b3"]);
}

/// `moved(from)` and `not moved(from)` in a rule of one step choose the pieces that may
/// move before the walk (`MoveRule::movers_moved`): a rule for unmoved pieces walks
/// nothing once they have moved. The moves are those the conditions allow.
#[test]
fn whether_the_mover_has_moved_chooses_the_movers_before_the_walk() {
    let g = men("move step { along forward onto empty if not moved(from) }
move sidestep { along e onto empty if moved(from) and row(to) < 3 }");
    let filters: Vec<_> = g.rules.iter().map(|r| r.movers_moved).collect();
    assert_eq!(filters, [Some(false), Some(true)]);
    let s = tabula::engine::Position::start(&g);
    assert_eq!(moves(&g, &s), ["a1-a2", "b1-b2"]);
    let s = play_move(&g, &play_move(&g, &s, "a1-a2"), "a4-a3");
    assert_eq!(moves(&g, &s), ["a2-b2", "b1-b2"]);
    let s = play_move(&g, &play_move(&g, &s, "a2-b2"), "a3-b3");
    // b1 has not moved, and its step is blocked; b2 has, and steps only sideways.
    assert_eq!(moves(&g, &s), ["b2-c2"]);
}

/// In a game whose players are not White and Black, FEN's `w` is the first player and `b`
/// the second.
#[test]
fn a_fen_side_is_the_first_or_second_player_where_no_name_starts_with_it() {
    let g = game("zola", "size=4");
    let text = |fen: &str| position_text(&g, &position(&g, fen));
    assert_eq!(text("4/1c2/4/C3 w - - 0 1"), "4/1c2/4/C3 Red");
    assert_eq!(text("4/1c2/4/C3 b"), "4/1c2/4/C3 Blue");
    // A player whose name starts with the letter is that player (draughts: Black first).
    let d = game("draughts", "");
    let s = position(&d, "4/4/4/4/4/4/4/m3 w");
    assert_eq!(d.players[s.to_move as usize].name, "White");
}

#[test]
fn a_fen_reads_as_the_position_text_it_stands_for() {
    let g = game("chess", "");
    let text = |fen: &str| position_text(&g, &position(&g, fen));
    assert_eq!(
        text("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R White unmoved=a1,e1,h1,a8,e8,h8"
    );
    assert_eq!(
        text("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R White unmoved=a1,e1,h1 clock=1"
    );
    assert_eq!(
        text("4k2r/8/8/8/8/8/8/4K3 b k -"),
        "4k2r/8/8/8/8/8/8/4K3 Black unmoved=e8,h8"
    );
    // The en-passant square is the move before, straight across it.
    let s = position(&g, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(
        position_text(&g, &s),
        "4k3/8/8/3pP3/8/8/8/4K3 White previous=d7:d5:0:0:0:double_push unmoved=-"
    );
    assert!(moves(&g, &s).contains(&"e5-d6".to_string()));
    let bad = |fen: &str| crate::common::parse_position(&g, fen).unwrap_err();
    assert_eq!(
        bad("8/8/8/8/8/8/8/8 w X -"),
        "`X` in `X`: write K, Q, k, q or -"
    );
    assert_eq!(
        bad("4k3/8/8/8/8/8/8/4K3 w - e3"),
        "e3: no move of Black goes from e4 to e2 across it"
    );
    // A castling right with no rook to castle with (python-chess refuses it too).
    assert_eq!(
        bad("4k3/8/8/8/8/8/8/R3K3 w K - 0 1"),
        "`K`: White's piece at the east end of its home row is a king, where the start has a rook"
    );
    assert_eq!(
        bad("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"),
        "`Q`: White's piece at the west end of its home row is a king, where the start has a rook"
    );
    assert_eq!(
        bad("r3k3/8/8/8/8/8/8/4K3 w k - 0 1"),
        "`k`: Black's piece at the east end of its home row is a king, where the start has a rook"
    );
}

/// Moves typed in standard algebraic notation: a piece's letter and its landing (`Nf3`), a
/// pawn's landing or capture (`e4`, `exd5`), castling as the rule is written (`O-O`, also
/// `0-0`), a promotion (`a8=R`), a file that tells two knights apart; and a clear answer
/// where the text names no move or more than one.
#[test]
fn moves_are_typed_in_standard_algebraic_notation() {
    let session = |position: &str, typed: &str| {
        let mut args = vec!["play", "chess"];
        if !position.is_empty() {
            args.extend(["--position", position]);
        }
        let out = crate::common::tabula_command()
            .args(&args)
            .write_stdin(typed)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        // What the session answers to each line: a move played, or why not.
        text.lines()
            .filter(|l| {
                l.contains(" plays ")
                    || l.starts_with("no ")
                    || l.starts_with("the ")
                    || l.starts_with('`')
            })
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        session("", "e4\nd5\nexd5\nNf6\nNf3\nNxd5+\nBc4\nKf9\nQxd1\nBxf7\n"),
        [
            "White plays e2-e4.",
            "Black plays d7-d5.",
            "White plays e4xd5.",
            "Black plays g8-f6.",
            "White plays g1-f3.",
            "Black plays f6xd5.",
            "White plays f1-c4.",
            "no such square: f9",
            "the queen on d8 cannot go to d1; it can play d8-d7, d8-d6",
            "no legal move is written `Bxf7` here",
        ]
    );
    assert_eq!(
        session(
            "4k3/P7/8/8/8/8/8/2N1K1N1 w - - 0 1",
            "Ne2\nNce2\nKd7\na8=R\nO-O\n"
        ),
        [
            "`Ne2` could be c1-e2 or g1-e2: say which piece, by the file or rank it is on",
            "White plays c1-e2.",
            "Black plays e8-d7.",
            "White plays a7-a8=R.",
            "`O-O` (castle short) is not a legal move here",
        ]
    );
    assert_eq!(
        session("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0\nO-O-O\n"),
        ["White plays e1-g1.", "Black plays e8-c8."]
    );
}

/// Chess in its own words: "Check." before the turn of a player in check, a move into check
/// refused as leaving the king attacked (typed either way), and checkmate and stalemate
/// named at the end.
#[test]
fn the_session_says_check_checkmate_and_stalemate() {
    let session = |typed: &str| {
        let out = crate::common::tabula_command()
            .args([
                "play",
                "chess",
                "--position",
                "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
            ])
            .write_stdin(typed)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = session("Qh1\nKh7\nh8-g7\n");
    assert!(text.contains("\nCheck.\nBlack to move.\nBlack> Kh7\nh8-h7 is not allowed: it leaves your king attacked\nBlack> h8-g7\nh8-g7 is not allowed: it leaves your king attacked\n"), "{text}");
    assert!(session("Qg7#\n")
        .ends_with("Game over: White wins. Checkmate (Black has no legal move).\n"));
    assert!(session("Qg6\n").ends_with("Game over: draw. Stalemate (Black has no legal move).\n"));
}

/// The session writes the position as FEN: the side to move, the castling rights as the
/// unmoved king and rooks give them, the square a double step passed over, the clock and
/// the move number; python-chess 1.11.2 writes the same for these moves (with
/// `en_passant="fen"`: the square after every double step).
#[test]
fn the_session_writes_fen() {
    let out = crate::common::tabula_command()
        .args(["play", "chess"])
        .write_stdin("e4\nfen\nc5\nNf3\nd6\nKe2\nKd7\nfen\nRg1\nfen\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let fens: Vec<&str> = text
        .lines()
        .filter(|l| l.matches('/').count() == 7)
        .collect();
    assert_eq!(
        fens,
        [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbq1bnr/pp1kpppp/3p4/2p5/4P3/5N2/PPPPKPPP/RNBQ1B1R w - - 2 4",
            "rnbq1bnr/pp1kpppp/3p4/2p5/4P3/5N2/PPPPKPPP/RNBQ1BR1 b - - 3 4",
        ],
        "{text}"
    );
    // A game begun at a FEN counts on from its move number, in FEN and in the history.
    let out = crate::common::tabula_command()
        .args([
            "play",
            "chess",
            "--position",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 20",
        ])
        .write_stdin("Nf6\nNc3\nfen\nhistory\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "Black> fen\nrnbqkb1r/pppppppp/5n2/8/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 21\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Black> history\n  20. ... Nf6\n  21. Nc3\n"),
        "{text}"
    );
}

/// A game saved as PGN is written in standard algebraic notation with check marked, loads
/// back move for move, and a PGN written by hand with comments, variations, annotations
/// and move numbers loads too. (python-chess 1.11.2's `chess.pgn.read_game` reads the
/// saved file without errors, to the same moves.)
#[test]
fn a_game_saved_as_pgn_loads_back_move_for_move() {
    let dir = crate::common::temp_folder("pgn");
    let file = dir.join("game.pgn");
    let file = file.to_str().unwrap();
    let typed = "e4\nd5\nexd5\nNf6\nNf3\nNxd5\nBc4\ne6\nO-O\nBe7\nd4\nO-O\nBb3\nc5\nBxd5\nexd5\nc4\nBd6\nQd3\nh6\nQh7\n";
    crate::common::tabula_command()
        .args(["play", "chess"])
        .write_stdin(format!("{typed}save {file}\n"))
        .assert()
        .success();
    let pgn = std::fs::read_to_string(file).unwrap();
    assert_eq!(
        pgn,
        "[Event \"Chess game\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"White\"]\n[Black \"Black\"]\n[Result \"*\"]\n[TabulaGame \"chess\"]\n\n\
         1. e4 d5 2. exd5 Nf6 3. Nf3 Nxd5 4. Bc4 e6 5. O-O Be7 6. d4 O-O 7. Bb3 c5 8.\n\
         Bxd5 exd5 9. c4 Bd6 10. Qd3 h6 11. Qh7+ *\n"
    );
    let history = |load: &str| {
        let out = crate::common::tabula_command()
            .args(["play", "--load", load])
            .write_stdin("history\n")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let loaded = history(file);
    assert!(loaded.contains("  10. Qd3 h6\n  11. Qh7+\n"), "{loaded}");
    let by_hand = dir.join("by-hand.pgn");
    std::fs::write(
        &by_hand,
        "[Event \"?\"]\n[Result \"1-0\"]\n\n1.e4 {the king's pawn} e5 (1... c5 2. Nf3) 2. Nf3!? $1 Nc6\n\
         3. Bb5 a6 ; the Morphy defence\n4. Ba4 1-0\n",
    )
    .unwrap();
    // Without a TabulaGame tag, as other programs write PGN, it is a game of the session
    // that loads it; `play --load` asks for one.
    let by_hand = by_hand.to_str().unwrap();
    let out = crate::common::tabula_command()
        .args(["play", "chess"])
        .write_stdin(format!("load {by_hand}\nhistory\n"))
        .output()
        .unwrap();
    let loaded = String::from_utf8(out.stdout).unwrap();
    let refused = crate::common::tabula_command()
        .args(["play", "--load", by_hand])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr),
        format!(
            "error: cannot load {by_hand}: it names no game (a tag `[TabulaGame \"NAME\"]`); \
             open a session of its game and `load` it there\n"
        )
    );
    assert!(loaded.contains("   3. Bb5 a6\n   4. Ba4"), "{loaded}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// SAN as written: a piece's letter, the file that tells two knights apart, a rank where
/// the files agree, a pawn's capture by its file, a promotion, a castling by its rule's
/// written form, `+` for a check and `#` for a mate.
#[test]
fn moves_are_written_in_standard_algebraic_notation() {
    let g = game("chess", "");
    let written = |fen: &str| -> Vec<String> {
        let s = position(&g, fen);
        let legal = s.legal_moves(&g);
        let mut out: Vec<String> = legal
            .iter()
            .map(|&m| tabula::present::san_text(&g, &s, m, &legal))
            .collect();
        out.sort();
        out
    };
    let knights = written("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1");
    for san in ["Nce2", "Nge2", "Nb3", "Nf3", "Kd2"] {
        assert!(knights.contains(&san.to_string()), "{san}: {knights:?}");
    }
    let rooks = written("4k3/R7/8/8/8/8/8/R3K3 w Q - 0 1");
    for san in ["R1a4", "R7a4", "Ra8+", "Rb1", "O-O-O"] {
        assert!(rooks.contains(&san.to_string()), "{san}: {rooks:?}");
    }
    let pawns = written("k7/4P3/8/3p4/4P3/8/8/4K3 w - - 0 1");
    for san in ["exd5", "e5", "e8=Q+", "e8=N"] {
        assert!(pawns.contains(&san.to_string()), "{san}: {pawns:?}");
    }
    assert!(written("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1").contains(&"Qg7#".to_string()));
}

/// A rule's `if`s hold together: with capture in passing's two conditions written as two
/// `if`s, the guard in the first (`previous(rule) == double_push`) still says when the
/// move before matters, so a knight's move leaves no `previous=` in the position.
#[test]
fn a_guard_in_one_if_guards_what_another_if_reads() {
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/chess.game"),
    )
    .unwrap();
    let split = source.replace(
        "  if previous(rule) == double_push and previous(to) == to + backward\n",
        "  if previous(rule) == double_push\n  if previous(to) == to + backward\n",
    );
    assert_ne!(split, source);
    let g = compile(&split);
    let s = play_line(&g, tabula::engine::Position::start(&g), &["e2-e4", "g8-f6"]);
    assert_eq!(
        position_text(&g, &s),
        "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR White unmoved=a1,e1,h1,a8,e8,h8 clock=1"
    );
    let s = play_line(&g, s, &["e4-e5", "d7-d5"]);
    assert!(moves(&g, &s).contains(&"e5-d6".to_string()));
}

const GUARDED_STEP: &str = "move guarded_step {
  piece knight
  along n
  onto empty
  if attacked(to) by friend
}";

/// `attacked(SQ) by friend`: whether the reader could capture a piece of another player's
/// on the square (defended, where the reader's own piece stands); and `attacked(SQ)`, by
/// another player, reads a square an enemy holds as if the reader's piece stood there.
#[test]
fn attacked_by_friend_reads_the_readers_own_captures() {
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/chess.game"),
    )
    .unwrap();
    let g = compile(&format!(
        "{source}\n{GUARDED_STEP}\nsay \"e4 defended\" when attacked(e4) by friend\nsay \"e4 attacked\" when attacked(e4)\n"
    ));
    let said = |text: &str| -> Vec<String> {
        let s = position(&g, text);
        tabula::each_state!(&s, st => tabula::engine::sayings(&g, st))
            .into_iter()
            .map(str::to_string)
            .collect()
    };
    // White's rook on a4 reaches e4 (Black's pawn); Black's rook on e7 reaches it too.
    assert_eq!(
        said("4k3/4r3/8/8/R3p3/8/8/4K3 White unmoved=-"),
        ["e4 defended", "e4 attacked"]
    );
    // With White's own knight on e4: defended by the rook, attacked by Black's rook.
    assert_eq!(
        said("4k3/4r3/8/8/R3N3/8/8/4K3 White unmoved=-"),
        ["e4 defended", "e4 attacked"]
    );
    // A piece between: neither.
    assert!(said("4k3/8/8/4P3/R1P1N3/8/8/4K3 White unmoved=-").is_empty());
    // The knight steps north only onto a square the rook on a5 guards.
    let north = |text: &str| {
        moves(&g, &position(&g, text))
            .into_iter()
            .filter(|m| m == "e4-e5")
            .count()
    };
    assert_eq!(north("4k3/8/8/R7/4N3/8/8/4K3 White unmoved=-"), 1);
    assert_eq!(north("4k3/8/8/8/R3N3/8/8/4K3 White unmoved=-"), 0);
    crate::common::assert_documented(&[GUARDED_STEP]);
}

/// A game of screens: a cannon takes by jumping one piece of any side, a hopper by jumping
/// a line of its own side's pieces, so that a piece moved onto a line may open an attack
/// as well as block one.
const SCREENS: &str = "game \"Screens\"\nboard 6 x 6\nplayers White, Black\n\
    pieces king as K, rook as R, cannon as C, hopper as H\n\
    setup {\n  White king on a1\n  White rook on b1\n  White cannon on c1, d2\n  White hopper on e1\n\
    Black king on f6\n  Black rook on e6\n  Black cannon on d6, c5\n  Black hopper on b6\n}\n\
    move king_step { piece king  along all  onto empty }\n\
    move king_take { piece king  along all  onto enemy }\n\
    move slide { piece rook, cannon, hopper  along orthogonal  over 0+ empty  onto empty }\n\
    move rook_take { piece rook  along orthogonal  over 0+ empty  onto enemy }\n\
    move cannon_take { piece cannon  along orthogonal  over 0+ empty  over 1 occupied  over 0+ empty  onto enemy }\n\
    move hop_take { piece hopper  along diagonal  over 0+ friend  onto enemy }\n\
    after move require not attacked(friend king)\nno move: lose\n";

/// `after move require not attacked(PATTERN)` is read once a position, noting what the
/// attacks read, and only the moves that change it are made and read again (a pinned
/// piece's, the king's, a move onto a line). Over random games of chess, Los Alamos and a
/// game of screens, the moves so kept are exactly those that making every move and reading
/// the attacks after it keeps.
#[test]
fn reading_the_attacks_once_keeps_the_moves_that_making_each_one_keeps() {
    let mut rng = tabula::rng::Rng::new(11);
    for g in [game("chess", ""), game("losalamos", ""), compile(SCREENS)] {
        assert!(g.after_attacks.is_some(), "{}: read once", g.title);
        let mut each = g.clone();
        each.after_attacks = None;
        let mut positions = 0;
        for _ in 0..40 {
            let mut s = tabula::engine::Position::start(&g);
            for _ in 0..150 {
                let fast = crate::common::legal_moves(&g, &s);
                let slow = crate::common::legal_moves(&each, &s);
                assert_eq!(fast, slow, "{}: {}", g.title, position_text(&g, &s));
                positions += 1;
                if fast.is_empty() {
                    break;
                }
                crate::common::make(&g, &mut s, fast[rng.below(fast.len())]);
            }
        }
        assert!(positions > 2000, "{}: {positions} positions", g.title);
    }
}
