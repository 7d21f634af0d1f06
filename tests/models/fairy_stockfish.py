"""Positions from random games of Fairy-Stockfish (the `pyffish` package, 0.0.90), with
their perft counts, written as Tabula reads them: `POSITION|D1 D2 …` lines
(tests/xiangqi_positions.txt, tests/shogi_positions.txt).

Not a dependency of Tabula: run it with pyffish installed in a scratch place,
`pip install pyffish`, as `python3 fairy_stockfish.py VARIANT SEED COUNT DEPTH`, VARIANT
being `xiangqi` or `shogi`. Each game starts from Fairy-Stockfish's start position and
plays random legal moves; a position is kept at a random ply from 1 to 120 (Xiangqi) or
100 (Shogi); a game that ends sooner keeps its last position. Perft counts every legal
move of Fairy-Stockfish's `legal_moves` (in Shogi a promotion and its refusal are two
moves), from the position, to DEPTH, except in Shogi a pawn dropped to mate: Fairy-Stockfish
lists such a drop and scores it as a loss for the player who made it, where the rules
forbid it, so a pawn drop after which the other player is in check (`gives_check`) and
has no legal move is struck off here, in the random games as in perft.

Xiangqi positions are FEN, which Tabula reads as it is. Shogi positions are Tabula's
position text for games/shogi.game: Fairy-Stockfish's board field with each promoted piece
(`+R`) written as the letter of the promoted type (`D`), the player to move (`w`, the first
player, is Black: sente), and `hand=` the counts of king, rook, bishop, gold, silver,
knight, lance and pawn in each player's hand."""
import pyffish as sf, random, sys

PROMOTED = {'R': 'D', 'B': 'H', 'S': 'M', 'N': 'O', 'L': 'E', 'P': 'T'}
HAND = 'KRBGSNLP'
PLIES = {'xiangqi': 120, 'shogi': 100}

def shogi_text(fen):
    board, rest = fen.split('[', 1)
    hand, rest = rest.split(']', 1)
    side = rest.split()[0]
    out, promote = '', False
    for c in board:
        if c == '+':
            promote = True
            continue
        if promote:
            p = PROMOTED[c.upper()]
            out += p if c.isupper() else p.lower()
            promote = False
        else:
            out += c
    counts = [[hand.count(t) for t in HAND], [hand.count(t.lower()) for t in HAND]]
    player = 'Black' if side == 'w' else 'White'
    hands = ','.join(':'.join(map(str, c)) for c in counts)
    return f'{out} {player} hand={hands}'

def legal_moves(variant, fen, moves):
    legal = sf.legal_moves(variant, fen, moves)
    if variant != 'shogi':
        return legal
    def drop_mate(m):
        after = moves + [m]
        return (m.startswith('P@') and sf.gives_check(variant, fen, after)
                and not sf.legal_moves(variant, fen, after))
    return [m for m in legal if not drop_mate(m)]

def perft(variant, fen, moves, depth, counts, level=0):
    legal = legal_moves(variant, fen, moves)
    counts[level] += len(legal)
    if level + 1 < depth:
        for m in legal:
            perft(variant, fen, moves + [m], depth, counts, level + 1)

def main():
    variant = sys.argv[1]
    seed, count, depth = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    text = shogi_text if variant == 'shogi' else (lambda fen: fen)
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    print(f'# {variant.capitalize()} positions from random games of Fairy-Stockfish (pyffish 0.0.90), with perft')
    print(f'# from each: `python3 tests/models/fairy_stockfish.py {variant} {seed} {count} {depth}`. POSITION|COUNTS')
    for _ in range(count):
        moves, plies = [], rng.randint(1, PLIES[variant])
        for _ in range(plies):
            legal = legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = sf.get_fen(variant, start, moves)
        counts = [0] * depth
        perft(variant, fen, [], depth, counts)
        print(f'{text(fen)}|{" ".join(map(str, counts))}')

main()
