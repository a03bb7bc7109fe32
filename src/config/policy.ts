// What the user's configuration changes about findings: which rules run, and the severity a rule's
// findings carry. Applied by the engine before baseline and inline suppression, so every report format,
// the score and the gates see the same findings. An override is never silent: the finding is tagged
// `severity-override`, keeps its original severity in `evidence.severity_override`, and the report's
// `metadata.configuration` lists every override in effect.
import type { Finding } from '../analysis/finding.js';
import type { Severity } from '../shared/types.js';

export interface ScanPolicy {
  /** The configuration file this policy came from (as given or found), for the report. */
  configFile?: string;
  /** When set, only these rule ids run. */
  enabledRules?: readonly string[];
  disabledRules?: readonly string[];
  severityOverrides?: Readonly<Record<string, Severity>>;
  /** Honour `skillspector-ignore:` directives in scanned files (never for CRITICAL findings). */
  trustInlineSuppressions?: boolean;
}

export const OVERRIDE_TAG = 'severity-override';

export function ruleEnabled(id: string, policy: ScanPolicy | undefined): boolean {
  if (!policy) return true;
  if (policy.enabledRules && !policy.enabledRules.includes(id)) return false;
  return !(policy.disabledRules ?? []).includes(id);
}

/** The rules a scan runs under `policy`, in catalogue order. */
export function activeRules<R extends { meta: { id: string } }>(rules: readonly R[], policy: ScanPolicy | undefined): R[] {
  return rules.filter((r) => ruleEnabled(r.meta.id, policy));
}

/** Drops findings of disabled rules (whatever stage produced them) and applies severity overrides. */
export function applyRulePolicy(findings: readonly Finding[], policy: ScanPolicy | undefined): Finding[] {
  if (!policy) return [...findings];
  const overrides = new Map(Object.entries(policy.severityOverrides ?? {}));
  const out: Finding[] = [];
  for (const f of findings) {
    if (!ruleEnabled(f.rule.id, policy)) continue;
    const to = overrides.get(f.rule.id);
    if (to === undefined || to === f.severity) out.push(f);
    else out.push({ ...f, severity: to, tags: [...f.tags, OVERRIDE_TAG], evidence: { ...f.evidence, severity_override: { from: f.severity, to, source: 'configuration' } } });
  }
  return out;
}

/** The severity the scanner gave a finding before any configured override. */
export function severityBeforeOverride(f: Finding): Severity {
  const override = f.evidence['severity_override'] as { from?: Severity } | undefined;
  return f.tags.includes(OVERRIDE_TAG) && override?.from !== undefined ? override.from : f.severity;
}

/** `metadata.configuration`: what the user's configuration changed, present only when it changed something. */
export function configurationMetadata(policy: ScanPolicy | undefined): Record<string, unknown> {
  if (!policy) return {};
  const overrides = policy.severityOverrides ?? {};
  const changed = policy.enabledRules !== undefined || (policy.disabledRules ?? []).length > 0 || Object.keys(overrides).length > 0 || policy.trustInlineSuppressions === true;
  if (!changed && policy.configFile === undefined) return {};
  return {
    configuration: {
      file: policy.configFile ?? null,
      ...(policy.enabledRules !== undefined ? { enabled_rules: [...policy.enabledRules] } : {}),
      disabled_rules: [...(policy.disabledRules ?? [])],
      severity_overrides: { ...overrides },
      trust_inline_suppressions: policy.trustInlineSuppressions === true,
    },
  };
}
