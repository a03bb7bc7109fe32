import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { tm3 } from './tm3-insecure-configuration.js';

test('TM3 fires on verify=False', () => {
  const f = runRule(tm3, { path: 'fetch.py', text: 'import requests\nrequests.get(url, verify=False)\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'TM3');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'MEDIUM');
});

test('TM3 fires on TLS-off, auth-off, anonymous, CORS * and 777', () => {
  const cases: [string, string][] = [
    ['a.js', 'https.request({ rejectUnauthorized: false })'],
    ['a.sh', 'export NODE_TLS_REJECT_UNAUTHORIZED=0'],
    ['a.sh', 'npm config set strict-ssl false'],
    ['c.yaml', 'auth_enabled: false'],
    ['m.conf', 'allow_anonymous true'],
    ['s.js', "res.setHeader('Access-Control-Allow-Origin', '*')"],
    ['s.py', 'app.add_middleware(CORSMiddleware, allow_origins=["*"])'],
    ['i.sh', 'chmod -R 777 /srv/data'],
    ['i.py', 'os.chmod(path, 0o666)'],
  ];
  for (const [path, text] of cases) assert.equal(runRule(tm3, { path, text: `${text}\n` }).length, 1, text);
});

test('TM3 look-alikes: safe settings, negated docs, fixture', () => {
  const safe = 'requests.get(url, verify=True)\nrequests.get(url, auth=None)\nchmod 755 bin/tool\nchmod 0644 f\nrejectUnauthorized: true\n';
  assert.equal(runRule(tm3, { path: 'ok.py', text: safe }).length, 0);
  const neg = runRule(tm3, { path: 'docs/x.md', text: 'Never pass verify=False to requests.\n' });
  assert.ok(neg.every((x) => x.severity === 'LOW'));
  // Non-code test data (code under tests/ is code and keeps its findings).
  const fx = runRule(tm3, { path: 'tests/fixtures/tls-cases.txt', text: 'requests.get(u, verify=False)\n' });
  assert.equal(highFindings(fx).length, 0);
  assert.ok(fx.every((x) => x.severity === 'LOW'));
});

test('TM3: TLS off behind an opt-in condition or for a loopback address is LOW; unconditional stays MEDIUM', () => {
  // Before: MEDIUM for an `--insecure` switch the user opts into, as for a hard-coded disablement.
  const guarded = [
    ['es.js', 'if (insecure) {\n  config.tls = { rejectUnauthorized: false };\n}\n'],
    ['kb.js', 'if (config.insecure) {\n  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";\n}\n'],
    ['c.py', 'if args.insecure:\n    ctx.verify_mode = ssl.CERT_NONE\n'],
    ['c.py', 'resp = requests.get(url, verify=False if args.insecure else True)\n'],
    ['dev.sh', '[ "$DEV_TLS" = 1 ] && export NODE_TLS_REJECT_UNAUTHORIZED=0\n'],
    ['local.py', 'requests.get("https://localhost:9200/_cluster/health", verify=False)\n'],
  ];
  for (const [path, text] of guarded) {
    const f = runRule(tm3, { path: path ?? '', text: text ?? '' });
    assert.equal(f.length, 1, text);
    assert.equal(f[0]?.severity, 'LOW', text);
  }
  assert.equal(runRule(tm3, { path: 'c.js', text: 'const agent = new https.Agent({ rejectUnauthorized: false });\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm3, { path: 'c.py', text: 'if True:\n    requests.get("https://api.example.net", verify=False)\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm3, { path: 'c.py', text: 'requests.post("https://203.0.113.9/upload", verify=False)\n' })[0]?.severity, 'MEDIUM');
});

test('TM3: CORS * is LOW alone and MEDIUM with credentials', () => {
  assert.equal(runRule(tm3, { path: 's.ts', text: 'const h = {\n  "Access-Control-Allow-Origin": "*",\n  "Access-Control-Allow-Methods": "GET",\n};\n' })[0]?.severity, 'LOW');
  const creds = runRule(tm3, { path: 's.js', text: "res.setHeader('Access-Control-Allow-Origin', '*');\nres.setHeader('Access-Control-Allow-Credentials', 'true');\n" });
  assert.equal(creds[0]?.severity, 'MEDIUM');
});
