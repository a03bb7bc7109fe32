{
  "mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
  "verificationMaterial": {
    "certificate": {
      "rawBytes": "W3dC75V0IQO2iv4PQknveBXI15edqcpQuhuH5m5yW7N+PltkG7lShKsC5rn2lHJ9JzN/G8fYmj2af5eItRZn8ytZh1FfVaLQWxAojR5ToMU6l85ERwEdCpoJgVPoIHfxWd4aFAFql2qJC3Jh0vczIHhe95MZf6E/2Pb2O+j97DLj1bwNwPwDuZTaiuH/ACK9xtEjMmUrbsupZy327hiU2sbYqvIQMxI3ANQLZ+D4pa7BR5wy01oXoTdNlnoZi5gAwxYAaquGXF/IPC16BHFpLMwaiVgm8t5ndjIpM3HZZx/key3dEXaO44Oc0y3L/LiHDPMtrd+oR6YN+kQ6HaR9j3WoaNNMJudVPMEV625EEd5vJJvUxm0jRe8/AGwPtrRb8I33v25ZQ70Xt5ZNmP8HyjKURMNxAFOEQ0cefSLxE6fZ0HoxI0isFU2AqRwaEFY5WGW253DGHZsrG0MloX4QC1wspIMybaM6J4q51/jcquxgFFFqXX1t42GY3uec53TLViL4HPDT8mElRFZF4R1TqKpXObsgW007pcwO8wwteJNqgVv6z3xrvXjjV+61iTJNu5cQgi3pJAYTMM1M3EKL5Nq7S4VvftZJEWUTsFWXp6d5aegG9gnUnS84MHRrz62xU+gTWEdVCKQfasL+7kZntTydjOb0ZUNRiY6EP2gcRo8CluukFNtmANg4t6PE1dfP0LjnIMUjmlOX/ZvHFzv0c6VjTPeAujnfFRkjqKEWAL3dEsSiMpeEaWE/pNuh2D7HMbwXscM2+drjQsO5BwJh9AmAZ7JZlOb95nGAGoaM1uYdMlHxnFeHZvltXPHhhq5o5jLsOMIbZl21GiIXuCVie1lFVPc5+CKjO7fiTFBTiSYsyZfmFbOXI6jXx/RJkRzr0CSFHEwlh82gMvmLR8R0oQ7U2D2Wo45DqKUI36ltgFQXjkvtRhd+ippE2e5yCbvW"
    },
    "tlogEntries": [
      {
        "logIndex": "48213377",
        "logId": {
          "keyId": "/04AcAGQddPoUr0tDqniCu0KxPpK/G126gNcS/dYKVc="
        },
        "kindVersion": {
          "kind": "dsse",
          "version": "0.0.1"
        },
        "integratedTime": "1764589200",
        "inclusionPromise": {
          "signedEntryTimestamp": "9popZIUw+6sBk+9+ly6jnRbiddAklTDhEKOFgoE3CfwBYS280c6mbMRI83ziCGb1rqdMvOSb+uWs/oEhrXLv1Dr7MRV62a4="
        },
        "canonicalizedBody": "CBqJpbJv9Try8IAneLddyr4Gj+ZlCtZuaA7vBFDpoAiF4I8oG/PQBHhOGNBKGo0Lj6N6tQ1uo5w/S0MUU3V2LxNaOWQOCz7u+QiMM69weWea1cUZdRGlAZkuRfSaG1Gwn+4C9yPrxWEz2a4R/ETfIlFO6olJXTSoZf+hiwEpCG8ux43aVByB6Mlt17MeesL0RqDGszFXMTyBX0i/GVSsbq7fgN1/Wy+7VfUJ/3IBzEqxgVYjR0u5o8wOtXoK3TyU5SmkNgcITifw4CpeY6y6n3K7y+jhbhxNjbwnYjNkYYtEkR7SsDVCYszo5Zu3AWu0z1Hdei4brk1Gu85tCQKsjlrcXHnoDMjquSy+EBpLQbF7pKC7VUwGwEzHrRBYzwBJcddc4dEBpMbg2C1wecLkEm/O+iiamm9MsqhFQ7xE/ZwJRaFurrlH6utehN+uaFyn3yswp/9glDtMuHlntA+ib3b2bR84dyvPPuMVRJrnaQyAcym5+Rbm324a6ECvOY3jkSgR4Tj+kq4yvHHCEsqsVzpfsk4EMt179PIx+HzJmA6yg2Fo"
      }
    ]
  },
  "dsseEnvelope": {
    "payload": "eyJfdHlwZSI6ICJodHRwczovL2luLXRvdG8uaW8vU3RhdGVtZW50L3YxIiwgInN1YmplY3QiOiBbeyJuYW1lIjogInNraWxsLnppcCIsICJkaWdlc3QiOiB7InNoYTI1NiI6ICI5YzUzYzA3NGQ3YWM2YTI3MjhiNjM4YWMxZjM3NmM1ZmE5ZWI4ZjcxNjAzMDE3YzNlYTYzOGMyZmQ0MDU0OGRmIn19XSwgInByZWRpY2F0ZVR5cGUiOiAiaHR0cHM6Ly9zbHNhLmRldi9wcm92ZW5hbmNlL3YxIn0=",
    "payloadType": "application/vnd.in-toto+json",
    "signatures": [
      {
        "sig": "TZBJBkh5HGMjbaDemd/qSSB1vc3A9otZSqxRUfWXp15iRFgKNGrPXYFKSNz2W82rVTAIjKJowx3FhmlEIH6JOA6YL78rgL5O",
        "keyid": ""
      }
    ]
  }
}
