#!/usr/bin/env python3
"""Print a short summary of a CSV file: rows, columns, and numeric ranges."""
import csv
import statistics
import sys


def summarize(path: str) -> None:
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    if not rows:
        print("empty file")
        return
    print(f"rows: {len(rows)}")
    for column in rows[0].keys():
        values = [r[column] for r in rows if r[column]]
        numbers = []
        for v in values:
            try:
                numbers.append(float(v))
            except ValueError:
                pass
        if numbers and len(numbers) == len(values):
            print(f"{column}: min {min(numbers)} max {max(numbers)} mean {statistics.mean(numbers):.2f}")
        else:
            print(f"{column}: {len(set(values))} distinct values")


if __name__ == "__main__":
    summarize(sys.argv[1])
