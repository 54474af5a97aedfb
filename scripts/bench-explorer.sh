#!/usr/bin/env bash
# Time until every record is listed, and peak memory, of the explorer
# against fzf, each driven as a user would in a real terminal: both open
# in a tmux pane of 120x40 over the same synthetic library, the pane is
# read every few milliseconds until the whole library is listed (the
# explorer's count reaches the records and its loading line is gone; fzf's
# counter reads N/N), then both take the same keys (a search typed a key
# at a time, cleared) and quit; GNU time gives the maximum resident set
# size. fzf reads the lines a user would give it: id, organisation, date
# and both titles of every record, made with jq (as bench-memory.sh does).
# Needs tmux, jq, fzf and GNU time (Debian packages tmux, jq, fzf, time).
#
# Libraries (made once with internal/synth/synthgen, kept with KEEP):
#   10k   10,000 records in one JSON Lines file
#   100k4 100,000 records in four JSON Lines files
#   100k1 100,000 records in one JSON Lines file of about 580 MB (each
#         record's lessons padded to 3.4 KB, the size of a large export)
# The explorer runs cold (an empty cache folder) and warm (the cache folder
# a first run wrote), fzf once, in alternating rounds, RUNS times, so a
# machine shared with other work weighs on all alike; the script prints
# each round, then the median and range of each figure.
#
#   scripts/bench-explorer.sh                       # all three, 5 rounds
#   LIBS="10k" RUNS=9 scripts/bench-explorer.sh
#   KEEP=/tmp/corpora scripts/bench-explorer.sh     # keep the corpora
set -euo pipefail
cd "$(dirname "$0")/.."
libs=${LIBS:-10k 100k4 100k1}
runs=${RUNS:-5}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
session="bench-explorer-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
go build -o "$work/incidents" ./cmd/incidents
go build -o "$work/synthgen" ./internal/synth/synthgen

# corpus makes library $1 and prints its folder.
corpus() {
	local dir="$work/$1"
	if [ ! -d "$dir" ]; then
		case $1 in
		10k) "$work/synthgen" -n 10000 -o "$dir" ;;
		100k4)
			"$work/synthgen" -n 100000 -o "$dir.tmp"
			mkdir -p "$dir"
			split -n l/4 -d --additional-suffix=.jsonl "$dir.tmp/synth.jsonl" "$dir/part"
			rm -rf "$dir.tmp"
			;;
		100k1)
			"$work/synthgen" -n 100000 -o "$dir.tmp"
			local pad
			pad=$(printf 'The review asked every team to rehearse the failover and to write down what they learned. %.0s' $(seq 38) | cut -c1-3400)
			mkdir -p "$dir"
			sed "s|\"lessons\":{\"en\":\"\"|\"lessons\":{\"en\":\"$pad\"|" "$dir.tmp/synth.jsonl" >"$dir/export.jsonl"
			rm -rf "$dir.tmp"
			;;
		esac
	fi
	[ -f "$dir.lines" ] || jq -r '[.id,.org,.date,.title.en,.title.ko]|join("  ")' "$dir"/*.jsonl >"$dir.lines"
	echo "$dir"
}

# run starts a command in a tmux pane under GNU time, waits until the
# pane shows what done (a function given the pane's text) accepts, types
# the search keys (after $search, the explorer's /), clears and quits. It
# prints the milliseconds until listed and the peak MB.
run() {
	local search=$1 done=$2 cmd=$3 out="$work/time.txt" t0 t1 pane
	rm -f "$out"
	t0=$(date +%s%N)
	tmux new-session -d -s "$session" -x 120 -y 40 "env XDG_CACHE_HOME='${XDG_CACHE_HOME:-}' /usr/bin/time -v -o '$out' $cmd"
	t1=
	for _ in $(seq 3000); do
		pane=$(tmux capture-pane -p -t "$session" 2>/dev/null || true)
		if "$done" "$pane"; then
			t1=$(date +%s%N)
			break
		fi
		sleep 0.01
	done
	[ -z "$search" ] || tmux send-keys -t "$session" "$search" 2>/dev/null || true
	for k in d n s Space e t c d; do
		tmux send-keys -t "$session" "$k" 2>/dev/null || true
		sleep 0.3
	done
	sleep 1
	tmux send-keys -t "$session" C-u 2>/dev/null || true
	sleep 0.5
	tmux send-keys -t "$session" Escape 2>/dev/null || true
	sleep 0.3
	tmux send-keys -t "$session" C-c 2>/dev/null || true
	for _ in $(seq 100); do [ -s "$out" ] && break; sleep 0.1; done
	tmux kill-session -t "$session" 2>/dev/null || true
	local ms=timeout
	[ -z "$t1" ] || ms=$(((t1 - t0) / 1000000))
	echo "$ms $(awk '/Maximum resident/ { printf "%.0f", $6 / 1024 }' "$out")"
}

# explorerListed: the count in the search bar has reached $want and no
# loading line is left.
explorerListed() {
	! grep -q 'loading ' <<<"$1" || return 1
	local n
	n=$(grep -o '[0-9][0-9,]* incidents' <<<"$1" | head -1 | tr -d ', incidents')
	[ -n "$n" ] && [ "$n" -ge "$want" ]
}

# fzfListed: fzf's counter reads N/N for every line.
fzfListed() { grep -Eq "(^|[^0-9])$want/$want( |$)" <<<"$1"; }

# stats prints the median and range of the numbers on stdin.
stats() {
	sort -g | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "median %6.0f  range %6.0f–%-6.0f", m, v[1], v[NR] }'
}

for lib in $libs; do
	dir=$(corpus "$lib")
	lines="$dir.lines"
	want=$(wc -l <"$lines")
	echo "== $lib: $want records, $(du -shL "$dir" | cut -f1) in $(ls "$dir" | wc -l) file(s)"
	declare -A ms=() mb=()
	warm="$work/cache-warm-$lib"
	rm -rf "$warm"
	XDG_CACHE_HOME="$warm" run / explorerListed "'$work/incidents' --data '$dir'" >/dev/null
	for i in $(seq "$runs"); do
		cold="$work/cache-cold"
		rm -rf "$cold"
		read -r a am < <(XDG_CACHE_HOME="$cold" run / explorerListed "'$work/incidents' --data '$dir'")
		read -r b bm < <(XDG_CACHE_HOME="$warm" run / explorerListed "'$work/incidents' --data '$dir'")
		read -r c cm < <(run "" fzfListed "fzf < '$lines'")
		echo "round $i: explorer cold $a ms $am MB · warm $b ms $bm MB · fzf $c ms $cm MB"
		ms[cold]+="$a " mb[cold]+="$am " ms[warm]+="$b " mb[warm]+="$bm " ms[fzf]+="$c " mb[fzf]+="$cm "
	done
	for k in cold warm fzf; do
		printf '%-5s listed ms: %s  peak MB: %s\n' "$k" "$(tr ' ' '\n' <<<"${ms[$k]}" | grep . | stats)" "$(tr ' ' '\n' <<<"${mb[$k]}" | grep . | stats)"
	done
	unset ms mb
done
