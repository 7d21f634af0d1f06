//! The computer players: alpha-beta finds a forced win, keeps to its level's budget in every
//! shipped game, judges pieces at the values a game declares or at their mobility, and each
//! game thinks the way chosen for it.

use crate::common::{
    compile, game, make, move_text, parse_move, position, tabula_command, Position,
};
use tabula::engine::History;
use tabula::rng::Rng;
use tabula::search::alphabeta::{POSITIONS_PER_PLAYOUT, WIN};
use tabula::search::computer::{choose_at, Computer, Method};
use tabula::search::evaluate::Evaluator;
use tabula::search::mcts::{Choice, Level, Limits};

/// The move `computer` (`alphabeta4`) chooses at the position `text` within `limits`, from
/// a fixed seed.
fn chosen_at(g: &tabula::ir::Game, text: &str, computer: &str, limits: Limits) -> Choice {
    let mut s = position(g, text);
    let history = History::new_at(g, &mut s);
    let computer = Computer::parse(computer).unwrap();
    choose_at(g, &s, &history, computer, limits, &mut Rng::new(1)).unwrap()
}

/// Level 3's limits, searching no deeper than `depth` plies.
fn to_depth(depth: u32) -> Limits {
    Limits {
        depth,
        ..Limits::for_level(Level(3))
    }
}

/// A mate in three (Stockfish 15.1 at depth 16, MultiPV 4, finds `f6a6` the only mate in
/// three): alpha-beta finds the same first move, and that it wins in five plies. It knows
/// at three plies deep: Black's replies are forced, and a forced reply costs no depth; the
/// fifth ply, the mate, is a capture, which quiescence follows.
#[test]
fn alpha_beta_finds_the_only_mate_in_three() {
    let chess = game("chess", "");
    let chosen = chosen_at(
        &chess,
        "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1",
        "alphabeta4",
        Limits::for_level(Level(4)),
    );
    assert_eq!(move_text(&chess, chosen.mv), "f6-a6");
    assert_eq!(chosen.depth, Some((3, WIN - 5)));
}

/// After a node's first move, the others are searched with a window of width one, and
/// late quiet moves one ply shallower first (principal variation search and late move
/// reductions): the search to depth 5 from chess's start visits 9,045 positions, where
/// the search without them visited 18,474, and its score is the same, 65. A reduced move
/// that beats the best so far is searched again at full depth: without that, the score
/// comes out 41.
#[test]
fn alpha_beta_searches_late_quiet_moves_shallower_first() {
    let chess = game("chess", "");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let chosen = chosen_at(&chess, start, "alphabeta4", to_depth(5));
    assert_eq!((chosen.playouts, chosen.depth), (9045, Some((5, 65))));
}

/// The hint says the win and how deep it was found; a level that is not one is refused
/// with the forms a level takes.
#[test]
fn the_hint_says_a_forced_win_in_moves() {
    let out = tabula_command()
        .args([
            "play",
            "chess",
            "--seed",
            "1",
            "--position",
            "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1",
        ])
        .write_stdin("hint\nai Black fast\nai Black alphabeta1\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "hint: f6-a6 (wins in 3 moves, 3 plies deep, 1000 positions); next best f6xf7\n"
        ),
        "{text}"
    );
    assert!(text.contains(
        "a computer player is a level from 0 to 6, optionally after `mcts` or `alphabeta` \
         (`4`, `alphabeta4`)\n"
    ));
    assert!(text.contains("The computer plays Black at alphabeta level 1.\n"));
}

