"""A model of the Turns game of tests/it/constructs.rs, written from its rules alone, for
perft: `python3 tests/models/turns.py DEPTH` prints the counts, and the counts the game
would have if a chain could go on the way it came.

5 x 5. White has a man on each square of ranks 1 and 2, Black on ranks 4 and 5. A man steps
one square any way (along files, ranks and diagonals) onto an empty square, or jumps over
an enemy man next to it onto the empty square beyond, taking it at once; after a jump it
must jump again while it can, but never the same way as the jump before (it may turn back
the way it came). Each line of jumps that cannot go on is a move. A player with no man or
no move loses (a finished game counts no moves)."""
import sys

N = 5
DIRS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]

def on(t):
    return 0 <= t[0] < N and 0 <= t[1] < N

def jumps(b, p, at, last, path, out, turning):
    went = False
    for d in DIRS:
        if turning and d == last:
            continue
        over, land = (at[0] + d[0], at[1] + d[1]), (at[0] + 2 * d[0], at[1] + 2 * d[1])
        if on(land) and b.get(over) == 1 - p and land not in b:
            went = True
            nb = dict(b)
            del nb[over]
            nb[land] = nb.pop(at)
            jumps(nb, p, land, d, path + [land], out, turning)
    if not went and len(path) > 1:
        out.append((path, b))

def moves(b, p, turning):
    out = []
    for sq, q in sorted(b.items()):
        if q != p:
            continue
        for df, dr in DIRS:
            t = (sq[0] + df, sq[1] + dr)
            if on(t) and t not in b:
                nb = dict(b)
                nb[t] = nb.pop(sq)
                out.append(([sq, t], nb))
        jumps(b, p, sq, None, [sq], out, turning)
    return out

def perft(b, p, depth, counts, turning, level=0):
    if p not in b.values():
        return
    ms = moves(b, p, turning)
    counts[level] += len(ms)
    if level + 1 < depth:
        for _, nb in ms:
            perft(nb, 1 - p, depth, counts, turning, level + 1)

def main():
    depth = int(sys.argv[1])
    start = {(f, r): 0 for f in range(N) for r in (0, 1)}
    start |= {(f, r): 1 for f in range(N) for r in (N - 2, N - 1)}
    for turning in (True, False):
        counts = [0] * depth
        perft(start, 0, depth, counts, turning)
        print(' '.join(map(str, counts)))

main()
