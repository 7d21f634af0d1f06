"""Xiangqi positions from random games of Fairy-Stockfish (the `pyffish` package, 0.0.90),
with their perft counts, written as FEN: `FEN|D1 D2 …` lines (tests/xiangqi_positions.txt).

Not a dependency of Tabula: run it with pyffish installed in a scratch place,
`pip install pyffish`, as `python3 xiangqi_fairy_stockfish.py SEED COUNT DEPTH`. Each game
starts from Fairy-Stockfish's own start position and plays random legal moves; a position
is kept at a random ply between 1 and 120 (a game that ends sooner keeps its last
position). Perft counts every legal move of Fairy-Stockfish's `legal_moves`, from the
position, to DEPTH (a position with no legal move counts 0 at every depth)."""
import pyffish as sf, random, sys

V = 'xiangqi'

def perft(fen, moves, depth, counts, level=0):
    legal = sf.legal_moves(V, fen, moves)
    counts[level] += len(legal)
    if level + 1 < depth:
        for m in legal:
            perft(fen, moves + [m], depth, counts, level + 1)

def main():
    seed, count, depth = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    start = sf.start_fen(V)
    print('# Xiangqi positions from random games of Fairy-Stockfish (pyffish 0.0.90), with perft')
    print(f'# from each: `python3 tests/models/xiangqi_fairy_stockfish.py {seed} {count} {depth}`. FEN|COUNTS')
    for _ in range(count):
        moves, plies = [], rng.randint(1, 120)
        for _ in range(plies):
            legal = sf.legal_moves(V, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = sf.get_fen(V, start, moves)
        counts = [0] * depth
        perft(fen, [], depth, counts)
        print(f'{fen}|{" ".join(map(str, counts))}')

main()
