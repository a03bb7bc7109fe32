import { NETWORK_SINK, bestPerLine, hitOf, isSupportingDoc, scanFile, type Candidate, type Matcher } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';

// `ENV` is an optional `os.` / alias prefix: `os.environ`, `environ` (from os import environ), `o.environ`.
const PY_ENV = String.raw`(?:\b[A-Za-z_]\w{0,20}\s{0,2}\.\s{0,2})?\benviron\b`;

export const MATCHERS: readonly Matcher[] = [
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
    re: /\b(?:JSON\.stringify|Object\.(?:keys|entries|values|assign|fromEntries)|util\.inspect|console\.(?:log|dir|info)|String|Buffer\.from)\s{0,3}\((?:[^()\n]{0,20}?,)?\s{0,3}process\.env\s{0,3}[,)]/,
    keywords: ['process.env'],
    label: 'Reads the whole environment (JavaScript)',
    confidence: 0.85,
  },
  {
    re: /\bfor\s{0,3}\(\s{0,3}(?:const|let|var)?\s{0,3}[\w[\], ]{1,40}?\s(?:in|of)\s{1,5}(?:Object\.\w{4,7}\(\s{0,3})?process\.env\b/,
    keywords: ['process.env'],
    label: 'Loops over the environment (JavaScript)',
    confidence: 0.85,
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
    re: /(?:\$\(\s{0,3}(?:env|printenv|export\s{1,3}-p)\s{0,3}\)|`\s{0,3}(?:env|printenv)\s{0,3}`)/,
    keywords: ['env'],
    label: 'Captures the output of env/printenv',
    confidence: 0.85,
  },
  {
    re: /(?:^|[;&|({`$]|\bdo\b|\bthen\b)\s{0,20}(?:env|printenv|export\s{1,3}-p)\s{0,20}(?:\|(?!\|)|>{1,2}\s{0,5}[\w~$/."'])/m,
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
  },
  {
    re: /\b(?:Get-ChildItem|gci|dir|ls)\s{1,5}env:(?!\w)|\[(?:System\.)?Environment\]::GetEnvironmentVariables\s{0,3}\(\s{0,3}\)|\bSystem\.getenv\s{0,3}\(\s{0,3}\)|\bos\.Environ\s{0,3}\(\s{0,3}\)|\bENV\s{0,3}\.\s{0,3}(?:to_h|to_hash|to_a|each(?:_pair)?|keys|values|inspect)\b/i,
    keywords: ['env:', 'getenvironmentvariables', 'getenv', 'environ(', 'env.'],
    label: 'Reads the whole environment (PowerShell/Java/Go/Ruby)',
    confidence: 0.8,
  },
  // Prose instructions
  {
    re: /\b(?:harvest|collect|gather|dump|grab|scrape|steal|extract|exfiltrate|capture|read|pull|send|upload|post)(?:s|ing|ed)?\s{1,3}(?:all\s{1,3}|every\s{1,3}|any\s{1,3}|the\s{1,3})?(?:of\s{1,3}the\s{1,3})?(?:api\s{1,3}|secret\s{1,3}|access\s{1,3})?(?:keys|secrets|tokens|credentials|passwords)\s{1,3}(?:[\w-]{1,20}\s{1,3}){0,3}?from\s{1,3}(?:the\s{1,3}|their\s{1,3}|your\s{1,3}|its\s{1,3})?(?:user['’]?s?\s{1,3})?(?:environment|env\b|process\s{1,3}env|shell\s{1,3}env)/i,
    keywords: ['environment', 'env'],
    label: 'Instruction to harvest secrets from the environment',
    confidence: 0.8,
  },
  {
    re: /\b(?:dump|send|post|upload|exfiltrate|leak|forward|collect|harvest)(?:s|ing|ed)?\s{1,3}(?:all|every|your|their|the\s{1,3}(?:entire|whole|full|complete))\s{1,3}(?:of\s{1,3}the\s{1,3}|the\s{1,3})?(?:environment|env)(?:\s{1,3}var(?:iable)?s)?\b/i,
    keywords: ['environment', 'env'],
    label: 'Instruction to dump the whole environment',
    confidence: 0.7,
  },
];

// The copy is handed to a child process (`env=os.environ.copy()`, `{ env: { ...process.env } }`): the
// usual way to run a subprocess, not a harvest.
const CHILD_ENV_BEFORE = /\b(?:env|environ|environment|child_env|sub_env|new_env|run_env|proc_env|\w{1,20}_env)\s{0,3}[:=]\s{0,3}(?:\{\s{0,3})?(?:dict\s{0,3}\(\s{0,3})?$/i;

// `env = {k: v for k, v in os.environ.items() if k != "X"}`: filtering the environment for a child process.
const CHILD_ENV_COMPREHENSION = /^\s{0,40}(?:env|environ|environment|\w{1,20}_env)\s{0,3}(?::\s{0,3}[\w[\], .]{1,40})?=\s{0,3}\{/i;
const SECRETISH = /key|token|secret|pass|cred|auth|aws|api/i;

function judge(file: FileView, c: Candidate): RuleHit | null {
  if (c.matcher.kind === 'iterate' && CHILD_ENV_COMPREHENSION.test(c.lineText) && !SECRETISH.test(c.lineText.slice(c.column))) {
    const hit = hitOf(c, 0.3, 'LOW');
    hit.tags = [...(hit.tags ?? []), 'child-process-env'];
    return hit;
  }
  const before = c.lineText.slice(Math.max(0, c.column - 60), c.column);
  if (c.matcher.kind === 'copy' && CHILD_ENV_BEFORE.test(before)) {
    const hit = hitOf(c, 0.3, 'LOW');
    hit.tags = [...(hit.tags ?? []), 'child-process-env'];
    return hit;
  }
  // `env | grep OPENAI` in a README is how people check a key is set; keep it visible but not HIGH.
  if (c.matcher.kind === 'shell-dump' && isSupportingDoc(file) && !NETWORK_SINK.test(c.lineText)) {
    const hit = hitOf(c, 0.5, 'MEDIUM');
    hit.tags = [...(hit.tags ?? []), 'doc-debugging'];
    return hit;
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
      'Reads of the whole process environment rather than one named variable: Python os.environ.items()/keys()/values()/copy(), dict(os.environ), {**os.environ}, loops over os.environ, json.dumps(os.environ); JavaScript JSON.stringify(process.env), Object.keys/entries(process.env), {...process.env}; shell $(env), env/printenv piped or redirected; /proc/*/environ; PowerShell env:; and prose telling the agent to harvest keys from the environment. The environment holds API keys and cloud tokens, so collecting all of it is the first step of credential theft. Single-key reads (os.environ["HOME"], process.env.PORT) are not flagged. A copy handed to a child process (env=os.environ.copy()) is reported LOW, and a documentation line that only greps env locally is reported MEDIUM.',
    remediation:
      'Read only the variables the skill needs, by name (os.environ.get("MY_TOOL_TOKEN"), process.env.MY_TOOL_TOKEN), and never serialise or send the environment.',
  },
  check: (ctx) => check(ctx.file),
});
