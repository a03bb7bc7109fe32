#!/usr/bin/env bash
# Download the Chinook sample database and check it before use.
set -euo pipefail

url="https://github.com/lerocha/chinook-database/releases/download/v1.4.5/Chinook_Sqlite.sqlite"
dest="data/chinook.sqlite"

mkdir -p data
if [ -f "$dest" ]; then
  echo "already present: $dest"
  exit 0
fi

curl -fsSL --retry 3 -o "$dest.part" "$url"
if ! head -c 16 "$dest.part" | grep -q "SQLite format 3"; then
  echo "download is not a SQLite database" >&2
  rm -f "$dest.part"
  exit 1
fi
mv "$dest.part" "$dest"
echo "saved $dest ($(wc -c < "$dest") bytes)"
