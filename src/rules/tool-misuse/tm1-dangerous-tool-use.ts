import type { PatternSpec } from '../types.js';
import { defineRule } from '../types.js';
import { isCodeFile, scanSpecs } from './scan.js';

// `rm` with a recursive flag anywhere among up to three flags each side: rm -rf, rm -r -f, rm --recursive --force.
const RM = String.raw`\brm\s+(?:-{1,2}[\w-]+\s+){0,3}(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)\s+(?:-{1,2}[\w-]+\s+){0,3}["']?`;
const END = '(?=["\'`]?(?:\\s|$|[;&|)`]))';
const SYSTEM_DIRS = 'etc|usr|bin|sbin|lib|lib64|boot|home|root|var|opt|srv|sys|proc|dev|Users|System|Library|Applications';
const CLEANUP = String.raw`(?:/tmp/|/var/tmp/|/var/lib/apt/lists|/var/cache/|/usr/share/(?:doc|man|locale)|/root/\.(?:cache|npm|m2|gradle)|(?:~|\$\{?HOME\}?)/\.(?:cache|npm|m2|gradle|yarn|pnpm-store|cargo/registry)|/usr/local/(?:lib/python[\d.]+|src)/)`;

/** Ordered most severe first: one hit per line, the first matching spec wins. */
export const TM1_SPECS: readonly PatternSpec[] = [
  {
    re: new RegExp(`${RM}(?:/\\*?|(?:~|\\$\\{?HOME\\}?)/?\\*?|/(?:${SYSTEM_DIRS})/?\\*?)${END}`),
    keywords: ['rm '],
    label: 'Recursive delete of the root, home or a system directory',
    confidence: 0.85,
  },
  {
    re: new RegExp(`${RM}${CLEANUP}`),
    keywords: ['rm '],
    label: 'Recursive delete of a temporary or cache directory (cleanup idiom)',
    severity: 'LOW',
    confidence: 0.15,
  },
  {
    // One level below home (~/.ssh, ~/Documents): a whole user area, not a tool's own sub-folder.
    re: new RegExp(`${RM}(?:~|\\$\\{?HOME\\}?)/[\\w.-]{1,60}/?\\*?${END}`),
    keywords: ['rm '],
    label: 'Recursive delete of a top-level home directory',
    confidence: 0.65,
  },
  {
    re: new RegExp(`${RM}(?:~|\\$\\{?HOME\\}?)/[\\w.-]`),
    keywords: ['rm '],
    label: 'Recursive delete of a path inside the home directory',
    severity: 'MEDIUM',
    confidence: 0.4,
  },
  {
    re: new RegExp(`${RM}/[\\w.-]`),
    keywords: ['rm '],
    label: 'Recursive delete of an absolute path',
    severity: 'MEDIUM',
    confidence: 0.45,
  },
  {
    re: /\bmkfs(?:\.\w+)?\s+[^\n]{0,40}\/dev\/|\bdd\s[^\n]{0,120}\bof=\/dev\/(?:sd|hd|nvme|disk|mmcblk|xvd)|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/,
    keywords: ['mkfs', 'of=/dev/', ':()'],
    label: 'Disk wipe or fork bomb',
    confidence: 0.85,
  },
  {
    re: /\b(?:subprocess\.\w+|os\.popen|Popen)\(\s*(?:f["']|[^\n]{0,120}?(?:\.format\(|["']\s*[+%]\s*\w))[^\n]{0,200}?\bshell\s*=\s*True\b/,
    keywords: ['shell'],
    label: 'shell=True with a command built from variables',
    confidence: 0.75,
  },
  {
    re: /\(\s*["'][^"'\n{}%$]{0,200}["']\s*,\s*shell\s*=\s*True\b/,
    keywords: ['shell'],
    label: 'shell=True with a constant command',
    severity: 'MEDIUM',
    confidence: 0.4,
  },
  {
    // A `#` comment that merely mentions the flag is not a call.
    re: /\bshell\s*=\s*True\b(?<!#[^\n]{0,200}shell\s*=\s*True)/,
    keywords: ['shell'],
    label: 'subprocess with shell=True',
    confidence: 0.6,
  },
  {
    re: /\bgit\s+push\b[^\n;&|]{0,120}?\s(?:--force(?![-\w])|-f(?![\w-]))/,
    keywords: ['git'],
    label: 'git force push',
    confidence: 0.7,
  },
  {
    re: /\bgit\s+(?:commit|push|merge|rebase|am)\b[^\n;&|]{0,150}?\s--no-verify\b/,
    keywords: ['--no-verify'],
    label: 'git hooks skipped with --no-verify',
    confidence: 0.65,
  },
  {
    re: /\bcurl\b[^\n|;]{0,200}?\s(?:--insecure\b|-(?!-)[a-zA-Z]*k[a-zA-Z]*(?=\s|$))|\bwget\b[^\n|;]{0,200}?\s--no-check-certificate\b/,
    keywords: ['curl', 'wget'],
    label: 'TLS verification disabled on download',
    severity: 'MEDIUM',
    confidence: 0.55,
  },
  {
    re: /\.(?:execute|executemany|raw)\s*\(\s*(?:f["'](?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER)\b[^\n]{0,200}?\{|["'](?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER)\b[^"'\n]{0,200}["']\s*(?:%\s*[\w(]|\+\s*\w|\.format\())/i,
    keywords: ['select', 'insert', 'update', 'delete', 'drop', 'alter'],
    label: 'SQL built from parameters by string formatting',
    confidence: 0.7,
  },
  {
    re: /\.query\s*\(\s*`(?:SELECT|INSERT|UPDATE|DELETE|DROP|ALTER)\b[^`\n]{0,200}?\$\{/i,
    keywords: ['query'],
    label: 'SQL built from parameters in a template literal',
    confidence: 0.65,
  },
];

export const tm1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'TM1',
    category: 'Tool Misuse',
    severity: 'HIGH',
    confidence: 0.75,
    title: 'Dangerous Tool Invocation',
    description:
      'Destructive or unsafe uses of ordinary tools: recursive delete of /, ~ or system directories, disk wipes, `shell=True` with built command strings, forced git pushes, `--no-verify`, `curl -k`, and SQL assembled from parameters. Cleanup of temporary and cache directories (`rm -rf /tmp/build`, apt lists) is reported LOW (0.15); deletes of deeper absolute or home paths, shell=True with a constant command and `curl -k` (a transport weakness, as in TM3) MEDIUM. Confidence is 0.1 higher in code files.',
    remediation:
      'Delete only paths the skill created, under a fixed prefix; pass argument lists instead of shell strings; never force-push or skip hooks; keep TLS verification; use parameterised queries.',
  },
  check(ctx) {
    const boost = isCodeFile(ctx.file);
    return scanSpecs(ctx.file, TM1_SPECS).map((h) => {
      if (!boost || h.severity === 'LOW' || h.severity === 'MEDIUM') return h;
      return { ...h, confidence: Math.min(0.95, Math.round(((h.confidence ?? 0.75) + 0.1) * 100) / 100) };
    });
  },
});
