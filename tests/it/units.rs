//! The library's own unit tests, kept in the integration crate so that a clean build
//! compiles the library once (see Cargo.toml: the library has no test target). Each module
//! here tests the module of `src/` it is named after, through its public items.

mod check_range {
    use tabula::check::range::*;
    use tabula::ir::{BinOp, Expr, Pattern, SquareRef};

    const LIMITS: Limits = Limits {
        cells: 64,
        width: 8,
        height: 8,
    };

    #[test]
    fn ranges_bound_what_play_can_produce() {
        let count = Expr::Count(Pattern::default(), None);
        let big = Expr::Binary(
            BinOp::Mul,
            Box::new(count.clone()),
            Box::new(Expr::Int(i64::MAX / 2)),
        );
        assert_eq!(big.range(&LIMITS), None, "64 * MAX/2 overflows");
        let small = Expr::Binary(BinOp::Mul, Box::new(count), Box::new(Expr::Int(3)));
        assert_eq!(small.range(&LIMITS), Some((0, 192)));
        let square = Expr::Binary(
            BinOp::Pow,
            Box::new(Expr::File(Box::new(Expr::Square(SquareRef::To)))),
            Box::new(Expr::Int(2)),
        );
        assert_eq!(square.range(&LIMITS), Some((-49, 49)));
    }
}

mod compile_lookback {
    use tabula::compile::lookback::*;
    use tabula::ir::expr::{Expr, LookBack, LookField, SquareRef};
    use tabula::ir::BinOp;

    fn eq(a: Expr, b: Expr) -> Expr {
        Expr::Binary(BinOp::Eq, Box::new(a), Box::new(b))
    }
    fn and(a: Expr, b: Expr) -> Expr {
        Expr::Binary(BinOp::And, Box::new(a), Box::new(b))
    }

    #[test]
    fn a_chain_with_a_part_on_the_look_back_alone_is_guarded() {
        let mixed = eq(Expr::Square(SquareRef::From), Expr::Previous(LookField::To));
        let own = eq(Expr::Previous(LookField::Lifted), Expr::Int(1));
        let c = Expr::Unary(tabula::ir::UnOp::Not, Box::new(and(mixed.clone(), own)));
        let kept = look_kept(&[c]).expect("guarded");
        let with = |lifted| LookBack {
            lifted,
            ..LookBack::NONE
        };
        assert!(kept.holds(&with(1)));
        assert!(!kept.holds(&with(2)));
        assert!(
            look_kept(&[mixed]).is_none(),
            "an unguarded reading keeps it always"
        );
        // A guard that holds with no move before cannot let the state forget.
        let zero = and(
            Expr::Square(SquareRef::From),
            eq(Expr::Previous(LookField::Taken), Expr::Int(0)),
        );
        assert!(look_kept(&[zero]).is_none());
    }

    /// A list of a guard's comparisons reads its equalities as one masked compare of the
    /// fields packed, and the rest one by one: the same answers as each comparison read
    /// alone, over many look-backs, a field tested twice and a number no field holds
    /// included.
    #[test]
    fn a_guard_reads_its_equalities_at_once() {
        use tabula::ir::LookTests;
        let lists: [&[(LookField, BinOp, i64)]; 5] = [
            &[
                (LookField::Lifted, BinOp::Eq, 1),
                (LookField::Taken, BinOp::Eq, 0),
            ],
            &[
                (LookField::From, BinOp::Eq, 3),
                (LookField::Laps, BinOp::Gt, 1),
            ],
            &[(LookField::To, BinOp::Eq, 2), (LookField::To, BinOp::Eq, 3)],
            &[
                (LookField::Rule, BinOp::Eq, 70_000),
                (LookField::Lifted, BinOp::Ne, 2),
            ],
            &[
                (LookField::Taken, BinOp::Eq, 2),
                (LookField::To, BinOp::Le, 3),
            ],
        ];
        let mut rng = tabula::rng::Rng::new(9);
        let mut held = [0; 5];
        for _ in 0..20_000 {
            let mut small = || rng.below(5) as u16;
            let look = LookBack {
                from: small(),
                to: small(),
                lifted: small(),
                laps: small(),
                taken: small(),
                rule: tabula::ir::RuleId(small()),
            };
            for (i, list) in lists.iter().enumerate() {
                let one_by_one = list.iter().all(|&(f, op, k)| match op {
                    BinOp::Eq => look.field(f) == k,
                    BinOp::Ne => look.field(f) != k,
                    BinOp::Gt => look.field(f) > k,
                    _ => look.field(f) <= k,
                });
                let tests = LookTests::of(list);
                let guard = tabula::ir::LookGuard::AnyOf(vec![tests]);
                assert_eq!(guard.holds(&look), one_by_one, "{list:?} {look:?}");
                held[i] += usize::from(one_by_one);
            }
        }
        assert!(held[0] > 100 && held[1] > 100 && held[4] > 100, "{held:?}");
        assert_eq!((held[2], held[3]), (0, 0), "{held:?}");
    }
}

mod compile_footprint {
    use tabula::compile::{compile_source, Choices};

    /// Jerboa with its `after move require` replaced by `condition`.
    fn jerboa_requiring(condition: &str) -> tabula::ir::Game {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(root.join("games/jerboa.game")).unwrap();
        let source = source.replace(
            "after move require count(enemy in home) == 0",
            &format!("after move require {condition}\nclock resets on capture"),
        );
        compile_source(&source, &Choices::default()).unwrap().game
    }

    /// Where no watched square matches, every count an `after move require` makes is 0:
    /// what it then says is settled for each player once, unless it reads more (the
    /// clock).
    #[test]
    fn a_condition_on_counts_alone_is_settled_for_a_clear_footprint() {
        let settled = |condition: &str| {
            let game = jerboa_requiring(condition);
            assert!(game.after_footprint.is_some(), "{condition}");
            game.after_clear
        };
        assert_eq!(
            settled("count(enemy in home) == 0"),
            [Some(true), Some(true)]
        );
        assert_eq!(
            settled("count(enemy in home) >= 1"),
            [Some(false), Some(false)]
        );
        assert_eq!(
            settled("count(enemy in home) * 2 + 1 != 1 or player == White"),
            [Some(true), Some(false)]
        );
        assert_eq!(settled("count(enemy in home) + clock < 5"), [None, None]);
    }
}

mod compile_look_rules {
    use crate::common::compile;
    use tabula::ir::{LookBack, RuleId};

    /// Three rules, the last guarded by `guard` (whose `and` chains' parts that read the
    /// look-back alone are what keeps it: `compile::lookback::look_kept`).
    fn game(guard: &str) -> tabula::ir::Game {
        compile(&format!(
            "game \"T\"\nboard 5 x 5\nplayers White, Black\npieces stone\n\
             move step {{ along n onto empty }}\n\
             move jump {{ along n over 1 empty onto empty }}\n\
             move hop {{ along e onto empty if {guard} }}\n"
        ))
    }

    /// A look-back of a move of the rule with this index, from b1 (square 1).
    fn look(rule: u16) -> LookBack {
        LookBack {
            from: 1,
            to: 6,
            rule: RuleId(rule),
            ..LookBack::NONE
        }
    }

    /// Where every list of the look-back's guard tests its rule, only the rules named keep
    /// a look-back, and a move of another rule keeps none without the guard being read;
    /// where some list reads more than the rule, every rule's look-back goes to the guard.
    #[test]
    fn only_the_rules_a_guard_names_keep_their_look_back() {
        let g = game("previous(rule) == jump and previous(to) == to");
        assert_eq!(g.look_rules, [false, true, false]);
        assert_eq!(g.kept_look(look(0)), LookBack::NONE);
        assert_eq!(g.kept_look(look(1)), look(1));
        let g = game(
            "previous(rule) == jump and previous(to) == to \
             or previous(rule) == hop and previous(from) == from",
        );
        assert_eq!(g.look_rules, [false, true, true]);
        assert_eq!(g.kept_look(look(2)), look(2));
        let g = game(
            "previous(rule) == jump and previous(to) == to \
             or previous(from) == b1 and previous(to) == to",
        );
        assert!(g.look_rules.is_empty());
        // Rule 0 is named by no list, but its look-back is from b1.
        assert_eq!(g.kept_look(look(0)), look(0));
        assert_eq!(g.kept_look(look(1)), look(1));
    }
}

mod compile_pinned {
    use tabula::eval::Env;
    use tabula::ir::{BinOp, Expr, LookBack, LookField, Program, SquareRef, UnOp};

