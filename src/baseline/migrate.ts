// Older baseline files. Version 1 rules-only files are read as version 2 (with a warning); a version 1
// file with fingerprints, and a version 2 file whose fingerprints carry no id/path (written before
// fingerprints survived edits and upgrades), cannot be matched any more: loading stops and says to
// regenerate, rather than silently re-activating every accepted finding.
import { UsageError } from '../discovery/target.js';
import { stringifyJsonSafe } from '../shared/sanitize.js';

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function regenerate(file: string): string {
  return `regenerate it with \`skillspector baseline <target> -o ${stringifyJsonSafe(file)}\``;
}

/** Version 1 rule keys that version 2 spells differently. */
const V1_ALIASES: Readonly<Record<string, string>> = { rule_id: 'id', file: 'path' };

function migrateRule(rule: unknown): unknown {
  if (!isObject(rule)) return rule;
  return Object.fromEntries(Object.entries(rule).map(([k, v]) => [V1_ALIASES[k] ?? k, v]));
}

/** The data to validate as version 2; throws for files that cannot be read as such. */
export function migrateBaseline(data: unknown, file: string, warn: (message: string) => void): unknown {
  if (!isObject(data)) return data;
  if (data['version'] === 1) {
    const fingerprints = data['fingerprints'];
    if (Array.isArray(fingerprints) && fingerprints.length > 0) {
      throw new UsageError(`baseline ${stringifyJsonSafe(file)} is version 1 and its fingerprints cannot be matched by this version; ${regenerate(file)}`);
    }
    const rules = Array.isArray(data['rules']) ? data['rules'].map(migrateRule) : data['rules'];
    warn(`baseline ${stringifyJsonSafe(file)} is version 1; its rules were read as version 2 (set \`version: 2\` to silence this warning)`);
    const { fingerprints: _dropped, ...rest } = data;
    return { ...rest, version: 2, ...(rules !== undefined ? { rules } : {}) };
  }
  const fingerprints = data['fingerprints'];
  if (data['version'] === 2 && Array.isArray(fingerprints)) {
    const legacy = fingerprints.findIndex((e) => isObject(e) && (!('id' in e) || !('path' in e)));
    if (legacy !== -1) {
      throw new UsageError(`baseline ${stringifyJsonSafe(file)} has fingerprints from an earlier SkillSpector (fingerprints.${legacy} has no id/path) that cannot be matched any more; ${regenerate(file)}`);
    }
  }
  return data;
}
