// When to send a request again and how long to wait first: 429 and 5xx only (other 4xx will not change
// on a resend), exponential back-off with jitter, and the server's Retry-After when it names one.

export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/** Retry-After as delta-seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,10}$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface BackoffSettings {
  baseDelayMs: number;
  maxRetryAfterMs: number;
  random: () => number;
}

/** Delay before retry number `retry` (1-based). Jitter spreads clients that failed together. */
export function retryDelayMs(retry: number, retryAfterMs: number | null, s: BackoffSettings): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, s.maxRetryAfterMs);
  const ceiling = s.baseDelayMs * 2 ** (retry - 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * s.random());
}
