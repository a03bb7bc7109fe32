import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { pe4 } from './pe4-docker-socket.js';

test('PE4 fires on the Docker socket and API clients, once per line', () => {
  const text = 'docker run -v /var/run/docker.sock:/var/run/docker.sock img\nclient = docker.from_env()\nc = docker.DockerClient(base_url="unix://var/run/docker.sock")\n';
  const f = runRule(pe4, { path: 'a.py', text });
  assert.deepEqual(f.map((x) => x.startLine), [1, 2, 3]);
  assert.ok(f.every((x) => x.rule.id === 'PE4' && x.severity === 'HIGH'));
  assert.equal(f[2]?.confidence, 0.85);
});

test('PE4 stays quiet on ordinary Docker usage and prose', () => {
  const cases = ['docker build -t app .\ndocker run --rm app\n', 'Docker must be installed.\n', 'client = APIClient(base_url)\n'];
  for (const text of cases) assert.equal(runRule(pe4, { path: 'a.sh', text }).length, 0, text);
});

test('PE4 is downgraded in warnings and deny-lists', () => {
  const f = runRule(pe4, { path: 'SKILL.md', text: 'Never mount /var/run/docker.sock into a container.\n' });
  assert.equal(highFindings(f).length, 0);
  assert.ok(f.every((x) => x.tags.includes('triage:negated')));
});

test('PE4: a bare socket path in documentation is a mention (MEDIUM 0.4), a mount or client on it is a use', () => {
  // Before: every occurrence of the path was HIGH, including a table row naming what a platform replaces.
  const mention = runRule(pe4, { path: 'SKILL.md', text: '| Container runtime socket (`/var/run/docker.sock`) | use the node observability features |\n' });
  assert.equal(mention[0]?.severity, 'MEDIUM');
  assert.equal(mention[0]?.confidence, 0.4);
  for (const text of [
    'docker run -v /var/run/docker.sock:/var/run/docker.sock agent-img\n',
    'Mount /var/run/docker.sock into the helper container.\n',
    'curl --unix-socket /var/run/docker.sock http://localhost/containers/json\n',
  ]) assert.equal(runRule(pe4, { path: 'SKILL.md', text })[0]?.severity, 'HIGH', text);
  // In code, the path is there to be used.
  assert.equal(runRule(pe4, { path: 'tool.py', text: 'SOCK = "/var/run/docker.sock"\n' })[0]?.severity, 'HIGH');
});
