"""A model of the Screens game of tests/it/runs.rs, written from its rules alone, for
perft: `python3 tests/models/screens.py DEPTH`.

5 x 5. Each player has cannons on files a and e of their first row and on file c of their
second, and a flyer on file c of their first row (White from rank 1, Black from rank 5).
Either piece slides any distance along a rank or file onto an empty square. A cannon takes
along a rank or file by passing any empty squares, exactly one piece of either side (its
screen), any empty squares, and landing on an enemy piece. A flyer takes along a diagonal
by passing any empty squares, one enemy piece (which is taken), and landing on any empty
square beyond it before the next piece. A player who cannot move loses (counted 0)."""
import sys

N = 5
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

def start():
    b = {}
    for p, rank in ((0, lambda r: r), (1, lambda r: N - 1 - r)):
        for f in (0, 4):
            b[(f, rank(0))] = (p, 'C')
        b[(2, rank(0))] = (p, 'F')
        b[(2, rank(1))] = (p, 'C')
    return b

def on(f, r):
    return 0 <= f < N and 0 <= r < N

def moves(b, me):
    out = []
    for (f, r), (p, t) in list(b.items()):
        if p != me:
            continue
        for df, dr in ORTH:
            x, y = f + df, r + dr
            while on(x, y) and (x, y) not in b:
                out.append(((f, r), (x, y), None))
                x, y = x + df, y + dr
            if t == 'C' and on(x, y):  # (x, y) is the screen
                x, y = x + df, y + dr
                while on(x, y) and (x, y) not in b:
                    x, y = x + df, y + dr
                if on(x, y) and b[(x, y)][0] != me:
                    out.append(((f, r), (x, y), None))
        if t == 'F':
            for df, dr in DIAG:
                x, y = f + df, r + dr
                while on(x, y) and (x, y) not in b:
                    x, y = x + df, y + dr
                if not on(x, y) or b[(x, y)][0] == me:
                    continue
                over = (x, y)
                x, y = x + df, y + dr
                while on(x, y) and (x, y) not in b:
                    out.append(((f, r), (x, y), over))
                    x, y = x + df, y + dr
    return out

def perft(b, me, depth, counts, level=0):
    ms = moves(b, me)
    counts[level] += len(ms)
    if level + 1 == depth:
        return
    for frm, to, over in ms:
        c = dict(b)
        c[to] = c.pop(frm)
        if over:
            del c[over]
        perft(c, 1 - me, depth, counts, level + 1)

depth = int(sys.argv[1])
counts = [0] * depth
perft(start(), 0, depth, counts)
print(' '.join(map(str, counts)))
