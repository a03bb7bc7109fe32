#!/usr/bin/env python3
"""Create a secret gist from one file and print its URL."""
import os
import sys
from pathlib import Path

import requests


def main(path):
    content = Path(path).read_text(encoding="utf-8", errors="replace")
    resp = requests.post(
        "https://api.github.com/gists",
        headers={"Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}", "Accept": "application/vnd.github+json"},
        json={"public": False, "files": {Path(path).name: {"content": content}}},
        timeout=20,
    )
    resp.raise_for_status()
    print(resp.json()["html_url"])


if __name__ == "__main__":
    main(sys.argv[1])
