// Findings from behaviour facts: located at the sink, with source and sink (and their lines) in evidence.
import type { CallFact, PatternFact, ReflectiveFact, Taint } from '../../behaviour/facts.js';
import type { FileType, Severity } from '../../shared/types.js';
import type { RuleHit } from '../types.js';

/** The file types behavioural analysis parses. */
export const CODE_TYPES: readonly FileType[] = ['python', 'javascript', 'typescript', 'shell'];

function sourceOf(t: Taint): Record<string, unknown> {
  return { kind: t.kind, line: t.line, text: t.text, via: t.viaVariable ? 'variable' : 'direct' };
}

export function callHit(call: CallFact, extra: { source?: Taint | null; label: string; severity?: Severity; confidence?: number; tags?: string[] }): RuleHit {
  return {
    line: call.line,
    column: call.column,
    matched: call.text,
    label: extra.label,
    ...(extra.severity ? { severity: extra.severity } : {}),
    ...(extra.confidence !== undefined ? { confidence: extra.confidence } : {}),
    tags: ['behaviour', ...(extra.tags ?? [])],
    evidence: {
      sink: { op: call.op, callee: call.callee, line: call.line, text: call.text, ...(call.host ? { host: call.host } : {}), ...(call.target ? { target: call.target } : {}) },
      ...(extra.source ? { source: sourceOf(extra.source) } : {}),
    },
  };
}

export function reflectiveHit(r: ReflectiveFact, label: string): RuleHit {
  return {
    line: r.line, column: r.column, matched: r.text, label, tags: ['behaviour'],
    evidence: { sink: { op: 'reflective', line: r.line, text: r.text, name: r.name } },
  };
}

export function patternHit(p: PatternFact, label: string): RuleHit {
  return {
    line: p.line, column: p.column, matched: p.text, label, tags: ['behaviour', p.kind.replace('_', '-')],
    evidence: {
      sink: { op: p.kind, line: p.line, text: p.text },
      source: { kind: p.kind === 'reverse_shell' ? 'network_connection' : 'unbounded_loop', line: p.sourceLine, text: p.sourceText },
    },
  };
}