/// MCTS-solver: a position whose every line is searched to the end is proven, and the
/// proof goes up the tree. In tic-tac-toe, X blocks O's diagonal on c1 and forks b1 and c2:
/// a proven win three plies deep; from the other side, every move of O loses.
#[test]
fn mcts_proves_a_forced_win_and_says_so() {
    let hint = |position: &str| {
        let out = tabula_command()
            .args(["play", "tictactoe", "--seed", "1", "--position", position])
            .write_stdin("hint\n")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = hint("m1M/1m1/M2 X");
    assert!(
        text.contains("hint: c1 (a proven win; wins 100% in "),
        "{text}"
    );
    let text = hint("m1M/1m1/M1M O");
    assert!(
        text.contains(" (every move is proven to lose; wins 0% in "),
        "{text}"
    );
}

/// MCTS-solver where a player moves again: in Kalah on two pits a side, South's `b` sows
/// its last seed into the store, and South moves again, so what South can do next proves
/// `b` won or lost for South, not for North. (Read as the other player's, `b` was said to
/// be a loss while winning all its playouts, and `a` a proven win while winning none.)
#[test]
fn mcts_proves_for_the_player_who_moves_again() {
    let hint = |position: &str| {
        let out = tabula_command()
            .args(["play", "kalah", "-o", "pits=2", "--seed", "1"])
            .args(["--ai", "North=mcts4", "--position", position])
            .write_stdin("hint\n")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let line = text.lines().find(|l| l.starts_with("hint: "));
        line.map(|l| l.split(" in ").next().unwrap().to_string())
    };
    // Alpha-beta agrees: `hint` without the MCTS player says "b (wins in 1 move".
    assert_eq!(
        hint("0,0,1/1,1,0 South").as_deref(),
        Some("hint: b (a proven win; wins 100%")
    );
    // `b` draws (alpha-beta searches the game to its end: score +0.00), and a draw is not
    // proven; `a` is proven lost, so no runner-up is named.
    assert_eq!(
        hint("0,1,2/2,1,0 South").as_deref(),
        Some("hint: b (wins 50%")
    );
}

/// In every shipped game that thinks by alpha-beta, and in Hex asked to, alpha-beta answers
/// with a legal move and searches no more positions than its level allows.
#[test]
fn alpha_beta_answers_every_game_with_a_legal_move_within_its_budget() {
    for name in tabula::load::shipped::names() {
        let g = game(name, "");
        if Method::of(&g) != Method::AlphaBeta && name != "hex" {
            continue;
        }
        let mut rng = Rng::new(7);
        let mut s = Position::start(&g);
        let mut history = History::new_at(&g, &mut s);
        let limits = Limits::for_level(Level(1));
        let budget = Level(1).playouts() as u64 * POSITIONS_PER_PLAYOUT;
        for ply in 0..4 {
            let legal = s.legal_moves(&g);
            let Some(c) = choose_at(
                &g,
                &s,
                &history,
                Computer::parse("alphabeta1").unwrap(),
                limits,
                &mut rng,
            ) else {
                assert!(legal.is_empty(), "{name}: no answer while moves exist");
                break;
            };
            assert!(
                legal.contains(&c.mv),
                "{name}: an illegal move at ply {ply}"
            );
            assert!(
                c.playouts as u64 <= budget,
                "{name}: {} positions at ply {ply}",
                c.playouts
            );
            make(&g, &mut s, c.mv);
            history.record_at(&g, &mut s);
        }
    }
}

/// Piece types, one with a value for the computer (in docs/LANGUAGE.md).
const VALUES: &str = "pieces man, king, tower as T value 7";

/// A piece type's value is the one declared, in hundredths; a type without one is worth
/// one point and one more for each move it has on average: here a king that steps four
/// ways is worth more than a man that steps one way.
#[test]
fn pieces_are_worth_their_declared_value_or_their_mobility() {
    let g = compile(&format!(
        "game \"Values\"\nboard 5 x 5\nplayers White, Black\n{VALUES}\n\
         setup {{ man where row == 0 and file < 2\n king where row == 0 and file == 4\n }}\n\
         move step {{ piece man\n along n\n onto empty }}\n\
         move walk {{ piece king\n along n, e, s, w\n onto empty }}\n",
    ));
    let s = Position::start(&g);
    let values = Evaluator::of(&g, &s).values;
    assert_eq!(values[2], 700);
    assert!(values[0] > 100 && values[0] < 250, "{values:?}");
    assert!(values[1] > values[0] + 100, "{values:?}");
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"),
    )
    .unwrap();
    assert!(doc.contains(VALUES), "docs/LANGUAGE.md lacks:\n{VALUES}");
}