    /// `fails_only_from` is sound: where it names a field, the condition holds on every
    /// move from another square, over thousands of random conditions and positions; and
    /// it finds the field in the shape of a rule against sowing straight back.
    #[test]
    fn a_condition_pinned_to_a_square_holds_from_every_other() {
        let sq = |r| Box::new(Expr::Square(r));
        let prev = |f| Box::new(Expr::Previous(f));
        let bin = |op, a, b| Box::new(Expr::Binary(op, a, b));
        let not = |a| Box::new(Expr::Unary(UnOp::Not, a));
        // taken > 0 or not (from == previous(last) and last == previous(from))
        let back = bin(
            BinOp::Or,
            bin(BinOp::Gt, Box::new(Expr::Taken), Box::new(Expr::Int(0))),
            not(bin(
                BinOp::And,
                bin(BinOp::Eq, sq(SquareRef::From), prev(LookField::To)),
                bin(BinOp::Eq, sq(SquareRef::To), prev(LookField::From)),
            )),
        );
        assert_eq!(back.fails_only_from(), Some(LookField::To));
        let ne = bin(BinOp::Ne, prev(LookField::From), sq(SquareRef::From));
        assert_eq!(ne.fails_only_from(), Some(LookField::From));
        // Either part may fail: no square is needed.
        let either = bin(
            BinOp::And,
            ne.clone(),
            bin(BinOp::Gt, Box::new(Expr::Taken), Box::new(Expr::Int(0))),
        );
        assert_eq!(either.fails_only_from(), None);

        let mut rng = tabula::rng::Rng::new(99);
        let mut next = |n: u64| rng.below(n as usize) as u64;
        fn build(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Box<Expr> {
            let leaf = |next: &mut dyn FnMut(u64) -> u64| -> Box<Expr> {
                Box::new(match next(5) {
                    0 => Expr::Square(SquareRef::From),
                    1 => Expr::Square(SquareRef::To),
                    2 => Expr::Previous(LookField::To),
                    3 => Expr::Previous(LookField::From),
                    _ => Expr::Int(next(3) as i64),
                })
            };
            if depth == 0 {
                return leaf(next);
            }
            let ops = [BinOp::Eq, BinOp::Ne, BinOp::And, BinOp::Or];
            match next(5) {
                0 => Box::new(Expr::Unary(UnOp::Not, build(next, depth - 1))),
                1 => leaf(next),
                _ => Box::new(Expr::Binary(
                    ops[next(4) as usize],
                    build(next, depth - 1),
                    build(next, depth - 1),
                )),
            }
        }
        let mut pinned = 0;
        for _ in 0..20_000 {
            let e = build(&mut next, 4);
            let Some(f) = e.fails_only_from() else {
                continue;
            };
            pinned += 1;
            let program = Program::of(&e);
            for (from, to, pto, pfrom) in (0..27).map(|i| (i % 3, i / 3 % 3, i / 9, (i + 1) % 3)) {
                let previous = LookBack {
                    from: pfrom,
                    to: pto,
                    ..LookBack::NONE
                };
                if i64::from(from) == previous.field(f) {
                    continue;
                }
                let env: Env = Env {
                    from,
                    to,
                    previous,
                    ..Env::constant()
                };
                assert_eq!(
                    program.eval(&env),
                    Some(1),
                    "{e:?} from {from}, {previous:?}"
                );
            }
        }
        assert!(pinned > 50, "{pinned}");
    }
}

mod compile_reads {
    use tabula::check::{check, Choices};
    use tabula::compile::reads::*;

    fn reads_of(rules: &str) -> Reads {
        let text = format!(
            "game \"T\"\nboard 3 x 3\nplayers A, B\npieces man\nsetup {{ A man on a1 }}\n{rules}\n"
        );
        let file = tabula::syntax::parse(&text).expect("parses");
        let (checked, _) = check(&file, &Choices::default()).expect("checks");
        reads(&checked)
    }

    /// Where `previous` and `moved` are read decides how much the state keeps: a rule's
    /// `if` (and, for `previous`, `after move require`) can be analysed; anywhere else
    /// needs all of it. A define nobody uses reads nothing.
    #[test]
    fn what_is_read_is_found_in_the_checked_trees_by_place() {
        let plain = reads_of("move step { along all onto empty }");
        assert_eq!(plain, Reads::default());
        let in_rule = reads_of(
            "move step { along all onto empty if from != previous(to) and not moved(from) }",
        );
        assert!(in_rule.previous && !in_rule.previous_elsewhere);
        assert!(in_rule.moved && !in_rule.moved_elsewhere);
        let after = reads_of(
            "move step { along all onto empty }\nafter move require previous(from) != to and count(friend) > 0 and not moved(to)",
        );
        assert!(after.previous && !after.previous_elsewhere);
        assert!(after.moved && after.moved_elsewhere);
        let end = reads_of(
            "move step { along all onto empty }\nend { draw when repeated >= 3 or passes > 1 or previous(taken) > 0 }",
        );
        assert!(end.previous && end.previous_elsewhere);
        assert!(end.repetition && end.passes && !end.attacked);
        let unused =
            reads_of("move step { along all onto empty }\ndefine back(sq) = previous(to) == sq");
        assert!(!unused.previous);
    }
}

mod compile_lone_pieces {
    use crate::common::{compile, game};

    fn apart(game: &tabula::ir::Game, name: &str) -> bool {
        let rule = game.rules.iter().find(|r| r.name == name).expect("a rule");
        rule.steps_apart
    }

    /// A rule of one step whose walks from a square reach different squares, with no
    /// conditions on squares, finds a lone piece's landings in one look-up
    /// (`MoveRule::steps_apart`, `sample::tier_landings`); a run or a condition on squares
    /// walks as before. (That a piece's moves drawn so are the
    /// moves listed, in their order, `invariants::random_games_keep_every_invariant`
    /// checks in every shipped game.)
    #[test]
    fn one_step_rules_whose_walks_part_are_looked_up() {
        let chess = game("chess", "");
        for name in [
            "king_step",
            "king_take",
            "leap",
            "leap_take",
            "push",
            "pawn_take",
        ] {
            assert!(apart(&chess, name), "{name}");
        }
        for name in ["line_slide", "double_push", "castle_short"] {
            assert!(!apart(&chess, name), "{name}");
        }
        // A condition on squares (toward the centre) is read distance by distance.
        assert!(!apart(&game("zola", ""), "step"));
        // A custom direction with the compass's, on a board of points.
        let once = compile(
            "game \"T\"\nboard 3 x 3 lines { a1 to c1, a1 to a3, a1 to c3 }\nplayers A, B\n\
             pieces man\ndirection up = (0, 1)\nsetup { A man on a1 }\n\
             move step { along up, e, ne onto empty }\n",
        );
        assert!(apart(&once, "step"));
    }

    /// A sliding rule (a run from none up, no conditions on squares) keeps, for each walk,
    /// the squares up to the run's end from each square
    /// (`MoveRule::rays`): a lone piece's landings are its ray up to the first square it
    /// may not pass (`sample::tier_landings`). (That they are the moves listed, in their
    /// order, `invariants::random_games_keep_every_invariant` checks in every shipped game.)
    #[test]
    fn sliding_rules_keep_their_rays() {
        let chess = game("chess", "");
        let rule = |game: &tabula::ir::Game, name: &str| {
            game.rules
                .iter()
                .find(|r| r.name == name)
                .cloned()
                .expect("a rule")
        };
        let slide = rule(&chess, "line_slide");
        let a1 = chess.board.square("a1").unwrap();
        let up = slide.walks[0]
            .iter()
            .position(|w| w.delta == 8)
            .expect("north");
        let ray: Vec<String> = tabula::ir::Mask::squares(<u64 as tabula::ir::Mask>::at(
            &slide.rays[0][up],
            a1 as usize,
        ))
        .map(|sq| chess.board.name(sq).to_string())
        .collect();
        assert_eq!(ray, ["a2", "a3", "a4", "a5", "a6", "a7", "a8"]);
        for name in ["line_take", "diagonal_slide", "diagonal_take"] {
            assert!(!rule(&chess, name).rays.is_empty(), "{name}");
        }
        // One step, a run that must pass a square, a condition on squares.
        assert!(rule(&chess, "king_step").rays.is_empty());
        assert!(rule(&chess, "double_push").rays.is_empty());
        assert!(rule(&game("zola", ""), "capture").rays.is_empty());
        // A board of several words: a lance's ray runs up the file, the second player's down.
        let shogi = game("shogi", "");
        let lance = rule(&shogi, "lance_slide");
        let e5 = shogi.board.square("e5").unwrap();
        let ray = |player: usize| -> Vec<String> {
            let set =
                <tabula::ir::Wide<4> as tabula::ir::Mask>::at(&lance.rays[player][0], e5 as usize);
            tabula::ir::Mask::squares(set)
                .map(|sq| shogi.board.name(sq).to_string())
                .collect()
        };
        assert_eq!(ray(0), ["e6", "e7", "e8", "e9"]);
        assert_eq!(ray(1), ["e1", "e2", "e3", "e4"]);
    }
}

mod diagnostic_kind {
    use tabula::diagnostic::Kind;

