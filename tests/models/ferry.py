"""A model of the Ferry game of tests/it/constructs.rs, written from its rules alone, for
perft: `python3 tests/models/ferry.py DEPTH` prints the counts.

4 x 4. White has men on a1 and d1, Black on a4 and d4; two stones, owned by nobody, stand
on b2 and c3. A move is one of:
- a man steps one square, any of the eight ways, onto an empty square;
- a man steps one square, any of the eight ways, onto an enemy man, taking it (never onto
  a stone);
- a stone next to one of the mover's men (any of the eight ways) steps one square along a
  file or a rank onto an empty square: either player may move any stone;
- while fewer than three stones are on the board, a new stone goes on an empty square next
  to one of the mover's men (any of the eight ways).
After a move, the player who moved wins if a stone stands on their far rank (rank 4 for
White, rank 1 for Black), else the other player wins if one stands on theirs. A player with
no move loses. A finished game counts no moves."""
import sys

N = 4
ALL = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
STONE = 's'

def on(sq):
    return 0 <= sq[0] < N and 0 <= sq[1] < N

def around(sq):
    return [(sq[0] + df, sq[1] + dr) for df, dr in ALL if on((sq[0] + df, sq[1] + dr))]

def moves(b, p):
    out = []
    for sq, who in b.items():
        if who == p:
            for t in around(sq):
                if t not in b:
                    out.append(('step', sq, t))
                elif b[t] == 1 - p:
                    out.append(('take', sq, t))
        elif who == STONE and any(b.get(n) == p for n in around(sq)):
            for df, dr in ORTH:
                t = (sq[0] + df, sq[1] + dr)
                if on(t) and t not in b:
                    out.append(('push', sq, t))
    if sum(1 for w in b.values() if w == STONE) < 3:
        for f in range(N):
            for r in range(N):
                t = (f, r)
                if t not in b and any(b.get(n) == p for n in around(t)):
                    out.append(('drop', None, t))
    return out

def play(b, m):
    b = dict(b)
    kind, frm, to = m
    if kind == 'drop':
        b[to] = STONE
    else:
        b[to] = b.pop(frm)
    return b

def far(p):
    return N - 1 if p == 0 else 0

def won(b, mover):
    for p in (mover, 1 - mover):
        if any(w == STONE and sq[1] == far(p) for sq, w in b.items()):
            return True
    return False

def perft(b, p, depth, counts, level=0):
    ms = moves(b, p)
    counts[level] += len(ms)
    if level + 1 < depth:
        for m in ms:
            after = play(b, m)
            if not won(after, p):
                perft(after, 1 - p, depth, counts, level + 1)

def main():
    depth = int(sys.argv[1])
    start = {(0, 0): 0, (3, 0): 0, (0, 3): 1, (3, 3): 1, (1, 1): STONE, (2, 2): STONE}
    counts = [0] * depth
    perft(start, 0, depth, counts)
    print(' '.join(map(str, counts)))

main()
