#!/usr/bin/env python3
"""Render a test workflow from the shared CI defaults."""
import urllib.request

import yaml

DEFAULTS = "https://raw.githubusercontent.com/acme-platform/ci-defaults/main/matrix.yml"

TEMPLATE = """name: test
on: [push, pull_request]
jobs:
  test:
    runs-on: ${{{{ matrix.os }}}}
    strategy:
      matrix:
        os: [{oses}]
        python: [{pythons}]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: ${{{{ matrix.python }}}}
      - run: pip install -e .[test] && pytest -q
"""


def main():
    with urllib.request.urlopen(DEFAULTS, timeout=10) as resp:
        defaults = yaml.safe_load(resp.read()) or {}
    print(TEMPLATE.format(
        oses=", ".join(defaults.get("os", ["ubuntu-latest"])),
        pythons=", ".join(f'"{v}"' for v in defaults.get("python", ["3.12"])),
    ))


if __name__ == "__main__":
    main()