/// A point of a game's score (a seed in a store) is worth a declared `value 1` (scores are
/// in hundredths, as values are), and one move more than the opponent 4 hundredths: a
/// store one seed ahead outweighs five moves fewer.
#[test]
fn a_point_of_the_score_outweighs_a_few_moves_more() {
    let g = game("kalah", "");
    let s = position(&g, "0,4,4,4,4,4,4/4,4,4,4,4,4,1 South");
    let judge = Evaluator::of(&g, &s);
    let worth = |mine, theirs| tabula::each_state!(&s, st => judge.judge(&g, st, mine, theirs));
    assert_eq!(worth(6, 6), 100);
    assert_eq!(worth(1, 6), 80);
}

/// The judgement of the position `text`, for its player to move, with four moves to each
/// side (so that mobility adds nothing).
fn judged(g: &tabula::ir::Game, text: &str) -> i32 {
    let s = position(g, text);
    let judge = Evaluator::of(g, &s);
    tabula::each_state!(&s, st => judge.judge(g, st, 4, 4))
}

/// A game still being played is judged by the seeds already stored: those `leftover to
/// last capturer` would send at the end are no one's yet, since the next capture sends
/// them elsewhere. In Zig Zag, South's lead is its store's, however many seeds lie on the
/// board and whoever captured last (counted, 40 seeds would swing the judgement by 4,000).
/// Seeds sent to the pits' owners (`leftover to owner`, Kalah) still count for them.
#[test]
fn seeds_a_last_capture_would_win_are_no_ones_yet() {
    let zigzag = game("zigzag", "");
    let board = "5,5,5,5,0,0/5,5,5,5,0,0 South stores=12,8";
    let judged_after = |capturer: &str| {
        judged(&zigzag, &format!("{board} capturer={capturer}"))
            - judged(
                &zigzag,
                "5,5,5,5,0,0/5,5,5,5,0,0 South stores=8,8 capturer=North",
            )
    };
    assert_eq!(judged_after("South"), 400);
    assert_eq!(judged_after("North"), 400);
    let kalah = game("kalah", "");
    let even = judged(&kalah, "0,4,4,4,4,4,4/4,4,4,4,4,4,0 South");
    let ahead = judged(&kalah, "0,4,4,4,4,4,4/4,4,4,4,4,8,0 South");
    assert_eq!(ahead - even, 400);
}

/// A piece that never moves back, standing in the row where the other side's pieces are
/// promoted, guards it: worth a quarter of what the promotion gains (a king of 3 for a
/// man of 1: 50), while the other side has a piece to promote there. White's man on a1,
/// in the row where Black's men are crowned, against the same man on a2 (whose one row of
/// advancement is worth 100 / 9 = 11): 39 more while Black has a man, 11 less once Black
/// has only a king. A king, which may come back, guards nothing.
#[test]
fn a_piece_guarding_the_other_sides_promotion_zone_counts_while_they_can_promote() {
    let g = compile(
        "game \"Guard\"\nboard 4 x 4\nplayers White, Black\n\
         pieces man as M value 1, king as K value 3\nzone far = row == 3\n\
         setup { man where row == 1 and file == 0 }\n\
         move step { piece man\n along forward\n onto empty }\n\
         move walk { piece king\n along forward, backward\n onto empty }\n\
         promote man to king in far\n",
    );
    let guarding = judged(&g, "4/2m1/4/M3 White") - judged(&g, "4/2m1/M3/4 White");
    assert_eq!(guarding, 39);
    let idle = judged(&g, "4/2k1/4/M3 White") - judged(&g, "4/2k1/M3/4 White");
    assert_eq!(idle, -11);
    let king = judged(&g, "4/2m1/4/K3 White") - judged(&g, "4/2m1/K3/4 White");
    assert_eq!(king, 0);
}

