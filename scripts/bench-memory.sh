#!/usr/bin/env bash
# Peak memory of the explorer against fzf, each driven as a user would in
# a real terminal: both open in a tmux pane of 120x40 over the same
# synthetic library (100k records by default), wait for it to load, take
# the same keys (a search typed a key at a time, cleared, then quit), and
# have their maximum resident set size taken by GNU time. fzf reads the
# lines a user would give it: id, organisation, date and both titles of
# every record, made with jq. Needs tmux, jq, fzf and GNU time (Debian
# packages tmux, jq, fzf, time).
#
# The two run in alternating rounds, RUNS times, so a machine shared with
# other work weighs on both alike; the script prints each round's peaks
# and ratio, then the median and range of each.
#
#   scripts/bench-memory.sh                      # 100k records, 5 rounds
#   SIZE=10000 RUNS=3 scripts/bench-memory.sh
#   KEEP=/tmp/corpora scripts/bench-memory.sh    # keep the corpus for reuse
#   WAIT=20 scripts/bench-memory.sh              # seconds to let a load end
set -euo pipefail
cd "$(dirname "$0")/.."
size=${SIZE:-100000}
runs=${RUNS:-5}
wait=${WAIT:-12}
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
go build -o "$work/incidents" ./cmd/incidents
dir="$work/d$size"
[ -d "$dir" ] || go run ./internal/synth/synthgen -n "$size" -o "$dir"
lines="$work/lines$size"
[ -f "$lines" ] || jq -r '[.id,.org,.date,.title.en,.title.ko]|join("  ")' "$dir"/*.jsonl >"$lines"
session="bench-memory-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# peak runs a command in a tmux pane, gives it the keys, and prints its
# maximum resident set size in MB. search says how to start a search (the
# explorer's / key; fzf reads keys as the query at once).
peak() {
	local search=$1 cmd=$2 out="$work/time.txt"
	rm -f "$out"
	tmux new-session -d -s "$session" -x 120 -y 40 "/usr/bin/time -v -o '$out' $cmd"
	sleep "$wait"
	[ -z "$search" ] || tmux send-keys -t "$session" "$search"
	for k in d n s Space e t c d; do
		tmux send-keys -t "$session" "$k"
		sleep 0.5
	done
	sleep 2
	tmux send-keys -t "$session" C-u
	sleep 1
	tmux send-keys -t "$session" Escape 2>/dev/null || true
	sleep 0.5
	tmux send-keys -t "$session" C-c 2>/dev/null || true
	for _ in $(seq 50); do [ -s "$out" ] && break; sleep 0.1; done
	tmux kill-session -t "$session" 2>/dev/null || true
	awk '/Maximum resident/ { printf "%.0f", $6 / 1024 }' "$out"
}

# stats prints the median and range of the numbers on stdin.
stats() {
	sort -g | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "median %.2f (range %.2f–%.2f)", m, v[1], v[NR] }'
}

echo "== $size records ($(du -shL "$dir" | cut -f1)), $runs rounds"
inc=() fz=() ratio=()
for i in $(seq "$runs"); do
	a=$(peak / "'$work/incidents' --data '$dir'")
	b=$(peak "" "fzf < '$lines'")
	r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')
	echo "round $i: incidents $a MB, fzf $b MB, ratio $r"
	inc+=("$a") fz+=("$b") ratio+=("$r")
done
echo "incidents peak MB: $(printf '%s\n' "${inc[@]}" | stats)"
echo "fzf peak MB:       $(printf '%s\n' "${fz[@]}" | stats)"
echo "ratio:             $(printf '%s\n' "${ratio[@]}" | stats)"