    #[test]
    fn codes_are_distinct_snake_case_words() {
        let mut seen = std::collections::HashSet::new();
        for k in Kind::ALL {
            let c = k.code();
            assert!(seen.insert(c), "{c} twice");
            assert!(
                c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_'),
                "{c}"
            );
        }
    }
}

mod diagnostic_suggest {
    use tabula::diagnostic::did_you_mean;

    #[test]
    fn did_you_mean_finds_close_names_only() {
        let known = ["checker", "officer"];
        assert_eq!(did_you_mean("cheker", known), Some("checker"));
        assert_eq!(did_you_mean("soldier", known), None);
    }

    #[test]
    fn a_swapped_pair_of_letters_is_one_edit() {
        assert_eq!(did_you_mean("nroth", ["north", "south"]), Some("north"));
        assert_eq!(did_you_mean("ahaed", ["ahead", "far"]), Some("ahead"));
    }
}

mod engine_column {
    use tabula::engine::column::*;

    #[test]
    fn pushing_and_popping_keep_the_order() {
        let bits = 2;
        let mut col = 0;
        for code in [1, 2, 3, 4, 2] {
            col = push_bottom(col, code, bits);
        }
        assert_eq!(height_below(col), 5);
        assert_eq!(bottom_up(3, col, bits), [2, 4, 3, 2, 1, 3]);
        let (top, rest) = pop_top(col, bits).unwrap();
        assert_eq!(top, 1);
        assert_eq!(bottom_up(top, rest, bits), [2, 4, 3, 2, 1]);
        assert_eq!(pop_top(0, bits), None);
    }

    #[test]
    fn a_column_holds_as_many_pieces_as_its_bits_allow() {
        let bits = 2;
        let room = tabula::ir::Columns::room(bits) as u32;
        let mut col = 0;
        for i in 0..room {
            col = push_bottom(col, 1 + (i % 4) as u8, bits);
        }
        assert_eq!(height_below(col), room as usize);
        assert_eq!(
            below(col, room as usize - 1, bits),
            1 + ((room - 1) % 4) as u8
        );
    }
}

mod engine_key {
    use tabula::compile::{compile_source, Choices};
    use tabula::engine::{KeyLayout, Position, Small};

    /// A key holds the counters and the dice left to play: two positions that differ in
    /// them alone have different keys, and a position read back from its key has them.
    #[test]
    fn keys_hold_counters_and_dice() {
        let source = "game \"K\"\nboard 5 x 1\nplayers A, B\npieces p\ncounter hits = -3\ncounter turns shared\n\
                      dice 2 faces 1..3 doubles twice\nsetup { A p on a1 }\n\
                      move run { along e by die onto empty add 1 to turns add -1 to hits }\n";
        let game = compile_source(source, &Choices::default()).unwrap().game;
        let layout = KeyLayout::of(&game);
        // Played through `Position`, whose methods the library compiles (the generic
        // engine would be compiled again in this crate for a `State` of its own).
        let mut p = Position::start(&game);
        let roll = *p.legal_moves(&game).last().unwrap(); // 1-1: four moves of one
        p.make(&game, roll);
        let m = p.legal_moves(&game)[0];
        p.make(&game, m);
        let Position::Small(s) = p else {
            panic!("a board of 5 squares takes the small layout")
        };
        assert_eq!(
            (s.dice_left, s.counters[..3].to_vec()),
            (3, vec![-4, -3, 1])
        );
        let mut key = vec![0; layout.words];
        layout.write(&game, &s, &mut key);
        let back = layout.read::<Small>(&game, &key);
        assert_eq!(
            (back.dice, back.dice_left, back.counters),
            (s.dice, s.dice_left, s.counters)
        );
        let mut other = s;
        other.counters[2] = 2;
        let mut other_key = vec![0; layout.words];
        layout.write(&game, &other, &mut other_key);
        assert_ne!(key, other_key);
    }
}

mod engine_sowing {
    use tabula::compile::{compile_source, Choices};
    use tabula::engine::sowing::*;
    use tabula::engine::{Layout, Slot, SmallPits, SmallSlots, State};
    use tabula::rng::Rng;

    /// The packed sowing and the sowing over the slots agree seed for seed: the same end,
    /// the same pits, stores and capturer; or the packed form declines and leaves the
    /// position as it was. Over thousands of random positions of every shipped game that
    /// sows (relays, captures along the track, stores on the board), in both layouts a
    /// counting game's state can take: a word a pit, and a byte a pit.
    #[test]
    fn packed_and_slot_sowings_agree() {
        packed_and_slot_sowings_agree_in::<SmallSlots>();
        packed_and_slot_sowings_agree_in::<SmallPits>();
    }

    /// A counting game keeps a byte a pit while its pits cannot hold more than 255 seeds
    /// in all, and a word a pit otherwise: a position text with more seeds than the start
    /// makes the game as loaded keep words. The two layouts count the same moves.
    #[test]
    fn a_counting_game_keeps_a_byte_a_pit_while_its_seeds_fit() {
        use tabula::engine::LayoutKind;
        use tabula::engine::Position;
        use tabula::load::{load, GameSpec};
        use tabula::search::perft::perft_at;
        let at = |position: &str| {
            let spec = GameSpec {
                position: Some(position.to_string()),
                ..GameSpec::named("zigzag")
            };
            let loaded = load(&spec).unwrap();
            assert!(loaded.start.fits(&loaded.game), "{position}");
            (LayoutKind::of(&loaded.game), loaded.game.most_seeds)
        };
        let zigzag = load(&GameSpec::named("zigzag")).unwrap().game;
        assert_eq!(
            (LayoutKind::of(&zigzag), zigzag.most_seeds),
            (LayoutKind::SmallPits, 60)
        );
        let four_hundred = "200,0,0,0,0,0/0,0,0,0,0,200 South stores=0,0";
        assert_eq!(
            at("200,0,0,0,0,0/0,0,0,0,0,55 South stores=0,0"),
            (LayoutKind::SmallPits, 255)
        );
        assert_eq!(at(four_hundred), (LayoutKind::SmallSlots, 400));
        // Seeds in the stores never go back to the pits.
        assert_eq!(
            at("5,5,5,5,5,5/5,5,5,5,5,5 South stores=300,0"),
            (LayoutKind::SmallPits, 60)
        );
        let kalah = load(&GameSpec::named("kalah")).unwrap().game;
        for (game, depth, nodes) in [(&zigzag, 7, 212_236), (&kalah, 6, 23_233)] {
            // Counted by the library's `perft_at`, not a generic `perft` compiled here.
            let bytes = perft_at(game, &Position::SmallPits(State::start(game)), depth, 1);
            let words = perft_at(game, &Position::SmallSlots(State::start(game)), depth, 1);
            assert_eq!((bytes, words), (nodes, nodes), "{}", game.title);
        }
    }

    fn packed_and_slot_sowings_agree_in<Z: Layout>() {
        let mut rng = Rng::new(5);
        let mut packed_runs = 0;
        let mut games = 0;
        for name in tabula::load::shipped::names() {
            let (_, source) = tabula::load::shipped::find(name).expect("a shipped game");
            let game = compile_source(source, &Choices::default()).unwrap().game;
            let Some(sw) = game.sowing.as_ref() else {
                continue;
            };
            games += 1;
            let n = sw.count();
            for _ in 0..3000 {
                let mut s = State::<Z>::start(&game);
                s.slots = Z::no_slots();
                // Up to 255 seeds, more in a pit or two now and then.
                let total = rng.below(256);
                for _ in 0..total {
                    s.slots[rng.below(n)].add(1);
                }
                s.to_move = rng.below(2) as u8;
                let Some(x) = packed(sw, &s) else {
                    continue;
                };
                for &pit in &sw.lifts[s.to_move as usize] {
                    if s.seeds(pit as usize) == 0 {
                        continue;
                    }
                    let track = sw.first[s.to_move as usize * n + pit as usize];
                    let (mut a, mut b) = (s, s);
                    let by_packed = sow_packed(&game, sw, &mut a, pit, track, x);
                    let by_slots = sow_slots(&game, sw, &mut b, pit, track);
                    match by_packed {
                        Ok(sown) => {
                            packed_runs += 1;
                            let same =
                                |x: Option<Sown>| x.map(|s| (s.taken, s.laps, s.last, s.again));
                            assert_eq!(same(sown), same(by_slots));
                            assert!(a == b, "{pit} from {:?}", &s.slots.as_ref()[..n]);
                        }
                        Err(()) => assert!(a == s, "refused, and left as it was"),
                    }
                }
            }
        }
        assert!(
            games >= 3 && packed_runs > 10_000,
            "{games} games, {packed_runs} sowings"
        );
    }
}

mod engine_state {
    use tabula::engine::{
        Info, Large, Medium, MediumSlots, Move, PackedMove, Small, SmallPits, SmallSlots, State,
    };

