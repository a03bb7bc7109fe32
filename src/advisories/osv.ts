// Live OSV.dev lookups for SC4, made only when the user asks (`scan --online`). The engine stays
// synchronous and offline: the CLI collects the bundle's pinned dependencies, queries OSV with this
// client, and hands the advisories to the scan. Every reply is untrusted input: bounded in time,
// size and count, schema-checked, and sanitised before any of it can reach a report. A lookup never
// throws; what went wrong comes back in `errors`, which the engine turns into a ledger limitation.
import { z } from 'zod';
import { sanitizeLine } from '../shared/sanitize.js';
import type { FileView } from '../model/bundle.js';
import type { Ecosystem } from '../dependencies/dep-spec.js';
import { normalizeName } from '../dependencies/dep-spec.js';
import { collectDependencies } from '../dependencies/deps.js';
import { osvSeverity } from './osv-severity.js';
import type { OnlineAdvisory } from '../model/advisory.js';

export type { OnlineAdvisory };

export const OSV_DEFAULT_URL = 'https://api.osv.dev';

export const OSV_LIMITS = {
  packages: 256, batches: 4, detailRequests: 64, responseBytes: 4 * 1024 * 1024, results: 256, vulnsPerPackage: 16,
  retries: 2, concurrency: 8, aliases: 16, summaryChars: 300, errors: 16,
} as const;
const BATCH_SIZE = Math.ceil(OSV_LIMITS.packages / OSV_LIMITS.batches);
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 500;
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export interface OsvQuery {
  name: string;
  ecosystem: 'PyPI' | 'npm';
  version: string;
}

export interface OsvResult {
  advisories: OnlineAdvisory[];
  /** What failed or was cut short; each one means some dependency was not (fully) checked live. */
  errors: string[];
  /** Packages whose batch query succeeded. */
  queried: number;
}

export interface OsvOptions {
  /** Default: env SKILLSPECTOR_OSV_URL, else https://api.osv.dev. */
  baseUrl?: string;
  /** Wall-clock budget for the whole lookup. Default: env SKILLSPECTOR_OSV_TIMEOUT (seconds), else 30 s. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** First retry back-off; doubled per attempt. */
  retryDelayMs?: number;
}

export const OSV_ECOSYSTEM: Record<Ecosystem, OsvQuery['ecosystem']> = { pypi: 'PyPI', npm: 'npm' };
const FROM_OSV: Record<OsvQuery['ecosystem'], Ecosystem> = { PyPI: 'pypi', npm: 'npm' };

/** The bundle's registry dependencies pinned to one release, deduplicated: what a live lookup can verify. */
export function collectPinnedDependencies(files: readonly FileView[]): OsvQuery[] {
  const seen = new Map<string, OsvQuery>();
  for (const dep of collectDependencies(files)) {
    if (dep.source !== 'registry' || dep.pinned === null) continue;
    const name = normalizeName(dep.ecosystem, dep.name);
    const key = `${dep.ecosystem}:${name}@${dep.pinned}`;
    if (!seen.has(key)) seen.set(key, { name, ecosystem: OSV_ECOSYSTEM[dep.ecosystem], version: dep.pinned });
  }
  return [...seen.values()];
}

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const BatchReply = z.object({
  results: z.array(z.object({
    vulns: lenient(z.array(z.object({ id: z.string() }))),
    next_page_token: lenient(z.string()),
  })),
});

const VulnReply = z.object({
  id: z.string(),
  summary: lenient(z.string()),
  details: lenient(z.string()),
  aliases: lenient(z.array(z.string())),
  withdrawn: lenient(z.string()),
  severity: lenient(z.array(z.object({ type: z.string(), score: z.string() }))),
  database_specific: lenient(z.object({ severity: z.unknown() })),
  affected: lenient(z.array(z.object({
    package: lenient(z.object({ name: z.string(), ecosystem: z.string() })),
    ecosystem_specific: lenient(z.object({ severity: z.unknown() })),
  }))),
});
type Vuln = z.infer<typeof VulnReply>;

class OsvError extends Error {}

interface Ctx {
  base: string;
  deadline: number;
  timeoutMs: number;
  retryDelayMs: number;
  fetchImpl: typeof fetch;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return err instanceof Error ? err.name : 'error';
}

