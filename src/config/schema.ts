// The user's configuration file (`--config FILE`, or `.skillspector.yaml` in the current directory),
// validated strictly: an unknown key or a bad value is a usage error that names the key and the file.
import { z } from 'zod';
import { SEVERITIES } from '../shared/types.js';

const severity = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(SEVERITIES));
const ruleId = z.string().trim().min(1).max(64).transform((s) => s.toUpperCase());
const ruleIds = z.array(ruleId).max(1_000);
const positive = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ConfigSchema = z
  .object({
    /** Reserved for a future incompatible format; only 1 exists. */
    version: z.literal(1).optional(),
    exclude: z.array(z.string().min(1).max(4_096)).max(1_000).optional(),
    /** Relative to the configuration file's directory. */
    baseline: z.string().min(1).max(4_096).optional(),
    fail_on_severity: severity.optional(),
    fail_on_incomplete: z.boolean().optional(),
    fail_on_findings: z.boolean().optional(),
    rules: z.object({ enable: ruleIds.optional(), disable: ruleIds.optional() }).strict().optional(),
    severity_overrides: z.record(ruleId, severity).optional(),
    trust_inline_suppressions: z.boolean().optional(),
    llm: z.object({ max_calls: positive.optional(), token_budget: positive.optional() }).strict().optional(),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;