/// A capture in quiescence that ends the game is scored for the player who makes it.
/// Black's last man on c3 steps to b4 or d4, and either way a White man takes it (from a5
/// or e5), leaving Black without a move: so one ply deep, Black has lost. Scored for the
/// player after the capture, the win was White's loss, a capture White would not make, and
/// Black's steps looked as good as the judgement of the position.
#[test]
fn a_capture_that_ends_the_game_is_scored_for_its_taker() {
    let g = game("draughts", "");
    let limits = to_depth(1);
    let chosen = chosen_at(&g, "4/4/4/m1m1/4/1M2/4/4 Black", "alphabeta3", limits);
    assert_eq!(chosen.depth, Some((1, -(WIN - 2))));
}

/// Where every move takes, quiescence does not stand pat: the player must take, whatever
/// the position looks like as it stands. Black's man on c3 steps to d4 and White must take
/// it, from c5 or from e5 (Black's men on a1 and g1 stop a second jump); either way Black
/// takes two men back (b2xd4xb6 or f2xd4xf6) and White has none left. One ply deep and
/// standing pat, White scored the position as it stood after the step (three men behind),
/// better than either capture, which lose; the step looked like keeping the lead, not
/// winning the game.
#[test]
fn quiescence_takes_where_every_move_takes() {
    let g = game("draughts", "");
    let limits = to_depth(1);
    let chosen = chosen_at(&g, "4/4/4/1mm1/4/1M2/M1M1/M2M Black", "alphabeta3", limits);
    assert_eq!(move_text(&g, chosen.mv), "c3-d4");
    assert_eq!(chosen.depth, Some((1, WIN - 3)));
}

/// A lead counts for less as the clock nears a draw the clock makes (`draw when clock >=
/// 80` in English draughts): whole up to half-way, then less and less, to nothing at the
/// draw. Black has two kings against one; nothing else the judgement reads changes with
/// the clock.
#[test]
fn a_lead_shrinks_as_the_clock_nears_a_draw() {
    let g = game("draughts", "");
    let at = |clock| judged(&g, &format!("3k/4/4/4/4/4/4/KK2 Black clock={clock}"));
    let rest = at(80);
    let lead = at(0) - rest;
    assert!(lead > 100, "{lead}");
    assert_eq!(at(40) - rest, lead);
    assert_eq!(at(60) - rest, lead / 2);
    assert_eq!(at(76) - rest, lead / 10);
}

/// Once half the material has gone, the side ahead gains 3 hundredths for each step (along
/// the board's directions) nearer its nearest piece each of the other side's pieces is,
/// and the side behind as much for keeping away. Black's two kings against White's one on
/// h8: from a1 and c1 the nearest is seven steps away, from a1 and e5 three.
#[test]
fn the_side_ahead_gains_by_coming_near() {
    let g = game("draughts", "");
    let (far, near) = ("3k/4/4/4/4/4/4/KK2", "3k/4/4/2K1/4/4/4/K3");
    let black = |board: &str| judged(&g, &format!("{board} Black"));
    let white = |board: &str| judged(&g, &format!("{board} White"));
    assert_eq!(black(near) - black(far), 4 * 3);
    assert_eq!(white(far) - white(near), 4 * 3);
    // With most of the pieces on the board, nobody is hunted: a man moved along its row
    // (White a man ahead) changes nothing.
    let full = "mmmm/mmmm/mmmm/4/1M2/MMMM/MMMM/MM2";
    let moved = "mmmm/mmmm/mmmm/4/2M1/MMMM/MMMM/MM2";
    assert_eq!(black(full), black(moved));
    assert_eq!(white(full), white(moved));
}

/// A game of runners that shuttle along their rows (`files` squares long, three rows), with
/// the end rules `end`: each side's runner starts on b; a stone stands wherever a position
/// puts one.
fn shuttle(files: usize, end: &str) -> tabula::ir::Game {
    compile(&format!(
        "game \"Shuttle\"\nboard {files} x 3\nplayers White, Black\npieces runner, stone\n\
         setup {{ runner where row == 0 and file == 1 }}\n\
         move go {{ piece runner\n along e, w\n onto empty }}\n{end}"
    ))
}

