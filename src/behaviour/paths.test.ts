// The path classes every extractor shares: credential stores (including browser and wallet stores),
// agent conversation stores and persistence locations; ordinary paths are none of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyPath, isConversationEnvName, isSecretEnvName } from './paths.js';

test('credential stores, including browser and wallet stores, are credentials', () => {
  for (const p of ['~/.ssh/id_rsa', '~/.aws/credentials', '.env', 'Google/Chrome/Default/Login Data', 'Mozilla/Firefox/x.default/logins.json', '.bitcoin/wallet.dat', 'Exodus/exodus.wallet']) {
    assert.equal(classifyPath(p), 'credential', p);
  }
});

test('transcripts are conversation; start-up and agent settings are persistence; ordinary paths are nothing', () => {
  assert.equal(classifyPath('~/.claude/projects/x/session.jsonl'), 'conversation');
  for (const p of ['~/.bashrc', '/etc/cron.d/job', '~/Library/LaunchAgents/x.plist', '.claude/settings.json', '.git/hooks/pre-commit']) {
    assert.equal(classifyPath(p), 'persistence', p);
  }
  for (const p of ['notes/report.md', 'config.json', '.env.example', 'src/cookies_banner.ts', '']) assert.equal(classifyPath(p), null, p);
});

test('secret and conversation environment names', () => {
  assert.ok(isSecretEnvName('OPENAI_API_KEY') && isSecretEnvName('GH_TOKEN') && !isSecretEnvName('HOME') && !isSecretEnvName('API_URL'));
  assert.ok(isConversationEnvName('ARGUMENTS') && !isConversationEnvName('ARGS'));
});