async function readCapped(res: Response, label: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > OSV_LIMITS.responseBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new OsvError(`${label}: reply of ${declared} bytes exceeds the ${OSV_LIMITS.responseBytes}-byte bound`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > OSV_LIMITS.responseBytes) {
      await reader.cancel().catch(() => undefined);
      throw new OsvError(`${label}: reply exceeds the ${OSV_LIMITS.responseBytes}-byte bound`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One JSON request with the remaining time budget, retrying 429/5xx and connection failures. */
async function request(ctx: Ctx, path: string, body?: unknown): Promise<unknown> {
  const label = path.startsWith('/v1/vulns/') ? `vulns/${decodeURIComponent(path.slice(10))}` : path.slice(4);
  let last = '';
  for (let attempt = 0; attempt <= OSV_LIMITS.retries; attempt += 1) {
    if (attempt > 0) await sleep(Math.min(ctx.retryDelayMs * 2 ** (attempt - 1), Math.max(0, ctx.deadline - Date.now())));
    const remaining = ctx.deadline - Date.now();
    if (remaining <= 0) throw new OsvError(`${label}: timed out (budget ${ctx.timeoutMs} ms)${last ? ` after ${last}` : ''}`);
    try {
      const res = await ctx.fetchImpl(`${ctx.base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(remaining),
      });
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel().catch(() => undefined);
        last = `HTTP ${res.status}`;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new OsvError(`${label}: HTTP ${res.status}`);
      }
      const text = await readCapped(res, label);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new OsvError(`${label}: malformed JSON reply`);
      }
    } catch (err) {
      if (err instanceof OsvError) throw err;
      const name = err instanceof Error ? err.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') throw new OsvError(`${label}: timed out (budget ${ctx.timeoutMs} ms)`);
      last = `connection failed (${networkReason(err)})`;
    }
  }
  throw new OsvError(`${label}: ${last} after ${OSV_LIMITS.retries + 1} attempts`);
}

function resolveBase(explicit: string | undefined): string | OsvError {
  const raw = explicit ?? process.env.SKILLSPECTOR_OSV_URL ?? OSV_DEFAULT_URL;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return new OsvError('OSV base URL must be http(s)');
    return url.href.replace(/\/+$/, '');
  } catch {
    return new OsvError('OSV base URL is not a valid URL');
  }
}

function resolveTimeout(explicit: number | undefined): number {
  if (explicit !== undefined && explicit > 0) return explicit;
  const env = Number(process.env.SKILLSPECTOR_OSV_TIMEOUT ?? NaN);
  return Number.isFinite(env) && env > 0 ? Math.round(env * 1000) : DEFAULT_TIMEOUT_MS;
}

function message(err: unknown): string {
  return sanitizeLine(err instanceof Error ? err.message : String(err)).slice(0, 300);
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

interface Target extends OsvQuery {
  ids: string[];
}

/** Phase 1: which advisory ids affect each queried package version. */
async function queryBatches(ctx: Ctx, targets: Target[], errors: string[]): Promise<number> {
  let queried = 0;
  let results = 0;
  let dropped = 0;
  let overflow = 0;
  for (let b = 0; b < OSV_LIMITS.batches; b += 1) {
    const slice = targets.slice(b * BATCH_SIZE, (b + 1) * BATCH_SIZE);
    if (slice.length === 0) break;
    try {
      const raw = await request(ctx, '/v1/querybatch', {
        queries: slice.map((t) => ({ package: { name: t.name, ecosystem: t.ecosystem }, version: t.version })),
      });
      const parsed = BatchReply.safeParse(raw);
      if (!parsed.success) throw new OsvError('querybatch: reply does not match the OSV schema');
      if (parsed.data.results.length !== slice.length) throw new OsvError(`querybatch: ${parsed.data.results.length} results for ${slice.length} queries`);
      parsed.data.results.forEach((r, i) => {
        const target = slice[i] as Target;
        const ids = [...new Set((r.vulns ?? []).map((v) => v.id))];
        const valid = ids.filter((id) => ID_RE.test(id));
        if (valid.length < ids.length) errors.push(`querybatch: ${ids.length - valid.length} advisory id(s) for ${target.name} were malformed and ignored`);
        if (valid.length > OSV_LIMITS.vulnsPerPackage || r.next_page_token !== undefined) overflow += 1;
        for (const id of valid.slice(0, OSV_LIMITS.vulnsPerPackage)) {
          if (results >= OSV_LIMITS.results) {
            dropped += 1;
            continue;
          }
          results += 1;
          target.ids.push(id);
        }
      });
      queried += slice.length;
    } catch (err) {
      errors.push(`${message(err)} (${slice.length} package(s) not checked)`);
    }
  }
  if (overflow > 0) errors.push(`${overflow} package(s) have more than ${OSV_LIMITS.vulnsPerPackage} advisories; only the first ${OSV_LIMITS.vulnsPerPackage} were kept`);
  if (dropped > 0) errors.push(`${dropped} advisory result(s) beyond the ${OSV_LIMITS.results}-result bound were dropped`);
  return queried;
}

/** Phase 2: advisory details (severity, aliases, summary), bounded in count and concurrency. */
async function fetchDetails(ctx: Ctx, ids: readonly string[], errors: string[]): Promise<Map<string, Vuln>> {
  const details = new Map<string, Vuln>();
  const wanted = ids.slice(0, OSV_LIMITS.detailRequests);
  if (ids.length > wanted.length) {
    errors.push(`${ids.length - wanted.length} advisory detail(s) beyond the ${OSV_LIMITS.detailRequests}-request bound were not fetched; those advisories are reported at the default severity HIGH`);
  }
  const failures: string[] = [];
  await pool(wanted, OSV_LIMITS.concurrency, async (id) => {
    try {
      const parsed = VulnReply.safeParse(await request(ctx, `/v1/vulns/${encodeURIComponent(id)}`));
      if (!parsed.success || parsed.data.id !== id) throw new OsvError(`vulns/${id}: reply does not match the OSV schema`);
      details.set(id, parsed.data);
    } catch (err) {
      failures.push(message(err));
    }
  });
  if (failures.length > 0) errors.push(`${failures.length} advisory detail request(s) failed, reported at the default severity HIGH: ${failures.slice(0, 4).join('; ')}`);
  return details;
}

function toAdvisory(target: Target, id: string, vuln: Vuln | undefined): OnlineAdvisory | null {
  if (vuln?.withdrawn !== undefined) return null;
  const eco = FROM_OSV[target.ecosystem];
  const sameName = (n: string): boolean => normalizeName(eco, n) === target.name;
  const { severity, source } = vuln
    ? osvSeverity({
      ghsa: vuln.database_specific?.severity,
      ecosystemSpecific: (vuln.affected ?? []).filter((a) => !a.package || sameName(a.package.name)).map((a) => a.ecosystem_specific?.severity),
      vectors: (vuln.severity ?? []).map((s) => s.score),
    })
    : { severity: 'HIGH' as const, source: 'default' as const };
  const text = vuln?.summary ?? (vuln?.details ?? '').split('\n')[0] ?? '';
  return {
    ecosystem: eco, package: target.name, version: target.version, id,
    aliases: (vuln?.aliases ?? []).filter((a) => ID_RE.test(a) && a !== id).slice(0, OSV_LIMITS.aliases),
    severity, severitySource: source, summary: sanitizeLine(text).slice(0, OSV_LIMITS.summaryChars),
  };
}

/** Looks the given pinned dependencies up in OSV. Never throws. */
export async function queryOsv(deps: readonly OsvQuery[], options: OsvOptions = {}): Promise<OsvResult> {
  const errors: string[] = [];
  const base = resolveBase(options.baseUrl);
  if (base instanceof OsvError) return { advisories: [], errors: [base.message], queried: 0 };
  const unique = new Map<string, Target>();
  for (const d of deps) {
    const name = normalizeName(FROM_OSV[d.ecosystem], d.name);
    const key = `${d.ecosystem}:${name}@${d.version}`;
    if (!unique.has(key)) unique.set(key, { name, ecosystem: d.ecosystem, version: d.version, ids: [] });
  }
  const all = [...unique.values()];
  const targets = all.slice(0, OSV_LIMITS.packages);
  if (all.length > targets.length) {
    errors.push(`${all.length} pinned dependencies exceed the ${OSV_LIMITS.packages}-package bound; ${all.length - targets.length} were not looked up`);
  }
  if (targets.length === 0) return { advisories: [], errors, queried: 0 };
  const timeoutMs = resolveTimeout(options.timeoutMs);
  const ctx: Ctx = {
    base, timeoutMs, deadline: Date.now() + timeoutMs,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS, fetchImpl: options.fetchImpl ?? fetch,
  };
  const queried = await queryBatches(ctx, targets, errors);
  const ids = [...new Set(targets.flatMap((t) => t.ids))];
  const details = await fetchDetails(ctx, ids, errors);
  const advisories: OnlineAdvisory[] = [];
  for (const t of targets) {
    for (const id of t.ids) {
      const a = toAdvisory(t, id, details.get(id));
      if (a) advisories.push(a);
    }
  }
  const shown = errors.slice(0, OSV_LIMITS.errors);
  if (errors.length > shown.length) shown.push(`and ${errors.length - shown.length} more`);
  return { advisories, errors: shown, queried };
}
