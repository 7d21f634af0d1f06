"""A model of the Approach game of tests/it/constructs.rs (Fanorona's captures on a 5 x 5
board of eight directions), written from its rules alone, for perft:
`python3 tests/models/approach.py DEPTH`.

White has men on ranks 1 and 2 and on a3 and d3; Black on ranks 4 and 5 and on b3 and e3;
c3 is empty; White moves first. A man steps one square any way onto an empty square. A
step that comes up to an enemy man (the square beyond it, the way it went, holds one)
takes that man and the enemy men in a row behind it (approach); a step that moves away
from an enemy man (the square behind where it started, the way it went, holds one) takes
that man and those in a row beyond it (withdrawal). Approaches and withdrawals are two
rules: after a capture of one kind the man may go on capturing of the same kind, as long
as the player likes, never the way it went the step before, and never onto a square it
has been on, its start included; every step of such a line takes. Each stop of such a line
is a move. A step that takes nothing is a move only when no capture is. A player with no
move loses (a finished game counts no moves)."""
import sys

N = 5
DIRS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]

def on(t):
    return 0 <= t[0] < N and 0 <= t[1] < N

def add(a, d, k=1):
    return (a[0] + k * d[0], a[1] + k * d[1])

def run(b, start, d, enemy):
    out, t = [], start
    while on(t) and b.get(t) == enemy:
        out.append(t)
        t = add(t, d)
    return out

def chains(b, p, at, last, visited, path, out, kind):
    for d in DIRS:
        if d == last:
            continue
        to = add(at, d)
        if not on(to) or to in b or to in visited:
            continue
        if kind == 'approach':
            taken = run(b, add(to, d), d, 1 - p)
        else:
            back = (-d[0], -d[1])
            taken = run(b, add(at, back), back, 1 - p)
        if not taken:
            continue
        nb = dict(b)
        for t in taken:
            del nb[t]
        nb[to] = nb.pop(at)
        out.append(nb)
        chains(nb, p, to, d, visited | {to}, path + [to], out, kind)

def moves(b, p):
    caps = []
    for sq, q in sorted(b.items()):
        if q == p:
            for kind in ('approach', 'withdraw'):
                chains(b, p, sq, None, {sq}, [sq], caps, kind)
    if caps:
        return caps
    out = []
    for sq, q in sorted(b.items()):
        if q != p:
            continue
        for d in DIRS:
            to = add(sq, d)
            if on(to) and to not in b:
                nb = dict(b)
                nb[to] = nb.pop(sq)
                out.append(nb)
    return out

def perft(b, p, depth, counts, level=0):
    ms = moves(b, p)
    counts[level] += len(ms)
    if level + 1 < depth:
        for nb in ms:
            perft(nb, 1 - p, depth, counts, level + 1)

def main():
    depth = int(sys.argv[1])
    start = {(f, r): 0 for f in range(N) for r in (0, 1)}
    start |= {(f, r): 1 for f in range(N) for r in (3, 4)}
    start |= {(0, 2): 0, (1, 2): 1, (3, 2): 0, (4, 2): 1}
    counts = [0] * depth
    perft(start, 0, depth, counts)
    print(' '.join(map(str, counts)))

main()
