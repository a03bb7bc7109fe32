// The one interface every provider adapter implements, and the typed outcomes callers branch on.
import type { z } from 'zod';

export interface LlmRequest<S extends z.ZodObject> {
  system: string;
  user: string;
  /** The reply must satisfy this schema; it is also sent to the provider as the structured-output schema. */
  schema: S;
  /** Name of the schema / tool on the wire: letters, digits, `_` and `-`, at most 64. Default `reply`. */
  schemaName?: string;
  maxOutputTokens: number;
  /** Bound on each HTTP attempt, body included. */
  timeoutMs: number;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export type LlmFailureKind = 'timeout' | 'http' | 'malformed' | 'refused' | 'network';

export interface LlmFailure {
  ok: false;
  kind: LlmFailureKind;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  message: string;
  /** Requests sent again after the first one (transient retries plus any structured-output fallback). */
  retries: number;
}

export interface LlmSuccess<T> {
  ok: true;
  value: T;
  usage: LlmUsage;
  /** Model id the provider reports, else the configured one. */
  model: string;
  retries: number;
}

export type LlmResult<T> = LlmSuccess<T> | LlmFailure;

export interface LlmClient {
  complete<S extends z.ZodObject>(request: LlmRequest<S>): Promise<LlmResult<z.output<S>>>;
}

/** Seams for tests and tuning; every field has a production default. */
export interface LlmClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  /** Attempts per request including the first; 429 and 5xx use the extra ones. Default 3. */
  maxAttempts?: number;
  /** First back-off delay, doubled per retry before jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** Longest `Retry-After` honoured; longer waits are cut to this. Default 20 s. */
  maxRetryAfterMs?: number;
  /** Reply bodies above this many bytes are rejected unread. Default 4 MiB. */
  maxBodyBytes?: number;
}