/// Where no rule of a game reads repetition, alpha-beta scores a line that comes back to a
/// position already on it as even, as chess engines score a repetition. Here every line
/// comes back to the start within four plies (each side's runner goes to and fro along its
/// row), so six plies deep the start is worth nothing to White, a stone ahead. A game with
/// a rule of its own on repetition is left to it: there the stone counts.
#[test]
fn alpha_beta_scores_a_line_that_comes_round_again_as_even() {
    let score = |g: &tabula::ir::Game| {
        let limits = to_depth(6);
        chosen_at(g, "1r1/S2/1R1 White", "alphabeta3", limits)
            .depth
            .unwrap()
    };
    assert_eq!(score(&shuttle(3, "")), (6, 0));
    let (depth, lead) = score(&shuttle(3, "end { draw when repeated >= 3 }"));
    assert_eq!(depth, 6);
    assert!(lead >= 100, "{lead}");
}

/// A position the game itself has stood in counts as even too (`History::played`), so a
/// cycle that began before the search's root is seen. Each side's runner shuttles along
/// its row of four; White, a stone ahead, has gone b1-c1, Black b3-c3, and both back. At
/// two plies deep White's b1-c1 would come back to where the game stood after its first
/// move: scored even, it gives way to b1-a1, which keeps the stone's lead. From the same
/// position at the start of a game, b1-c1 is the better move (the runner has two moves
/// from c1 and one from a1), and in a game whose rules read repetition the game's
/// positions are left to them.
#[test]
fn alpha_beta_scores_a_move_back_to_where_the_game_has_stood_as_even() {
    let limits = to_depth(2);
    let choice = |g: &tabula::ir::Game, played: &[&str]| {
        let mut s = position(g, "1r2/S3/1R2 White");
        let mut history = History::new_at(g, &mut s);
        for text in played {
            let m = parse_move(g, &s, text).unwrap();
            make(g, &mut s, m);
            history.record_at(g, &mut s);
        }
        assert_eq!(history.played().len(), played.len() + 1);
        let computer = Computer::parse("alphabeta3").unwrap();
        let chosen = choose_at(g, &s, &history, computer, limits, &mut Rng::new(1)).unwrap();
        (move_text(g, chosen.mv), chosen.depth.unwrap())
    };
    let round = ["b1-c1", "b3-c3", "c1-b1", "c3-b3"];
    let free = shuttle(4, "");
    // The stone's 100, and then 4 for the runner's move fewer at a1.
    assert_eq!(choice(&free, &[]), ("b1-c1".to_string(), (2, 100)));
    assert_eq!(choice(&free, &round), ("b1-a1".to_string(), (2, 96)));
    let counted = shuttle(4, "end { draw when repeated >= 3 }");
    assert_eq!(choice(&counted, &round).0, "b1-c1");
}

/// Games of captures think by alpha-beta; games of placement and connection, and games of
/// more than two players, by MCTS; a way asked for by name is kept where it can be.
#[test]
fn each_game_thinks_the_way_chosen_for_it() {
    let chosen: Vec<(&str, Method)> = ["chess", "draughts", "kalah", "hex", "connect4", "othello"]
        .into_iter()
        .map(|name| (name, Method::of(&game(name, ""))))
        .collect();
    assert_eq!(
        chosen,
        [
            ("chess", Method::AlphaBeta),
            ("draughts", Method::AlphaBeta),
            ("kalah", Method::AlphaBeta),
            ("hex", Method::Mcts),
            ("connect4", Method::Mcts),
            ("othello", Method::Mcts),
        ]
    );
    let hex = game("hex", "");
    assert_eq!(
        Computer::parse("alphabeta3").unwrap().method(&hex),
        Method::AlphaBeta
    );
    assert_eq!(
        Computer::parse("mcts3").unwrap().method(&game("chess", "")),
        Method::Mcts
    );
    assert_eq!(Computer::parse("7"), None);
    assert_eq!(Computer::parse("alphabeta"), None);
}

