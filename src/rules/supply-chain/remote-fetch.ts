// Helpers for SC2: who is being downloaded from, and "download to a file, then run that file" flows.
import { TRUSTED_GITHUB_RAW_PREFIXES, TRUSTED_INSTALLER_HOSTS } from './data/trusted-hosts.js';

const TRUSTED = new Set(TRUSTED_INSTALLER_HOSTS);
const URL_RE = /\bhttps?:\/\/[^\s"'`<>|)\\]{1,2000}/gi;

/** Host of a URL, lower-cased, without userinfo or port; null when unparsable. */
export function hostOf(url: string): { host: string; path: string } | null {
  try {
    const u = new URL(url);
    return { host: u.hostname.toLowerCase(), path: u.pathname.toLowerCase() };
  } catch {
    return null;
  }
}

function trustedUrl(url: string): boolean {
  const h = hostOf(url);
  if (!h) return false;
  if (TRUSTED.has(h.host) || TRUSTED.has(h.host.replace(/^www\./, ''))) return true;
  return h.host === 'raw.githubusercontent.com' && TRUSTED_GITHUB_RAW_PREFIXES.some((p) => h.path.startsWith(`/${p}`));
}

export function urlsIn(text: string): string[] {
  return text.match(URL_RE) ?? [];
}

/** Every URL in the segment is an official installer endpoint (and there is at least one). */
export function allTrusted(segment: string): boolean {
  const urls = urlsIn(segment);
  return urls.length > 0 && urls.every(trustedUrl);
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
const MAX_DOWNLOADS = 256;
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
export function downloadThenRun(lines: readonly string[]): DownloadRun[] {
  const out: DownloadRun[] = [];
  let seen = 0;
  for (let i = 0; i < lines.length && seen < MAX_DOWNLOADS; i += 1) {
    const text = lines[i] ?? '';
    DOWNLOAD_RE.lastIndex = 0;
    const m = DOWNLOAD_RE.exec(text);
    if (!m) continue;
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
      const next = (lines[j] ?? '').trim().slice(0, MAX_LINE);
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
const MAX_ASSIGNS = 256;

/** `r = requests.get(u)` … `exec(r.text)`: fetched content evaluated a few lines later, through one variable. */
export function fetchedThenEvaluated(lines: readonly string[]): { line: number; evalLine: number; matched: string }[] {
  const out: { line: number; evalLine: number; matched: string }[] = [];
  let seen = 0;
  for (let i = 0; i < lines.length && seen < MAX_ASSIGNS; i += 1) {
    const text = (lines[i] ?? '').slice(0, MAX_LINE);
    const m = FETCH_ASSIGN.exec(text);
    if (!m) continue;
    seen += 1;
    const evalOf = new RegExp(String.raw`\b(?:exec|eval|new\s{1,4}Function)\s{0,4}\(\s{0,4}(?:await\s{1,4})?\(?\s{0,4}(?:await\s{1,4})?${escapeRe(m[1] ?? '')}\b`);
    for (let j = i; j < lines.length && j <= i + FOLLOW_LINES; j += 1) {
      const candidate = j === i ? text.slice(m[0].length) : (lines[j] ?? '').slice(0, MAX_LINE);
      if (evalOf.test(candidate)) {
        out.push({ line: i + 1, evalLine: j + 1, matched: text.trim().slice(0, 200) });
        break;
      }
    }
  }
  return out;
}
