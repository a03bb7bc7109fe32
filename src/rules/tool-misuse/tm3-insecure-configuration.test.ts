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
  const fx = runRule(tm3, { path: 'tests/test_tls.py', text: 'requests.get(u, verify=False)\n' });
  assert.equal(highFindings(fx).length, 0);
  assert.ok(fx.every((x) => x.severity === 'LOW'));
});
