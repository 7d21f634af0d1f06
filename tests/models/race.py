#!/usr/bin/env python3
"""An independent model of the dice race in tests/it/dice.rs (`RACE`), written from its
rules alone (not from Tabula's code), for the perft counts there.

    python3 tests/models/race.py 8              # perft 1..8 from the start, a roll a ply
    python3 tests/models/race.py 6 --no-chance  # a roll not a step: moves alone

Rules: a row of 9 squares; White's two runners start on a and b and run east, Black's on
h and i and run west. A turn begins with a roll of two three-sided dice (1..3), one
outcome for each set of values (6 outcomes: 3-3, 3-2, 3-1, 2-2, 2-1, 1-1); a double is
played twice over (four moves). Each move takes a runner exactly one die's number of
squares forward onto an empty square or onto an enemy runner (taken off the board). A
player plays as many dice as can be played; if only one can be, the larger. The turn
passes when no die is left, or none can be played (at once after the roll, if none can).
After every move (not a roll), for each player, mover first: a player with runners, all
in the last two squares of their run, wins; a player whose enemy has no runner wins.
Perft counts every ply, rolls included, from positions where the game has not ended."""
import sys

N = 9
ROLLS = [(3, 3), (3, 2), (3, 1), (2, 2), (2, 1), (1, 1)]


def moves(white, black, p, dice):
    own, other = (white, black) if p == 0 else (black, white)
    step = 1 if p == 0 else -1
    out = []
    for d in sorted(set(dice), reverse=True):
        for sq in sorted(own):
            to = sq + step * d
            if 0 <= to < N and to not in own:
                out.append((sq, to, d))
    return out


def play(white, black, p, dice, m):
    sq, to, d = m
    own, other = (set(white), set(black)) if p == 0 else (set(black), set(white))
    own.discard(sq)
    own.add(to)
    other.discard(to)
    left = list(dice)
    left.remove(d)
    w, b = (own, other) if p == 0 else (other, own)
    return frozenset(w), frozenset(b), left


def most(white, black, p, dice):
    if not dice:
        return 0
    best = 0
    for m in moves(white, black, p, dice):
        w, b, left = play(white, black, p, dice, m)
        best = max(best, 1 + most(w, b, p, left))
    return best


def legal(white, black, p, dice):
    ms = moves(white, black, p, dice)
    if len(dice) < 2 or not ms:
        return ms
    reach = {}
    for m in ms:
        w, b, left = play(white, black, p, dice, m)
        reach[m] = 1 + most(w, b, p, left)
    best = max(reach.values())
    ms = [m for m in ms if reach[m] == best]
    if best == 1:
        top = max(m[2] for m in ms)
        ms = [m for m in ms if m[2] == top]
    return ms


def won(white, black):
    for own, other, goal in ((white, black, {7, 8}), (black, white, {0, 1})):
        if own and own <= goal:
            return True
        if not other:
            return True
    return False


def after_roll(white, black, p):
    """Each roll's next state: the dice to play, or (when no move can use them) the other
    player to roll."""
    for r in ROLLS:
        d = list(r) * 2 if r[0] == r[1] else list(r)
        if legal(white, black, p, d):
            yield white, black, p, d
        else:
            yield white, black, 1 - p, None


def after_move(white, black, p, dice, m):
    """The state after the move `m`: the same player with the dice left, while some move
    can use them, else the other player to roll."""
    w, b, left = play(white, black, p, dice, m)
    if left and legal(w, b, p, left):
        return w, b, p, left
    return w, b, 1 - p, None


def perft(white, black, p, dice, depth, moved):
    if moved and won(white, black):
        return 0
    if dice is None:
        children = list(after_roll(white, black, p))
    else:
        children = [after_move(white, black, p, dice, m) for m in legal(white, black, p, dice)]
    if depth == 1:
        return len(children)
    return sum(perft(*c, depth - 1, dice is not None) for c in children)


def perft_no_chance(white, black, p, dice, depth, moved, stuck=0):
    """Perft where a roll is not a step: each roll's moves are counted at the depth of the
    roll itself, summed over the outcomes. A line where every player in turn has rolled
    and could not move counts nothing (it could only go on rolling)."""
    if depth == 0:
        return 1
    if moved and won(white, black):
        return 0
    if dice is None:
        if stuck > 2:
            return 0
        return sum(
            perft_no_chance(w, b, q, d, depth, False, 0 if d else stuck + 1)
            for w, b, q, d in after_roll(white, black, p)
        )
    ms = legal(white, black, p, dice)
    if depth == 1:
        return len(ms)
    return sum(perft_no_chance(*after_move(white, black, p, dice, m), depth - 1, True) for m in ms)


if __name__ == "__main__":
    deepest = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    count = perft_no_chance if "--no-chance" in sys.argv else perft
    start = (frozenset({0, 1}), frozenset({7, 8}))
    print(" ".join(str(count(*start, 0, None, d, False)) for d in range(1, deepest + 1)))
