#!/usr/bin/env bash
# Whole-process search, as a user feels it: `incidents --data DIR search Q`
# over 10k and 100k synthetic records, against the pipeline a user would
# otherwise build with jq and fzf. Needs jq, fzf and GNU time (Debian
# packages jq, fzf, time).
#
# The commands run in alternating rounds (incidents without its cache
# (--no-cache, "cold"), incidents with a warm cache, then the pipeline;
# RUNS times), so a machine shared with other work slows all alike; each
# round gives two ratios (cold ÷ pipeline, warm ÷ pipeline), and the
# script prints per query the median and range of the ratios and of each
# command's wall time, then each command's peak memory (maximum resident
# set size) for every query. The default queries are plain words, one
# with syntax (a filter and a negation), and one that matches nothing,
# whose run includes its "did you mean" suggestions. The cache lives in a
# folder of its own (XDG_CACHE_HOME), made warm by one search before the
# rounds.
#
#   scripts/bench-search.sh                      # 10k and 100k, 5 pairs each
#   SIZES=10000 RUNS=9 QUERIES="dns etcd" scripts/bench-search.sh
#   KEEP=/tmp/corpora scripts/bench-search.sh    # keep the corpora for reuse
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-10000 100000}
runs=${RUNS:-5}
queries=${QUERIES:-dns|etcd crash|음성|cloudflare|org:arclight !dns|zzqqxx}
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
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
		cold=("$work/incidents" --data "$dir" search --no-cache "$q")
		warm=("$work/incidents" --data "$dir" search "$q")
		pipe=(bash -c 'jq -r "[.id,.org,.date,.title.en,.title.ko]|join(\"  \")" "$1"/*.jsonl | fzf --filter "$2"' _ "$dir" "$q")
		"${warm[@]}" >/dev/null 2>&1 || true # warm the page cache and the search cache
		: >"$work/a" && : >"$work/w" && : >"$work/b" && : >"$work/r" && : >"$work/rw"
		for _ in $(seq "$runs"); do
			a=$(ms "${cold[@]}")
			w=$(ms "${warm[@]}")
			b=$(ms "${pipe[@]}")
			echo "$a" >>"$work/a" && echo "$w" >>"$work/w" && echo "$b" >>"$work/b"
			awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f\n", a / b }' >>"$work/r"
			awk -v a="$w" -v b="$b" 'BEGIN { printf "%.3f\n", a / b }' >>"$work/rw"
		done
		printf '%-12s cold ratio %s | warm ratio %s\n' "'$q'" "$(stats <"$work/r")" "$(stats <"$work/rw")"
		printf '%-12s ms: cold %s | warm %s | jq|fzf %s\n' "" "$(stats <"$work/a")" "$(stats <"$work/w")" "$(stats <"$work/b")"
		printf '%-12s peak memory: cold %s | warm %s\n' "" "$(peak "${cold[@]}")" "$(peak "${warm[@]}")"
	done
	pipe=(bash -c 'jq -r "[.id,.org,.date,.title.en,.title.ko]|join(\"  \")" "$1"/*.jsonl | fzf --filter "$2"' _ "$dir" "${qs[0]}")
	printf 'peak memory: jq|fzf %s (fzf alone over the lines: %s)\n' \
		"$(peak "${pipe[@]}")" \
		"$(jq -r '[.id,.org,.date,.title.en,.title.ko]|join("  ")' "$dir"/*.jsonl >"$work/lines" && peak fzf --filter "${qs[0]}" <"$work/lines")"
done
