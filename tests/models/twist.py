"""A model of the Twist game of tests/it/constructs.rs (Pentago's turn on a 4 x 4 board of
four 2 x 2 blocks), written from its rules alone, for perft: `python3 tests/models/twist.py
DEPTH`.

The board starts empty; White moves first. A move places a marble of one's own on an empty
square none of whose eight neighbours holds one of one's own marbles, then turns one of
the four 2 x 2 blocks (a1-b2, c1-d2, a3-b4, c3-d4) a quarter turn, clockwise or
anticlockwise, marbles and all. A player with no move loses (a finished game counts no
moves)."""
import sys

N, B = 4, 2

def turn(b, corner, clockwise):
    f0, r0 = corner
    nb = {k: v for k, v in b.items() if not (f0 <= k[0] < f0 + B and r0 <= k[1] < r0 + B)}
    for (f, r), v in b.items():
        if f0 <= f < f0 + B and r0 <= r < r0 + B:
            x, y = f - f0, r - r0
            # Rank 1 at the bottom: clockwise takes the top left corner to the top right.
            tx, ty = (y, B - 1 - x) if clockwise else (B - 1 - y, x)
            nb[(f0 + tx, r0 + ty)] = v
    return nb

def moves(b, p):
    out = []
    for r in range(N):
        for f in range(N):
            if (f, r) in b:
                continue
            near = [(f + df, r + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
            if any(b.get(t) == p for t in near):
                continue
            placed = dict(b)
            placed[(f, r)] = p
            for corner in ((0, 0), (2, 0), (0, 2), (2, 2)):
                for clockwise in (True, False):
                    out.append(turn(placed, corner, clockwise))
    return out

def perft(b, p, depth, counts, level=0):
    ms = moves(b, p)
    counts[level] += len(ms)
    if level + 1 < depth:
        for nb in ms:
            perft(nb, 1 - p, depth, counts, level + 1)

def main():
    depth = int(sys.argv[1])
    counts = [0] * depth
    perft({}, 0, depth, counts)
    print(' '.join(map(str, counts)))

main()
