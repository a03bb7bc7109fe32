#!/usr/bin/env python3
"""Write digest.md from a repository's open issues."""
import json
import os
import sys
import urllib.request


def main():
    repo = sys.argv[1]
    token = os.environ["GITHUB_TOKEN"]
    req = urllib.request.Request(
        f"https://api.github.com/repos/{repo}/issues?state=open&per_page=50",
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"},
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        issues = json.load(resp)
    with open("digest.md", "w", encoding="utf-8") as out:
        out.write(f"# Open issues in {repo}\n\n")
        for issue in issues:
            out.write(f"- #{issue['number']} {issue['title']} ({issue['user']['login']})\n")
    print(f"wrote digest.md with {len(issues)} issues")


if __name__ == "__main__":
    main()