/// `tabula uci chess` answers a GUI: it names itself, sets up positions by FEN and by
/// moves, finds the mate in three at depth 5 (scored `mate 3`), and says what it cannot
/// read without stopping. (The input ends without `quit`: a `quit` read while a search
/// runs stops it, as it does Stockfish's.)
#[test]
fn uci_speaks_to_a_gui() {
    let out = tabula_command()
        .args(["uci", "chess"])
        .write_stdin(
            "uci\nisready\nposition fen r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1\ngo depth 5\n\
             position startpos moves e2e4 e7e5 e1e3\nsetoption name Hash value 16\n\
             position startpos moves e2e4 e7e5\ngo nodes 2000\nfly\n",
        )
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // The info lines carry times; the rest is exact.
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("info depth"))
        .collect();
    assert_eq!(
        lines,
        [
            "id name Tabula (Chess)",
            "id author the Tabula authors",
            "option name Level type spin default 6 min 0 max 6",
            "uciok",
            "readyok",
            "bestmove f6a6",
            "info string `e1e3` is not a legal move here; the moves after it are left out",
            "info string no such option: name Hash value 16",
            lines[8],
            "info string unknown command `fly`",
        ],
        "{text}"
    );
    assert!(lines[8].starts_with("bestmove "), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("info depth 3 score mate 3 nodes ") && l.ends_with(" pv f6a6")),
        "{text}"
    );
}

/// A `stop` or `quit` sent right behind a `go`, before the search has begun, still stops
/// it: `go infinite` answers at once with a legal move, and the engine then quits. The
/// search before it gives the input time to be read to its end first.
#[test]
fn uci_stop_sent_with_go_stops_the_search() {
    for (game, tail, moves) in [
        ("chess", "stop\nquit\n", 2),
        ("chess", "quit\n", 2),
        ("connect4", "stop\ngo infinite\nstop\n", 3),
    ] {
        let out = tabula_command()
            .args(["uci", game])
            .write_stdin(format!(
                "position startpos\ngo nodes 50\ngo infinite\n{tail}"
            ))
            .timeout(std::time::Duration::from_secs(30))
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{game}: {text}");
        assert_eq!(text.matches("bestmove ").count(), moves, "{game}: {text}");
        assert!(!text.contains("bestmove 0000"), "{game}: {text}");
    }
}

/// In a game the computer plays by MCTS, UCI's `nodes` are playouts and `depth` leaves the
/// level's own limits: neither runs unbounded.
#[test]
fn uci_bounds_an_mcts_search_by_nodes_and_depth() {
    let out = tabula_command()
        .args(["uci", "connect4"])
        .write_stdin("position startpos moves D@d1\ngo depth 3\ngo nodes 300\n")
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("bestmove D@").count(), 2, "{text}");
}

/// `match --engine CMD` plays Tabula's computer against an external UCI engine: here
/// Tabula's own `uci`, started as a separate process. An engine that cannot be started
/// loses its games, and standard error says why.
#[test]
fn a_match_against_an_external_engine() {
    let binary = assert_cmd::cargo::cargo_bin("tabula");
    let command = format!("{} uci chess", binary.display());
    let out = tabula_command()
        .args([
            "match",
            "chess",
            "--ai",
            "0",
            "--engine",
            &command,
            "--games",
            "2",
            "--think",
            "20ms",
            "--max-plies",
            "16",
            "--threads",
            "1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["methods"][1], format!("uci: {command}"));
    let wins = doc["wins"][0].as_u64().unwrap() + doc["wins"][1].as_u64().unwrap();
    let rest = doc["draws"].as_u64().unwrap() + doc["capped"].as_u64().unwrap();
    assert_eq!(wins + rest, 2, "{doc}");
    let out = tabula_command()
        .args([
            "match",
            "chess",
            "--ai",
            "0",
            "--engine",
            "exit 0",
            "--games",
            "2",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("level 0 (first --ai): 2 wins (1 as White, 1 as Black)\n"),
        "{text}"
    );
    assert!(
        text.contains("the engine `exit 0` (--engine): 0 wins"),
        "{text}"
    );
    assert!(String::from_utf8(out.stderr).unwrap().contains(
        "game 1: the engine `exit 0` ended before it was ready (`uci`, `isready`); the engine loses the game\n"
    ));
}