    /// A state is as large as its layout: a game on 64 squares copies well under a
    /// kilobyte, and only a game on a large board pays for its room.
    #[test]
    fn states_and_moves_are_the_size_of_their_layout() {
        let sizes = [
            std::mem::size_of::<State<Small>>(),
            std::mem::size_of::<State<SmallSlots>>(),
            std::mem::size_of::<State<SmallPits>>(),
            std::mem::size_of::<State<Medium>>(),
            std::mem::size_of::<State<MediumSlots>>(),
            std::mem::size_of::<State<Large>>(),
            std::mem::size_of::<Info>(),
            std::mem::size_of::<Move>(),
            std::mem::size_of::<PackedMove>(),
        ];
        // A layout for stacks or counters keeps a set of tall squares besides its slots;
        // one for few seeds keeps a byte a pit and no tall squares.
        // A move has room for the longest chain; packed (as a search tree keeps it) it takes
        // 16 bytes, its steps kept aside when there are more than three.
        assert_eq!(sizes, [184, 704, 248, 496, 1040, 1744, 80, 58, 16]);
    }
}

mod engine_moves {
    use tabula::engine::{Move, MoveStore, PackedMove};
    use tabula::ir::{DirId, RuleId};

    /// A chain followed in place: a step pushed is the step `then` adds, popping it gives
    /// the move back, and a copy pushed to a list is the move, step for step, however far
    /// its steps were pushed and popped before.
    #[test]
    fn steps_pushed_and_popped_in_place_build_the_moves_then_builds() {
        let start = Move::step(3, RuleId(1), true, DirId(2), 12);
        let mut m = start;
        assert!(m.push_step(DirId(5), 21));
        assert_eq!(Some(m), start.then(DirId(5), 21));
        assert!(m.push_step(DirId(1), 30));
        m.pop_step();
        assert!(m.push_step(DirId(4), 19));
        let mut out = Vec::new();
        m.push_copy(&mut out);
        let built = start.then(DirId(5), 21).and_then(|b| b.then(DirId(4), 19));
        assert_eq!(out, vec![built.expect("room for three steps")]);
        assert_eq!(out[0].first_steps().len(), 3);
        // Popped steps leave nothing behind in a copy: it equals the move built afresh.
        m.pop_step();
        m.pop_step();
        assert_eq!(m.steps(), start.steps());
        m.push_copy(&mut out);
        assert_eq!(out[1], start);
        // A move at its longest takes no step more.
        let mut long = start;
        while long.push_step(DirId(0), 1) {}
        assert_eq!(long.steps().len(), tabula::engine::MAX_CHAIN);
        assert_eq!(long.then(DirId(0), 1), None);
    }

    /// Packed and unpacked, every move is itself again: a pass, a roll, a placement, moves
    /// of every length from one step to the longest, in one part or two, promoting or by a
    /// die; the short ones in place, the long ones aside, however many were packed before.
    #[test]
    fn a_packed_move_unpacks_to_the_move_it_was() {
        let mut moves = vec![Move::PASS, Move::roll(5), Move::place(RuleId(2), false, 40)];
        let mut m = Move::step(7, RuleId(3), false, DirId(1), 8);
        loop {
            moves.push(m);
            let mut two = m.second(DirId(6), 900, true).unwrap_or(m);
            two.promote = 3;
            two.die = 6;
            moves.push(two);
            match m.then(DirId(63), 1000 + moves.len() as u16 % 20) {
                Some(next) => m = next,
                None => break,
            }
        }
        let mut store = MoveStore::default();
        let packed: Vec<PackedMove> = moves.iter().map(|m| store.pack(m)).collect();
        for (m, p) in moves.iter().zip(&packed) {
            assert_eq!(store.unpack(p), *m, "{m:?}");
            assert_eq!(p.is_roll(), m.is_roll());
        }
        // Only the steps of moves longer than three were kept aside.
        let aside: usize = moves
            .iter()
            .map(|m| m.steps().len())
            .filter(|&n| n > PackedMove::IN_PLACE)
            .sum();
        assert_eq!(store.kept(), aside);
        assert!(aside > 0 && moves.len() == 3 + 2 * tabula::engine::MAX_CHAIN);
    }
}

mod eval_arith {
    use tabula::eval::arith::*;
    use tabula::ir::{BinOp, UnOp};

    /// `k OP x` is read as `x OP' x` with OP' the mirrored comparison (`0 < liberties(sq)`,
    /// `1 < height(to)`), and `not (a OP b)` as `a OP'' b` with OP'' the negated one: each
    /// says the same of every pair of values.
    #[test]
    fn mirrored_and_negated_comparisons_say_the_same() {
        let ops = [
            BinOp::Eq,
            BinOp::Ne,
            BinOp::Lt,
            BinOp::Le,
            BinOp::Gt,
            BinOp::Ge,
        ];
        for op in ops {
            let (mirrored, negated) = (op.mirrored().unwrap(), op.negated().unwrap());
            for a in -2..=2 {
                for b in -2..=2 {
                    let holds = binary_holds(op, a, b);
                    assert_eq!(binary_holds(mirrored, b, a), holds, "{a} {op:?} {b}");
                    assert_eq!(binary_holds(negated, a, b), !holds, "not {a} {op:?} {b}");
                }
            }
        }
        assert_eq!(BinOp::Add.mirrored(), None);
        assert_eq!(BinOp::Add.negated(), None);
    }

    #[test]
    fn arithmetic_that_overflows_is_none() {
        assert_eq!(binary(BinOp::Add, i64::MAX, 1), None);
        assert_eq!(binary(BinOp::Pow, 2, 64), None);
        assert_eq!(binary(BinOp::Pow, 2, 62), Some(1 << 62));
        assert_eq!(binary(BinOp::Div, 7, 0), Some(0));
        assert_eq!(binary(BinOp::Mod, i64::MIN, -1), None);
        assert_eq!(unary(UnOp::Neg, i64::MIN), None);
    }
}

mod eval_board {
    use tabula::eval::board::*;
    use tabula::eval::Env;
    use tabula::ir::expr::OFF;

    /// A step too long for any board leads off it: it neither wraps round to a square nor
    /// overflows (`to + (9223372036854775807, 0)`).
    #[test]
    fn a_step_beyond_any_board_is_off() {
        let used = [true; 9];
        let env: Env = Env {
            width: 3,
            cells: 9,
            used: &used,
            ..Env::constant()
        };
        assert_eq!(offset(&env, 4, 1, 1), 8);
        for (dx, dy) in [
            (i64::MAX, 0),
            (0, i64::MAX),
            (i64::MIN, 0),
            (0, i64::MIN),
            (-1, i64::MIN),
        ] {
            assert_eq!(offset(&env, 4, dx, dy), OFF, "({dx}, {dy})");
        }
    }

    /// A board's hash is the cells read as little-endian words of eight (the last padded
    /// with zeros), word `i` mixed into lane `i % 4`, then the slots into the first lane
    /// and the lanes into one: the same number however the cells are read, on boards of
    /// every length, so that `seen` keeps its answers.
    #[test]
    fn a_boards_hash_mixes_its_words_lane_by_lane() {
        use tabula::eval::SlotView;
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let mix = |lane: &mut u64, w: u64| {
            *lane = (*lane ^ w).wrapping_mul(PRIME);
            *lane ^= *lane >> 29;
        };
        let by_words = |cells: &[u8], slots: &[u64]| {
            let mut lanes = [
                0xcbf2_9ce4_8422_2325u64,
                0x9e37_79b9_7f4a_7c15,
                0xc2b2_ae3d_27d4_eb4f,
                0x1656_67b1_9e37_79f9,
            ];
            for (i, chunk) in cells.chunks(8).enumerate() {
                let mut word = [0u8; 8];
                word[..chunk.len()].copy_from_slice(chunk);
                mix(&mut lanes[i % 4], u64::from_le_bytes(word));
            }
            slots.iter().for_each(|&s| mix(&mut lanes[0], s));
            let mut h = lanes[0];
            lanes[1..].iter().for_each(|&lane| mix(&mut h, lane));
            h
        };
        let mut rng = tabula::rng::Rng::new(9);
        let mut seen = std::collections::HashSet::new();
        for len in 0..=100 {
            let cells: Vec<u8> = (0..len).map(|_| rng.below(5) as u8).collect();
            let slots = [rng.below(1000) as u64, 7];
            let h = board_hash(&cells, SlotView::Words(&slots));
            assert_eq!(h, by_words(&cells, &slots), "{len} cells");
            seen.insert(h);
        }
        assert_eq!(seen.len(), 101, "boards that differ hash apart");
    }
}

mod eval_run {
    use tabula::eval::Env;
    use tabula::ir::{BinOp, Expr, Program, UnOp};

