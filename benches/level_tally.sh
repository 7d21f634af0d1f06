#!/usr/bin/env bash
# The score of alpha-beta in the games `benches/level_games.sh` played, from the
# summaries of one or more of its output folders: wins, draws and losses, by the side
# alpha-beta had, and its share of the points (a draw is half). A game whose summary line
# is missing (its run was stopped after the game ended) is read from its transcript;
# a game without a result (stopped before it ended) is not counted.
#
#   benches/level_tally.sh /tmp/games /tmp/games2
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: benches/level_tally.sh OUT..." >&2
    exit 2
fi
for out in "$@"; do
    for log in "$out"/g*.log; do
        [ -e "$log" ] || continue
        seed=${log##*/g}
        seed=${seed%.log}
        line=$(grep -E "^$seed " "$out/summary.txt" 2>/dev/null | head -1 || true)
        if [ -z "$line" ]; then
            result=$(grep -o "Game over.*" "$log" | head -1 || true)
            [ -n "$result" ] || continue
            # The transcript names the side alpha-beta had: "White (computer, alphabeta …".
            ab=$(grep -oE "^[^ ]+ \(computer, alphabeta" "$log" | head -1 | cut -d' ' -f1 || true)
            line="$seed alpha-beta=${ab:-?} $result"
        fi
        echo "$line"
    done
done | awk '
    / no result$/ { next }
    {
        side = $2; sub(/^alpha-beta=/, "", side)
        if ($0 ~ /draw/) { d[side]++; D++ }
        else if (side == "?") { unknown++ }
        else if ($0 ~ ("Game over: " side " wins")) { w[side]++; W++ }
        else { l[side]++; L++ }
    }
    END {
        for (s in w) sides[s] = 1
        for (s in d) sides[s] = 1
        for (s in l) sides[s] = 1
        for (s in sides) if (s != "?")
            printf "alpha-beta as %s: %d won, %d drawn, %d lost\n", s, w[s], d[s], l[s]
        n = W + D + L
        if (unknown) printf "%d games ended without a side for alpha-beta; not counted\n", unknown
        if (n) printf "%d games: %d won, %d drawn, %d lost: %.1f%%\n", n, W, D, L, 100 * (W + D / 2) / n
    }'
