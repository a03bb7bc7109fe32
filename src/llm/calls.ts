// What the semantic and meta passes share about sending requests: a call that never throws, which
// failures mean the provider itself is down, and the content-keyed reply store both consult.
import type { z } from 'zod';
import type { LlmClient, LlmFailureKind, LlmRequest, LlmResult } from './client/types.js';

/** Failures of the provider itself rather than of one reply: further calls would fail the same way. */
const PROVIDER_WIDE: ReadonlySet<LlmFailureKind> = new Set(['timeout', 'network', 'http']);

export function isProviderWide(kind: LlmFailureKind): boolean {
  return PROVIDER_WIDE.has(kind);
}

/** A reply store keyed by the content a request describes (never by the prompt, whose fence nonce is random). */
export interface ReplyCache {
  get(content: string): unknown;
  put(content: string, value: unknown): void;
}

/** `client.complete`, with a throw turned into a failure: adapters return failures, other clients might not. */
export async function completeSafely<S extends z.ZodObject>(client: LlmClient, request: LlmRequest<S>): Promise<LlmResult<z.output<S>>> {
  try {
    return await client.complete(request);
  } catch (error) {
    return { ok: false, kind: 'network', message: `LLM client failed: ${error instanceof Error ? error.message : String(error)}`, retries: 0 };
  }
}
