#!/usr/bin/env bash
# The benchmark harness: playouts per second and perft nodes per second for every shipped
# game, on one thread, then `bench` on every core; with `--reference NATIVE`, the seed
# games side by side with the hand-written engines of ../shared/reference-engine.
#
#   benches/run.sh                                   # every shipped game
#   benches/run.sh --reference ../refbuild/release/native [--runs 5] [--playouts 4000]
#   benches/run.sh --binary /tmp/old/tabula          # another build, for before and after
#   benches/run.sh --chess [--runs 5]                # chess perft and playouts beside shakmaty's
#   benches/run.sh --chess --instructions            # the same in instructions (callgrind)
#   benches/run.sh --reference NATIVE --instructions # likewise, the seed games
#
# Timings are medians of `--runs` runs (default 3; 5 with --reference). The machine is
# noisy: where a figure matters, compare instruction counts too, e.g.
#   valgrind --tool=callgrind target/release/tabula bench zigzag --playouts 300 --threads 1
set -euo pipefail
cd "$(dirname "$0")/.."

reference=""
chess=""
instructions=""
runs=""
tabula=""
playouts_each=4000
while [ $# -gt 0 ]; do
    case "$1" in
        --reference) reference="$2"; shift 2 ;;
        --chess) chess=1; shift ;;
        --instructions) instructions=1; shift ;;
        --runs) runs="$2"; shift 2 ;;
        --binary) tabula="$2"; shift 2 ;;
        --playouts) playouts_each="$2"; shift 2 ;;
        *) echo "usage: benches/run.sh [--reference NATIVE [--playouts N] | --chess] [--instructions] [--runs N] [--binary TABULA]" >&2; exit 2 ;;
    esac
done
runs="${runs:-$([ -n "$reference$chess" ] && echo 5 || echo 3)}"

# The two programs of a comparison run on one core, the last, where `taskset` is there:
# left to the scheduler, they move between cores and the spread of a ratio doubles.
pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt 1 ]; then
    pin=(taskset -c "$(($(nproc) - 1))")
fi

if [ -z "$tabula" ]; then
    cargo build --release --quiet
    tabula=target/release/tabula
fi

# The median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# A field of a one-line JSON object (numbers only).
field() { sed -E "s/.*\"$1\":([0-9.e+-]+).*/\1/"; }
# Wall-clock seconds of a command.
seconds() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N); awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'; }

# The first start-position line each game keeps in tests/perft.txt (quick, and checked):
# its depth, then its options as `-o NAME=VALUE` arguments.
perft_line() {
    grep -v '^#' tests/perft.txt | awk -F'|' -v g="$1" '
        { gsub(/ /, "", $1); gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $3) }
        $1 == g && $3 == "start" && !seen++ {
            n = split($4, a, " "); k = split($2, o, " "); line = n
            for (i = 1; i <= k; i++) line = line " -o " o[i]
            print line
        }'
}

# The chess positions compared with shakmaty, a line each: name|depth|FEN|Tabula's text.
chess_positions='start|5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR White
kiwipete|4|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R White unmoved=a1,e1,h1,a8,e8,h8'
# The seed games compared with the hand-written engines.
seed_games="zola laska jerboa zigzag"

# The instructions a command runs (callgrind): a count that a busy machine does not move,
# where timings on a shared host can spread by a third.
instructions_of() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -nE 's/.*refs: *([0-9,]+).*/\1/p' | tr -d ,; }

# Instruction counts side by side: chess perft (the count at the depth less the count at
# depth 1, which leaves out each program's start-up) and the seed games' playouts (the
# difference of 400 and 100 playouts, a playout's worth). The ratio is Tabula's over the
# other program's.
if [ -n "$instructions" ]; then
    command -v valgrind >/dev/null || { echo "--instructions needs valgrind" >&2; exit 2; }
    if [ -n "$chess" ]; then
        cargo build --release --quiet --manifest-path benches/shakmaty/Cargo.toml
        shakmaty=benches/shakmaty/target/release/shakmaty-perft
        printf '%-10s %6s %16s %16s %8s\n' position depth "tabula instr" "shakmaty instr" ratio
        while IFS='|' read -r name depth fen text; do
            a=$(( $(instructions_of $tabula perft chess --position "$text" --depth "$depth" --threads 1) - $(instructions_of $tabula perft chess --position "$text" --depth 1 --threads 1) ))
            b=$(( $(instructions_of $shakmaty "$fen" "$depth") - $(instructions_of $shakmaty "$fen" 1) ))
            printf '%-10s %6s %16s %16s %8.1f\n' "$name" "$depth" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
        done <<< "$chess_positions"
        # Random games: a playout's worth (the difference of 200 and 50 playouts).
        a=$(( ($(instructions_of $tabula bench chess --playouts 200 --seed 5 --threads 1) - $(instructions_of $tabula bench chess --playouts 50 --seed 5 --threads 1)) / 150 ))
        b=$(( ($(instructions_of $shakmaty playouts 200 5) - $(instructions_of $shakmaty playouts 50 5)) / 150 ))
        printf '%-10s %6s %16s %16s %8.1f   %s\n' playouts - "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')" "(a random game's instructions)"
        exit 0
    fi
    [ -n "$reference" ] || { echo "--instructions goes with --chess or --reference" >&2; exit 2; }
    printf '%-8s %18s %18s %8s\n' game "tabula instr/playout" "native instr/playout" share
    for game in $seed_games; do
        a=$(( ($(instructions_of $tabula bench "$game" --playouts 400 --seed 5 --threads 1) - $(instructions_of $tabula bench "$game" --playouts 100 --seed 5 --threads 1)) / 300 ))
        b=$(( ($(instructions_of "$reference" playouts "$game" --n 400 --seed 5) - $(instructions_of "$reference" playouts "$game" --n 100 --seed 5)) / 300 ))
        printf '%-8s %18s %18s %8.2f\n' "$game" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')"
    done
    exit 0
