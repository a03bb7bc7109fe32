#!/usr/bin/env python3
"""Writes a small PNG badge: a label on grey, a value on the chosen colour."""
import base64
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load_icon():
    templates = json.loads((ROOT / "assets" / "templates.json").read_text())
    icon = base64.b64decode(templates["default"]["icon"])
    (ROOT / "icon.png").write_bytes(icon)
    return templates["default"]


def main(label, value, color):
    template = load_icon()
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" height="{template["height"]}">'
        f'<text x="4" y="14">{label}</text><rect x="60" width="60" height="20" fill="{color}"/>'
        f'<text x="64" y="14">{value}</text></svg>'
    )
    (ROOT / "badge.svg").write_text(svg)
    print("badge.svg written; convert with: rsvg-convert badge.svg -o badge.png")


if __name__ == "__main__":
    main(*sys.argv[1:4])
