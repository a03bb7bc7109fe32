import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { ssrf3 } from './ssrf3-templated-request-host.js';

test('SSRF3 fires on request URLs whose host is templated', () => {
  const cases: [string, string][] = [
    ['a.py', 'r = requests.get(f"http://{host}/status")'],
    ['a.js', 'const res = await fetch(`https://${target}/api`);'],
    ['a.py', 'urlopen("http://" + hostname + "/x")'],
    ['a.py', 'requests.get("http://{}:{}/".format(host, port))'],
    ['a.sh', 'curl -s "http://${HOST}/health"'],
    ['a.py', 'url = f"https://{user_host}/v1"'],
  ];
  for (const [path, text] of cases) {
    const f = runRule(ssrf3, { path, text: `\n${text}\n` });
    assert.ok(f.length >= 1, text);
    assert.equal(f[0]?.rule.id, 'SSRF3');
    assert.equal(f[0]?.startLine, 2);
    assert.equal(f[0]?.severity, 'MEDIUM');
  }
});

test('SSRF3 stays quiet on fixed hosts with templated paths', () => {
  const cases: [string, string][] = [
    ['a.py', 'requests.get(f"https://api.github.com/repos/{owner}/{repo}")'],
    ['a.js', 'fetch(`https://api.example.com/items/${id}`)'],
    ['README.md', 'Point the tool at http://{your-host}/ when self-hosting.'],
  ];
  for (const [path, text] of cases) assert.equal(runRule(ssrf3, { path, text }).length, 0, text);
});

test('SSRF3 is downgraded in fixtures and never HIGH', () => {
  // Test data that is not code (code under tests/ runs, so it is judged as code).
  const f = runRule(ssrf3, { path: 'tests/fixtures/calls.txt', text: 'requests.get(f"http://{host}/")\n' });
  assert.equal(highFindings(f).length, 0);
  assert.ok(f.every((x) => x.tags.includes('triage:fixture-data')));
});

test('SSRF3 reports a documented call to an upper-case configured host as LOW, and keeps code at MEDIUM', () => {
  const doc = runRule(ssrf3, { path: 'SKILL.md', text: '```bash\ncurl -v "https://${ELASTICSEARCH_HOST}:9200/"\n```\n' });
  assert.ok(doc.length === 1 && doc[0]?.severity === 'LOW' && doc[0]?.tags.includes('configured-endpoint'));
  const code = runRule(ssrf3, { path: 'a.sh', text: 'curl -s "https://${TARGET}/health"\n' });
  assert.equal(code[0]?.severity, 'MEDIUM');
});

test('SSRF3: a shell request to a variable host matches the whole variable, so one variable is one issue', async () => {
  const { buildIssues } = await import('../../report/issues.js');
  const script = ['curl -s "https://$DEST/a"', "curl -s 'https://$DEST/b'", 'wget https://$DEST/c', 'curl "https://$FALLBACK/d"', 'curl "https://${HOST:-x}/e"'].join('\n');
  const found = runRule(ssrf3, { path: 'a.sh', text: `${script}\n` });
  assert.deepEqual(found.map((f) => f.matched), ['https://$DEST', 'https://$DEST', 'https://$DEST', 'https://$FALLBACK', 'https://${HOST']);
  assert.deepEqual(buildIssues(found).map((i) => i.occurrences.length).sort(), [1, 1, 3]);
});
