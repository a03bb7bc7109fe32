// The version shipped in package.json, read once at start-up. The file is found by walking up from this
// module: sources (src/shared/), tsc output (dist/shared/) and bundle chunks (dist/bundle/) sit at
// different places, and a bundler may move this code again, so no fixed relative path is assumed.
import { readFileSync } from 'node:fs';

const PACKAGE_NAME = 'skillspector';
/** Enough for every layout above; a deeper one would be a packaging bug, reported as 0.0.0. */
const MAX_LEVELS = 4;

function readVersion(): string {
  let dir = new URL('./', import.meta.url);
  let nearest: string | undefined;
  for (let level = 0; level < MAX_LEVELS; level++) {
    dir = new URL('../', dir);
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      // Ours by name; otherwise the nearest one with a version (a renamed fork), unless ours lies further up.
      if (pkg.name === PACKAGE_NAME) return pkg.version ?? '0.0.0';
      nearest ??= pkg.version;
    } catch {
      // Missing or unreadable here: look one level up.
    }
  }
  return nearest ?? '0.0.0';
}

export const VERSION = readVersion();
