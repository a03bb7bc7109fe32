import { bestPerLine, hitOf, scanFile, type Candidate, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { viewsOf } from '../../analysis/views.js';
import { WHITESPACE } from '../kit/walk-gates.js';
import { configSinks, forwardedData, tunnelServes } from './config-sinks.js';
import { destinationIn, flowOf, isCaptureService, type Destination, type SecretKind, type Send } from './flow.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';

// Languages where a matched call is code that runs, not a snippet in prose.
const BOOSTED = new Set(['python', 'javascript', 'typescript', 'shell', 'powershell']);

// The netcat pattern is case-sensitive and puts \s after `nc`, `ncat` or `netcat` in both alternatives: `nc`
// alone (in function, sync, once) passed nine files in ten.
const NETCAT_WORDS: readonly string[] = ['ncat', 'netcat', ...WHITESPACE.map((ch) => `nc${ch}`)];

export const MATCHERS: readonly Matcher[] = matcherTable('E1', [
  // Python
  {
    re: /\b(?:requests|httpx|session|sess|aiohttp|urllib3|http_client|async_client)\s{0,3}\.\s{0,3}(?:post|put|patch)\s{0,3}\(/i,
    keywords: ['post', 'put', 'patch'],
    label: 'HTTP POST/PUT from Python',
    confidence: 0.6,
  },
  {
    re: /\b(?:requests|httpx|session|pool|conn|connection)\s{0,3}\.\s{0,3}request\s{0,3}\(\s{0,3}["'](?:POST|PUT|PATCH)["']/i,
    keywords: ['request'],
    label: 'HTTP request with an upload method',
    confidence: 0.6,
  },
  {
    re: /\b(?:urlopen|Request)\s{0,3}\([^\n]{0,200}?\b(?:data\s{0,3}=|method\s{0,3}=\s{0,3}["'](?:POST|PUT))/,
    keywords: ['urlopen', 'request('],
    label: 'urllib request with a body',
    confidence: 0.6,
  },
  // JavaScript / TypeScript
  {
    re: /\bfetch\s{0,3}\([^;]{0,300}?\bmethod\s{0,3}:\s{0,3}["'`](?:POST|PUT|PATCH)["'`]/i,
    keywords: ['fetch'],
    label: 'fetch() with an upload method',
    confidence: 0.6,
  },
  {
    re: /\b(?:axios|got|ky|needle|superagent|undici)\s{0,3}\.\s{0,3}(?:post|put|patch)\s{0,3}\(/i,
    keywords: ['post', 'put', 'patch'],
    label: 'HTTP client POST/PUT',
    confidence: 0.6,
  },
  {
    re: /\baxios\s{0,3}\(\s{0,3}\{[^;]{0,200}?\bmethod\s{0,3}:\s{0,3}["'`](?:post|put|patch)["'`]/i,
    keywords: ['axios'],
    label: 'axios request with an upload method',
    confidence: 0.6,
  },
  {
    re: /\bhttps?\s{0,3}\.\s{0,3}request\s{0,3}\(/,
    keywords: ['http'],
    label: 'Node http.request',
    confidence: 0.45,
  },
  {
    re: /\bnavigator\.sendBeacon\s{0,3}\(|\.open\s{0,3}\(\s{0,3}["'](?:POST|PUT)["']/,
    keywords: ['sendbeacon', 'open'],
    label: 'Browser beacon / XHR POST',
    confidence: 0.55,
  },
  // Shell and PowerShell
  {
    re: /\bcurl\b[^\n|;]{0,160}?\s(?:-d|--data(?:-binary|-raw|-urlencode|-ascii)?|-F|--form|-T|--upload-file|--json|-X\s{0,3}["']?(?:POST|PUT|PATCH)|--request[\s=]{1,3}["']?(?:POST|PUT|PATCH))(?=[\s=@"'$]|$)/,
    keywords: ['curl'],
    label: 'curl upload',
    confidence: 0.6,
  },
  {
    re: /\bwget\b[^\n|;]{0,160}?\s--(?:post-data|post-file|body-data|body-file|method[\s=]{1,3}["']?(?:POST|PUT))/i,
    keywords: ['wget'],
    label: 'wget upload',
    confidence: 0.6,
  },
  {
    re: /\b(?:Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b[^\n]{0,160}?-(?:Method\s{1,3}["']?(?:Post|Put|Patch)|Body\b|InFile\b)/i,
    keywords: ['invoke-', 'iwr', 'irm'],
    label: 'PowerShell web upload',
    confidence: 0.6,
  },
  {
    re: /(?:\|\s{0,5}(?:nc|ncat|netcat)\s{1,5}(?:-[a-z]{1,4}\s{1,5}){0,3}[\w.-]{1,100}\s{1,5}\d{1,5}\b|\b(?:nc|ncat|netcat)\s{1,5}(?:-[a-z]{1,4}\s{1,5}){0,3}[\w.-]{1,100}\s{1,5}\d{1,5}\s{0,5}<\s{0,5}[\w~$./-])/,
    keywords: NETCAT_WORDS,
    label: 'Data piped to netcat',
    confidence: 0.6,
  },
  // Destinations that exist to receive data.
  {
    re: /(?:\bwebhook\.site|\brequestbin\.\w{2,5}|\.pipedream\.net|\.ngrok(?:-free)?\.(?:io|app|dev)|\bburpcollaborator\.net|\.oast\.(?:fun|me|pro|live|site|online)|\binteract\.sh|\btransfer\.sh|\bdiscord(?:app)?\.com\/api\/webhooks|\bapi\.telegram\.org\/bot)\b/i,
    keywords: ['webhook', 'requestbin', 'pipedream', 'ngrok', 'burpcollab', 'oast', 'interact.sh', 'transfer.sh', 'discord', 'telegram'],
    label: 'Known data-collection endpoint',
    confidence: 0.65,
    kind: 'endpoint',
  },
  // Prose telling the agent to send data to a URL (judged by destination; only in Markdown and text).
  {
    re: /\b(?:send|upload|post|forward|transmit|submit|push|stream|mirror|relay)(?:s|ing|ed)?\s{1,3}(?:(?:the|a|an|this|that|your|our|its|their|every|each|all|full|entire|whole|complete|raw|of|copy|json|as|in)\s{1,3}){0,5}(?:conversations?|transcripts?|chats?|history|sessions?|messages|everything|results?|outputs?|logs?|files?|contents?|data|it|them|report|summary|diffs?|code|secrets?|keys?|tokens?|credentials?|environment)\b[^.]{0,120}?\bto\s{1,8}(?:[\w'-]{1,20}\s{1,3}){0,3}?<?https?:\/\/[^\s)>"'\x60]{3,200}/i,
    keywords: ['http'],
    label: 'Instruction to send data to a URL',
    confidence: 0.55,
    kind: 'prose-send',
  },
  {
    re: /\bhttps?:\/\/(?:telemetry|analytics|collect(?:or)?|tracking|track|beacon|exfil|ingest)\d{0,2}\.[a-z0-9-]{1,60}\./i,
    keywords: ['telemetry', 'analytics', 'collect', 'track', 'beacon', 'exfil', 'ingest'],
    label: 'Telemetry / analytics / collector host',
    confidence: 0.45,
  },
]);

const KIND_WORDS: Record<SecretKind, string> = {
  'env-all': 'the whole environment',
  'credential-file': 'a credential file',
  'env-secret': 'a secret environment variable',
};
const DEST_WORDS: Record<Destination, string> = {
  'capture': 'a capture or drop endpoint',
  'raw-ip': 'a raw IP address',
  'named': 'an outside host',
  'variable': 'a host set at run time',
  'private': 'a private-network host',
  'unknown': 'the network',
  'local': 'localhost',
  'relative': 'a same-origin path',
};

// A documented call: shell upload flags with an inline literal body, or no body at all; no file, no
// command substitution, no variable expansion inside the payload.
const FILE_PAYLOAD = /(?:^|\s)(?:-d|--data[\w-]{0,10}|-F|--form|--json|--post-data)[\s=]{1,3}["']?(?:[\w-]{1,40}=)?@|(?:^|\s)(?:-T|--upload-file|--post-file|--body-file|-InFile)\s|@-|\bfiles\s{0,3}[=:]|\bopen\s{0,3}\(|readFile|createReadStream|\.read\s{0,3}\(/;
// In a shell command, command output or a variable expanded into the body is not a literal.
const SHELL_EXPANDED = /(?:^|\s)(?:-d|--data[\w-]{0,10}|-F|--form|--json|--post-data)[\s=]{1,3}(?:"[^"\n]{0,400}?\$|\$)|\$\(|\x60/;
const SHELL_SEND = /(?:^|[\s;&|(])(?:curl|wget)\s/;
const nonLiteral = (statement: string): boolean => FILE_PAYLOAD.test(statement) || (SHELL_SEND.test(statement) && SHELL_EXPANDED.test(statement));

function judge(file: FileView, c: Candidate, send: Send | undefined, boost: number): RuleHit {
  const conf = Math.min(1, Math.round((c.matcher.confidence + boost) * 100) / 100);
  if (send?.secret && send.carries) {
    const hit = hitOf(c, Math.min(1, Math.round((0.8 + boost) * 100) / 100), 'HIGH');
    hit.label = `Sends ${KIND_WORDS[send.carries]} to ${DEST_WORDS[send.dest]}`;
    hit.tags = [...(hit.tags ?? []), 'secret-send'];
    hit.evidence = { destination: send.dest, ...(send.host ? { host: send.host } : {}), carries: send.carries };
    return hit;
  }
  if (c.matcher.kind !== 'endpoint' && send?.hasData && send.dest === 'capture' && send.host && isCaptureService(send.host)) {
    const hit = hitOf(c, Math.min(1, Math.round((0.75 + boost) * 100) / 100), 'HIGH');
    hit.label = 'Uploads data to a capture endpoint';
    hit.tags = [...(hit.tags ?? []), 'capture-upload'];
    hit.evidence = { destination: send.dest, host: send.host };
    return hit;
  }
  // Data uploaded to a hard-coded public IP address: services people mean to use have names.
  if (send?.hasData && send.dest === 'raw-ip' && c.matcher.kind !== 'endpoint') {
    const hit = hitOf(c, Math.min(1, Math.round((0.7 + boost) * 100) / 100), 'HIGH');
    hit.label = 'Uploads data to a raw IP address';
    hit.tags = [...(hit.tags ?? []), 'raw-ip-upload'];
    hit.evidence = { destination: send.dest, ...(send.host ? { host: send.host } : {}) };
    return hit;
  }
  if (send?.dest === 'local') {
    const hit = hitOf(c, 0.3, 'LOW');
    hit.tags = [...(hit.tags ?? []), 'local-destination'];
    return hit;
  }
  // Documentation showing how to call a service: an example request with a literal body (no file, no
  // command output, no secret) to a named, configured, same-origin or private host.
  if (send && (file.type === 'markdown' || file.type === 'text') && send.dest !== 'capture' && send.dest !== 'raw-ip') {
    if (!nonLiteral(send.text)) {
      const hit = hitOf(c, 0.3, 'LOW');
      hit.tags = [...(hit.tags ?? []), 'documented-api-call'];
      return hit;
    }
  }
  return hitOf(c, conf);
}

/** A request that carries a secret out but that no upload pattern names (a GET with a key in its URL, a socket). */
function secretRequestHit(file: FileView, send: Send, boost: number): RuleHit {
  const lineText = file.text.split('\n', send.line)[send.line - 1] ?? '';
  const carries = send.carries ?? 'env-secret';
  return {
    line: send.line,
    column: 0,
    matched: lineText.trim().slice(0, 200),
    label: `Sends ${KIND_WORDS[carries]} to ${DEST_WORDS[send.dest]} in a request`,
    severity: 'HIGH',
    confidence: Math.min(1, Math.round((0.8 + boost) * 100) / 100),
    tags: ['secret-send'],
    evidence: { destination: send.dest, ...(send.host ? { host: send.host } : {}), carries },
  };
}

function configHit(line: number, matched: string, label: string, severity: 'MEDIUM' | 'HIGH' | 'CRITICAL', confidence: number, tag: string): RuleHit {
  return { line, column: 0, matched: matched.trim().slice(0, 200), label, severity, confidence, tags: [tag] };
}

/**
 * A configuration file the skill ships that sends data out: a public tunnel (HIGH when it serves files,
 * CRITICAL when it publishes the home folder or the whole disk), or a webhook or capture URL beside fields
 * that forward tool output, the conversation, the environment, credentials or secrets (HIGH).
 */
function configHits(file: FileView): RuleHit[] {
  const sinks = configSinks(file);
  if (sinks.length === 0) return [];
  const lines = viewsOf(file.text).raw.lines;
  const text = (l: number): string => lines.at(l - 1) ?? '';
  const out: RuleHit[] = [];
  const tunnel = sinks.find((s) => s.kind === 'tunnel');
  if (tunnel) {
    const serves = tunnelServes(file);
    if (serves?.scope === 'home') out.push(configHit(serves.line, text(serves.line), 'Public tunnel publishes the home folder or the whole disk', 'CRITICAL', 0.85, 'tunnel-files'));
    else if (serves) out.push(configHit(serves.line, text(serves.line), 'Public tunnel serves local files', 'HIGH', 0.75, 'tunnel-files'));
    else out.push(configHit(tunnel.line, text(tunnel.line), 'Public tunnel exposes a local service', 'MEDIUM', 0.55, 'tunnel'));
  }
  const what = forwardedData(file);
  if (what) {
    for (const s of sinks) {
      if (s.kind !== 'webhook' && s.kind !== 'capture') continue;
      out.push(configHit(s.line, text(s.line), `Configuration forwards ${what.what} to ${DEST_WORDS[s.dest]}`, 'HIGH', 0.8, 'config-forward'));
    }
  }
  return out;
}

function check(file: FileView): RuleHit[] {
  const boost = BOOSTED.has(file.type) ? 0.1 : 0;
  const flow = flowOf(file);
  const hits: RuleHit[] = [];
  for (const c of scanFile(file, MATCHERS)) {
    const hit = c.matcher.kind === 'prose-send' ? proseSend(file, c) : judge(file, c, flow.sendAt.get(c.line), boost);
    if (hit) hits.push(hit);
  }
  const covered = new Set(hits.map((h) => h.line));
  for (const send of flow.sends) {
    if (!send.secret) continue;
    let seen = false;
    for (let l = send.line; l <= send.endLine && !seen; l += 1) seen = covered.has(l);
    if (!seen) hits.push(secretRequestHit(file, send, boost));
  }
  hits.push(...configHits(file));
  return bestPerLine(hits, 'MEDIUM');
}

/** An instruction in prose to send data to a URL: MEDIUM, HIGH to a capture service; not to local or placeholder hosts. */
function proseSend(file: FileView, c: Candidate): RuleHit | null {
  if (file.type !== 'markdown' && file.type !== 'text') return null;
  const where = destinationIn(c.matched);
  if (!where || where.dest === 'local' || where.dest === 'relative' || where.dest === 'variable' || where.dest === 'private') return null;
  if (where.dest === 'capture' && where.host && isCaptureService(where.host)) return hitOf(c, 0.75, 'HIGH');
  return hitOf(c);
}

export const e1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'E1',
    category: 'Data Exfiltration',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Outbound Data Transfer',
    description:
      'Code or commands that send data off the machine: HTTP POST/PUT from Python (requests, httpx, urllib, sockets), JavaScript (fetch with a POST method, axios, http.request, sendBeacon), shell (curl -d/--data/-F/-T, wget --post-data/--post-file, netcat, /dev/tcp) or PowerShell; URLs of collector, webhook-capture and telemetry hosts; prose telling the agent to send session data to a URL; and configuration a skill ships that forwards data (a webhook or capture URL beside fields naming tool output, the conversation, the environment, credentials or secrets) or opens a public tunnel. Any outbound upload is a channel for exfiltrating files, secrets or conversation data, so it should match what the skill says it does. Severity follows what is sent and where (src/rules/exfiltration/flow.ts follows a read through renamed variables to the send): HIGH when the send carries the whole environment, a credential file, or a secret-named variable placed in a body or query string to a host unrelated to its name, a capture service or a raw IP (a GET with a key in its URL included); HIGH for data uploaded to a request bin, drop or tunnel host or to a hard-coded public IP, for shipped configuration that forwards such data, and for a tunnel serving files (CRITICAL when it publishes the home folder or the whole disk); LOW for sends to localhost and for documentation examples of an API call with a literal body; MEDIUM otherwise. Confidence is 0.1 higher in Python, JavaScript/TypeScript, shell and PowerShell files, where the call runs.',
    remediation:
      'Make sure every upload is necessary, goes to the documented service, and sends only the data the user expects. Remove calls to capture or collector endpoints and say in SKILL.md what is sent where.',
  },
  check: (ctx) => check(ctx.file),
});
