#!/usr/bin/env python3
"""One-screen summary of the current git repository."""
import subprocess


def git(*args):
    out = subprocess.run(["git", *args], capture_output=True, text=True)
    return out.stdout.strip()


def main():
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    counts = git("rev-list", "--left-right", "--count", "@{upstream}...HEAD") or "0\t0"
    behind, ahead = counts.split()
    dirty = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True).stdout.splitlines()
    stashes = subprocess.run(["git", "stash", "list"], capture_output=True, text=True).stdout.splitlines()
    tag = git("describe", "--tags", "--abbrev=0") or "(none)"
    print(f"branch     {branch}  (ahead {ahead}, behind {behind})")
    print(f"changes    {len(dirty)} file(s)")
    print(f"stashes    {len(stashes)}")
    print(f"last tag   {tag}")


if __name__ == "__main__":
    main()
