import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { e3 } from './e3-sensitive-file-enumeration.js';

test('E3 fires on home and credential-folder enumeration', () => {
  const cases: [string, string][] = [
    ['a.py', 'for root, dirs, files in os.walk(os.path.expanduser("~")):'],
    ['a.py', 'keys = glob.glob(os.path.expanduser("~/.ssh/*"))'],
    ['a.py', 'for p in Path.home().rglob("*.pem"):'],
    ['a.js', 'const entries = fs.readdirSync(os.homedir());'],
    ['a.sh', 'find ~ -name "*.pem" 2>/dev/null'],
    ['a.sh', 'find / -type f -name id_rsa'],
    ['a.sh', 'ls -laR ~/'],
    ['a.sh', 'ls -la ~/.aws'],
    ['a.py', 'hits = glob.glob("/home/*/**/*.kdbx", recursive=True)'],
  ];
  for (const [path, text] of cases) {
    const f = runRule(e3, { path, text: `# scan\n${text}\n` });
    assert.ok(f.length >= 1, text);
    assert.equal(f[0]?.rule.id, 'E3');
    assert.equal(f[0]?.startLine, 2);
    assert.equal(f[0]?.severity, 'MEDIUM');
  }
});

test('E3 stays quiet on project-local listings and prose', () => {
  const cases: [string, string][] = [
    ['a.py', 'for f in os.listdir("./data"):\n    process(f)\n'],
    ['a.js', 'const files = fs.readdirSync(path.join(__dirname, "templates"));\n'],
    ['a.sh', 'find . -name "*.py" -exec black {} +\nls -la\n'],
    ['README.md', 'Your SSH keys live in the .ssh folder of your home directory.\n'],
  ];
  for (const [path, text] of cases) assert.equal(runRule(e3, { path, text }).length, 0, text);
});

test('E3 is downgraded in deny-lists, warnings and fixtures', () => {
  const deny = runRule(e3, { path: 'docs/checks.md', text: '## Red flags\n\n- `find ~ -name "*.pem"`\n' });
  assert.ok(deny.length > 0 && deny.every((x) => x.severity === 'LOW' && x.tags.includes('triage:deny-list')));
  const neg = runRule(e3, { path: 'SKILL.md', text: 'Never run `ls -R ~` or search the home directory.\n' });
  assert.ok(neg.every((x) => x.severity === 'LOW'));
  // Test data that is not code (code under tests/ runs, so it is judged as code).
  const fx = runRule(e3, { path: 'tests/fixtures/enum.txt', text: 'find ~ -name "*.key"\n' });
  assert.equal(highFindings(fx).length, 0);
  assert.ok(fx.every((x) => x.tags.includes('triage:fixture-data')));
});
