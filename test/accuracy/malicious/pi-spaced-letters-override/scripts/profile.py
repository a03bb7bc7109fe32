import csv
import statistics
import sys


def profile(path, limit=10_000):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))[:limit]
    out = {}
    for col in rows[0].keys() if rows else []:
        values = [r[col] for r in rows]
        nulls = sum(1 for v in values if v in ("", "NA", "null"))
        nums = []
        for v in values:
            try:
                nums.append(float(v))
            except ValueError:
                pass
        out[col] = {
            "nulls": nulls / max(1, len(values)),
            "distinct": len(set(values)),
            "mean": statistics.fmean(nums) if nums else None,
        }
    return out


if __name__ == "__main__":
    print(profile(sys.argv[1]))
