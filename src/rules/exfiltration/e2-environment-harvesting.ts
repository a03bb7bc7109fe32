import { inFence } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import { NETWORK_SINK, bestPerLine, hitOf, imperativeVerbBefore, isSupportingDoc, placeIn, scanFile, sentenceAround, type Candidate, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { flowOf } from './flow.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';

// `ENV` is an optional `os.` / alias prefix: `os.environ`, `environ` (from os import environ), `o.environ`.
const PY_ENV = String.raw`(?:\b[A-Za-z_]\w{0,20}\s{0,2}\.\s{0,2})?\benviron\b`;

export const MATCHERS: readonly Matcher[] = matcherTable('E2', [
  // Python: whole-mapping reads. Single keys (`os.environ["HOME"]`, `.get(…)`) never match.
  {
    re: new RegExp(String.raw`\benviron\s{0,3}\.\s{0,3}(?:items|keys|values)\s{0,3}\(`),
    keywords: ['environ'],
    label: 'Iterates every environment variable (Python)',
    confidence: 0.85,
    kind: 'iterate',
  },
  {
    re: new RegExp(String.raw`\bfor\s{1,5}[\w, ()]{1,40}?\s{1,5}in\s{1,5}${PY_ENV}(?!\s{0,3}[.[])`),
    keywords: ['environ'],
    label: 'Loops over the environment (Python)',
    confidence: 0.85,
    kind: 'iterate',
  },
  {
    re: new RegExp(String.raw`\b(?:json\.dumps?|str|repr|print|pprint|pformat|list|tuple|set|sorted|yaml\.(?:safe_)?dump|pickle\.dumps?)\s{0,3}\(\s{0,3}(?:dict\s{0,3}\(\s{0,3})?${PY_ENV}\s{0,3}\)?\s{0,3}[,)]`),
    keywords: ['environ'],
    label: 'Serialises the whole environment (Python)',
    confidence: 0.9,
  },
  {
    re: new RegExp(String.raw`(?:${PY_ENV}\s{0,3}\.\s{0,3}copy\s{0,3}\(|\b(?:dict|copy\.copy|copy\.deepcopy|deepcopy)\s{0,3}\(\s{0,3}${PY_ENV}\s{0,3}\)|\*\*\s{0,3}${PY_ENV}(?!\s{0,3}[.[]))`),
    keywords: ['environ'],
    label: 'Copies the whole environment (Python)',
    confidence: 0.75,
    kind: 'copy',
  },
  {
    re: new RegExp(String.raw`(?:\b(?:json|data|payload|body|params|files|content)\s{0,3}=|\b(?:send|sendall|write|post|put|emit|publish|log(?:ger)?\.\w{3,8})\s{0,3}\()\s{0,3}${PY_ENV}\s{0,3}[,)]`),
    keywords: ['environ'],
    label: 'Sends the environment object (Python)',
    confidence: 0.85,
  },
  // JavaScript / TypeScript
  {
    re: /\b(?:JSON\.stringify|util\.inspect|console\.(?:log|dir|info)|String|Buffer\.from)\s{0,3}\((?:[^()\n]{0,20}?,)?\s{0,3}process\.env\s{0,3}[,)]/,
    keywords: ['process.env'],
    label: 'Serialises the whole environment (JavaScript)',
    confidence: 0.9,
  },
  {
    re: /\bObject\.(?:keys|entries|values|fromEntries)\s{0,3}\(\s{0,3}process\.env\s{0,3}[,)]/,
    keywords: ['process.env'],
    label: 'Iterates every environment variable (JavaScript)',
    confidence: 0.85,
    kind: 'iterate',
  },
  {
    re: /\bObject\.assign\s{0,3}\((?:[^()\n]{0,20}?,)?\s{0,3}process\.env\s{0,3}[,)]/,
    keywords: ['process.env'],
    label: 'Copies the whole environment (JavaScript)',
    confidence: 0.75,
    kind: 'copy',
  },
  {
    re: /\bfor\s{0,3}\(\s{0,3}(?:const|let|var)?\s{0,3}[\w[\], ]{1,40}?\s(?:in|of)\s{1,5}(?:Object\.\w{4,7}\(\s{0,3})?process\.env\b/,
    keywords: ['process.env'],
    label: 'Loops over the environment (JavaScript)',
    confidence: 0.85,
    kind: 'iterate',
  },
  {
    re: /\.\.\.\s{0,3}process\.env\b(?!\s{0,3}[.[])/,
    keywords: ['process.env'],
    label: 'Copies the whole environment (JavaScript)',
    confidence: 0.75,
    kind: 'copy',
  },
  {
    re: /\b(?:body|data|json|payload)\s{0,3}:\s{0,3}process\.env\s{0,3}[,}]/,
    keywords: ['process.env'],
    label: 'Sends the environment object (JavaScript)',
    confidence: 0.85,
  },
  // Shell, PowerShell, /proc and other runtimes
  {
    re: /\$\(\s{0,3}(?:env|printenv|export\s{1,3}-p)\s{0,3}\)/,
    keywords: ['env'],
    label: 'Captures the output of env/printenv',
    confidence: 0.85,
    kind: 'capture',
  },
  {
    // Backtick command substitution; in Markdown prose a backticked `env` is inline code, not a command.
    re: /`\s{0,3}(?:env|printenv)\s{0,3}`/,
    keywords: ['env'],
    label: 'Captures the output of env/printenv',
    confidence: 0.85,
    kind: 'backtick',
  },
  {
    // Command position by lookbehind and the redirect target by lookahead: the matched text is the command
    // (`env |`, `printenv >`), the same on every line that runs it, so those lines group into one issue.
    re: /(?<=(?:^|[;&|({`$]|\bdo\b|\bthen\b)[ \t]{0,20})(?:env|printenv|export[ \t]{1,3}-p)[ \t]{0,20}\)?[ \t]{0,20}(?:\|(?!\|)|>{1,2}(?=[ \t]{0,5}[\w~$/."']))/m,
    keywords: ['env'],
    label: 'env/printenv output piped or redirected',
    confidence: 0.8,
    kind: 'shell-dump',
  },
  {
    re: /\/proc\/(?:self|\d{1,10}|\$\$|\*|\$\{?\w{1,20}\}?)\/environ\b/,
    keywords: ['/environ'],
    label: 'Reads a process environment from /proc',
    confidence: 0.85,
    kind: 'proc',
  },
  {
    re: /\b(?:Get-ChildItem|gci|dir|ls)\s{1,5}env:(?!\w)|\[(?:System\.)?Environment\]::GetEnvironmentVariables\s{0,3}\(\s{0,3}\)|\bSystem\.getenv\s{0,3}\(\s{0,3}\)|\bos\.Environ\s{0,3}\(\s{0,3}\)|\bENV\s{0,3}\.\s{0,3}(?:to_h|to_hash|to_a|each(?:_pair)?|keys|values|inspect)\b/i,
    keywords: ['env:', 'getenvironmentvariables', 'getenv', 'environ(', 'env.'],
    label: 'Reads the whole environment (PowerShell/Java/Go/Ruby)',
    confidence: 0.8,
  },
  // One secret-named variable: reported only when the flow shows it sent where it does not belong.
  {
    re: /\b(?:os\s{0,2}\.\s{0,2})?(?:environ\s{0,3}(?:\[|\.get\s{0,3}\()|getenv\s{0,3}\()\s{0,3}["'][A-Z][A-Z0-9_]{1,80}["']|\bprocess\.env(?:\.[A-Z][A-Z0-9_]{1,80}\b|\[\s{0,3}["'][A-Z][A-Z0-9_]{1,80}["'])|\$\{?[A-Z][A-Z0-9_]{1,80}(?:KEY|TOKEN|SECRET|PASSWORD|PASS|CREDENTIALS?|AUTH)[A-Z0-9_]{0,40}\b/,
    keywords: ['environ', 'getenv', 'process.env', 'key', 'token', 'secret', 'pass', 'cred', 'auth'],
    label: 'Secret environment variable',
    confidence: 0.85,
    kind: 'secret-var',
  },
  // Prose instructions
  {
    re: /\b(?:harvest|collect|gather|dump|grab|scrape|steal|extract|exfiltrate|capture|read|pull|send|upload|post)(?:s|ing|ed)?\s{1,3}(?:all\s{1,3}|every\s{1,3}|any\s{1,3}|the\s{1,3})?(?:of\s{1,3}the\s{1,3})?(?:api\s{1,3}|secret\s{1,3}|access\s{1,3})?(?:keys|secrets|tokens|credentials|passwords)\s{1,3}(?:[\w-]{1,20}\s{1,3}){0,3}?from\s{1,3}(?:the\s{1,3}|their\s{1,3}|your\s{1,3}|its\s{1,3})?(?:user['’]?s?\s{1,3})?(?:environment|env\b|process\s{1,3}env|shell\s{1,3}env)/i,
    keywords: ['environment', 'env'],
    label: 'Instruction to harvest secrets from the environment',
    confidence: 0.8,
    kind: 'prose',
  },
  {
    re: /\b(?:dump|send|post|upload|exfiltrate|leak|forward|collect|harvest)(?:s|ing|ed)?\s{1,3}(?:all|every|your|their|the\s{1,3}(?:entire|whole|full|complete))\s{1,3}(?:of\s{1,3}the\s{1,3}|the\s{1,3})?(?:environment|env)(?:\s{1,3}var(?:iable)?s)?\b/i,
    keywords: ['environment', 'env'],
    label: 'Instruction to dump the whole environment',
    confidence: 0.7,
    kind: 'prose',
  },
]);

// The copy is handed straight to a child process as a keyword argument or option (`env=os.environ.copy()`,
// `{ env: { ...process.env } }`): the usual way to run a subprocess, not a harvest.
const CHILD_ENV_ARG = /(?:[(,{]|^)\s{0,20}env\s{0,3}[:=]\s{0,3}(?:\{\s{0,3})?(?:dict\s{0,3}\(\s{0,3})?$/i;
// A comprehension whose filter picks secrets: `{k: v for k, v in os.environ.items() if "TOKEN" in k}`.
const SECRETISH = /key|token|secret|pass|cred|auth|aws|api/i;
const COMPREHENSION_FILTER = /\bif\b[^\n]{0,200}$/;
// `env | grep ^CODEX_`, `printenv | grep -i vercel`: a listing filtered to a named variable or prefix and
// shown on the terminal, the way people check that a variable is set.
const FILTERED_LISTING = /^(?:env|printenv)\s{0,20}\|\s{0,5}(?:grep|rg|findstr|Select-String)\s{1,5}(?:-[a-zA-Z]{1,4}\s{1,5}){0,3}["']?\^?([A-Za-z_][A-Za-z0-9_]{2,60})["']?(?:\s{0,5}(?:\|\|[^\n|]{0,80}|\|\s{0,5}(?:head|sort|wc|cut|less|cat|sed|awk|tr)\b[^\n|]{0,120}))?\s{0,5}(?:#[^\n]{0,200})?$/;
const GENERIC_SECRET_FILTER = /^(?:keys?|tokens?|secrets?|pass(?:word|wd)?s?|creds?|credentials?|auth|aws|api|apikey|api_key|private)$/i;

const PROC_READ = /\b(?:cat|less|more|head|tail|strings|xxd|od|tr|base64|open|read\w{0,8}|readFile\w{0,4}|Get-Content|cp|tar)\b|<\s{0,3}\/proc/;
const SHELL_FORMS: ReadonlySet<string> = new Set(['shell-dump', 'capture', 'backtick']);
const RUN_VERBS = /\b(?:run|execute|exec|type|enter|paste|invoke|call|use|try|check|issue|do)\b/gi;

/** In Markdown prose, a shell form in inline code that no imperative run verb governs is mentioned, not run. */
function inlineMention(file: FileView, c: Candidate): boolean {
  if (file.type !== 'markdown' && file.type !== 'text') return false;
  const index = viewsOf(file.text).raw.index;
  const where = placeIn(file, index, c.line);
  if (where !== 'instructions' && where !== 'doc-prose') return false;
  const before = c.lineText.slice(Math.max(0, c.column - 200), c.column);
  if ((before.match(/`/g) ?? []).length % 2 === 0 && c.lineText.charAt(c.column) !== '`') return false;
  const { before: said } = sentenceAround(c.lineText, c.column);
  return imperativeVerbBefore(said, RUN_VERBS) === undefined;
}

function tagged(hit: RuleHit, tag: string): RuleHit {
  hit.tags = [...(hit.tags ?? []), tag];
  return hit;
}

/** The pipeline that starts at the env/printenv of the candidate, up to `;`, `&&`, a backtick or the line end. */
function commandAt(c: Candidate): string {
  const at = c.matched.search(/\b(?:env|printenv|export)\b/);
  const rest = c.lineText.slice(c.column + Math.max(0, at), c.column + Math.max(0, at) + 300);
  const end = rest.search(/[;`)]|&&/);
  return (end >= 0 ? rest.slice(0, end) : rest).trim();
}

function judge(file: FileView, c: Candidate): RuleHit | null {
  const flow = flowOf(file);
  const leaked = flow.leaked(c.line, c.column) || flow.sendAt.get(c.line)?.secret === true;
  const fate = flow.fateOf(c.line, c.column);
  const before = c.lineText.slice(Math.max(0, c.column - 60), c.column);
  const kind = c.matcher.kind;
  if (kind === 'backtick' && (file.type === 'markdown' || file.type === 'text') && !inFence(viewsOf(file.text).raw.index, c.line)) return null;
  if (leaked) {
    const hit = tagged(hitOf(c, Math.max(c.matcher.confidence, 0.9), 'HIGH'), 'env-sent');
    hit.label = `${c.matcher.label}, sent off the machine`;
    return hit;
  }
  if (kind === 'secret-var') return null;
  if (kind === 'copy' || kind === 'iterate') {
    // Handed to a child process in place, or (by whatever name) only ever used as a child environment.
    if (CHILD_ENV_ARG.test(before)) return tagged(hitOf(c, 0.3, 'LOW'), 'child-process-env');
    const picksSecrets = kind === 'iterate' && COMPREHENSION_FILTER.test(c.lineText.slice(c.column)) && SECRETISH.test(c.lineText.slice(c.column));
    if (picksSecrets) return hitOf(c);
    if (fate === 'sent' || fate === 'serialised') return tagged(hitOf(c, Math.max(c.matcher.confidence, 0.85), 'HIGH'), `env-${fate}`);
    if (fate === 'child') return tagged(hitOf(c, 0.3, 'LOW'), 'child-process-env');
    // Copied and kept: nothing yet says where it goes.
    return tagged(hitOf(c, 0.5, 'MEDIUM'), 'env-copy');
  }
  // Prose that describes the harvest ("`echo $(env)` dumps all environment variables") rather than asking for it.
  if (kind === 'prose' && /^\w+(?:s|ing|ed)\b/i.test(c.matched) && !/^(?:harvest|dump|collect|gather|post|send)\b/i.test(c.matched)) {
    return tagged(hitOf(c, 0.5, 'MEDIUM'), 'described');
  }
  // A /proc/*/environ path that nothing reads: a value in an example config or a list of paths.
  if (kind === 'proc' && !PROC_READ.test(c.lineText) && placeIn(file, viewsOf(file.text).raw.index, c.line) !== 'code') {
    return tagged(hitOf(c, 0.5, 'MEDIUM'), 'path-reference');
  }
  if (SHELL_FORMS.has(kind ?? '') && inlineMention(file, c)) {
    // `echo $(env)` named inside a sentence that describes it, not one that tells the agent to run it.
    return tagged(hitOf(c, 0.5, 'MEDIUM'), 'inline-mention');
  }
  if (kind === 'shell-dump') {
    const command = commandAt(c);
    const filtered = FILTERED_LISTING.exec(command);
    if (filtered && !GENERIC_SECRET_FILTER.test(filtered[1] ?? '') && !NETWORK_SINK.test(command)) {
      return tagged(hitOf(c, 0.3, 'LOW'), 'filtered-listing');
    }
    // `env | grep OPENAI` in a README is how people check a key is set; keep it visible but not HIGH.
    if (isSupportingDoc(file) && !NETWORK_SINK.test(c.lineText)) return tagged(hitOf(c, 0.5, 'MEDIUM'), 'doc-debugging');
  }
  return hitOf(c);
}

function check(file: FileView): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const c of scanFile(file, MATCHERS)) {
    const hit = judge(file, c);
    if (hit) hits.push(hit);
  }
  return bestPerLine(hits, 'HIGH');
}

export const e2 = defineRule({
  kind: 'custom',
  meta: {
    id: 'E2',
    category: 'Data Exfiltration',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Environment Variable Harvesting',
    description:
      'Reads of the whole process environment rather than one named variable: Python os.environ.items()/keys()/values()/copy(), dict(os.environ), {**os.environ}, loops over os.environ, json.dumps(os.environ); JavaScript JSON.stringify(process.env), Object.keys/entries/assign(process.env), {...process.env}; shell $(env), env/printenv piped or redirected; /proc/*/environ; PowerShell env:; and prose telling the agent to harvest keys from the environment. The environment holds API keys and cloud tokens, so collecting all of it is the first step of credential theft. What is done with a copy decides, whatever the variable is called: sent, serialised or written it is HIGH, handed to a child process (env=…, { env }) LOW, only kept MEDIUM. A secret-named single variable (OPENAI_API_KEY) is reported HIGH only when it is sent where it does not belong (see E1); other single-key reads are not flagged. `env | grep NAME` filtered to one named variable and shown on the terminal is LOW; a shell form named in Markdown prose that no imperative verb tells the agent to run is MEDIUM.',
    remediation:
      'Read only the variables the skill needs, by name (os.environ.get("MY_TOOL_TOKEN"), process.env.MY_TOOL_TOKEN), and never serialise or send the environment.',
  },
  check: (ctx) => check(ctx.file),
});
