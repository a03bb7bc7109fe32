import type { LineIndex } from '../../analysis/lines.js';
import { viewsOf } from '../../analysis/views.js';
import { fileRole, placeOf } from '../../analysis/placement.js';
import { bestPerLine, downgradeHit, hitOf, scanFile, type Candidate, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';
import { requestOnLine } from './request-call.js';

export const MATCHERS: readonly Matcher[] = matcherTable('SSRF1', [
  { re: /(?<![\d.])169\.254\.169\.254(?![\d])/, keywords: ['169.254.169.254'], label: 'Cloud metadata IP (AWS/Azure/GCP/OpenStack)', confidence: 0.9 },
  { re: /(?<![\d.])169\.254\.170\.2(?![\d.])/, keywords: ['169.254.170.2'], label: 'ECS task metadata endpoint', confidence: 0.8 },
  { re: /\bmetadata\.google\.internal\b/i, keywords: ['metadata.google.internal'], label: 'GCP metadata host', confidence: 0.9 },
  { re: /(?<![\d.])100\.100\.100\.200(?![\d])/, keywords: ['100.100.100.200'], label: 'Alibaba Cloud metadata IP', confidence: 0.85 },
  { re: /\bfd00:ec2::254\b/i, keywords: ['fd00:ec2::254'], label: 'AWS IPv6 metadata IP', confidence: 0.9 },
  { re: /\/computeMetadata\/v1\b|\/latest\/(?:meta-data|api\/token|user-data)\b|\/metadata\/(?:instance|identity\/oauth2\/token)\?api-version=/, keywords: ['computemetadata', '/latest/', '/metadata/'], label: 'Cloud metadata API path', confidence: 0.8 },
  {
    re: /\b(?:query|call|fetch|hit|access|read|curl|request|contact|steal|dump|scrape)(?:s|ing|ed)?\s{1,3}(?:the\s{1,3}|an?\s{1,3})?(?:cloud|instance|ec2|gcp|gce|aws|azure|imds)\s{1,3}(?:instance\s{1,3})?metadata(?:\s{1,3}(?:service|endpoint|server|api))?\b/i,
    keywords: ['metadata'],
    label: 'Instruction to query the metadata service',
    confidence: 0.75,
  },
]);

// Defensive code and docs list the metadata hosts in order to refuse them.
const REJECTION =
  /\b(?:block(?:ed|s|list)?|deny(?:list)?|denied|reject(?:s|ed)?|refuse[sd]?|forbid(?:den)?|disallow(?:ed)?|prevent(?:s|ed)?|protect(?:s|ed|ion)?|exclude[sd]?|guard|banned|not\s+allowed|is_link_local|is_private|is_reserved|private[_ ](?:ranges?|ips?|networks?)|ssrf)\b|\bnot\s+in\b/i;
const LIST_ITEM = /^\s*(?:[-*]\s{0,3})?["'`]?[\w.:/[\]-]{3,80}["'`]?\s*,?\s*(?:#.*|\/\/.*)?$/;

// `BLOCKED_HOSTS`, `deny_list`: identifiers count as words.
const rejects = (line: string): boolean => REJECTION.test(line.replace(/_/g, ' '));

function isRejectionRule(index: LineIndex, c: Candidate): boolean {
  if (requestOnLine(c.lineText)) return false;
  if (rejects(c.lineText)) return true;
  // A bare entry of a list whose header (up to 6 lines up) names it a block list.
  if (!LIST_ITEM.test(c.lineText)) return false;
  for (let l = c.line - 1; l >= Math.max(1, c.line - 6); l -= 1) if (rejects(index.lineText(l))) return true;
  return false;
}

/**
 * Reference documentation that names the metadata address without requesting it (an SSRF checklist, an
 * example payload URL) teaches the attack; it does not perform it. A request on the line, code, SKILL.md
 * and the documents it directs the agent to follow keep their severity.
 */
function mentionInDocs(file: FileView, index: LineIndex, c: Candidate): RuleHit | null {
  if (requestOnLine(c.lineText)) return null;
  const where = placeOf(file, index, c.line);
  if (fileRole(file) !== 'doc' || (where !== 'doc-prose' && where !== 'doc-code')) return null;
  const hit = hitOf(c, Math.round(c.matcher.confidence * 0.4 * 100) / 100, 'LOW');
  hit.tags = [...(hit.tags ?? []), 'mention-only'];
  return hit;
}

function check(file: FileView): RuleHit[] {
  const cands = scanFile(file, MATCHERS);
  if (cands.length === 0) return [];
  const index = viewsOf(file.text).raw.index;
  const hits = cands.map((c) => {
    const hit = hitOf(c);
    if (isRejectionRule(index, c)) return downgradeHit(file, index, hit, 'rejection-guard', { severity: 'HIGH', confidence: c.matcher.confidence });
    return mentionInDocs(file, index, c) ?? hit;
  });
  return bestPerLine(hits, 'HIGH');
}

export const ssrf1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'SSRF1',
    category: 'SSRF',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Cloud Metadata Endpoint Access',
    description:
      'References to instance metadata services: 169.254.169.254, the ECS endpoint 169.254.170.2, metadata.google.internal, Alibaba 100.100.100.200, AWS fd00:ec2::254, metadata API paths (/latest/meta-data, /computeMetadata/v1), and instructions to query the metadata service. On a cloud host these return temporary IAM credentials, so a skill that reaches them can take over the cloud account. Lines that only list the hosts in order to reject them (block lists, SSRF guards) and make no request are downgraded with a contextual-triage tag; reference documentation that names or quotes the address without requesting it (an SSRF checklist, an example payload URL) is LOW.',
    remediation:
      'Remove metadata-service access. If the skill fetches user-supplied URLs, resolve them and refuse link-local, loopback and private addresses.',
  },
  check: (ctx) => check(ctx.file),
});
