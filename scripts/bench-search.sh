#!/usr/bin/env bash
# Whole-process search, as a user feels it: `incidents --data DIR search Q`
# over 10k and 100k synthetic records, against the pipeline a user would
# otherwise build with jq and fzf. Needs jq, fzf and GNU time (Debian
# packages jq, fzf, time).
#
# The two commands run in alternating pairs (incidents, then the pipeline,
# RUNS times), so a machine shared with other work slows both alike; each
# pair gives a ratio (incidents ÷ pipeline), and the script prints per
# query the median and range of the ratios and of each command's wall
# time, then each command's peak memory (maximum resident set size).
#
#   scripts/bench-search.sh                      # 10k and 100k, 5 pairs each
#   SIZES=10000 RUNS=9 QUERIES="dns etcd" scripts/bench-search.sh
#   KEEP=/tmp/corpora scripts/bench-search.sh    # keep the corpora for reuse
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-10000 100000}
runs=${RUNS:-5}
queries=${QUERIES:-dns|etcd crash|음성|cloudflare}
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
go build -o "$work/incidents" ./cmd/incidents

# ms runs a command and prints its wall time in milliseconds.
ms() {
	local t0 t1
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000000))
}

# stats prints the median and range of the numbers on stdin.
stats() {
	sort -g | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "median %.2f (range %.2f–%.2f)", m, v[1], v[NR] }'
}

# peak prints a command's maximum resident set size in MB.
peak() {
	/usr/bin/time -v "$@" 2>&1 >/dev/null | awk '/Maximum resident/ { printf "%.0f MB", $6 / 1024 }'
}

IFS='|' read -r -a qs <<<"$queries"
for n in $sizes; do
	dir="$work/d$n"
	[ -d "$dir" ] || go run ./internal/synth/synthgen -n "$n" -o "$dir"
	echo "== $n records ($(du -shL "$dir" | cut -f1))"
	for q in "${qs[@]}"; do
		inc=("$work/incidents" --data "$dir" search "$q")
		pipe=(bash -c 'jq -r "[.id,.org,.date,.title.en,.title.ko]|join(\"  \")" "$1"/*.jsonl | fzf --filter "$2"' _ "$dir" "$q")
		"${inc[@]}" >/dev/null 2>&1 || true # warm the page cache
		: >"$work/a" && : >"$work/b" && : >"$work/r"
		for _ in $(seq "$runs"); do
			a=$(ms "${inc[@]}")
			b=$(ms "${pipe[@]}")
			echo "$a" >>"$work/a" && echo "$b" >>"$work/b"
			awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f\n", a / b }' >>"$work/r"
		done
		printf '%-12s ratio %s  | incidents ms %s | jq|fzf ms %s\n' "'$q'" \
			"$(stats <"$work/r")" "$(stats <"$work/a")" "$(stats <"$work/b")"
	done
	printf 'peak memory: incidents search %s, jq|fzf %s (fzf alone over the lines: %s)\n' \
		"$(peak "$work/incidents" --data "$dir" search "${qs[0]}")" \
		"$(peak "${pipe[@]}")" \
		"$(jq -r '[.id,.org,.date,.title.en,.title.ko]|join("  ")' "$dir"/*.jsonl >"$work/lines" && peak fzf --filter "${qs[0]}" <"$work/lines")"
done
