// Reads and validates a baseline file; every problem is one clear UsageError that names the file and
// the place, never its content (a baseline path may name any file; its bytes must not reach a log).
import { parse as parseYaml, YAMLError } from 'yaml';
import { UsageError } from '../discovery/target.js';
import { readSideFile } from '../shared/side-file.js';
import { migrateBaseline } from './migrate.js';
import { ALLOWED_KEYS, BaselineSchema } from './schema.js';
import type { Baseline } from './schema.js';

// Default messages that quote the input (unknown key names) are replaced; the rest name only the schema.
const SCHEMA_MESSAGES_WITHOUT_INPUT = new Set(['invalid_type', 'invalid_value', 'too_small', 'too_big', 'invalid_format', 'custom']);

function isJson(file: string): boolean {
  return /\.json$/i.test(file);
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/** Where the parser stopped, as a position only: parser messages quote the input. */
function parsePosition(err: unknown, text: string): string {
  if (err instanceof YAMLError) {
    const at = err.linePos?.[0];
    return `${err.code}${at ? ` at line ${at.line}, column ${at.col}` : ''}`;
  }
  const offset = /\bposition (\d+)\b/.exec(err instanceof Error ? err.message : '')?.[1];
  return offset !== undefined ? `at ${lineColumn(text, Math.min(Number(offset), text.length))}` : 'syntax error';
}

function parseText(file: string, text: string): unknown {
  if (isJson(file)) return JSON.parse(text) as unknown;
  // logLevel 'error': warnings (an unresolved tag) would print the offending line to stderr.
  return parseYaml(text, { maxAliasCount: 100, uniqueKeys: true, logLevel: 'error' }) as unknown;
}

/**
 * `target`, when given, is the scan target: a baseline inside it is not reached through a link.
 * `warn` receives one line for a file that loads but should be updated (version 1).
 */
export function loadBaseline(file: string, target?: string, warn: (message: string) => void = () => undefined): Baseline {
  const bytes = readSideFile(file, { what: 'baseline', ...(target !== undefined ? { target } : {}) });
  const text = bytes.toString('utf8');
  let data: unknown;
  try {
    data = parseText(file, text);
  } catch (err) {
    throw new UsageError(`baseline ${JSON.stringify(file)} is not valid ${isJson(file) ? 'JSON' : 'YAML'} (${parsePosition(err, text)})`);
  }
  const parsed = BaselineSchema.safeParse(migrateBaseline(data, file, warn));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(root)';
    const why = issue === undefined ? 'invalid'
      : issue.code === 'unrecognized_keys' ? `unknown key(s); allowed are ${allowedKeys(issue.path)}`
      : SCHEMA_MESSAGES_WITHOUT_INPUT.has(issue.code) ? issue.message : 'invalid value';
    throw new UsageError(`baseline ${JSON.stringify(file)} is malformed at ${where}: ${why}`);
  }
  return parsed.data;
}

function allowedKeys(path: readonly PropertyKey[]): string {
  if (path.length === 0) return ALLOWED_KEYS.root;
  return path[0] === 'rules' ? ALLOWED_KEYS.rules : ALLOWED_KEYS.fingerprints;
}
