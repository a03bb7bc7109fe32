#!/usr/bin/env python3
"""Write TODO/FIXME comments of the project into TODO-REPORT.md."""
import re
import sys
from pathlib import Path

MARK = re.compile(r"\b(TODO|FIXME)\b[:\s]*(.*)")
SUFFIXES = {".py", ".js", ".ts", ".tsx", ".go", ".rs", ".sh"}


def collect(roots):
    found = {}
    for root in roots:
        for path in sorted(Path(root).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                m = MARK.search(line)
                if m:
                    found.setdefault(str(path), []).append(f"- line {n}: **{m.group(1)}** {m.group(2).strip()}")
    return found


def main():
    found = collect(sys.argv[1:] or ["."])
    lines = ["# TODO report", ""]
    for file, items in found.items():
        lines += [f"## {file}", *items, ""]
    Path("TODO-REPORT.md").write_text("\n".join(lines), encoding="utf-8")
    print(f"{sum(len(v) for v in found.values())} item(s) in {len(found)} file(s) -> TODO-REPORT.md")


if __name__ == "__main__":
    main()