fi

# Chess perft on one thread beside shakmaty's (benches/shakmaty, a project of its own):
# the start to depth 5 and Kiwipete to depth 4, the two alternating, medians of the times
# each program gives for the count alone. The ratio is Tabula's time over shakmaty's.
if [ -n "$chess" ]; then
    cargo build --release --quiet --manifest-path benches/shakmaty/Cargo.toml
    shakmaty=benches/shakmaty/target/release/shakmaty-perft
    printf '%-10s %6s %10s %12s %12s %8s   %s\n' position depth nodes "tabula s" "shakmaty s" ratio "(medians of $runs, one thread${pin:+, one core})"
    while IFS='|' read -r name depth fen text; do
        ours=(); theirs=()
        for _ in $(seq "$runs"); do
            doc=$("${pin[@]}" $tabula perft chess --position "$text" --depth "$depth" --threads 1 --json)
            ours+=("$(echo "$doc" | field seconds)")
            nodes=$(echo "$doc" | sed -E 's/.*"counts":\[([0-9,]+)\].*/\1/' | tr ',' '\n' | tail -1)
            line=$("${pin[@]}" $shakmaty "$fen" "$depth")
            [ "$(echo "$line" | field nodes)" = "$nodes" ] || { echo "$name: the counts differ" >&2; exit 1; }
            theirs+=("$(echo "$line" | field seconds)")
        done
        a=$(printf '%s\n' "${ours[@]}" | median)
        b=$(printf '%s\n' "${theirs[@]}" | median)
        printf '%-10s %6s %10s %12.4f %12.4f %8.1f\n' "$name" "$depth" "$nodes" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
    done <<< "$chess_positions"
    # Random games by the same rules (benches/shakmaty says how it ends them), 2,000 of
    # each program, alternating: playouts a second, and the average lengths, which agree
    # where the rules do.
    ours=(); theirs=(); lengths=()
    for _ in $(seq "$runs"); do
        doc=$("${pin[@]}" $tabula bench chess --playouts 2000 --seed 1 --threads 1 --json)
        ours+=("$(echo "$doc" | field playouts_per_second)")
        lengths+=("$(echo "$doc" | field average_plies)")
        line=$("${pin[@]}" $shakmaty playouts 2000 1)
        theirs+=("$(awk -v s="$(echo "$line" | field seconds)" 'BEGIN { print 2000 / s }')")
        theirs_long=$(echo "$line" | field plies)
    done
    a=$(printf '%s\n' "${ours[@]}" | median)
    b=$(printf '%s\n' "${theirs[@]}" | median)
    printf '\n%-10s %14s %14s %8s   %s\n' playouts "tabula /s" "shakmaty /s" share "(medians of $runs; average plies: tabula ${lengths[0]}, shakmaty $theirs_long)"
    printf '%-10s %14.0f %14.0f %8.2f\n' chess "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
    exit 0
fi

if [ -z "$reference" ]; then
    printf '%-13s %14s %14s %16s %18s\n' game "playouts/s" depth "perft nodes/s" "playouts/s, all cores"
    for game in $($tabula list | awk '{ print $1 }'); do
        # A pilot run sizes the real one at about half a second.
        pilot=$($tabula bench "$game" --playouts 50 --seed 1 --threads 1 --json | field playouts_per_second)
        playouts=$(awk -v r="$pilot" 'BEGIN { n = int(r / 2); print (n < 50) ? 50 : n }')
        rate=$(for _ in $(seq "$runs"); do
            $tabula bench "$game" --playouts "$playouts" --seed 1 --threads 1 --json | field playouts_per_second
        done | median)
        all=$(for _ in $(seq "$runs"); do
            $tabula bench "$game" --playouts "$playouts" --seed 1 --json | field playouts_per_second
        done | median)
        read -r depth options <<< "$(perft_line "$game")"
        nodes=$(for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086 # the options are words
            doc=$($tabula perft "$game" $options --depth "$depth" --threads 1 --json)
            total=$(echo "$doc" | sed -E 's/.*"counts":\[([0-9,]+)\].*/\1/' | tr ',' '\n' | awk '{ s += $1 } END { print s }')
            echo "$doc" | field seconds | awk -v n="$total" '{ printf "%.0f\n", n / $1 }'
        done | median)
        label="$depth${options:+ (${options//-o /})}"
        printf '%-13s %14.0f %14s %16.0f %18.0f\n' "$game" "$rate" "$label" "$nodes" "$all"
    done
    exit 0
fi

# Side by side with the hand-written engines: the whole process, the same playouts, the two
# commands alternating, medians. The share is the hand-written time over Tabula's.
printf '%-8s %12s %12s %8s   %s\n' game "tabula s" "native s" share "(medians of $runs, $playouts_each playouts, one thread${pin:+, one core})"
for game in $seed_games; do
    ours=(); theirs=()
    for _ in $(seq "$runs"); do
        ours+=("$(seconds "${pin[@]}" $tabula bench "$game" --playouts "$playouts_each" --seed 1 --threads 1)")
        theirs+=("$(seconds "${pin[@]}" "$reference" playouts "$game" --n "$playouts_each" --seed 1)")
    done
    a=$(printf '%s\n' "${ours[@]}" | median)
    b=$(printf '%s\n' "${theirs[@]}" | median)
    printf '%-8s %12.3f %12.3f %8.2f\n' "$game" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')"
done
