#!/usr/bin/env bash
# Print the health endpoint every 30 seconds until interrupted.
url="${1:?usage: watch_health.sh URL}"
while true; do
  curl -fsS --max-time 5 "$url" || echo "unreachable"
  sleep 30
done
