import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { tm4 } from './tm4-privileged-kubernetes.js';

const POD = `apiVersion: v1
kind: Pod
spec:
  hostPID: true
  containers:
    - name: x
      securityContext:
        privileged: true
  volumes:
    - name: root
      hostPath:
        path: /
`;

test('TM4 fires on a privileged pod manifest', () => {
  const f = runRule(tm4, { path: 'deploy/pod.yaml', text: POD });
  assert.deepEqual(f.map((x) => x.startLine).sort((a, b) => a - b), [4, 8, 11]);
  assert.ok(f.every((x) => x.rule.id === 'TM4' && x.severity === 'HIGH'));
});

test('TM4 reports other hostPath mounts MEDIUM', () => {
  const ds = 'volumes:\n  - name: logs\n    hostPath:\n      path: /var/log\n';
  const f = runRule(tm4, { path: 'fluentd.yaml', text: ds });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm4, { path: 'p.yaml', text: '    hostPath:\n      path: /var/run/docker.sock\n' })[0]?.severity, 'HIGH');
});

test('TM4 fires on kubectl and helm privileged flags', () => {
  assert.equal(runRule(tm4, { path: 'SKILL.md', text: 'kubectl run pwn --image=alpine --privileged -- sh\n' }).length, 1);
  assert.equal(runRule(tm4, { path: 'i.sh', text: 'helm install x ./c --set securityContext.privileged=true\n' }).length, 1);
});

test('TM4 look-alikes: hardened manifest, policy deny-list, negated docs, fixture', () => {
  const hardened = 'securityContext:\n  privileged: false\n  allowPrivilegeEscalation: false\n  hostNetwork: false\n';
  assert.equal(runRule(tm4, { path: 'pod.yaml', text: hardened }).length, 0);
  const deny = runRule(tm4, { path: 'docs/policy.md', text: '## Disallowed fields\n\n```yaml\nprivileged: true\n```\n' });
  assert.equal(highFindings(deny).length, 0);
  const neg = runRule(tm4, { path: 'docs/x.md', text: 'Never use kubectl run --privileged in production.\n' });
  assert.equal(highFindings(neg).length, 0);
  const fx = runRule(tm4, { path: 'test/fixtures/bad-pod.yaml', text: POD });
  assert.equal(highFindings(fx).length, 0);
  assert.equal(runRule(tm4, { text: 'The hostPath volume type mounts a node directory.\n' }).length, 0);
});