    fn int(n: i64) -> Box<Expr> {
        Box::new(Expr::Int(n))
    }

    fn bin(op: BinOp, a: Box<Expr>, b: Box<Expr>) -> Box<Expr> {
        Box::new(Expr::Binary(op, a, b))
    }

    /// Programs compute what arithmetic says, short-circuits included (`0 and 1 / 0` is
    /// never divided), and overflow gives no value.
    #[test]
    fn programs_compute_their_values() {
        let env: Env = Env::constant();
        let cases = [
            (
                bin(BinOp::Add, int(2), bin(BinOp::Mul, int(3), int(4))),
                Some(14),
            ),
            (
                bin(BinOp::And, int(0), bin(BinOp::Div, int(1), int(0))),
                Some(0),
            ),
            (bin(BinOp::Or, int(7), int(0)), Some(1)),
            (bin(BinOp::Or, int(0), int(0)), Some(0)),
            (bin(BinOp::And, int(3), int(5)), Some(1)),
            (
                Box::new(Expr::Min(int(3), bin(BinOp::Sub, int(1), int(9)))),
                Some(-8),
            ),
            (
                Box::new(Expr::Unary(UnOp::Not, bin(BinOp::Eq, int(1), int(1)))),
                Some(0),
            ),
            (bin(BinOp::Pow, int(2), int(70)), None),
        ];
        for (e, want) in cases {
            assert_eq!(Program::of(&e).eval(&env), want, "{e:?}");
        }
        let all = Program::all(&[Expr::Int(1), Expr::Int(2), Expr::Int(0)]).unwrap();
        assert_eq!(all.eval(&env), Some(0));
        let all = Program::all(&[Expr::Int(1), Expr::Int(2)]).unwrap();
        assert_eq!(all.eval(&env), Some(1));
        assert_eq!(Program::all(&[]), None);
    }

    /// The program of `e` as emitted, before `fuse`.
    fn unfused(e: &Expr) -> Program {
        let mut p = Program::default();
        let mut height = 0;
        p.emit(e, &mut height);
        p.thread_jumps();
        p
    }

    /// The operators of the random conditions below: comparisons, `and`, `or`, and
    /// arithmetic that may overflow.
    const OPS: [BinOp; 8] = [
        BinOp::Eq,
        BinOp::Ne,
        BinOp::Lt,
        BinOp::Ge,
        BinOp::And,
        BinOp::Or,
        BinOp::Add,
        BinOp::Mul,
    ];

