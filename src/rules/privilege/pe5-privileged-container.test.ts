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
  const fx = runRule(pe5, { path: 'tests/fixtures/run.sh', text: 'docker run --privileged img\n' });
  assert.equal(highFindings(fx).length, 0);
});
