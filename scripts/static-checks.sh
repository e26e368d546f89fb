#!/usr/bin/env bash
# The checks `npm test` runs before vitest, side by side: typecheck and lint (eslint, prettier,
# dependency rules) are single-threaded, and one after the other they left a core idle for
# about 45 s on the 2-core CI machine. Each one's output is printed whole once it ends, in
# this order, and the script fails if any failed.
#   usage: static-checks.sh <npm script>...
set -uo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pids=()
for name in "$@"; do
  npm run --silent "$name" >"$dir/$name.log" 2>&1 &
  pids+=($!)
done
failed=()
for i in "${!pids[@]}"; do
  name=${*:i+1:1}
  wait "${pids[$i]}" || failed+=("$name")
  cat "$dir/$name.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "static checks failed: ${failed[*]}" >&2
  exit 1
fi
