#!/usr/bin/env bash
# Whole-process search, as a user feels it: `incidents --data DIR search Q`
# over 10k synthetic records, against the pipeline a user would otherwise
# build with jq and fzf. Needs hyperfine, jq and fzf (Debian packages).
# Runs alternate between the two commands on the same machine.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${N:-10000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go run ./internal/synth/synthgen -n "$n" -o "$dir/data"
go build -o "$dir/incidents" ./cmd/incidents
for q in ${QUERIES:-dns "etcd crash" 음성}; do
	hyperfine --warmup 2 --runs "${RUNS:-10}" -N --style basic \
		-n "incidents search '$q'" "$dir/incidents --data $dir/data search '$q'" \
		-n "jq | fzf --filter '$q'" "bash -c \"jq -r '[.id,.org,.date,.title.en,.title.ko]|join(\\\"  \\\")' $dir/data/*.jsonl | fzf --filter '$q' >/dev/null\"" \
		|| true
done