    /// Fused comparisons and dropped `Bool`s change no value: thousands of conditions of
    /// comparisons, `and`, `or`, `not` and arithmetic (which may overflow, and so is never
    /// fused) give what the program as emitted gives.
    #[test]
    fn fusing_changes_no_value() {
        let mut rng = tabula::rng::Rng::new(12345);
        let mut next = |n: u64| rng.below(n as usize) as u64;
        fn build(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Box<Expr> {
            match next(if depth == 0 { 1 } else { 4 }) {
                0 => int([0, 1, 2, i64::MAX][next(4) as usize]),
                1 => Box::new(Expr::Unary(UnOp::Not, build(next, depth - 1))),
                _ => bin(
                    OPS[next(OPS.len() as u64) as usize],
                    build(next, depth - 1),
                    build(next, depth - 1),
                ),
            }
        }
        let env: Env = Env::constant();
        let mut fused_some = 0;
        for _ in 0..5000 {
            let e = build(&mut next, 4);
            let (p, q) = (Program::of(&e), unfused(&e));
            assert_eq!(p.eval(&env), q.eval(&env), "{e:?}");
            fused_some += usize::from(p.ops.len() < q.ops.len());
        }
        assert!(fused_some > 1000, "{fused_some}");
    }

    /// The value of `e` read from its tree, as the language defines it (`and`, `or` and
    /// `not` give 0 or 1, `and` and `or` read their second part only when the first does
    /// not decide, arithmetic that overflows has no value): what the programs are checked
    /// against, apart from how they are emitted.
    fn tree_value(e: &Expr) -> Option<i64> {
        match e {
            Expr::Int(n) => Some(*n),
            Expr::Unary(UnOp::Not, a) => Some(i64::from(tree_value(a)? == 0)),
            Expr::Binary(BinOp::And, a, b) => match tree_value(a)? {
                0 => Some(0),
                _ => Some(i64::from(tree_value(b)? != 0)),
            },
            Expr::Binary(BinOp::Or, a, b) => match tree_value(a)? {
                0 => Some(i64::from(tree_value(b)? != 0)),
                _ => Some(1),
            },
            Expr::Binary(op, a, b) => {
                let (a, b) = (tree_value(a)?, tree_value(b)?);
                match op {
                    BinOp::Add => a.checked_add(b),
                    BinOp::Mul => a.checked_mul(b),
                    BinOp::Eq => Some(i64::from(a == b)),
                    BinOp::Ne => Some(i64::from(a != b)),
                    BinOp::Lt => Some(i64::from(a < b)),
                    BinOp::Ge => Some(i64::from(a >= b)),
                    BinOp::Gt => Some(i64::from(a > b)),
                    _ => unreachable!("{op:?} is not generated"),
                }
            }
            _ => unreachable!("{e:?} is not generated"),
        }
    }

    /// `not` taken inward (`not (a and b)` read as `not a or not b`, `not (a == b)` as `a !=
    /// b`) changes no value: thousands of random conditions, read as programs, give what
    /// their trees give.
    #[test]
    fn not_taken_inward_changes_no_value() {
        let mut rng = tabula::rng::Rng::new(4242);
        fn build(rng: &mut tabula::rng::Rng, depth: u32) -> Box<Expr> {
            match rng.below(if depth == 0 { 1 } else { 3 }) {
                0 => int([0, 1, 2, i64::MAX][rng.below(4)]),
                // Every other node a `not`, so that most have one to take inward.
                1 => Box::new(Expr::Unary(UnOp::Not, build(rng, depth - 1))),
                _ => bin(
                    OPS[rng.below(OPS.len())],
                    Box::new(Expr::Unary(UnOp::Not, build(rng, depth - 1))),
                    build(rng, depth - 1),
                ),
            }
        }
        let env: Env = Env::constant();
        let mut none = 0;
        for _ in 0..5000 {
            let e = build(&mut rng, 5);
            let want = tree_value(&e);
            none += usize::from(want.is_none());
            assert_eq!(Program::of(&e).eval(&env), want, "{e:?}");
        }
        assert!(none > 20, "{none} overflow");
    }

    /// `a or not (b and c …)` of comparisons, the shape of a rule that forbids one case, is
    /// read without the stack once its `not` has gone inward (`Program::disjunction`); so
    /// is an `and` of `not`s of values read (`Program::conjunction`).
    #[test]
    fn an_or_of_comparisons_is_read_in_a_row() {
        let env: Env = Env::constant();
        let cmp = |op, a, b| bin(op, int(a), int(b));
        for (a, b, c, want) in [(1, 0, 0, 1), (0, 1, 1, 0), (0, 1, 0, 1), (0, 0, 1, 1)] {
            let inner = bin(BinOp::And, cmp(BinOp::Eq, b, 1), cmp(BinOp::Ge, c, 1));
            let e = bin(
                BinOp::Or,
                cmp(BinOp::Gt, a, 0),
                Box::new(Expr::Unary(UnOp::Not, inner)),
            );
            let p = Program::of(&e);
            assert!(p.disjunction && !p.conjunction, "{:?}", p.ops);
            assert_eq!(p.eval(&env), Some(want), "{e:?}");
            assert_eq!(tree_value(&e), Some(want));
        }
        // `not x` of a value read is `x == 0`, one operation: a chain of them is read in a
        // row too (`not moved(from) and not attacked(from)`).
        let not = |e: Expr| Box::new(Expr::Unary(UnOp::Not, Box::new(e)));
        let e = bin(BinOp::And, not(Expr::Clock), not(Expr::Passes));
        let p = Program::of(&e);
        assert!(p.conjunction && p.ops.len() == 3, "{:?}", p.ops);
        assert_eq!(p.eval(&env), Some(1));
    }

    /// `a and b and …` of comparisons (or of `not` comparisons, each fused into the
    /// opposite comparison) is read without the stack (`Program::conjunction`), written as
    /// one condition or as a rule's several (`Program::all`), and gives what the program as
    /// emitted gives: the first false decides.
    #[test]
    fn a_conjunction_of_comparisons_is_read_in_a_row() {
        let mut rng = tabula::rng::Rng::new(77);
        let env: Env = Env::constant();
        let ops = [BinOp::Eq, BinOp::Ne, BinOp::Lt, BinOp::Ge];
        let (mut falses, mut trues) = (0, 0);
        for _ in 0..2000 {
            let n = 2 + rng.below(4);
            // Some parts are `not (a OP b)`, which is `a` against `b` the other way.
            let parts: Vec<Expr> = (0..n)
                .map(|_| {
                    let op = ops[rng.below(ops.len())];
                    let part = bin(op, int(rng.below(3) as i64), int(rng.below(3) as i64));
                    match rng.below(2) {
                        0 => *part,
                        _ => Expr::Unary(UnOp::Not, part),
                    }
                })
                .collect();
            let joined = parts[1..].iter().fold(Box::new(parts[0].clone()), |a, b| {
                bin(BinOp::And, a, Box::new(b.clone()))
            });
            let (p, q) = (Program::of(&joined), unfused(&joined));
            assert!(p.conjunction, "{joined:?}: {:?}", p.ops);
            assert_eq!(p.eval(&env), q.eval(&env), "{joined:?}");
            let all = Program::all(&parts).unwrap();
            assert!(all.conjunction, "{:?}", all.ops);
            assert_eq!(all.eval(&env), q.eval(&env), "{parts:?}");
            match p.eval(&env) {
                Some(0) => falses += 1,
                _ => trues += 1,
            }
        }
        assert!(falses > 100 && trues > 100, "{falses} {trues}");
    }

    /// Two values read, combined and compared with a constant (`count(friend) +
    /// count(friend in hand) <= 2`) are read without the stack, and give what the program
    /// as emitted gives, overflow (no value) included.
    #[test]
    fn two_values_combined_and_compared_are_read_without_the_stack() {
        use tabula::ir::program::Op;
        let mut rng = tabula::rng::Rng::new(78);
        let arith = [BinOp::Add, BinOp::Sub, BinOp::Mul];
        let compare = [BinOp::Eq, BinOp::Lt, BinOp::Le, BinOp::Gt];
        let values = [0, 1, 2, 3, u32::MAX];
        let (mut overflows, mut trues, mut falses) = (0, 0, 0);
        for _ in 0..2000 {
            let mut pick = |options: &[u32]| options[rng.below(options.len())];
            let (clock, passes, k) = (pick(&values), pick(&values), pick(&[0, 1, 2, 5]));
            let env: Env = Env {
                clock,
                passes,
                ..Env::constant()
            };
            let op = arith[rng.below(arith.len())];
            let cmp = compare[rng.below(compare.len())];
            let e = bin(
                cmp,
                bin(op, Box::new(Expr::Clock), Box::new(Expr::Passes)),
                int(k as i64),
            );
            let p = Program::of(&e);
            assert!(
                matches!(p.ops.as_slice(), [_, _, Op::Binary(_), Op::BinaryConst(..)]),
                "{:?}",
                p.ops
            );
            let value = p.eval(&env);
            assert_eq!(value, unfused(&e).eval(&env), "{e:?} at {clock}, {passes}");
            match value {
                None => overflows += 1,
                Some(0) => falses += 1,
                Some(_) => trues += 1,
            }
        }
        assert!(
            overflows > 5 && trues > 100 && falses > 100,
            "{overflows} {trues} {falses}"
        );
    }

    /// A square of the move, perhaps a step away, and one thing read of the board there
    /// (`moved(to + (1, 0))`, `from + (0, 1) is empty`), is fused into one operation
    /// (`Op::Probe`), and with a `not` into one comparison, so that a rule's `and` or `or`
    /// of such parts is read in a row (`Program::conjunction`, `disjunction`); fused or not, every condition has the same value on every
    /// pair of squares, on and off the board.
    #[test]
    fn a_square_read_of_the_board_is_one_operation() {
        use tabula::ir::{Pattern, SquareRef, MAX_PLAYERS};
        let used = [true, true, true, true, false, true, true, true, true];
        let codes = [0u8, 1, 2, 1, 0, 2, 0, 1, 0];
        let mut rng = tabula::rng::Rng::new(91);
        let square = |r: &mut tabula::rng::Rng| {
            let sq = Box::new(Expr::Square([SquareRef::From, SquareRef::To][r.below(2)]));
            match r.below(3) {
                0 => sq,
                _ => {
                    let step = ((r.below(5) as i64) - 2, (r.below(3) as i64) - 1);
                    Box::new(Expr::Offset(sq, [step; MAX_PLAYERS]))
                }
            }
        };
        let read = |r: &mut tabula::rng::Rng| -> Box<Expr> {
            let sq = square(r);
            let part = match r.below(3) {
                0 => Expr::Moved(sq),
                1 => Expr::Is(
                    sq,
                    Pattern {
                        masks: [0b010; MAX_PLAYERS],
                    },
                    false,
                ),
                _ => Expr::Is(
                    sq,
                    Pattern {
                        masks: [0b101; MAX_PLAYERS],
                    },
                    true,
                ),
            };
            match r.below(2) {
                0 => Box::new(part),
                _ => Box::new(Expr::Unary(UnOp::Not, Box::new(part))),
            }
        };
        let (mut probes, mut rows) = (0, 0);
        for _ in 0..500 {
            let n = 1 + rng.below(4);
            let parts: Vec<Expr> = (0..n).map(|_| *read(&mut rng)).collect();
            let op = [BinOp::And, BinOp::Or][rng.below(2)];
            let joined = parts[1..].iter().fold(Box::new(parts[0].clone()), |a, b| {
                bin(op, a, Box::new(b.clone()))
            });
            let (p, q) = (Program::of(&joined), unfused(&joined));
            // Each part one operation: a probe, or one compared with 0 (`not`).
            assert_eq!(p.ops.len(), 2 * n - 1, "{joined:?}: {:?}", p.ops);
            probes += p.probes.len();
            let all = Program::all(&parts).unwrap();
            if n > 1 {
                let row = match op {
                    BinOp::And => p.conjunction && all.conjunction,
                    _ => p.disjunction,
                };
                assert!(row, "{joined:?}: {:?}", p.ops);
                rows += 1;
            }
            for (from, to, moved) in (0..9 * 10 * 4).map(|i| (i % 9, i / 9 % 10, i / 90)) {
                let env: Env = Env {
                    width: 3,
                    cells: 9,
                    used: &used,
                    cell_codes: &codes,
                    from,
                    // 9: no square (a piece placed has no `from`; here `to`).
                    to: if to == 9 { u16::MAX } else { to },
                    moved: [0u64, 0b1_0000_0001, 0b0_1010_0110, 0b1_1111_1111][moved as usize],
                    ..Env::constant()
                };
                let want = q.eval(&env);
                assert_eq!(p.eval(&env), want, "{joined:?} from {from} to {to}");
                if op == BinOp::And {
                    assert_eq!(all.eval(&env).map(|v| v != 0), want.map(|v| v != 0));
                }
            }
        }
        assert!(probes > 1000 && rows > 300, "{probes} {rows}");
    }
}

mod ir_board {
    use tabula::ir::board::*;
    use tabula::ir::DirId;

    #[test]
    fn square_names_round_trip() {
        for (f, r) in [(0, 0), (2, 2), (25, 7), (26, 0), (27, 99)] {
            assert_eq!(parse_square_name(&square_name(f, r)), Some((f, r)));
        }
        assert_eq!(square_name(0, 0), "a1");
        assert_eq!(square_name(26, 9), "aa10");
        assert_eq!(parse_square_name("a0"), None);
        assert_eq!(parse_square_name("A1"), None);
    }

    #[test]
    fn neighbours_stop_at_edges_and_unused_squares() {
        let dirs = vec![
            Direction {
                name: "e".into(),
                dx: 1,
                dy: 0,
            },
            Direction {
                name: "ne".into(),
                dx: 1,
                dy: 1,
            },
        ];
        let used = vec![true, false, true, true];
        let b = Board::new(Shape::Square, 2, 2, used, dirs);
        assert_eq!(b.next(0, DirId(0)), NO_SQUARE, "b1 is not used");
        assert_eq!(b.next(0, DirId(1)), 3);
        assert_eq!(b.next(2, DirId(0)), 3);
        assert_eq!(b.next(3, DirId(0)), NO_SQUARE, "off the board");
    }
}

mod ir_dice {
    use tabula::ir::dice::*;

