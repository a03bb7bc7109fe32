#!/usr/bin/env bash
# Runs every test file with node's own runner. Node 20 expands no globs, so bash does.
set -euo pipefail
cd "$(dirname "$0")/.."
# A provider configured in the developer's shell must never receive test content (tests that need one
# point at the loopback fake and pass their own variables).
unset SKILLSPECTOR_PROVIDER SKILLSPECTOR_MODEL SKILLSPECTOR_BASE_URL OPENAI_API_KEY NVIDIA_INFERENCE_KEY ANTHROPIC_API_KEY
shopt -s globstar nullglob
files=(src/**/*.test.ts test/**/*.test.ts)
if [ ${#files[@]} -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
exec node --import tsx --test --test-concurrency=2 "$@" "${files[@]}"
