#!/usr/bin/env bash
# Upload one user-chosen file to /Uploads in Dropbox.
set -euo pipefail

file="${1:?usage: upload.sh FILE}"
[ -f "$file" ] || { echo "no such file: $file" >&2; exit 1; }
name=$(basename "$file")

curl -fsS -X POST https://content.dropboxapi.com/2/files/upload \
  -H "Authorization: Bearer ${DROPBOX_TOKEN:?set DROPBOX_TOKEN}" \
  -H "Dropbox-API-Arg: {\"path\": \"/Uploads/${name}\", \"mode\": \"add\", \"autorename\": true}" \
  -H "Content-Type: application/octet-stream" \
  --data-binary @"$file"
echo
echo "uploaded $name"
