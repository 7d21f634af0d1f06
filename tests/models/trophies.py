#!/usr/bin/env python3
"""An independent model of games/trophies.game, written from its rules text alone (not from
Tabula's code), for the perft table in tests/perft.txt.

    python3 tests/models/trophies.py                # the start, depths 1-6
    python3 tests/models/trophies.py "TEXT" 5       # a position text, depths 1-5

Rules: 6 x 6; White moves up, Black down. A man steps one square forward, straight or
diagonally, onto an empty square, or takes an enemy man one square diagonally forward (a
trophy). Every move counts one towards the shared count of moves. After a move, for each
player: three trophies or a man on the far row wins; 100 moves draws. A player without a
move loses. Perft counts the moves from every position where the game has not ended."""
import sys

N = 6


def parse(text):
    fields = text.split()
    rows = fields[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = N - 1 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, rank)] = 0 if ch == "M" else 1
                f += 1
    to_move = 0 if fields[1] == "White" else 1
    trophies, moves = [0, 0], 0
    for field in fields[2:]:
        k, v = field.split("=")
        if k == "trophies":
            trophies = [int(x) for x in v.split(",")]
        elif k == "moves":
            moves = int(v)
    return board, to_move, trophies, moves


def moves_of(board, p):
    fwd = 1 if p == 0 else -1
    out = []
    for (f, r), owner in board.items():
        if owner != p:
            continue
        for df in (-1, 0, 1):
            t = (f + df, r + fwd)
            if not (0 <= t[0] < N and 0 <= t[1] < N):
                continue
            there = board.get(t)
            if there is None:
                out.append(((f, r), t, False))
            elif df != 0 and there != p:
                out.append(((f, r), t, True))
    return out


def ended(board, trophies, moves):
    for p in (0, 1):
        far = N - 1 if p == 0 else 0
        if trophies[p] >= 3 or any(o == p and r == far for (f, r), o in board.items()):
            return True
    return moves >= 100


def perft(board, p, trophies, moves, depth):
    if ended(board, trophies, moves):
        return 0
    ms = moves_of(board, p)
    if depth == 1:
        return len(ms)
    total = 0
    for a, b, takes in ms:
        nb = dict(board)
        del nb[a]
        nb[b] = p
        nt = list(trophies)
        if takes:
            nt[p] += 1
        total += perft(nb, 1 - p, nt, moves + 1, depth - 1)
    return total


if __name__ == "__main__":
    text = sys.argv[1] if len(sys.argv) > 1 else "mmmmmm/mmmmmm/6/6/MMMMMM/MMMMMM White"
    deepest = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    board, p, trophies, moves = parse(text)
    print(" ".join(str(perft(board, p, trophies, moves, d)) for d in range(1, deepest + 1)))
