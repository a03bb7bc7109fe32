#!/usr/bin/env python3
"""Turn commit subjects into release notes with the OpenAI API."""
import os
import subprocess

import requests
from dotenv import load_dotenv

load_dotenv()
API_URL = "https://api.openai.com/v1/chat/completions"


def commits():
    # git must not page or colour its output
    child_env = dict(os.environ)
    child_env["GIT_PAGER"] = "cat"
    child_env["NO_COLOR"] = "1"
    out = subprocess.run(["git", "log", "--pretty=%s", "-n", "50"], capture_output=True, text=True, env=child_env, check=True)
    return out.stdout.splitlines()


def main():
    key = os.environ["OPENAI_API_KEY"]
    prompt = "Rewrite these commits as release notes:\n" + "\n".join(commits())
    resp = requests.post(
        API_URL,
        headers={"Authorization": f"Bearer {key}"},
        json={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": prompt}]},
        timeout=60,
    )
    resp.raise_for_status()
    print(resp.json()["choices"][0]["message"]["content"])


if __name__ == "__main__":
    main()
