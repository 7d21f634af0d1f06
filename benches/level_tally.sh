#!/usr/bin/env bash
# The score of alpha-beta in the games `benches/level_games.sh` played, in one or more of
# its output folders: wins, draws and losses, by the side alpha-beta had, and its share
# of the points (a draw is half). Each game is read from its transcript, which names
# alpha-beta's side and the result, so a game whose run was stopped after it ended (and
# which has no line in summary.txt) counts; a game stopped before it ended does not.
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
        result=$(grep -o "Game over: .*" "$log" | head -1 || true)
        [ -n "$result" ] || continue
        # "White (computer, alphabeta level 6) to move."
        side=$(sed -nE 's/^(.+) \(computer, alphabeta.*/\1/p' "$log" | head -1)
        printf '%s\t%s\n' "${side:-?}" "$result"
    done
done | awk -F'\t' '
    $1 == "?" { unknown++; next }
    !($1 in seen) { seen[$1] = 1; sides[++n_sides] = $1 }
    $2 ~ /^Game over: draw/ { d[$1]++; D++; next }
    index($2, "Game over: " $1 " wins") == 1 { w[$1]++; W++; next }
    { l[$1]++; L++ }
    END {
        for (i = 1; i <= n_sides; i++)
            printf "alpha-beta as %s: %d won, %d drawn, %d lost\n", sides[i], w[sides[i]], d[sides[i]], l[sides[i]]
        if (unknown) printf "%d games name no side for alpha-beta; not counted\n", unknown
        n = W + D + L
        if (n) printf "%d games: %d won, %d drawn, %d lost: %.1f%%\n", n, W, D, L, 100 * (W + D / 2) / n
    }'
