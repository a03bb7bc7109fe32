import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { pe5 } from './pe5-privileged-container.js';

test('PE5 fires on privileged containers, host-root mounts and dangerous capabilities', () => {
  const text = [
    'docker run --privileged -v /:/host alpine chroot /host',
    'docker run --cap-add=SYS_ADMIN img',
    'docker run --mount type=bind,source=/,target=/h img',
    'docker run --pid=host img',
  ].join('\n');
  const f = runRule(pe5, { path: 'a.sh', text });
  assert.deepEqual(f.map((x) => x.startLine), [1, 2, 3, 4]);
  assert.ok(f.every((x) => x.rule.id === 'PE5' && x.severity === 'HIGH'));
  assert.equal(f[0]?.confidence, 0.85);
});

test('PE5 stays quiet on ordinary mounts and capabilities', () => {
  const text = 'docker run -v "$(pwd)":/app -v /data:/data --cap-add=NET_BIND_SERVICE img\ndocker run --privileged=false img\n';
  assert.equal(runRule(pe5, { path: 'a.sh', text }).length, 0);
});

test('PE5 is downgraded in warnings and fixtures', () => {
  const f = runRule(pe5, { path: 'README.md', text: 'Do not start the container with --privileged.\n' });
  assert.equal(highFindings(f).length, 0);
  // Non-code test data (a script under tests/ is code and keeps its findings).
  const fx = runRule(pe5, { path: 'tests/fixtures/run.txt', text: 'docker run --privileged img\n' });
  assert.equal(highFindings(fx).length, 0);
});

test('PE5: --privileged and SYS_ADMIN documented in SKILL.md are MEDIUM; in scripts and config HIGH; host-root mount HIGH everywhere', () => {
  // Before: HIGH wherever they appeared, including fuzzing and GPU setup instructions.
  const doc = runRule(pe5, { path: 'SKILL.md', text: '```bash\ndocker run --rm --privileged -v ./:/src fuzz-img\ndocker run --cap-add=SYS_ADMIN nvcr-img\n```\n' });
  assert.deepEqual(doc.map((x) => x.severity), ['MEDIUM', 'MEDIUM']);
  assert.equal(runRule(pe5, { path: 'run.sh', text: 'docker run --rm --privileged fuzz-img\n' })[0]?.severity, 'HIGH');
  assert.equal(runRule(pe5, { path: 'docker-compose.yml', text: 'command: docker run --cap-add SYS_ADMIN img\n' })[0]?.severity, 'HIGH');
  assert.equal(runRule(pe5, { path: 'SKILL.md', text: 'docker run -v /:/host alpine\n' })[0]?.severity, 'HIGH');
});

test('PE5: NET_ADMIN and shared IPC are MEDIUM, NET_ADMIN with host networking HIGH', () => {
  const sandbox = runRule(pe5, { path: '.devcontainer/devcontainer.json', text: '"runArgs": ["--cap-add=NET_ADMIN", "--cap-add=NET_RAW"]\n' });
  assert.equal(sandbox[0]?.severity, 'MEDIUM');
  const gpu = runRule(pe5, { path: 'run.sh', text: 'docker run --gpus all --ipc=host img\n' });
  assert.equal(gpu[0]?.severity, 'MEDIUM');
  const hostNet = runRule(pe5, { path: 'run.sh', text: 'docker run --network host --cap-add NET_ADMIN img\n' });
  assert.equal(hostNet[0]?.severity, 'HIGH');
  assert.equal(runRule(pe5, { path: 'run.sh', text: 'docker run --pid=host img\n' })[0]?.severity, 'HIGH');
});
