#!/usr/bin/env bash
# Alpha-beta against MCTS at a level's own limits, one game a seed, in a session as a
# person would play it: the games `match` cannot show one by one. Alpha-beta has the
# first player on odd seeds and the second on even ones. Each game is saved as
# OUT/gSEED.pgn, its transcript as OUT/gSEED.log, and its last line goes to
# OUT/summary.txt; a stopped run goes on from the next seed.
#
#   benches/level_games.sh draughts 6 target/release/tabula /tmp/games 1 100
#
# At level 6 a game of English draughts takes about 6 minutes on one core.
set -euo pipefail
if [ $# -ne 6 ]; then
    echo "usage: benches/level_games.sh GAME LEVEL TABULA OUT FROM TO" >&2
    exit 2
fi
game=$1 level=$2 tabula=$3 out=$4 from=$5 to=$6
mkdir -p "$out"
# The two players, as `rules` names them: "players:  Black (facing n), White (facing s)".
players=$(printf 'rules\nquit\n' | "$tabula" play "$game" | sed -nE 's/^players: +([^ ]+) [^,]*, ([^ ]+) .*/\1 \2/p')
read -r first second <<<"$players"
for seed in $(seq "$from" "$to"); do
    if [ $((seed % 2)) -eq 1 ]; then ab=$first mcts=$second; else ab=$second mcts=$first; fi
    printf 'save %s/g%s.pgn\nquit\n' "$out" "$seed" |
        "$tabula" play "$game" --ai "$ab=alphabeta$level" --ai "$mcts=mcts$level" \
            --seed "$seed" --threads 1 >"$out/g$seed.log" 2>&1
    result=$(grep -o "Game over.*" "$out/g$seed.log" | head -1 || true)
    echo "$seed alpha-beta=$ab ${result:-no result}" >>"$out/summary.txt"
done
