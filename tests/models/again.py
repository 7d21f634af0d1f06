"""A model of the Again game of tests/it/constructs.rs, written from its rules alone, for
perft: `python3 tests/models/again.py DEPTH`.

4 x 4. Each player has a man on every square of their first row (White rank 1, Black
rank 4). A man steps forward or diagonally forward onto an empty square, or takes
diagonally forward; a man that takes on its own half of the board (its first two rows)
moves again at once. A player with a man on their far row wins; one with no move loses
(a finished game counts no moves)."""
import sys

N = 4

def row(p, r):
    return r if p == 0 else N - 1 - r

def moves(b, p):
    dr = 1 if p == 0 else -1
    out = []
    for (f, r), q in sorted(b.items()):
        if q != p:
            continue
        for df in (-1, 0, 1):
            t = (f + df, r + dr)
            if 0 <= t[0] < N and 0 <= t[1] < N:
                if t not in b:
                    out.append(((f, r), t, False))
                elif df != 0 and b[t] != p:
                    out.append(((f, r), t, True))
    return out

def won(b):
    return any(row(q, r) == N - 1 for (f, r), q in b.items())

def perft(b, p, depth, counts, level=0):
    if won(b):
        return
    ms = moves(b, p)
    counts[level] += len(ms)
    if level + 1 == depth:
        return
    for frm, to, takes in ms:
        c = dict(b)
        del c[frm]
        c[to] = p
        nxt = p if takes and row(p, to[1]) < 2 else 1 - p
        perft(c, nxt, depth, counts, level + 1)

depth = int(sys.argv[1])
start = {(f, 0): 0 for f in range(N)}
start.update({(f, N - 1): 1 for f in range(N)})
counts = [0] * depth
perft(start, 0, depth, counts)
print(' '.join(map(str, counts)))
