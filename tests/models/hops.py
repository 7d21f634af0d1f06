"""A model of the Hops game of tests/it/constructs.rs, written from its rules alone, for
perft: `python3 tests/models/hops.py DEPTH` (depth 6 takes some minutes).

5 x 5. White has a man on each square of rank 1, Black on rank 5. A man steps one square
any way (along files, ranks and diagonals) onto an empty square, or hops over a piece next
to it, of either side, onto the empty square beyond; after a hop it may hop again, and
again, never landing on a square it has been on, its start included. Every hop of such a
line is a move (stopping there), and two lines by different squares are different moves.
Nothing is taken. A player with every man on the far rank wins; a player with no move
loses (a finished game counts no moves)."""
import sys

N = 5
DIRS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]

def on(t):
    return 0 <= t[0] < N and 0 <= t[1] < N

def hops(b, at, visited, path, out):
    for df, dr in DIRS:
        over, land = (at[0] + df, at[1] + dr), (at[0] + 2 * df, at[1] + 2 * dr)
        if on(land) and over in b and land not in b and land not in visited:
            out.append(path + [land])
            hops(b, land, visited | {land}, path + [land], out)

def moves(b, p):
    out = []
    for sq, q in sorted(b.items()):
        if q != p:
            continue
        for df, dr in DIRS:
            t = (sq[0] + df, sq[1] + dr)
            if on(t) and t not in b:
                out.append([sq, t])
        rest = {k: v for k, v in b.items() if k != sq}
        hops(rest, sq, {sq}, [sq], out)
    return out

def won(b):
    for p, far in ((0, N - 1), (1, 0)):
        if all(r == far for (f, r), q in b.items() if q == p):
            return True
    return False

def play(b, m):
    b = dict(b)
    b[m[-1]] = b.pop(m[0])
    return b

def perft(b, p, depth, counts, level=0):
    if won(b):
        return
    ms = moves(b, p)
    counts[level] += len(ms)
    if level + 1 < depth:
        for m in ms:
            perft(play(b, m), 1 - p, depth, counts, level + 1)

def main():
    depth = int(sys.argv[1])
    start = {(f, 0): 0 for f in range(N)} | {(f, N - 1): 1 for f in range(N)}
    counts = [0] * depth
    perft(start, 0, depth, counts)
    print(' '.join(map(str, counts)))

main()
