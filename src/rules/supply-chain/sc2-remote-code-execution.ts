import { eachMatch } from '../../analysis/kernel.js';
import type { LineList } from '../../analysis/lines.js';
import { placeOf, sectionOf } from '../../analysis/placement.js';
import { viewsOf, type SharedView } from '../../analysis/views.js';
import type { RuleContext, RuleHit } from '../types.js';
import type { BundleView } from '../../model/bundle.js';
import type { Severity } from '../../shared/types.js';
import { defineRule } from '../types.js';
import { gateOpen, walkGate } from '../kit/walk-gates.js';
import { cautionaryReason, downgradeCautionary } from './context.js';
import { copyPasteNear } from './lure-wording.js';
import {
  anonymousKind, downloadThenRun, fetchedThenEvaluated, hasDownloadTarget, hostOf, NO_PROJECT, projectIdentity, segmentOrigin, urlsIn,
  type AnonymousKind, type Origin, type ProjectIdentity,
} from './remote-fetch.js';

type Kind = 'shell-download' | 'powershell' | 'code-fetch' | 'package-url';

interface Spec {
  re: RegExp;
  label: string;
  kind: Kind;
  confidence: number;
  keywords: readonly string[];
}

const SHELLS = String.raw`(?:(?:\/usr)?(?:\/local)?\/bin\/)?(?:(?:ba|z|da|k|fi)?sh|python[0-9.]{0,4}|node(?:js)?|perl|ruby|php|bun|deno|pwsh|powershell)`;
const SUDO = String.raw`(?:sudo\s{1,4}(?:-\S{1,6}\s{1,4})?)?(?:env\s{1,4})?`;

