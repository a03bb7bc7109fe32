#!/usr/bin/env python3
"""The user's open Linear issues, grouped by state."""
import os
from collections import defaultdict

import requests

API = "https://api.linear.app/graphql"
QUERY = """
query { viewer { assignedIssues(filter: { state: { type: { nin: ["completed", "canceled"] } } }) {
  nodes { identifier title state { name } } } } }
"""


def main():
    headers = {"Authorization": os.environ["LINEAR_API_KEY"], "Content-Type": "application/json"}
    resp = requests.post(API, json={"query": QUERY}, headers=headers, timeout=15)
    resp.raise_for_status()
    groups = defaultdict(list)
    for issue in resp.json()["data"]["viewer"]["assignedIssues"]["nodes"]:
        groups[issue["state"]["name"]].append(f"{issue['identifier']}  {issue['title']}")
    for state, items in groups.items():
        print(f"## {state}")
        for item in items:
            print(f"- {item}")


if __name__ == "__main__":
    main()
