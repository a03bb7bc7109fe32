import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { pe2 } from './pe2-root-execution.js';

test('PE2 fires on sudo, su, doas, pkexec and setuid bits', () => {
  const cases: [string, string][] = [
    ['a.sh', 'sudo rm -rf /var/lib/thing'],
    ['a.sh', 'if true; then sudo tee /etc/hosts < h; fi'],
    ['a.py', 'subprocess.run(["sudo", "cp", src, "/usr/local/bin"])'],
    ['a.sh', 'su root -c ./install.sh'],
    ['a.sh', 'pkexec /usr/bin/bash'],
    ['a.sh', 'chmod u+s /tmp/helper'],
    ['a.sh', 'chmod 4755 ./helper'],
    ['SKILL.md', 'Run this script as root so it can reach every file.'],
  ];
  for (const [path, text] of cases) {
    const f = runRule(pe2, { path, text: `# step\n${text}\n` });
    assert.equal(f.length, 1, text);
    assert.equal(f[0]?.rule.id, 'PE2');
    assert.equal(f[0]?.startLine, 2);
    assert.equal(f[0]?.severity, 'MEDIUM');
  }
});

test('PE2 reports sudo package installs as LOW', () => {
  const f = runRule(pe2, { path: 'README.md', text: '```bash\nsudo apt-get install -y ffmpeg\n```\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'LOW');
});

test('PE2 stays quiet on sudo -v/-l, ordinary chmod and prose', () => {
  const cases: [string, string][] = [
    ['a.sh', 'sudo -v\nsudo -l\nchmod 755 run.sh\nchmod +x run.sh\nchmod 0644 f\n'],
    ['README.md', 'You may need sudo privileges on some systems.\nThe su command switches users.\n'],
  ];
  for (const [path, text] of cases) assert.equal(runRule(pe2, { path, text }).length, 0, text);
});

test('PE2 is downgraded in warnings, deny-lists and fixtures', () => {
  const cases: [string, string][] = [
    ['SKILL.md', 'Do not run the skill as root.'],
    ['docs/hooks.md', '## Blocklist\n\n- `sudo rm -rf /`'],
    ['tests/fixtures/x.sh', 'sudo rm -rf /'],
  ];
  for (const [path, text] of cases) {
    const f = runRule(pe2, { path, text });
    assert.ok(f.length > 0 && f.every((x) => x.severity === 'LOW' && x.tags.includes('contextual-triage')), text);
    assert.equal(highFindings(f).length, 0);
  }
});
