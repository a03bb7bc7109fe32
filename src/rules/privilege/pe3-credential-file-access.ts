import { LineIndex } from '../../analysis/lines.js';
import {
  NETWORK_SINK, bestPerLine, downgradeHit, hitOf, isIgnoreFile, isSupportingDoc, scanFile, type Candidate, type Matcher,
} from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';

// Path separators as code spells them: `/`, `\`, os.path.join commas, pathlib ` / `, string `+`.
const SEP = String.raw`["'\x60]?\s{0,3}(?:[/\\]{1,2}|,|\+)\s{0,3}["'\x60]?`;
const HOME = String.raw`(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE|homedir\(\)|home\(\)|expanduser\(\s{0,3}["']~|\/home\/[\w.-]{1,40}|\/Users\/[\w.-]{1,40}|\/root)`;

export const MATCHERS: readonly Matcher[] = [
  { re: new RegExp(String.raw`\.ssh${SEP}(?:id_[a-z0-9_]{2,20}|identity)(?![\w.]|\.pub)`, 'i'), keywords: ['.ssh'], label: 'SSH private key', confidence: 0.85 },
  { re: new RegExp(String.raw`${HOME}${SEP}\.ssh(?:[/\\]\*{0,2})?(?=["'\x60\s);,]|$)`, 'm'), keywords: ['.ssh'], label: 'SSH directory', confidence: 0.65 },
  { re: new RegExp(String.raw`\.aws${SEP}credentials\b`), keywords: ['.aws'], label: 'AWS credentials file', confidence: 0.85 },
  { re: new RegExp(String.raw`\bapplication_default_credentials\.json\b|\.config${SEP}gcloud\b|\baccess_tokens\.db\b`), keywords: ['application_default', 'gcloud', 'access_tokens'], label: 'Google Cloud credentials', confidence: 0.8 },
  { re: new RegExp(String.raw`\.kube${SEP}config\b`), keywords: ['.kube'], label: 'Kubernetes config', confidence: 0.75 },
  { re: /(?<![\w.-])\.git-credentials\b/, keywords: ['.git-credentials'], label: 'git credential store', confidence: 0.85 },
  { re: /(?<![\w.-])_?\.netrc\b/, keywords: ['netrc'], label: '.netrc', confidence: 0.75 },
  { re: /(?<![\w.-])\.(?:npmrc|pypirc)\b/, keywords: ['.npmrc', '.pypirc'], label: 'Package registry token file', confidence: 0.6 },
  { re: new RegExp(String.raw`\.docker${SEP}config\.json\b`), keywords: ['.docker'], label: 'Docker registry credentials', confidence: 0.7 },
  { re: /\/etc\/(?:shadow|gshadow|master\.passwd)\b/, keywords: ['/etc/'], label: 'System password hashes', confidence: 0.85 },
  {
    // `.env` and its per-stage variants, not templates (.env.example) or `process.env`/`os.environ`.
    re: /(?<![\w.$-])\.env(?:\.(?:local|production|prod|development|dev|staging|test))?(?![\w-]|\.(?:example|sample|template|dist|defaults?)\b)/,
    keywords: ['.env'],
    label: '.env secrets file',
    confidence: 0.7,
    kind: 'dotenv',
  },
  {
    re: /\bsecurity\s{1,5}(?:find-(?:generic|internet)-password|dump-keychain|export\s{1,5}-k)\b|\blogin\.keychain(?:-db)?\b|\bKeychains[/\\]|\bcmdkey\s{1,5}\/list\b|\bvaultcmd\b|\bCredEnumerate\w{0,2}\b/i,
    keywords: ['security', 'keychain', 'cmdkey', 'vaultcmd', 'credenumerate'],
    label: 'OS keychain / credential vault',
    confidence: 0.85,
  },
  { re: /\bkeyring\.get_password\s{0,3}\(|\bsecret-tool\s{1,5}lookup\b/, keywords: ['keyring', 'secret-tool'], label: 'Keyring lookup', confidence: 0.45, severity: 'MEDIUM' },
  {
    re: /(?:Google[/\\ ]Chrome|Chromium|BraveSoftware|Microsoft[/\\ ]Edge|Opera\s?Software|Vivaldi)[^\n]{0,80}?(?:Cookies|Login\s?Data|Local\s?State|Web\s?Data)\b|\b(?:cookies\.sqlite|key[34]\.db|signons\.sqlite)\b|\bbrowser_cookie3\b|\bpycookiecheat\b/i,
    keywords: ['chrome', 'chromium', 'brave', 'edge', 'opera', 'vivaldi', 'cookies.sqlite', 'key3', 'key4', 'signons', 'browser_cookie', 'pycookiecheat'],
    label: 'Browser cookie or password store',
    confidence: 0.85,
  },
  {
    re: /\b(?:read|steal|grab|extract|copy|exfiltrate|dump|harvest|collect|access|upload|send)(?:s|ing)?\s{1,3}(?:the\s{1,3}|their\s{1,3}|your\s{1,3}|all\s{1,3}|any\s{1,3})?(?:user['’]?s?\s{1,3})?(?:ssh\s{1,3}|gpg\s{1,3}|pgp\s{1,3})?private\s{1,3}keys?\b|\b(?:steal|harvest|exfiltrate|dump|grab)(?:s|ing)?\s{1,3}(?:the\s{1,3}|all\s{1,3})?(?:saved|stored|browser)\s{1,3}(?:passwords|credentials|cookies)\b/i,
    keywords: ['private key', 'passwords', 'credentials', 'cookies'],
    label: 'Instruction to read private keys or stored credentials',
    confidence: 0.75,
  },
];

// A documentation line that configures rather than reads: "create a `.env` with OPENAI_API_KEY=…",
// `ssh-keygen -f ~/.ssh/id_ed25519`, `aws configure`.
const SETUP_WORDS =
  /\b(?:create|add|set|put|place|copy|rename|edit|fill(?:\s{1,3}in)?|configure|populate|define|store|save|update|paste|export|source|install|generate|touch|cp|mv|echo|mkdir|chmod|keep|commit|ignore|gitignore)\b|\.env\.(?:example|sample|template)|\bin\s{1,3}(?:your|the|a)\s{1,3}`?\.env|ssh-keygen|ssh-add|ssh\s{1,3}-i\b|aws\s{1,3}configure|gcloud\s{1,3}auth|KUBECONFIG|npm\s{1,3}(?:login|config)|git\s{1,3}config|dotenv/i;
const ENV_ASSIGN = /\b[A-Z][A-Z0-9_]{2,40}\s{0,3}=/;
const isSetup = (line: string): boolean => SETUP_WORDS.test(line) || ENV_ASSIGN.test(line);
// Loading one's own configuration through dotenv is how API keys are normally supplied.
const DOTENV_LOAD = /\b(?:load_dotenv|dotenv_values|find_dotenv|dotenv(?:\/config)?['"]?\s{0,3}\)?\s{0,3}\.config|require\(\s{0,3}["']dotenv|from\s{1,3}["']dotenv|import\s{1,3}["']dotenv|env_file\s{0,3}[:=]|--env-file\b|EnvironmentFile\s{0,3}=)/;
const READ_SIGNAL = /\b(?:cat|open|read\w{0,8}|load|include|paste|print|show|dump|tar|zip|base64|upload|send|post|exfiltrat\w{0,5}|collect|harvest)\b/i;

// `env_path = Path(__file__).parent / ".env"` followed by `load_dotenv(env_path)`.
function dotenvLoadNear(index: LineIndex, line: number): boolean {
  for (let l = line + 1; l <= Math.min(index.count, line + 3); l += 1) if (DOTENV_LOAD.test(index.lineText(l))) return true;
  return false;
}

function judge(file: FileView, index: LineIndex, c: Candidate): RuleHit {
  const hit = hitOf(c);
  const line = c.lineText;
  if (c.matcher.kind === 'dotenv') {
    const loads = DOTENV_LOAD.test(line) || (!READ_SIGNAL.test(line) && dotenvLoadNear(index, c.line));
    if (loads && !NETWORK_SINK.test(line)) return downgradeHit(file, index, hit, 'setup-doc', { severity: 'HIGH', confidence: c.matcher.confidence });
    // Supporting docs: any `.env` mention that does not also read-and-send (upstream #145).
    if (isSupportingDoc(file) && !(READ_SIGNAL.test(line) && NETWORK_SINK.test(line))) return downgradeHit(file, index, hit, 'setup-doc', { severity: 'HIGH', confidence: c.matcher.confidence });
    // SKILL.md is never mere documentation, but telling the user to put a key in `.env` is not a read.
    if (file.isManifest && isSetup(line) && !READ_SIGNAL.test(line) && !NETWORK_SINK.test(line)) return hitOf(c, 0.5, 'MEDIUM');
    return hit;
  }
  if (isSupportingDoc(file) && isSetup(line) && !NETWORK_SINK.test(line)) {
    return downgradeHit(file, index, hit, 'setup-doc', { severity: c.matcher.severity ?? 'HIGH', confidence: c.matcher.confidence });
  }
  return hit;
}

function check(file: FileView): RuleHit[] {
  const cands = scanFile(file, MATCHERS);
  if (cands.length === 0) return [];
  const index = new LineIndex(file.text);
  return bestPerLine(cands.map((c) => judge(file, index, c)), 'HIGH');
}

export const pe3 = defineRule({
  kind: 'custom',
  meta: {
    id: 'PE3',
    category: 'Privilege Escalation',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Credential File Access',
    description:
      'References to files that hold credentials: SSH private keys (~/.ssh/id_*), ~/.aws/credentials, gcloud application-default credentials, ~/.kube/config, .npmrc/.pypirc, .git-credentials, .netrc, Docker config.json, /etc/shadow, .env files, the macOS keychain and Windows credential vault, and browser cookie/password stores; also instructions to read private keys. A skill that reads these can impersonate the user everywhere those credentials work. Setup lines in supporting documentation (creating a .env, ssh-keygen, aws configure) and dotenv loading are downgraded with a contextual-triage tag; a SKILL.md line that only tells the user to put a key in .env is MEDIUM.',
    remediation:
      'Do not read credential stores. Take the one token the skill needs from a named environment variable or an explicit user-provided path, and document it.',
  },
  appliesTo: (file) => !isIgnoreFile(file.path),
  check: (ctx) => check(ctx.file),
});
