//! Perft tables from plain data files: tests/perft.txt in every run, tests/perft_deep.txt
//! with `--ignored`.

use tabula::engine::Position;
use tabula::search::perft::{divide_at, perft_at};

fn check_table(file: &str) {
    let text = crate::common::test_file(file);
    let mut checked = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, options, position, counts] = parts[..] else {
            panic!("bad line: {line}");
        };
        let game = crate::common::game(name, options);
        let start = if position == "start" {
            Position::start(&game)
        } else {
            crate::common::position(&game, position)
        };
        let counts: Vec<u64> = counts
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        for (i, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft_at(&game, &start, i + 1, 1),
                expected,
                "{name} {options} {position} depth {}",
                i + 1
            );
        }
        // The deepest count again on three threads (more than CI's cores, so that threads
        // share them), and split by first move on two.
        let depth = counts.len();
        let expected = counts[depth - 1];
        assert_eq!(
            perft_at(&game, &start, depth, 3),
            expected,
            "{name} {options} {position} depth {depth} on 3 threads"
        );
        let divided: u64 = divide_at(&game, &start, depth, 2)
            .iter()
            .map(|(_, n)| n)
            .sum();
        assert_eq!(divided, expected, "{name} {options} {position} divided");
        checked += 1;
    }
    assert!(checked > 0, "{file} holds no expectation");
}

#[test]
fn perft_table() {
    check_table("perft.txt");
}

#[test]
#[ignore = "deep; run with --ignored"]
fn perft_table_deep() {
    check_table("perft_deep.txt");
}
