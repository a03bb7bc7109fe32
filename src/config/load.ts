// Finds and reads the user's configuration. Only the user's own files count: `--config FILE`, or
// `.skillspector.yaml` / `.skillspector.yml` in the current working directory. A configuration inside
// the scanned target is the skill author's, not the user's, so it is never applied: a discovered one is
// skipped with a note on stderr, a named one is a usage error. Every problem is one line (exit 2).
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse as parseYaml, YAMLError } from 'yaml';
import { UsageError } from '../discovery/target.js';
import { RULES } from '../rules/index.js';
import { stringifyJsonSafe } from '../shared/sanitize.js';
import { readSideFile } from '../shared/side-file.js';
import { ConfigSchema } from './schema.js';
import type { Config } from './schema.js';

export const CONFIG_NAMES = ['.skillspector.yaml', '.skillspector.yml'] as const;
const CONFIG_MAX_BYTES = 1024 * 1024;

export interface LoadedConfig {
  file: string;
  /** How reports name it: as given to `--config`, or its bare name when found in the current directory. */
  shown: string;
  config: Config;
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** True when `file` is the target itself or lies anywhere below it. */
export function insideTarget(file: string, target: string): boolean {
  if (!existsSync(target)) return false;
  const rel = relative(realOrResolved(target), realOrResolved(file));
  return !rel.startsWith('..') && resolve(rel) !== rel;
}

function quoted(s: string): string {
  return stringifyJsonSafe(s.length > 64 ? `${s.slice(0, 64)}…` : s);
}

function describe(issue: { code: string; path: readonly PropertyKey[]; message: string; keys?: readonly string[] }): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : '';
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys?.[0] ?? '?';
    return `unknown key ${quoted(where ? `${where}.${key}` : key)}`;
  }
  return `${where || '(root)'}: ${issue.message}`;
}

function validRuleIds(config: Config, file: string): void {
  const known = new Set(RULES.map((r) => r.meta.id));
  const named: [string, string][] = [
    ...(config.rules?.enable ?? []).map((id, i): [string, string] => [`rules.enable.${i}`, id]),
    ...(config.rules?.disable ?? []).map((id, i): [string, string] => [`rules.disable.${i}`, id]),
    ...Object.keys(config.severity_overrides ?? {}).map((id): [string, string] => [`severity_overrides.${id}`, id]),
  ];
  for (const [where, id] of named) {
    if (!known.has(id)) throw new UsageError(`config ${quoted(file)}: ${where}: unknown rule id ${quoted(id)} (\`skillspector rules\` lists them)`);
  }
}

/** Reads and validates one configuration file. */
export function readConfig(file: string): Config {
  const text = readSideFile(file, { what: 'config', maxBytes: CONFIG_MAX_BYTES }).toString('utf8');
  let data: unknown;
  try {
    data = parseYaml(text, { maxAliasCount: 100, uniqueKeys: true, logLevel: 'error' }) as unknown;
  } catch (err) {
    const at = err instanceof YAMLError ? err.linePos?.[0] : undefined;
    throw new UsageError(`config ${quoted(file)} is not valid YAML${at ? ` (line ${at.line}, column ${at.col})` : ''}`);
  }
  // An empty file is an empty configuration.
  const parsed = ConfigSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`config ${quoted(file)}: ${issue ? describe(issue) : 'invalid'}`);
  }
  validRuleIds(parsed.data, file);
  return parsed.data;
}

export interface FindOptions {
  /** `--config FILE`, `false` for `--no-config`, undefined to look in the current directory. */
  explicit: string | false | undefined;
  target: string;
  cwd: string;
  note: (message: string) => void;
}

/** The configuration that applies to a scan of `target`, if any. */
export function findConfig(opts: FindOptions): LoadedConfig | undefined {
  if (opts.explicit === false) return undefined;
  if (opts.explicit !== undefined) {
    if (insideTarget(opts.explicit, opts.target)) {
      throw new UsageError(`config ${quoted(opts.explicit)} lies inside the scanned target, whose author controls it; keep your configuration outside the target`);
    }
    return { file: opts.explicit, shown: opts.explicit, config: readConfig(opts.explicit) };
  }
  // lstat: a link named like the config is found here and then refused by the reader, never skipped.
  const present = CONFIG_NAMES.filter((name) => lstatSync(join(opts.cwd, name), { throwIfNoEntry: false }) !== undefined);
  if (present.length > 1) throw new UsageError(`both ${present.join(' and ')} are in the current directory; keep one`);
  const name = present[0];
  if (name === undefined) return undefined;
  const file = join(opts.cwd, name);
  if (insideTarget(file, opts.target)) {
    opts.note(`note: ignoring ${name} in the current directory: it lies inside the scanned target, whose author controls it (use --config FILE with a file outside the target)`);
    return undefined;
  }
  return { file, shown: name, config: readConfig(file) };
}
