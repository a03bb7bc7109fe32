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
    ['a.sh', 'su\t-l root'],
    ['a.sh', 'cd /srv && su -'],
    ['a.sh', 'su -c "make install"'],
    ['a.sh', 'pkexec /usr/bin/bash'],
    ['a.sh', 'chmod u+s /tmp/helper'],
    ['a.sh', 'chmod 4755 ./helper'],
    ['SKILL.md', 'Run this script as root so it can reach every file.'],
    ['SKILL.md', 'Launch the tool with administrator rights.'],
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

test('PE2 is downgraded in warnings, deny-lists and non-code fixtures', () => {
  const cases: [string, string][] = [
    ['docs/hooks.md', '## Blocklist\n\n- `sudo rm -rf /`'],
    // Non-code test data (a script under tests/ is code and keeps its findings).
    ['tests/fixtures/x.txt', 'sudo rm -rf /'],
  ];
  for (const [path, text] of cases) {
    const f = runRule(pe2, { path, text });
    assert.ok(f.length > 0 && f.every((x) => x.severity === 'LOW' && x.tags.includes('contextual-triage')), text);
    assert.equal(highFindings(f).length, 0);
  }
  // A prohibition is not an instruction: the pattern itself skips "do not/never run … as root".
  for (const text of ['Do not run the skill as root.', 'AKS safeguard: never run as root.']) {
    assert.equal(runRule(pe2, { path: 'SKILL.md', text }).length, 0, text);
  }
});

test('PE2: language package managers and make install under sudo are LOW, like system package managers', () => {
  for (const cmd of ['sudo gem install cocoapods', 'sudo pip install -U pkg', 'sudo npm install -g typescript', 'sudo make install']) {
    const f = runRule(pe2, { path: 'build.sh', text: `${cmd}\n` });
    assert.equal(f[0]?.severity, 'LOW', cmd);
  }
  assert.equal(runRule(pe2, { path: 'build.sh', text: 'sudo rm -rf /var/lib/x\n' })[0]?.severity, 'MEDIUM');
  // A probe for passwordless sudo runs nothing.
  assert.equal(runRule(pe2, { path: 'build.sh', text: 'if sudo -n true 2>/dev/null; then echo ok; fi\n' }).length, 0);
});

test('PE2: sudo in an installation section of SKILL.md or docs is LOW; elsewhere and in code it stays MEDIUM', () => {
  const install = '# Tool\n\n## Prerequisites\n\n```bash\ncurl -sL https://example.net/install.sh | sudo bash\n```\n';
  assert.equal(runRule(pe2, { path: 'SKILL.md', text: install })[0]?.severity, 'LOW');
  const usage = '# Tool\n\n## Capture memory\n\n```bash\nsudo insmod capture.ko\n```\n';
  assert.equal(runRule(pe2, { path: 'SKILL.md', text: usage })[0]?.severity, 'MEDIUM');
  const script = '#!/bin/sh\n# Installation\nsudo systemctl restart agentd\n';
  assert.equal(runRule(pe2, { path: 'setup.sh', text: script })[0]?.severity, 'MEDIUM');
});

test('PE2: "run as root" fires as an instruction, not as a description', () => {
  assert.equal(runRule(pe2, { path: 'SKILL.md', text: 'You must run this script as root.\n' }).length, 1);
  for (const text of ['CMD ["node", "app.js"]  # Runs as root\n', 'e.g. "runs as root with no sandbox"\n']) {
    assert.equal(runRule(pe2, { path: 'SKILL.md', text }).length, 0, text);
  }
});

test('PE2 matches the command itself, not the delimiter before it or the first letter after it', () => {
  const cases: [string, string, string][] = [
    ['a.sh', 'sudo rm -rf /var/lib/thing', 'sudo'],
    ['a.sh', 'if true; then sudo tee /etc/hosts < h; fi', 'sudo'],
    ['a.sh', 'x=$(sudo cat /etc/hosts)', 'sudo'],
    ['SKILL.md', 'Run `sudo systemctl restart agentd` now.', 'sudo'],
    ['a.sh', 'cd /srv && sudo -E ./install', 'sudo'],
    ['a.py', 'subprocess.run(["sudo", "cp", src, "/usr/local/bin"])', 'sudo'],
    ['a.sh', 'su -c "make install"', 'su -c'],
    ['a.sh', 'pkexec /usr/bin/bash', 'pkexec'],
    ['a.sh', '(doas ./x)', 'doas'],
    ['a.sh', '`sudo apt-get install -y ffmpeg`', 'sudo apt-get install'],
  ];
  for (const [path, text, matched] of cases) {
    const f = runRule(pe2, { path, text: `# step\n${text}\n` });
    assert.equal(f[0]?.matched, matched, text);
  }
});

test('one command on many lines is one issue with every line as an occurrence', async () => {
  const { buildIssues } = await import('../../report/issues.js');
  const script = [
    '#!/bin/sh', 'sudo rm -rf /a', 'sudo cp a b', '  sudo systemctl restart x', 'if x; then sudo tee /etc/h; fi',
    'y=$(sudo cat /etc/hosts)', 'sudo apt-get install -y jq', '(sudo apt-get install -y git)', 'pkexec /bin/sh',
  ].join('\n');
  const issues = buildIssues(runRule(pe2, { path: 'run.sh', text: `${script}\n` }));
  const byText = new Map(issues.map((i) => [i.finding, i.occurrences.map((o) => o.start_line)]));
  assert.deepEqual(byText.get('sudo'), [2, 3, 4, 5, 6], 'five sudo commands, one issue');
  assert.deepEqual(byText.get('sudo apt-get install'), [7, 8], 'the package installs are their own (LOW) issue');
  assert.deepEqual(byText.get('pkexec'), [9]);
  assert.equal(issues.length, 3);
});
