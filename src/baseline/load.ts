// Reads and validates a baseline file; every problem is one clear UsageError.
import { readFileSync, statSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { UsageError } from '../discovery/target.js';
import { BaselineSchema } from './schema.js';
import type { Baseline } from './schema.js';

const MAX_BASELINE_BYTES = 8 * 1024 * 1024;

function parseText(file: string, text: string): unknown {
  if (/\.json$/i.test(file)) return JSON.parse(text) as unknown;
  return parseYaml(text, { maxAliasCount: 100, uniqueKeys: true }) as unknown;
}

export function loadBaseline(file: string): Baseline {
  let text: string;
  try {
    if (statSync(file).size > MAX_BASELINE_BYTES) throw new UsageError(`baseline ${JSON.stringify(file)} is larger than ${MAX_BASELINE_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read baseline ${JSON.stringify(file)}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  let data: unknown;
  try {
    data = parseText(file, text);
  } catch (err) {
    throw new UsageError(`baseline ${JSON.stringify(file)} is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = BaselineSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(root)';
    throw new UsageError(`baseline ${JSON.stringify(file)} is malformed at ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
