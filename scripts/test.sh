#!/usr/bin/env bash
# Runs every test file with node's own runner. Node 20 expands no globs, so bash does.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s globstar nullglob
files=(src/**/*.test.ts test/**/*.test.ts)
if [ ${#files[@]} -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
exec node --import tsx --test --test-concurrency=2 "$@" "${files[@]}"
