// One JSON POST with the safety rails every adapter needs: a timeout per attempt (body included),
// bounded retries on 429/5xx, a cap on the reply size before anything is parsed, and failure messages
// that never carry the API key.
import { redactKey } from './redact.js';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry-policy.js';
import type { LlmClientOptions, LlmFailure } from './types.js';

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Error bodies are only read for a message; they need far less room. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export type TransportSettings = Required<LlmClientOptions> & { apiKey?: string };

export function transportSettings(options: LlmClientOptions, apiKey: string | undefined): TransportSettings {
  return {
    fetch: options.fetch ?? globalThis.fetch,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    maxAttempts: Math.max(1, options.maxAttempts ?? 3),
    baseDelayMs: options.baseDelayMs ?? 500,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 20_000,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    apiKey,
  };
}

export type PostOutcome = { ok: true; body: unknown; retries: number } | LlmFailure;

class BodyTooLarge extends Error {}

async function readCapped(res: Response, cap: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The provider's own error text (OpenAI `error.message`, Anthropic `error.message`), else the raw body. */
function errorText(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const err = parsed.error;
      if (typeof err === 'string') return err;
      if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string') return err.message;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return raw;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

type Attempt = { done: true; outcome: PostOutcome } | { done: false; status: number; retryAfterMs: number | null; message: string };

async function attempt(url: string, headers: Record<string, string>, body: string, timeoutMs: number, s: TransportSettings, retries: number): Promise<Attempt> {
  const failure = (kind: LlmFailure['kind'], message: string, status?: number): Attempt => ({
    done: true,
    outcome: { ok: false, kind, message: redactKey(message, s.apiKey), retries, ...(status === undefined ? {} : { status }) },
  });
  try {
    const res = await s.fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (res.ok) {
      const text = await readCapped(res, s.maxBodyBytes);
      try {
        return { done: true, outcome: { ok: true, body: JSON.parse(text) as unknown, retries } };
      } catch {
        return failure('malformed', 'provider reply is not JSON', res.status);
      }
    }
    const detail = errorText(await readCapped(res, MAX_ERROR_BODY_BYTES).catch(() => ''));
    const message = `provider answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`;
    if (!isRetryableStatus(res.status)) return failure('http', message, res.status);
    return { done: false, status: res.status, retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), Date.now()), message };
  } catch (error) {
    if (error instanceof BodyTooLarge) return failure('malformed', `provider reply exceeds ${s.maxBodyBytes} bytes`);
    if (isTimeout(error)) return failure('timeout', `no complete reply within ${timeoutMs} ms`);
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return failure('network', `request failed${cause}`);
  }
}

export async function postJson(url: string, headers: Record<string, string>, payload: unknown, timeoutMs: number, s: TransportSettings): Promise<PostOutcome> {
  const body = JSON.stringify(payload);
  for (let retries = 0; ; retries++) {
    const result = await attempt(url, { 'content-type': 'application/json', ...headers }, body, timeoutMs, s, retries);
    if (result.done) return result.outcome;
    if (retries + 1 >= s.maxAttempts) {
      return { ok: false, kind: 'http', status: result.status, message: redactKey(result.message, s.apiKey), retries };
    }
    await s.sleep(retryDelayMs(retries + 1, result.retryAfterMs, s));
  }
}
