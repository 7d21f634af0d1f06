"""Positions at the start of a turn from random OpenSpiel backgammon games, with the number
of distinct plays (legal actions, continued through a double's second action, merged by
the position they lead to), written as Tabula's position text for games/backgammon.game:
`POSITION_TEXT|PLAYS` lines (tests/backgammon_plays.txt).

Not a dependency of Tabula: run it with OpenSpiel installed in a scratch place,
`pip install open_spiel` (1.6), as `python3 backgammon_openspiel.py SEED COUNT`; with
`--depth2`, it prints instead the whole-turn perft 2 from the start under each first roll.
OpenSpiel's first roll is never a double, and its chance nodes give the 36 ordered rolls:
each roll is counted once here, as Tabula counts them."""
import pyspiel, random, re, sys

g = pyspiel.load_game('backgammon')
FILES = 'abcdefhijklmn'  # g is the bar, unused

def square(n):  # White (X) point number 1..24 -> (file index, rank 1|2)
    if n <= 6: return (13 - n, 1)
    if n <= 12: return (12 - n, 1)
    if n <= 18: return (n - 13, 2)
    return (n - 12, 2)

def text(s):
    st = str(s)
    cells = {}
    for pos in range(24):
        n = 24 - pos
        for p, letter in ((0, 'C'), (1, 'c')):
            k = s.board(p, pos)
            if k: cells[square(n)] = (letter, k)
    m = re.search(r'Scores, X: (\d+), O: (\d+)', st)
    off_x, off_o = int(m.group(1)), int(m.group(2))
    if off_x: cells[(13, 1)] = ('C', off_x)
    if off_o: cells[(13, 2)] = ('c', off_o)
    bar = re.search(r'Bar: *(\S*)', st).group(1) if re.search(r'Bar: *(\S+)', st) else ''
    bx, bo = bar.count('x'), bar.count('o')
    ranks = []
    for r in (2, 1):
        out, empty = '', 0
        for f in list(range(6)) + list(range(7, 14)):
            c = cells.get((f, r))
            if not c:
                empty += 1; continue
            if empty: out += str(empty); empty = 0
            l, k = c
            out += l if k == 1 else '[' + l * k + ']'
        if empty: out += str(empty)
        ranks.append(out)
    dice = re.search(r'Dice: (\d*)', st).group(1)
    d = sorted((int(x) for x in dice), reverse=True)
    if len(d) == 2 and d[0] == d[1]: d = d * 2
    who = 'White' if s.current_player() == 0 else 'Black'
    return f"{'/'.join(ranks)} {who} hand={bx},{bo} dice={','.join(map(str, d))}"

def ends(s):
    """The distinct positions a play from `s` ends in, each with a state reaching it."""
    p = s.current_player()
    out, stack, seen = {}, [s], set()
    while stack:
        t = stack.pop()
        for a in t.legal_actions():
            c = t.child(a)
            key = str(c)
            if key in seen: continue
            seen.add(key)
            if c.is_terminal() or c.is_chance_node() or c.current_player() != p:
                out.setdefault(re.sub(r'(Turn|Previous player|Extra turn|Dice): .*', '', key), c)
            else:
                stack.append(c)
    return list(out.values())

def plays(s):
    """The number of distinct plays from `s`."""
    return len(ends(s))

def depth2():
    s0 = g.new_initial_state()
    for o, _ in s0.chance_outcomes():
        s = s0.child(o)
        if s.current_player() != 0: continue
        roll = '-'.join(sorted(re.search(r'Dice: (\d*)', str(s)).group(1), reverse=True))
        total = 0
        for e in ends(s):
            if e.is_terminal(): continue
            rolled = set()
            for o2, _ in e.chance_outcomes():
                c = e.child(o2)
                r = ''.join(sorted(re.search(r'Dice: (\d*)', str(c)).group(1)))
                if r in rolled: continue
                rolled.add(r)
                total += plays(c)
        print(roll, len(ends(s)), total)

if '--depth2' in sys.argv:
    depth2()
    sys.exit()

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
want = int(sys.argv[2]) if len(sys.argv) > 2 else 200
out = []
games = 0
while len(out) < want:
    s = g.new_initial_state()
    games += 1
    prev_chance = False
    while not s.is_terminal() and len(out) < want:
        if s.is_chance_node():
            o, pr = zip(*s.chance_outcomes())
            s.apply_action(random.choices(o, pr)[0])
            prev_chance = True
            continue
        if prev_chance and random.random() < 0.15:
            out.append(f"{text(s)}|{plays(s)}")
        prev_chance = False
        s.apply_action(random.choice(s.legal_actions()))
for line in out: print(line)
print(f"# {games} games", file=sys.stderr)
