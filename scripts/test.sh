#!/usr/bin/env bash
# `npm test`: the static checks (typecheck, lint with the dependency rules, the production
# audit) side by side with the test suite, the checks' output printed once the suite is done.
# One after the other, the checks held the 2-core CI machine for about 50 s before the first
# test, while the suite leaves a third of the CPU idle (it waits on servers, timers and jobs).
# Fails if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bash scripts/static-checks.sh typecheck lint audit:prod >"$log" 2>&1 &
checks_pid=$!
vitest run "$@"
tests=$?
wait "$checks_pid"
checks=$?
cat "$log"
if [ "$checks" -ne 0 ]; then echo "npm test: the static checks failed (above)" >&2; fi
if [ "$tests" -ne 0 ] || [ "$checks" -ne 0 ]; then exit 1; fi
