#!/usr/bin/env bash
# Plays one run as N shards in parallel on this machine, then merges them: the merged folder is
# byte for byte what `whisker simulate` without shards writes (host.toml aside).
# Usage: scripts/shards-local.sh N OUT [simulate arguments...]
#   e.g. scripts/shards-local.sh 8 results/big --games 2000000 --seed 3
set -euo pipefail
# Paths (OUT, a config file) are taken from where you run it; the binary from this repository.
root=$(cd "$(dirname "$0")/.." && pwd)
n=$1 out=$2
shift 2
cargo build --release --locked --quiet --manifest-path "$root/Cargo.toml"
whisker=$root/target/release/whisker
shards=$(mktemp -d)
trap 'rm -rf "$shards"' EXIT
# Each shard gets one thread; xargs -P runs them side by side.
seq 0 $((n - 1)) | xargs -P "$(nproc)" -I{} \
  "$whisker" simulate "$@" --threads 1 --quiet --shard "{}/$n" --out "$shards/{}" >/dev/null ||
  { echo "a shard failed; nothing merged" >&2; exit 2; }
"$whisker" merge "$shards"/* --out "$out"
