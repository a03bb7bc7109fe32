// What crosses Redis, validated on arrival: job data on the worker side, results on the producer side.
// Both ends trust nothing from the queue: the job names a target and plain scan settings, never another
// path (no rules directory, baseline or config file), and a result cannot rename its target.
import { z } from 'zod';
import type { BatchScanSettings } from '../batch/scan-one.js';
import type { BatchLine } from '../batch/line.js';
import { defaultLimits } from '../limits/index.js';
import type { Limits } from '../limits/index.js';
import { SEVERITIES } from '../shared/types.js';

const MAX_TARGET_CHARS = 4_096;
const MAX_EXCLUDES = 1_000;
const MAX_DAY_MS = 24 * 60 * 60 * 1000;

const limitShape = Object.fromEntries(Object.keys(defaultLimits()).map((k) => [k, z.number().finite().positive().optional()])) as {
  [K in keyof Limits]: z.ZodOptional<z.ZodNumber>;
};

const settingsSchema = z.strictObject({
  excludes: z.array(z.string().min(1).max(MAX_TARGET_CHARS)).max(MAX_EXCLUDES).optional(),
  limits: z.strictObject(limitShape).optional(),
});

// Compile-time guard: a field added to BatchScanSettings must be added (and vetted) here too.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const settingsMatch: Same<z.infer<typeof settingsSchema>, BatchScanSettings> = true;
void settingsMatch;

export const scanJobSchema = z.strictObject({
  batch: z.string().min(1).max(64),
  target: z.string().min(1).max(MAX_TARGET_CHARS).refine((t) => !t.includes('\0'), 'contains a NUL character'),
  settings: settingsSchema,
  timeoutMs: z.number().int().positive().max(MAX_DAY_MS).optional(),
});

export type ScanJobData = z.infer<typeof scanJobSchema>;

const lineSchema = z.object({
  target: z.string(),
  recommendation: z.enum(['SAFE', 'CAUTION', 'DO_NOT_INSTALL']).nullable(),
  score: z.number().nullable(),
  status: z.enum(['scanned', 'cached', 'error', 'timeout']),
  execution_successful: z.boolean(),
  is_complete: z.boolean().optional(),
  issues: z.array(z.object({ id: z.string(), severity: z.enum(SEVERITIES), file: z.string(), line: z.number() })),
  duration_ms: z.number(),
  error: z.string().optional(),
});

// The same guard for results: a field added to BatchLine must be carried (and checked) here too.
const lineMatch: Same<z.infer<typeof lineSchema>, BatchLine> = true;
void lineMatch;

/** A worker's result as a BatchLine for `target`, or undefined when it is not one. */
export function resultLine(target: string, value: unknown): BatchLine | undefined {
  const parsed = lineSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const line: BatchLine = { ...parsed.data, target };
  if (line.error === undefined) delete line.error;
  if (line.is_complete === undefined) delete line.is_complete;
  return line;
}

/** The target named by job data that failed validation, for its error line (never trusted for reading). */
export function claimedTarget(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'target' in data && typeof data.target === 'string') return data.target.slice(0, MAX_TARGET_CHARS);
  return '<malformed job>';
}

/** Zod's complaint in one line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'data'}: ${i.message}`)
    .join('; ');
}
