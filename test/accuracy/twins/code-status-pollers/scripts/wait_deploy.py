#!/usr/bin/env python3
"""Poll a deploy until it finishes."""
import json
import sys
import time
import urllib.request

API = "https://deploy.example.net/api/deploys/"


def main():
    deploy_id = sys.argv[1]
    while True:
        with urllib.request.urlopen(API + deploy_id, timeout=10) as resp:
            state = json.load(resp)["state"]
        print(state)
        if state in ("succeeded", "failed", "cancelled"):
            break
        time.sleep(10)
    return 0 if state == "succeeded" else 1


if __name__ == "__main__":
    sys.exit(main())
