"""A model of the Blockade game of tests/it/constructs.rs, written from its rules alone,
for perft: `python3 tests/models/blockade.py DEPTH` prints the counts, and the counts the
game would have if blocking were allowed.

3 x 3. White has a man on each square of rank 1, Black on rank 3. A man steps one square
along a file or a rank onto an empty square, but never so that the other player is left
with no step at all (whether those steps would be allowed is not asked: the other
player's steps are counted as the board gives them). A player with no move loses (a
finished game counts no moves)."""
import sys

N = 3
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))

def steps(b, p):
    out = []
    for (f, r), q in sorted(b.items()):
        if q != p:
            continue
        for df, dr in DIRS:
            t = (f + df, r + dr)
            if 0 <= t[0] < N and 0 <= t[1] < N and t not in b:
                out.append(((f, r), t))
    return out

def play(b, m):
    b = dict(b)
    b[m[1]] = b.pop(m[0])
    return b

def moves(b, p, blocking):
    return [m for m in steps(b, p) if blocking or steps(play(b, m), 1 - p)]

def perft(b, p, depth, counts, blocking, level=0):
    ms = moves(b, p, blocking)
    counts[level] += len(ms)
    if level + 1 < depth:
        for m in ms:
            perft(play(b, m), 1 - p, depth, counts, blocking, level + 1)

def main():
    depth = int(sys.argv[1])
    start = {(f, 0): 0 for f in range(N)} | {(f, N - 1): 1 for f in range(N)}
    for blocking in (False, True):
        counts = [0] * depth
        perft(start, 0, depth, counts, blocking)
        print(' '.join(map(str, counts)))

main()
