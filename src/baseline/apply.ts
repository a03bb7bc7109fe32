// Partitions findings into active and suppressed. Suppressed findings leave the score and the gates.
// Order: a trusted inline directive (never for CRITICAL), then a fingerprint, then the first glob rule.
import { Minimatch } from 'minimatch';
import type { Finding } from '../analysis/finding.js';
import { severityBeforeOverride } from '../config/policy.js';
import { INLINE_REASON } from './inline.js';
import type { Baseline, BaselineFingerprint, BaselineRule } from './schema.js';
import { wildcardMatch } from './wildcard.js';

export type SuppressionSource = 'baseline' | 'inline';

export interface Suppressed {
  finding: Finding;
  reason: string;
  source: SuppressionSource;
}

export interface InlineCounts {
  /** Whether directives were honoured (`--trust-inline-suppressions`). */
  trusted: boolean;
  /** Findings a directive named (honoured or not). */
  matched: number;
  /** Findings a directive named that stayed active because they are CRITICAL. */
  refused_critical: number;
}

export interface Partition {
  active: Finding[];
  suppressed: Suppressed[];
  inline: InlineCounts;
}

export interface SuppressionInputs {
  baseline?: Baseline | undefined;
  /** The finding's baseline fingerprint; called only when the baseline holds fingerprints. */
  fingerprintOf: (f: Finding) => string;
  /** Whether a `skillspector-ignore:` directive names the finding. */
  hasDirective: (f: Finding) => boolean;
  trustInline: boolean;
}

const PATH_GLOB = { dot: true, nonegate: true, nocomment: true, noext: true } as const;
/** Messages are compared on a bounded prefix: hostile text can be megabytes long. */
const MESSAGE_TEXT_MAX = 2_000;

/** A glob rule compiled once: id and message are case-insensitive wildcards, path a path glob. */
class CompiledRule {
  private readonly path: Minimatch | undefined;

  constructor(readonly rule: BaselineRule) {
    // `dir/` accepts everything under the directory, as `--exclude dir/` leaves it out.
    this.path = rule.path === undefined ? undefined : new Minimatch(rule.path.endsWith('/') ? `${rule.path}**` : rule.path, PATH_GLOB);
  }

  matches(f: Finding): boolean {
    const { id, message } = this.rule;
    if (id !== undefined && !wildcardMatch(id, f.rule.id)) return false;
    if (this.path && !this.path.match(f.file)) return false;
    if (message !== undefined) {
      const texts = [f.label, f.matched, f.rule.title].map((t) => t.slice(0, MESSAGE_TEXT_MAX));
      if (!texts.some((t) => wildcardMatch(`*${message}*`, t))) return false;
    }
    return true;
  }
}

/** The glob rules, with rules naming one literal id indexed by it (most rules do). */
class RuleSet {
  private readonly byId = new Map<string, number[]>();
  private readonly open: number[] = [];
  private readonly compiled: CompiledRule[];

  constructor(rules: readonly BaselineRule[]) {
    this.compiled = rules.map((r) => new CompiledRule(r));
    rules.forEach((r, i) => {
      if (r.id === undefined || /[*?]/.test(r.id)) return void this.open.push(i);
      const key = r.id.toUpperCase();
      const list = this.byId.get(key);
      if (list) list.push(i);
      else this.byId.set(key, [i]);
    });
  }

  /** The first rule in file order that matches. */
  reasonFor(f: Finding): string | undefined {
    const literal = this.byId.get(f.rule.id.toUpperCase()) ?? [];
    let a = 0;
    let b = 0;
    while (a < literal.length || b < this.open.length) {
      const i = b >= this.open.length || (a < literal.length && (literal[a] as number) < (this.open[b] as number)) ? literal[a++] : this.open[b++];
      const rule = this.compiled[i as number];
      if (rule?.matches(f)) return rule.rule.reason;
    }
    return undefined;
  }
}

function fingerprintIndex(entries: readonly BaselineFingerprint[]): Map<string, BaselineFingerprint[]> {
  const index = new Map<string, BaselineFingerprint[]>();
  for (const e of entries) {
    const list = index.get(e.hash);
    if (list) list.push(e);
    else index.set(e.hash, [e]);
  }
  return index;
}

export function applySuppressions(findings: readonly Finding[], inputs: SuppressionInputs): Partition {
  const { baseline, trustInline } = inputs;
  const hashes = fingerprintIndex(baseline?.fingerprints ?? []);
  const rules = new RuleSet(baseline?.rules ?? []);
  const inline: InlineCounts = { trusted: trustInline, matched: 0, refused_critical: 0 };
  const active: Finding[] = [];
  const suppressed: Suppressed[] = [];
  for (const f of findings) {
    if (inputs.hasDirective(f)) {
      inline.matched++;
      const critical = f.severity === 'CRITICAL' || severityBeforeOverride(f) === 'CRITICAL';
      if (trustInline && critical) inline.refused_critical++;
      if (trustInline && !critical) {
        suppressed.push({ finding: f, reason: INLINE_REASON, source: 'inline' });
        continue;
      }
    }
    // The readable fields must agree with the hash: an entry edited by hand never accepts something else.
    const entry = hashes.size > 0 ? hashes.get(inputs.fingerprintOf(f))?.find((e) => e.id === f.rule.id && e.path === f.file) : undefined;
    const reason = entry?.reason ?? rules.reasonFor(f);
    if (reason === undefined) active.push(f);
    else suppressed.push({ finding: f, reason, source: 'baseline' });
  }
  return { active, suppressed, inline };
}