    #[test]
    fn two_six_sided_dice_fall_21_ways_doubles_twice_as_rare() {
        let d = Dice::new(2, (1..=6).collect(), false, true, true);
        assert_eq!(d.rolls.len(), 21);
        assert_eq!(d.throws, 36);
        let weights: u32 = d.rolls.iter().map(|r| r.weight).sum();
        assert_eq!(weights, 36);
        let double = &d.rolls[d.roll_named("6-6").unwrap()];
        assert_eq!(
            (double.weight, double.play_len, double.play),
            (1, 4, [6; 4])
        );
        let mixed = &d.rolls[d.roll_named("1-3").unwrap()];
        assert_eq!((mixed.weight, mixed.text()), (2, "3-1".to_string()));
        assert_eq!(&mixed.play[..mixed.play_len as usize], &[3, 1]);
    }

    #[test]
    fn four_two_sided_dice_summed_fall_as_a_binomial() {
        let d = Dice::new(4, vec![0, 1], true, false, false);
        let by_total: Vec<(String, u32)> = d.rolls.iter().map(|r| (r.text(), r.weight)).collect();
        assert_eq!(
            by_total,
            [("4", 1), ("3", 4), ("2", 6), ("1", 4), ("0", 1)].map(|(t, w)| (t.to_string(), w))
        );
        assert_eq!(d.roll_of_throw(0), 0);
        assert_eq!(d.roll_of_throw(15), 4);
    }

    /// The table of where a die takes a piece says what walking step by step says, for
    /// every square, direction and distance, past the end included; on a board with an
    /// unused square, so that lines stop short.
    #[test]
    fn die_walks_land_where_walking_does() {
        use tabula::ir::board::{Board, Direction, Shape, NO_SQUARE};
        use tabula::ir::DirId;
        let dirs: Vec<Direction> = [("e", 1, 0), ("n", 0, 1), ("sw", -1, -1)]
            .map(|(name, dx, dy)| Direction {
                name: name.into(),
                dx,
                dy,
            })
            .into();
        let mut used = vec![true; 5 * 3];
        used[7] = false;
        let board = Board::new(Shape::Square, 5, 3, used, dirs);
        let walks = DieWalks::new(&board, 6);
        assert_eq!(walks.most, 6);
        let mut lines_end = 0;
        for dir in 0..3u8 {
            let dir = DirId(dir);
            for sq in 0..15u16 {
                // The squares along the line, walked one step at a time.
                let mut line = vec![sq];
                while let Some(&last) = line.last().filter(|_| line.len() <= 6) {
                    match board.next(last, dir) {
                        NO_SQUARE => break,
                        next => line.push(next),
                    }
                }
                let steps = line.len() - 1;
                for d in 0..=6u8 {
                    let d_ = d as usize;
                    let exact = if d_ <= steps { line[d_] } else { NO_SQUARE };
                    assert_eq!(walks.exact(dir, d, sq), exact, "{dir:?} {d} from {sq}");
                    let past = if steps > 0 && steps < d_ {
                        lines_end += 1;
                        (line[steps], steps as u8)
                    } else {
                        (NO_SQUARE, 0)
                    };
                    assert_eq!(walks.past_end(dir, d, sq), past, "{dir:?} {d} from {sq}");
                }
            }
        }
        assert!(
            lines_end > 50,
            "the lines end short often enough to test it"
        );
        assert_eq!(
            DieWalks::new(&board, 0).most,
            0,
            "no table without distances"
        );
    }
}

mod ir_mask {
    use tabula::ir::mask::*;
    use tabula::ir::{Sq, SquareSet};

    fn check<M: Mask + std::fmt::Debug>(squares: &[Sq]) {
        let mut m = M::default();
        for &sq in squares {
            m |= M::bit(sq);
        }
        assert_eq!(m.count() as usize, squares.len());
        assert_eq!(m.lowest(), *squares.iter().min().unwrap());
        assert_eq!(m.highest(), *squares.iter().max().unwrap());
        let mut sorted = squares.to_vec();
        sorted.sort();
        assert_eq!(m.squares().collect::<Vec<_>>(), sorted);
        let mut set = SquareSet::default();
        m.store(&mut set);
        assert_eq!(M::from_set(&set), m);
        assert!(squares.iter().all(|&sq| m.has(sq)));
    }

    fn shifts_carry_between_words<const N: usize>() {
        let size = 64 * N as i32;
        for sq in [0u16, 5, 63, 64, 100, 191, 200, 700, 1000, 1023] {
            if sq as i32 >= size {
                continue;
            }
            for delta in [
                1i32, -1, 9, -9, 19, -19, 63, 64, 65, -64, -70, 130, 600, -600,
            ] {
                let to = sq as i32 + delta;
                let shifted = Wide::<N>::bit(sq).shift(delta);
                if (0..size).contains(&to) {
                    assert_eq!(shifted, Wide::<N>::bit(to as Sq), "{sq} by {delta}");
                } else {
                    assert!(shifted.is_empty(), "{sq} by {delta}");
                }
            }
        }
    }

    #[test]
    fn wide_shifts_carry_between_words() {
        shifts_carry_between_words::<4>();
        shifts_carry_between_words::<16>();
    }

    #[test]
    fn every_width_agrees() {
        check::<u64>(&[0, 5, 63, 17]);
        check::<Wide<4>>(&[0, 5, 63, 17]);
        check::<Wide<4>>(&[64, 200, 255, 3, 130]);
        check::<Wide<16>>(&[64, 200, 255, 3, 130, 1023, 512, 700]);
    }
}

mod ir_pattern {
    use tabula::ir::Pattern;

    /// A pattern read from the occupied sets alone takes whole owners: of two piece types
    /// and two owners (codes 1 and 2 the first's, 3 and 4 the second's), `friend` is the
    /// reader's own set, `enemy` the other's; one type of piece, or an empty square, must
    /// be read from the cells.
    #[test]
    fn whole_owners_are_the_owners_whose_every_piece_matches() {
        let read = |codes: u64, player: u8| {
            let mut masks = [0; 4];
            masks[player as usize] = codes;
            Pattern { masks }.whole_owners(player, 2, 2)
        };
        assert_eq!(read(0b00110, 0), Some(0b01), "friend of the first");
        assert_eq!(read(0b11000, 1), Some(0b10), "friend of the second");
        assert_eq!(read(0b11000, 0), Some(0b10), "enemy of the first");
        assert_eq!(read(0b11110, 1), Some(0b11), "any piece");
        assert_eq!(read(0, 0), Some(0), "nothing");
        assert_eq!(read(0b00010, 0), None, "one type of the two");
        assert_eq!(read(0b00111, 0), None, "friend or empty");
    }
}

mod overwrite {
    use tabula::overwrite::*;

