"""The second oracle of the fuzz campaign (tests/it/fuzz.rs), run outside CI: each chess
position the engine accepted, with the engine's perft, checked against python-chess.

    FUZZ_ORACLE=/tmp/oracle.txt FUZZ_SECONDS=600 cargo test --profile quick --test it \\
        fuzz_long_run -- --ignored --nocapture
    python3 tests/models/chess_oracle.py /tmp/oracle.txt

Each line is `FEN | PERFT1 PERFT2`. A position python-chess calls invalid (a side not to
move in check, pawns on a back rank, a king missing, impossible castling rights) is not
compared: the engine may play on positions FIDE chess has no rules for, and those are
counted apart. Prints how many positions agreed, disagreed and were set aside; exits 1 on
a disagreement."""
import sys

import chess


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += perft(board, depth - 1)
        board.pop()
    return n


def main():
    agreed = disagreed = set_aside = 0
    seen = set()
    for line in open(sys.argv[1]):
        fen, _, counts = line.rstrip('\n').partition(' | ')
        if fen in seen:
            continue
        seen.add(fen)
        try:
            board = chess.Board(fen)
        except ValueError:
            set_aside += 1
            continue
        if board.status() != chess.STATUS_VALID or board.is_game_over(claim_draw=False):
            set_aside += 1
            continue
        theirs = [perft(board, d) for d in (1, 2)]
        ours = [int(n) for n in counts.split()]
        if ours == theirs:
            agreed += 1
        else:
            disagreed += 1
            print(f'{fen}: tabula {ours}, python-chess {theirs}')
    print(f'{agreed} agreed, {disagreed} disagreed, {set_aside} set aside (invalid in FIDE chess or ended)')
    sys.exit(1 if disagreed else 0)


main()
