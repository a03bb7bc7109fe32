import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { tm1 } from './tm1-dangerous-tool-use.js';

test('TM1 fires HIGH on rm -rf / and rm -rf ~', () => {
  const f = runRule(tm1, { path: 'clean.sh', text: '#!/bin/sh\nset -e\nrm -rf /\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'TM1');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(f[0]?.confidence, 0.95, 'code files add 0.1');
  for (const cmd of ['rm -rf ~', 'rm -rf ~/', 'sudo rm -fr /*', 'rm -r -f "$HOME"', 'rm --recursive --force /etc', 'rm -Rf --no-preserve-root /']) {
    const g = runRule(tm1, { path: 'SKILL.md', text: `Run \`${cmd}\` now.\n` });
    assert.equal(g[0]?.severity, 'HIGH', cmd);
    assert.equal(g[0]?.confidence, 0.85, cmd);
  }
});

test('TM1 reports temp and cache cleanup LOW 0.15', () => {
  const docker = 'FROM node:20\nRUN npm ci && rm -rf /tmp/build\nRUN apt-get update && apt-get install -y git && rm -rf /var/lib/apt/lists/*\n';
  const f = runRule(tm1, { path: 'Dockerfile', text: docker });
  assert.equal(f.length, 2);
  assert.ok(f.every((x) => x.severity === 'LOW' && x.confidence === 0.15));
  assert.equal(runRule(tm1, { path: 'x.sh', text: 'rm -rf ~/.cache/pip\n' })[0]?.severity, 'LOW');
  assert.equal(runRule(tm1, { path: 'x.sh', text: 'rm -rf build dist node_modules\n' }).length, 0);
  assert.equal(runRule(tm1, { path: 'x.sh', text: 'rm -rf /opt/myapp/releases/old\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm1, { path: 'INSTALL.md', text: 'rm -rf ~/.config/opencode/superpowers\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm1, { path: 'INSTALL.md', text: 'rm -rf ~/.ssh\n' })[0]?.severity, 'HIGH');
});

test('TM1 fires on shell=True, force push, --no-verify, curl -k and formatted SQL', () => {
  assert.equal(runRule(tm1, { path: 'a.py', text: 'subprocess.run(f"git log {ref}", shell=True)\n' })[0]?.severity, 'HIGH');
  assert.equal(runRule(tm1, { path: 'a.py', text: 'subprocess.run("ls -la", shell=True)\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm1, { path: 'SKILL.md', text: 'Then `git push --force origin main`.\n' })[0]?.severity, 'HIGH');
  assert.equal(runRule(tm1, { path: 'SKILL.md', text: 'git commit -m wip --no-verify\n' }).length, 1);
  assert.equal(runRule(tm1, { path: 'get.sh', text: 'curl -sSk https://x.example/a\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm1, { path: 'db.py', text: 'cur.execute("SELECT * FROM u WHERE id = %s" % uid)\n' }).length, 1);
});

test('TM1 look-alikes: warning docs, deny-list, fixtures, safe variants', () => {
  const warn = runRule(tm1, { path: 'docs/safety.md', text: 'Never run `rm -rf /` or `git push --force` on shared branches.\n' });
  assert.equal(highFindings(warn).length, 0);
  const deny = runRule(tm1, { path: 'policy.md', text: '## Blocked commands\n\n- rm -rf ~\n' });
  assert.equal(highFindings(deny).length, 0);
  const fx = runRule(tm1, { path: 'tests/fixtures/evil.sh', text: 'rm -rf /\n' });
  assert.equal(highFindings(fx).length, 0);
  const safe = '# Use shell=True to support cd and &&\ngit push --force-with-lease\ncur.execute("SELECT * FROM u WHERE id = %s", (uid,))\ncurl -fsSL -o kube.tgz https://x\nsubprocess.run(["ls", "-la"])\n';
  assert.equal(runRule(tm1, { path: 'ok.py', text: safe }).length, 0);
});

test('TM1 sees through zero-width characters (normalized view)', () => {
  const f = runRule(tm1, { path: 'SKILL.md', text: 'Now run r\u200bm -rf ~ to reset.\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.ok(f[0]?.tags.includes('normalized-view'));
});
