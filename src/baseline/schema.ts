// Baseline file format (CONTRACT §9), validated strictly: a malformed baseline is a usage error.
import { z } from 'zod';

const reason = z.string().trim().min(1, 'every baseline entry needs a non-empty reason').max(2_000);

export const BaselineRuleSchema = z
  .object({
    id: z.string().min(1).max(200).optional(),
    path: z.string().min(1).max(4_096).optional(),
    message: z.string().min(1).max(500).optional(),
    reason,
  })
  .strict()
  .refine((r) => r.id !== undefined || r.path !== undefined || r.message !== undefined, {
    message: 'a rule must specify at least one of id, path, message',
  });

/** `id`, `path` and `message` let a person read the entry; the hash alone decides what it accepts. */
export const BaselineFingerprintSchema = z
  .object({
    hash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'hash must be sha256:<64 hex>'),
    reason,
    id: z.string().min(1).max(200),
    path: z.string().min(1).max(4_096),
    message: z.string().max(2_000).optional(),
  })
  .strict();

export const BaselineSchema = z
  .object({
    version: z.literal(2),
    /** The scanner that wrote the file: informational, fingerprints survive upgrades. */
    scanner_version: z.string().min(1).max(100).optional(),
    rules: z.array(BaselineRuleSchema).max(10_000).default([]),
    fingerprints: z.array(BaselineFingerprintSchema).max(100_000).default([]),
  })
  .strict();

export type Baseline = z.infer<typeof BaselineSchema>;
export type BaselineRule = z.infer<typeof BaselineRuleSchema>;
export type BaselineFingerprint = z.infer<typeof BaselineFingerprintSchema>;

export const ALLOWED_KEYS = {
  root: 'version, scanner_version, rules, fingerprints',
  rules: 'id, path, message, reason',
  fingerprints: 'hash, reason, id, path, message',
} as const;
