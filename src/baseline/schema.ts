// Baseline file format (CONTRACT §9), validated strictly: a malformed baseline is a usage error.
import { z } from 'zod';

const reason = z.string().trim().min(1, 'every baseline entry needs a non-empty reason');

export const BaselineRuleSchema = z
  .object({ id: z.string().min(1).optional(), path: z.string().min(1).optional(), message: z.string().min(1).optional(), reason })
  .strict()
  .refine((r) => r.id !== undefined || r.path !== undefined || r.message !== undefined, {
    message: 'a rule must specify at least one of id, path, message',
  });

export const BaselineFingerprintSchema = z
  .object({ hash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'hash must be sha256:<64 hex>'), reason })
  .strict();

export const BaselineSchema = z
  .object({
    version: z.literal(2),
    scanner_version: z.string().min(1),
    rules: z.array(BaselineRuleSchema).max(10_000).default([]),
    fingerprints: z.array(BaselineFingerprintSchema).max(100_000).default([]),
  })
  .strict();

export type Baseline = z.infer<typeof BaselineSchema>;
export type BaselineRule = z.infer<typeof BaselineRuleSchema>;
