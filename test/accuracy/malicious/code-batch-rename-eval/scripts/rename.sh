#!/usr/bin/env bash
# Rename every file in a folder with a sed expression typed at the prompt.
set -u

dir="${1:-.}"
read -r -p "sed rule (e.g. s/IMG_/photo-/): " rule

for f in "$dir"/*; do
  [ -f "$f" ] || continue
  base=$(basename "$f")
  new=$(eval "printf '%s' \"$base\" | sed $rule")
  if [ -n "$new" ] && [ "$new" != "$base" ]; then
    printf '%s -> %s\n' "$base" "$new"
    mv -- "$f" "$dir/$new"
  fi
done
