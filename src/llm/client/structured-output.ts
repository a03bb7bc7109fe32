// The schema both ways: as JSON Schema for the provider's structured-output feature, and as the zod
// check every reply must pass, because a reply is untrusted input whatever the provider promised.
import { z } from 'zod';
import { sanitizeLine } from '../../shared/sanitize.js';
import type { LlmFailure, LlmRequest } from './types.js';

const SCHEMA_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function schemaName(request: LlmRequest<z.ZodObject>): string {
  return request.schemaName !== undefined && SCHEMA_NAME.test(request.schemaName) ? request.schemaName : 'reply';
}

/** Output-mode JSON Schema (closed objects, every key listed), without the `$schema` marker. */
export function jsonSchemaOf(schema: z.ZodObject): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' });
  return rest;
}

export type Validated<T> = { ok: true; value: T } | Omit<LlmFailure, 'retries'>;

export function validateReply<S extends z.ZodObject>(schema: S, candidate: unknown): Validated<z.output<S>> {
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data };
  const where = parsed.error.issues[0]?.path.join('.') ?? '';
  return { ok: false, kind: 'malformed', message: `reply does not match the schema${where ? ` at ${where}` : ''}` };
}

export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Token counts from a usage block; absent or odd numbers count as 0 rather than failing a good reply. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

/** The model id a reply names, if it is a plausible one; the reply is untrusted, so odd values fall back. */
export function reportedModel(value: string | undefined, configured: string): string {
  return value !== undefined && value.length > 0 && value.length <= 200 ? sanitizeLine(value) : configured;
}
