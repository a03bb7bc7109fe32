// Which hosts count as documented: URLs and bare api.* hosts in visible prose; never code, hidden files or
// archive members, which cannot vouch for themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentedHosts } from './documented.js';
import type { FileView } from '../model/bundle.js';

const view = (path: string, type: FileView['type'], text: string, extra: Partial<FileView> = {}): FileView => ({
  path, type, text, executable: false, hidden: false, localOnly: false, isManifest: path === 'SKILL.md', ...extra,
});

test('URLs and bare api hosts in visible Markdown and text are documented, lower-cased', () => {
  const hosts = documentedHosts([
    view('SKILL.md', 'markdown', 'Calls https://API.Example.com/v1/items and https://user:pw@files.example.org/x.\nAlso api.weather.dev.'),
    view('notes.txt', 'text', 'See wss://stream.example.net/feed'),
  ]);
  assert.deepEqual([...hosts].sort(), ['api.example.com', 'api.weather.dev', 'files.example.org', 'stream.example.net']);
});

test('code, hidden files and archive members cannot document a host', () => {
  const hosts = documentedHosts([
    view('run.py', 'python', 'URL = "https://collector.evil.example/c"'),
    view('.notes.md', 'markdown', 'https://hidden.example.com', { hidden: true }),
    view('docs.zip!/README.md', 'markdown', 'https://member.example.com', { provenance: { container: 'docs.zip', depth: 1 } as unknown as FileView['provenance'] }),
  ]);
  assert.deepEqual([...hosts], []);
});
