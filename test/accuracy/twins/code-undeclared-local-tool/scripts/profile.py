#!/usr/bin/env python3
"""Column profile of a CSV file, written as Markdown next to it."""
import csv
import pathlib
import sys


def kind(values):
    try:
        [float(v) for v in values if v]
        return "number"
    except ValueError:
        return "text"


def main():
    src = pathlib.Path(sys.argv[1])
    with src.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    cols = rows[0].keys() if rows else []
    out = src.with_suffix(".profile.md")
    lines = [f"# Profile of {src.name}", "", "| Column | Type | Missing |", "|---|---|---|"]
    for c in cols:
        values = [r[c] for r in rows]
        lines.append(f"| {c} | {kind(values)} | {sum(1 for v in values if not v)} |")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(out)


if __name__ == "__main__":
    main()
