import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highFindings, runRule } from '../../../test/helpers/rule-harness.js';
import { sc7 } from './sc7-content-trust-disabled.js';

const high = (path: string, text: string) => highFindings(runRule(sc7, { path, text }));

test('SC7 fires on docker --disable-content-trust', () => {
  const f = runRule(sc7, { path: 'SKILL.md', text: '# Deploy\n\ndocker pull --disable-content-trust registry.example/app:latest\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'SC7');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'HIGH');
});

test('SC7 fires on each way of switching verification off', () => {
  for (const [path, text] of [
    ['run.sh', 'export DOCKER_CONTENT_TRUST=0'],
    ['Dockerfile', 'ENV DOCKER_CONTENT_TRUST 0'],
    ['ci.yml', 'env:\n  DOCKER_CONTENT_TRUST: "0"'],
    ['run.sh', 'dockerd --insecure-registry 10.0.0.5:5000'],
    ['daemon.json', '{ "insecure-registries": ["10.0.0.5:5000"] }'],
    ['run.sh', 'apt-get install -y --allow-unauthenticated tool'],
    ['run.sh', 'echo "deb [trusted=yes] http://repo.example/ ./" > /etc/apt/sources.list.d/x.list'],
    ['x.repo', '[x]\nbaseurl=http://repo.example\ngpgcheck=0'],
    ['run.sh', 'yum install --nogpgcheck tool'],
  ] as const) assert.equal(high(path, text).length, 1, `${path}: ${text}`);
});

test('SC7 stays quiet when trust is on, and on warnings', () => {
  for (const [path, text] of [
    ['run.sh', 'docker pull --disable-content-trust=false registry.example/app'],
    ['run.sh', 'export DOCKER_CONTENT_TRUST=1'],
    ['x.repo', 'gpgcheck=1'],
    ['docs/security.md', 'Never use --disable-content-trust in production.\n'],
    ['docs/security.md', 'Do not set DOCKER_CONTENT_TRUST=0.\n'],
    ['notes.md', 'Content trust verifies image signatures before pulling.'],
  ] as const) assert.equal(high(path, text).length, 0, `${path}: ${text}`);
});
