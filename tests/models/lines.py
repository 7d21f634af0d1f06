"""A model of the Lines game of tests/it/constructs.rs (the moves of Lines of Action on a
5 x 5 board), written from its rules alone, for perft: `python3 tests/models/lines.py DEPTH`.

Black has men on b1, c1, d1, b5, c5, d5; White on a2, a3, a4, e2, e3, e4; Black moves
first. A man moves in a straight line (along a file, a rank or a diagonal) exactly as many
squares as there are men, of both sides, on that whole line (both ways from it, itself
included). It may pass over its own men but not over enemy men, and lands on an empty
square or on an enemy man, which it takes. A player with no move loses (a finished game
counts no moves)."""
import sys

N = 5
DIRS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]

def on(t):
    return 0 <= t[0] < N and 0 <= t[1] < N

def moves(b, p):
    out = []
    for (f, r), q in sorted(b.items()):
        if q != p:
            continue
        for df, dr in DIRS:
            # The men on the whole line through the man, both ways.
            n = 1
            for s in (1, -1):
                t = (f + s * df, r + s * dr)
                while on(t):
                    n += t in b
                    t = (t[0] + s * df, t[1] + s * dr)
            to = (f + n * df, r + n * dr)
            if not on(to) or b.get(to) == p:
                continue
            passed = [(f + k * df, r + k * dr) for k in range(1, n)]
            if any(b.get(x) == 1 - p for x in passed):
                continue
            out.append(((f, r), to))
    return out

def perft(b, p, depth, counts, level=0):
    ms = moves(b, p)
    counts[level] += len(ms)
    if level + 1 < depth:
        for a, t in ms:
            nb = dict(b)
            nb[t] = nb.pop(a)
            perft(nb, 1 - p, depth, counts, level + 1)

def main():
    depth = int(sys.argv[1])
    start = {(f, r): 0 for f in (1, 2, 3) for r in (0, N - 1)}
    start |= {(f, r): 1 for f in (0, N - 1) for r in (1, 2, 3)}
    counts = [0] * depth
    perft(start, 0, depth, counts)
    print(' '.join(map(str, counts)))

main()