    #[test]
    fn only_a_file_of_the_same_kind_is_replaced() {
        let dir = std::env::temp_dir().join(format!("tabula-overwrite-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let svg = |b: &[u8]| b.starts_with(b"<svg");
        let new = dir.join("new.svg");
        assert!(may_replace(new.to_str().unwrap(), svg));
        let old = dir.join("old.svg");
        std::fs::write(&old, "<svg></svg>").unwrap();
        assert!(may_replace(old.to_str().unwrap(), svg));
        let rules = dir.join("rules.game");
        std::fs::write(&rules, "game \"T\"\n").unwrap();
        assert!(!may_replace(rules.to_str().unwrap(), svg));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

mod present_board {
    use tabula::engine::Position;
    use tabula::present::board::*;

    /// Each player's pieces in the colour their name says, and the last move's square on a
    /// yellow ground: the piece's letter only, not the space before it.
    #[test]
    fn colours_follow_the_players_names() {
        // Blue moves first and writes upper case: its pieces are blue, Red's red.
        let source = "game \"T\"\nboard 2 x 1\nplayers Blue, Red\npieces soldier\nmove step { along n onto empty }\n";
        let game = tabula::compile::compile_source(source, &Default::default())
            .unwrap()
            .game;
        let s = Position::from_cells(&game, &[game.code(0, 0), game.code(1, 0)], 0);
        let drawing = board_drawing(&game, &s);
        assert_eq!(drawing.lines[0], "1 | S s");
        assert_eq!(
            colour_drawing(&game, &drawing, &[])[0],
            "1 | \x1b[1;34mS\x1b[39;22m \x1b[1;31ms\x1b[39;22m"
        );
        // The last move's square (b1) on a yellow ground.
        assert_eq!(
            colour_drawing(&game, &drawing, &[1])[0],
            "1 | \x1b[1;34mS\x1b[39;22m \x1b[43m\x1b[1;31ms\x1b[39;22m\x1b[49m"
        );
    }
}

mod repl_input {
    use tabula::repl::input::square_words;

    #[test]
    fn square_words_split_every_way_a_move_is_typed() {
        for text in ["c3xe5", "c3-e5", "c3 e5", "c3e5", " c3 , e5 "] {
            assert_eq!(square_words(text), ["c3", "e5"], "{text}");
        }
        assert_eq!(square_words("c4xc6xa6xc4"), ["c4", "c6", "a6", "c4"]);
        assert_eq!(square_words("hello"), ["hello"]);
    }
}

mod search_threads {
    use std::sync::Mutex;
    use tabula::search::threads::*;

    #[test]
    fn results_come_back_in_item_order_at_any_thread_count() {
        for threads in [1, 2, 3, 8, 100] {
            let squares = each(50, threads, || (), |_, i| i * i);
            assert_eq!(squares, (0..50).map(|i| i * i).collect::<Vec<_>>());
        }
        assert!(each(0, 4, || (), |_, i| i).is_empty());
    }

    #[test]
    fn each_into_runs_every_item_once_and_returns_the_workers() {
        for threads in [1, 2, 3, 8] {
            let workers = each_into(1000, threads, Vec::new, |seen: &mut Vec<usize>, i| {
                seen.push(i)
            });
            assert!(workers.len() <= threads);
            let mut all: Vec<usize> = workers.into_iter().flatten().collect();
            all.sort_unstable();
            assert_eq!(all, (0..1000).collect::<Vec<_>>());
        }
    }

    #[test]
    fn each_thread_keeps_its_own_worker() {
        // A worker counts the items it ran; the counts add up to the items.
        let counts = Mutex::new(Vec::new());
        struct Counter<'a>(usize, &'a Mutex<Vec<usize>>);
        impl Drop for Counter<'_> {
            fn drop(&mut self) {
                self.1.lock().unwrap().push(self.0);
            }
        }
        each(
            40,
            3,
            || Counter(0, &counts),
            |w, _| {
                w.0 += 1;
            },
        );
        let counts = counts.into_inner().unwrap();
        assert!(counts.len() <= 3);
        assert_eq!(counts.iter().sum::<usize>(), 40);
    }
}

mod syntax_brackets {
    use tabula::syntax::brackets::brackets;

    #[test]
    fn brackets_in_comments_and_titles_are_not_brackets() {
        let found: Vec<_> = brackets("game \"a (title\"\n{ # a ( comment\n(x) }").collect();
        assert_eq!(found, [(16, '{'), (32, '('), (34, ')'), (36, '}')]);
    }
}

mod syntax_first_words {
    use tabula::syntax::first_words::*;

    #[test]
    fn keywords_begin_with_their_own_word() {
        assert_eq!(first_words("kw_pieces"), ["pieces"]);
        assert_eq!(first_words("option_decl"), ["option"]);
    }

    #[test]
    fn a_choice_begins_with_each_alternatives_words() {
        assert_eq!(
            first_words("pattern"),
            ["any", "empty", "enemy", "friend", "neutral", "occupied", "off"]
        );
        assert_eq!(first_words("chain_mode"), ["may", "must"]);
    }

    #[test]
    fn an_optional_part_lets_the_next_words_begin_the_rule() {
        // `hand_fill = { ident? ~ int ~ …}`: a name or a number, no word.
        assert!(first_words("hand_fill").is_empty());
        // `placement` may begin with `put`.
        assert!(first_words("placement").contains(&"put"));
    }

    #[test]
    fn reserved_words_are_the_keyword_rule() {
        let reserved = reserved_words();
        assert!(reserved.contains(&"x") && reserved.contains(&"pieces"));
        assert!(!reserved.contains(&"relative"));
    }
}

mod syntax_recovery {
    use tabula::syntax::first_words::first_words;
    use tabula::syntax::recovery::*;

    #[test]
    fn every_declaration_keyword_has_its_form() {
        for word in first_words("item") {
            assert!(
                DECLARATIONS.iter().any(|d| d.word == *word),
                "no form for `{word}`"
            );
        }
    }

    /// The help's "see SECTION in docs/LANGUAGE.md" names a section the reference has.
    #[test]
    fn every_declaration_names_a_section_of_the_reference() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/LANGUAGE.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let headings: Vec<&str> = doc
            .lines()
            .filter_map(|l| l.strip_prefix("## ").or_else(|| l.strip_prefix("### ")))
            .collect();
        for d in DECLARATIONS {
            assert!(
                headings.contains(&d.section),
                "`{}`: docs/LANGUAGE.md has no section \"{}\"",
                d.word,
                d.section
            );
        }
    }
}

pub mod compile_tier_plans {
    use crate::common::compile;
    use tabula::ir::{OwnerPattern, RuleId, TierStep, WalkReads};

    /// Kings, rooks and pawns: a king's step and its twin, a gated slide, a pawn's push and
    /// a pawn's move that takes by an effect. Its random games keep every invariant
    /// (`invariants::a_tier_plan_draws_as_the_moves_are_listed`).
    pub const GAME: &str = "game \"Plans\"\nboard 6 x 6\nplayers White, Black\n\
        pieces king, rook, pawn\n\
        setup {\n  king where row == 0 and file == 0\n  rook where row == 0 and file == 5\n\
        \x20 pawn where row == 1 and file > 1\n}\n\
        move king_step { piece king  along all  onto empty }\n\
        move king_take { piece king  along all  onto enemy }\n\
        move slide { piece rook  along orthogonal  over 0+ empty  onto empty  if count(friend pawn) > 2 }\n\
        move push { piece pawn  along forward  onto empty }\n\
        move shove { piece pawn  along forward  onto enemy pawn  take { along forward onto enemy } }\n\
        after move require not attacked(friend king)\nno move: lose\n\
        clock resets on push, shove, king_take\nend { draw when clock >= 40 }\n";

    /// The sampler's plan: a twin has no step of its own, a walked rule reads unions of
    /// sets unless it has a gate, and a rule with an effect is listed; each player reads
    /// its own owner's pieces and the other's.
    #[test]
    fn a_tier_plan_walks_twins_together_and_reads_sets_where_it_can() {
        let g = compile(GAME);
        let (empty, nothing) = (
            OwnerPattern {
                empty: true,
                owners: 0,
            },
            OwnerPattern::default(),
        );
        let enemy = |p: u8| OwnerPattern {
            empty: false,
            owners: 1 << (1 - p),
        };
        let plan = |p: u8| {
            vec![
                TierStep::Walked {
                    rule: RuleId(0),
                    twin: Some(RuleId(1)),
                    reads: Some(WalkReads {
                        types: 0b001,
                        two_types: Some([0, 0]),
                        onto: empty,
                        run: None,
                        twin_onto: enemy(p),
                    }),
                },
                TierStep::Walked {
                    rule: RuleId(2),
                    twin: None,
                    reads: None,
                },
                TierStep::Walked {
                    rule: RuleId(3),
                    twin: None,
                    reads: Some(WalkReads {
                        types: 0b100,
                        two_types: Some([2, 2]),
                        onto: empty,
                        run: None,
                        twin_onto: nothing,
                    }),
                },
                TierStep::Listed(RuleId(4)),
            ]
        };
        assert_eq!(g.tier_plans, [[plan(0), plan(1)]]);
    }

    /// A walked rule's movers of one or two types are read as two indices (one type
    /// twice); of three or more, only as bits.
    #[test]
    fn a_tier_plan_names_one_or_two_types_by_index() {
        let g = compile(
            "game \"T\"\nboard 4 x 4\nplayers A, B\npieces king, rook, bishop, pawn\n\
             setup {\n  king where row == 0 and file == 0\n}\n\
             move one { piece pawn  along forward  onto empty }\n\
             move two { piece rook, bishop  along all  onto empty }\n\
             move three { piece king, rook, pawn  along all  onto empty }\n\
             no move: lose\n",
        );
        let two_types = |step: &TierStep| match step {
            TierStep::Walked {
                reads: Some(reads), ..
            } => (reads.types, reads.two_types),
            other => panic!("a walked rule that reads sets, not {other:?}"),
        };
        let read: Vec<_> = g.tier_plans[0][0].iter().map(two_types).collect();
        assert_eq!(
            read,
            [
                (0b1000, Some([3, 3])),
                (0b0110, Some([1, 2])),
                (0b1011, None)
            ]
        );
    }
}
