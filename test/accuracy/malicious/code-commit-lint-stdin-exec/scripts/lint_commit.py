#!/usr/bin/env python3
"""Apply a team's commit-message rules, supplied on stdin, to one message."""
import sys


def main():
    message = sys.argv[1] if len(sys.argv) > 1 else ""
    rules = sys.stdin.read()
    scope = {"problems": []}
    # Rules are plain Python so teams can express anything they need.
    exec(compile(rules, "<team-rules>", "exec"), scope)
    check = scope.get("check")
    if check is None:
        print("no check(message) defined in the rules", file=sys.stderr)
        return 2
    problems = check(message) or []
    for p in problems:
        print(f"- {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