const SPECS: readonly Spec[] = [
  {
    re: new RegExp(String.raw`\b(?:curl|wget|fetch)\b[^\n]{0,300}?\|\s{0,4}${SUDO}${SHELLS}\b`, 'gi'),
    label: 'Download piped into an interpreter', kind: 'shell-download', confidence: 0.9, keywords: ['curl', 'wget', 'fetch'],
  },
  {
    re: new RegExp(String.raw`(?:\b(?:(?:ba|z|da|k)?sh|source|python[0-9.]{0,4}|node|perl|ruby)|(?:^|[\s;&|(])\.)\s{1,4}<\(\s{0,4}(?:curl|wget)\b[^\n]{0,300}`, 'gi'),
    label: 'Download run through process substitution', kind: 'shell-download', confidence: 0.9, keywords: ['<('],
  },
  {
    re: /\b(?:eval|(?:ba|z|da|k)?sh\s{1,4}-c|python[0-9.]{0,4}\s{1,4}-c|node\s{1,4}-e|perl\s{1,4}-e|ruby\s{1,4}-e)\s{1,4}["']?(?:\$\(|`)\s{0,4}(?:curl|wget)\b[^\n]{0,300}/gi,
    label: 'Downloaded text evaluated by the shell', kind: 'shell-download', confidence: 0.9, keywords: ['$(', '`'],
  },
  {
    re: /\b(?:iex|invoke-expression)\b[^\n]{0,40}?(?:\biwr\b|\birm\b|invoke-webrequest|invoke-restmethod|downloadstring|\bcurl\b|\bwget\b)[^\n]{0,300}/gi,
    label: 'PowerShell Invoke-Expression of downloaded text', kind: 'powershell', confidence: 0.9, keywords: ['iex', 'invoke-expression'],
  },
  {
    re: /(?:\biwr\b|\birm\b|invoke-webrequest|invoke-restmethod|downloadstring)[^\n]{0,300}?\|\s{0,4}(?:iex|invoke-expression)\b/gi,
    label: 'PowerShell download piped into Invoke-Expression', kind: 'powershell', confidence: 0.9, keywords: ['iex', 'invoke-expression'],
  },
  {
    re: /\b(?:exec|eval)\s{0,4}\([^\n]{0,80}?\b(?:(?:requests|httpx|session|client|urllib3)\s{0,2}\.\s{0,2}(?:get|post|request)|urlopen|URI\.open|Net::HTTP\.get)\s{0,4}\(/gi,
    label: 'Fetched content passed to exec/eval', kind: 'code-fetch', confidence: 0.9, keywords: ['exec', 'eval'],
  },
  {
    re: /\b(?:eval|new\s{1,4}Function|vm\s{0,2}\.\s{0,2}(?:runIn(?:This|New)?Context|Script))\s{0,4}\([^\n]{0,120}?\b(?:fetch|axios(?:\s{0,2}\.\s{0,2}get)?|got|https?\s{0,2}\.\s{0,2}get)\s{0,4}\(/gi,
    label: 'Fetched content passed to eval/Function', kind: 'code-fetch', confidence: 0.85, keywords: ['eval', 'function', 'vm'],
  },
  {
    re: /\bfetch\s{0,4}\([^\n]{0,300}?\.then\s{0,4}\(\s{0,4}(?:eval|Function|\(?\s{0,4}\w{1,30}\s{0,4}\)?\s{0,4}=>\s{0,4}(?:eval|new\s{1,4}Function)\s{0,4}\()/gi,
    label: 'Fetched content passed to eval', kind: 'code-fetch', confidence: 0.85, keywords: ['fetch'],
  },
  {
    re: /\b(?:pip[0-9.]{0,4}|uv\s{1,4}pip|npm|pnpm|yarn|bun)\s{1,4}(?:install|i|add)\b[^\n]{0,200}?\s["']?(?:git\+)?https?:\/\/[^\s"']{1,500}/gi,
    label: 'Package installed straight from a URL', kind: 'package-url', confidence: 0.15, keywords: ['http'],
  },
];

// A data-processing interpreter call (`| python -m json.tool`, `| node -e "…"`) reads stdin as data, not code.
const DATA_FILTER_AFTER = /^\s{1,4}-[cme]\b/;
const ROUTINE_CONFIDENCE = 0.15;

interface Judged {
  severity: Severity;
  confidence: number;
  label: string;
  origin?: Origin;
  host?: string;
}

/** Where the match sits: text the agent follows (SKILL.md or a directed doc), and in an install/setup section. */
interface Where {
  instructions: boolean;
  install: boolean;
}

const ANONYMOUS_LABEL: Record<AnonymousKind, string> = {
  'ip-address': 'a raw IP address', 'paste-site': 'a paste/snippet site', 'url-shortener': 'a URL shortener', 'anonymous-host': 'an anonymous tunnel or file-drop host',
};

const SLASH = ['/'];
// And a paste lure needs RUN_BY_HAND in its window: each alternative spells one of these (a terminal-like
// noun, `execute`, `copy`, `paste`, or `win` of Win+R).
const BY_HAND_WORDS = ['terminal', 'shell', 'command', 'console', 'powershell', 'cmd', 'bash', 'zsh', 'run dialog', 'execute', 'copy', 'paste', 'win'];
const PASTE_LURE_GATE = walkGate('SC2 paste lure', [SLASH, BY_HAND_WORDS], { cheap: 'the walk visits only the lines linkLines finds a link on' });

/**
 * Severity by who serves the code and where the step sits: a vendor's installer is routine (LOW); a
 * project's own release or domain is routine in setup steps and MEDIUM in the agent's other instructions;
 * an unknown host is HIGH; a host that hides who is behind it is CRITICAL.
 */
function calibrate(label: string, confidence: number, o: { origin: Origin; host: string; anonymous?: AnonymousKind }, where: Where): Judged {
  const base = { origin: o.origin, host: o.host };
  switch (o.origin) {
    case 'vendor':
      return { ...base, severity: 'LOW', confidence: ROUTINE_CONFIDENCE, label: `${label} (official installer host)` };
    case 'project':
      return where.instructions && !where.install
        ? { ...base, severity: 'MEDIUM', confidence: 0.5, label: `${label} (the project's own release or domain)` }
        : { ...base, severity: 'LOW', confidence: 0.3, label: `${label} (the project's own release or domain, in a setup step)` };
    case 'anonymous':
      return { ...base, severity: 'CRITICAL', confidence: 0.9, label: `${label} from ${ANONYMOUS_LABEL[o.anonymous ?? 'anonymous-host']}` };
    default:
      return { ...base, severity: 'HIGH', confidence, label };
  }
}

function classify(spec: Spec, matched: string, after: string, where: Where, project: ProjectIdentity): Judged {
  if (spec.kind === 'package-url') return { severity: 'LOW', confidence: spec.confidence, label: spec.label };
  if (spec.kind === 'shell-download' && !hasDownloadTarget(matched.slice(matched.search(/\b(?:curl|wget|fetch)\b/i)).split('|')[0] ?? '')) {
    return { severity: 'LOW', confidence: 0.3, label: 'Mention of piping a download into a shell (no target)' };
  }
  if (spec.kind === 'shell-download' && /(?:python|node|perl|ruby|php)[0-9.]{0,4}$/i.test(matched) && DATA_FILTER_AFTER.test(after)) {
    return { severity: 'LOW', confidence: 0.2, label: 'Download piped into an interpreter used as a data filter' };
  }
  const segment = spec.kind === 'shell-download' ? matched.slice(matched.search(/\b(?:curl|wget|fetch)\b|<\(/i)) : matched;
  return calibrate(spec.label, spec.confidence, segmentOrigin(segment, project, spec.kind === 'shell-download'), where);
}

/** A download from a host nobody vouches for, handed to the reader to copy into a terminal: the hand-run lure. */
function handRun(c: Judged, lines: LineList, line: number, where: Where): Judged {
  if (c.origin !== 'unknown' || c.severity !== 'HIGH' || !where.instructions || !copyPasteNear(lines, line)) return c;
  return { ...c, severity: 'CRITICAL', label: `${c.label}, from an unvetted host, to be pasted into a terminal by hand` };
}

// "Visit <paste URL> and execute the command in Terminal", "open <snippet link>, copy the line and paste it
// into your terminal", "press Win+R, paste the text at <link> and hit Enter": the text of an anonymous page,
// run by hand. Judged within a few lines of the link.
const RUN_BY_HAND =
  /\b(?:paste|run|execute|enter|type)\b[^\n]{0,80}?\b(?:in|into|on|inside)\s{1,4}(?:a\s{1,4}new\s{1,4}|a\s{1,4}|the\s{1,4}|your\s{1,4})?(?:terminal|shell|command[- ]?line|console|powershell|cmd(?:\.exe)?|command prompt|bash|zsh|run dialog)\b|\bexecute\s{1,4}(?:the|this|that|it|its)\b|\bcopy\b[^\n]{0,80}?\b(?:paste|run|execute)\b|\bpaste\b[^\n]{0,160}?\b(?:press|hit)\s{1,4}(?:enter|return)\b|\bwin(?:dows)?(?:\s{0,2}key)?\s{0,2}\+\s{0,2}r\b/i;
const LURE_BEFORE = 1;
const LURE_AFTER = 2;
const MAX_LINE = 2_000;

// A link written without a scheme: `glot.io/snippets/x`, `pastebin.com/raw/y`.
const BARE_LINK = /(?:^|[\s(<[`'"])((?:[a-z0-9-]{1,63}\.){1,6}[a-z]{2,24}\/[^\s)>\]"'`]{1,200})/gi;

function linksIn(text: string): string[] {
  const out = urlsIn(text).slice(0, 16);
  if (out.length === 0 && text.includes('/')) {
    BARE_LINK.lastIndex = 0;
    for (let m = BARE_LINK.exec(text); m !== null && out.length < 16; m = BARE_LINK.exec(text)) out.push(`https://${m[1] ?? ''}`);
  }
  return out;
}

// What every line `linksIn` finds a link on holds: `://` (URL_RE) or a bare link's `x.tld/` (BARE_LINK).
const LINKISH = /:\/\/|[a-z0-9-]\.[a-z]{2,24}\//gi;

/** 0-based numbers of the lines that may hold a link, ascending (one pass over the text). */
function linkLines(view: SharedView): number[] {
  const out: number[] = [];
  const { text, index } = view;
  LINKISH.lastIndex = 0;
  for (let m = LINKISH.exec(text); m !== null; m = LINKISH.exec(text)) {
    const line = index.lineOf(m.index);
    out.push(line - 1);
    // One entry per line: go on from the next line.
    LINKISH.lastIndex = index.lineStart(line + 1);
  }
  LINKISH.lastIndex = 0;
  return out;
}

function pasteLures(view: SharedView, hits: Map<string, RuleHit>, tag: string | undefined): void {
  const lines = view.lines;
  let found = 0;
  // Only lines that may hold a link can hold a paste link: the others are never sliced.
  for (const i of linkLines(view)) {
    if (found >= 64) break;
    const text = (lines.at(i) ?? '').slice(0, MAX_LINE);
    if (!text.includes('/')) continue;
    let anon: { host: string; kind: AnonymousKind } | null = null;
    for (const url of linksIn(text)) {
      const host = hostOf(url)?.host ?? '';
      const kind = host ? anonymousKind(host) : null;
      if (kind) {
        anon = { host, kind };
        break;
      }
    }
    if (!anon) continue;
    const window = lines.slice(Math.max(0, i - LURE_BEFORE), i + LURE_AFTER + 1).map((l) => l.slice(0, MAX_LINE)).join('\n');
    if (!RUN_BY_HAND.test(window)) continue;
    const key = `${i + 1}\u001fpaste-lure`;
    if (hits.has(key)) continue;
    found += 1;
    hits.set(key, {
      line: i + 1, column: 0, matched: text.trim().slice(0, 200),
      label: `Instructions to run, by hand, a command published on ${ANONYMOUS_LABEL[anon.kind]}`,
      severity: 'CRITICAL', confidence: 0.9, ...(tag ? { tags: [tag] } : {}),
      evidence: { technique: 'paste-lure', host: anon.host, origin: 'anonymous' },
    });
  }
}

// Necessary literals of the line-by-line flows, so texts without them skip the per-line pass: every
// download line matches /\b(?:curl|wget)\b/i, and an evaluated fetch needs exec(, eval( or new Function(.
const DOWNLOAD_WORDS = ['curl', 'wget'];
const EVAL_WORDS = ['exec', 'eval', 'function'];
const DOWNLOAD_GATE = walkGate('SC2 download then run', [DOWNLOAD_WORDS]);
// And its fetch line matches FETCH_ASSIGN (src/rules/supply-chain/remote-fetch.ts), which names one of these.
const FETCH_WORDS = ['requests', 'httpx', 'session', 'client', 'urllib', 'axios', 'got', 'urlopen', 'fetch'];
const EVAL_GATE = walkGate('SC2 fetched then evaluated', [EVAL_WORDS, FETCH_WORDS]);

function scan(view: SharedView, tag: string | undefined, hits: Map<string, RuleHit>, whereOf: (line: number) => Where, project: ProjectIdentity): void {
  const { text } = view;
  for (const spec of SPECS) {
    if (!view.keywords.any(spec.keywords)) continue;
    eachMatch(text, spec.re, (m) => {
      const line = view.index.lineOf(m.index);
      const key = `${line}\u001f${spec.kind}`;
      if (hits.has(key)) return undefined;
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
      const c = handRun(classify(spec, m[0], after, whereOf(line), project), view.lines, line, whereOf(line));
      hits.set(key, {
        line, matched: m[0], column: m.index - view.index.lineStart(line), label: c.label, severity: c.severity, confidence: c.confidence,
        ...(tag ? { tags: [tag] } : {}), evidence: { technique: spec.kind, ...(c.origin ? { origin: c.origin, host: c.host } : {}) },
      });
      return undefined;
    });
  }
  const lines = view.lines;
  for (const run of gateOpen(view, DOWNLOAD_GATE) ? downloadThenRun(lines) : []) {
    const key = `${run.line}\u001fdownload-run`;
    if (hits.has(key)) continue;
    const o = segmentOrigin(run.segment, project, true);
    const c: Judged = run.verified
      ? o.origin === 'anonymous'
        ? { severity: 'HIGH', confidence: 0.7, label: `Download verified, then executed, from ${ANONYMOUS_LABEL[o.anonymous ?? 'anonymous-host']}` }
        : { severity: 'LOW', confidence: 0.3, label: 'Download verified, then executed' }
      : handRun(calibrate('Download saved to a file and executed', 0.85, o, whereOf(run.line)), lines, run.line, whereOf(run.line));
    hits.set(key, {
      line: run.line, endLine: run.runLine, matched: run.segment, column: 0, label: c.label, severity: c.severity, confidence: c.confidence,
      ...(tag ? { tags: [tag] } : {}), evidence: { technique: 'download-then-run', runLine: run.runLine, verified: run.verified, origin: o.origin, host: o.host },
    });
  }
  for (const flow of gateOpen(view, EVAL_GATE) ? fetchedThenEvaluated(lines) : []) {
    const key = `${flow.line}\u001fcode-fetch`;
    if (hits.has(key)) continue;
    const c = calibrate('Fetched content passed to exec/eval', 0.8, segmentOrigin(flow.matched, project, false), whereOf(flow.line));
    hits.set(key, {
      line: flow.line, endLine: flow.evalLine, matched: flow.matched, column: 0, label: c.label,
      severity: c.severity, confidence: c.confidence, ...(tag ? { tags: [tag] } : {}), evidence: { technique: 'code-fetch', evalLine: flow.evalLine },
    });
  }
  if (gateOpen(view, PASTE_LURE_GATE)) pasteLures(view, hits, tag);
}

const IDENTITY = new WeakMap<BundleView, ProjectIdentity>();
const HOMEPAGE_KEYS = /^(?:homepage|repository|repo|url|website|source|home|documentation|docs)$/i;

/** The skill's own identity: its name, and the hosts its frontmatter names as homepage or repository. */
function identityOf(bundle: BundleView | undefined): ProjectIdentity {
  const manifest = bundle?.manifest;
  if (!bundle || !manifest) return NO_PROJECT;
  let id = IDENTITY.get(bundle);
  if (!id) {
    const urls = manifest.fields.filter((f) => HOMEPAGE_KEYS.test(f.key.split('.').pop() ?? '')).flatMap((f) => urlsIn(f.value.slice(0, 2_000)));
    id = projectIdentity(manifest.name, urls);
    IDENTITY.set(bundle, id);
  }
  return id;
}

export const sc2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'SC2',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Remote Code Execution via Download',
    description:
      'Code fetched from the network and executed in the same step: curl/wget piped into a shell or interpreter, `bash <(curl …)`, `eval "$(curl …)"`, PowerShell `iex (iwr …)`, a download saved and then run, exec/eval of fetched text in Python or JavaScript, or instructions to open a paste/snippet page and run its command in a terminal by hand. Whatever the server returns at that moment runs with the agent\'s privileges, unreviewed and unpinned. Severity follows who serves it and where the step sits: a vendor\'s official installer host (or a domain the vendor controls entirely) is LOW; a project\'s own versioned release or own domain is LOW in setup steps and MEDIUM in other instructions; an unknown host is HIGH, and CRITICAL when the text tells the reader to copy and paste the line into a terminal; a raw IP address, paste site, URL shortener, tunnel or anonymous file drop is CRITICAL. Package installs from a URL are LOW.',
    remediation:
      'Vendor the script into the skill so it is reviewed with it, or download to a file, verify a pinned checksum or signature, and only then run it. Never evaluate fetched text.',
  },
  check({ file, bundle }: RuleContext): RuleHit[] {
    const hits = new Map<string, RuleHit>();
    const views = viewsOf(file.text);
    const index = views.raw.index;
    const project = identityOf(bundle);
    const whereOf = (line: number): Where => {
      const place = placeOf(file, index, line);
      return { instructions: place === 'instructions' || place === 'manifest-code', install: sectionOf(index, line) === 'install' };
    };
    scan(views.raw, undefined, hits, whereOf, project);
    if (views.security) scan(views.security, 'normalized-view', hits, whereOf, project);
    const lines = views.raw.lines;
    return [...hits.values()].map((h) => {
      const why = h.severity === 'HIGH' || h.severity === 'CRITICAL' ? cautionaryReason(file, lines, h.line, index) : null;
      return why ? downgradeCautionary(h, h.confidence ?? 0.85, why) : h;
    });
  },
});
