import { bestPerLine, hitOf, scanFile, type Matcher } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';

// Languages where a matched call is code that runs, not a snippet in prose.
const BOOSTED = new Set(['python', 'javascript', 'typescript', 'shell', 'powershell']);

export const MATCHERS: readonly Matcher[] = [
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
    keywords: ['nc', 'netcat'],
    label: 'Data piped to netcat',
    confidence: 0.6,
  },
  // Destinations that exist to receive data.
  {
    re: /(?:\bwebhook\.site|\brequestbin\.\w{2,5}|\.pipedream\.net|\.ngrok(?:-free)?\.(?:io|app|dev)|\bburpcollaborator\.net|\.oast\.(?:fun|me|pro|live|site|online)|\binteract\.sh|\btransfer\.sh|\bdiscord(?:app)?\.com\/api\/webhooks|\bapi\.telegram\.org\/bot)\b/i,
    keywords: ['webhook', 'requestbin', 'pipedream', 'ngrok', 'burpcollab', 'oast', 'interact.sh', 'transfer.sh', 'discord', 'telegram'],
    label: 'Known data-collection endpoint',
    confidence: 0.65,
  },
  {
    re: /\bhttps?:\/\/(?:telemetry|analytics|collect(?:or)?|tracking|track|beacon|exfil|ingest)\d{0,2}\.[a-z0-9-]{1,60}\./i,
    keywords: ['telemetry', 'analytics', 'collect', 'track', 'beacon', 'exfil', 'ingest'],
    label: 'Telemetry / analytics / collector host',
    confidence: 0.45,
  },
];

function check(file: FileView): RuleHit[] {
  const boost = BOOSTED.has(file.type) ? 0.1 : 0;
  const hits = scanFile(file, MATCHERS).map((c) => hitOf(c, Math.min(1, Math.round((c.matcher.confidence + boost) * 100) / 100)));
  return bestPerLine(hits, 'MEDIUM');
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
      'Code or commands that send data off the machine: HTTP POST/PUT from Python (requests, httpx, urllib), JavaScript (fetch with a POST method, axios, http.request, sendBeacon), shell (curl -d/--data/-F/-T, wget --post-data, netcat) or PowerShell, and URLs of collector, webhook-capture and telemetry hosts. Any outbound upload is a channel for exfiltrating files, secrets or conversation data, so it should match what the skill says it does. Confidence is 0.1 higher in Python, JavaScript/TypeScript, shell and PowerShell files, where the call runs.',
    remediation:
      'Make sure every upload is necessary, goes to the documented service, and sends only the data the user expects. Remove calls to capture or collector endpoints and say in SKILL.md what is sent where.',
  },
  check: (ctx) => check(ctx.file),
});
