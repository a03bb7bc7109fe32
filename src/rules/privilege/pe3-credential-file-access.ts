import type { LineIndex } from '../../analysis/lines.js';
import { viewsOf } from '../../analysis/views.js';
import type { Place } from '../../model/place.js';
import { configSendsOut } from '../exfiltration/config-sinks.js';
import { flowOf } from '../exfiltration/flow.js';
import { NETWORK_SINK, bestPerLine, commentLine, downgradeHit, hitOf, imperativeVerbBefore, inProseString, isIgnoreFile, isSupportingDoc, placeIn, scanFile, sentenceAround, type Candidate, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { type FileView } from '../../model/bundle.js';

// Path separators as code spells them: `/`, `\`, os.path.join commas, pathlib ` / `, string `+`.
const SEP = String.raw`["'\x60]?\s{0,3}(?:[/\\]{1,2}|,|\+)\s{0,3}["'\x60]?`;
const HOME = String.raw`(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE|homedir\(\)|home\(\)|expanduser\(\s{0,3}["']~|\/home\/[\w.-]{1,40}|\/Users\/[\w.-]{1,40}|\/root)`;

const HOME_BEFORE = new RegExp(String.raw`${HOME}${SEP}$`);

export const MATCHERS: readonly Matcher[] = matcherTable('PE3', [
  { re: new RegExp(String.raw`\.ssh${SEP}(?:id_[a-z0-9_]{2,20}|identity)(?![\w.]|\.pub)`, 'i'), keywords: ['.ssh'], label: 'SSH private key', confidence: 0.85 },
  { re: new RegExp(String.raw`${HOME}${SEP}\.ssh(?:[/\\]\*{0,2})?(?=["'\x60\s);,]|$)`, 'm'), keywords: ['.ssh'], label: 'SSH directory', confidence: 0.65 },
  { re: new RegExp(String.raw`\.aws${SEP}credentials\b`), keywords: ['.aws'], label: 'AWS credentials file', confidence: 0.85 },
  { re: new RegExp(String.raw`${HOME}${SEP}\.aws${SEP}config\b|${HOME}${SEP}\.aws(?:[/\\]\*{0,2})?(?=["'\x60\s);,]|$)`, 'm'), keywords: ['.aws'], label: 'AWS configuration folder', confidence: 0.7 },
  { re: new RegExp(String.raw`\.config${SEP}gh${SEP}hosts\.ya?ml\b`), keywords: ['hosts.y'], label: 'GitHub CLI token store', confidence: 0.85 },
  {
    re: new RegExp(String.raw`\.azure${SEP}(?:accessTokens\.json|msal_token_cache\.\w{2,5}|azureProfile\.json|service_principal_entries\.json)\b|${HOME}${SEP}\.azure(?:[/\\]\*{0,2})?(?=["'\x60\s);,]|$)`, 'm'),
    keywords: ['.azure'],
    label: 'Azure CLI token store',
    confidence: 0.8,
  },
  { re: new RegExp(String.raw`\bapplication_default_credentials\.json\b|\.config${SEP}gcloud\b|\baccess_tokens\.db\b`), keywords: ['application_default', 'gcloud', 'access_tokens'], label: 'Google Cloud credentials', confidence: 0.8 },
  { re: new RegExp(String.raw`\.kube${SEP}config\b`), keywords: ['.kube'], label: 'Kubernetes config', confidence: 0.75 },
  { re: /(?<![\w.-])\.git-credentials\b/, keywords: ['.git-credentials'], label: 'git credential store', confidence: 0.85 },
  { re: /(?<![\w.-])_?\.netrc\b/, keywords: ['netrc'], label: '.netrc', confidence: 0.75 },
  { re: /(?<![\w.-])\.(?:npmrc|pypirc)\b/, keywords: ['.npmrc', '.pypirc'], label: 'Package registry token file', confidence: 0.6, kind: 'project-file' },
  { re: new RegExp(String.raw`\.docker${SEP}config\.json\b`), keywords: ['.docker'], label: 'Docker registry credentials', confidence: 0.7 },
  { re: /\/etc\/(?:shadow|gshadow|master\.passwd)\b/, keywords: ['/etc/'], label: 'System password hashes', confidence: 0.85 },
  {
    // `.env` and its per-stage variants, not templates (.env.example) or `process.env`/`os.environ`.
    re: /(?<![\w.$\\-])\.env(?:\.(?:local|production|prod|development|dev|staging|test))?(?![\w\\-]|\.(?:example|sample|template|dist|defaults?)\b)/,
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
    kind: 'instruction',
  },
]);

// A documentation line that configures rather than reads: "create a `.env` with OPENAI_API_KEY=…",
// `ssh-keygen -f ~/.ssh/id_ed25519`, `aws configure`.
const SETUP_WORDS =
  /\b(?:create|add|set|put|place|copy|rename|edit|fill(?:\s{1,3}in)?|configure|populate|define|store|save|update|paste|export|source|install|generate|touch|cp|mv|echo|mkdir|chmod|keep|commit|ignore|gitignore)\b|\.env\.(?:example|sample|template)|\bin\s{1,3}(?:your|the|a)\s{1,3}`?\.env|ssh-keygen|ssh-add|ssh\s{1,3}-i\b|aws\s{1,3}configure|gcloud\s{1,3}auth|KUBECONFIG|npm\s{1,3}(?:login|config)|git\s{1,3}config|dotenv/i;
const ENV_ASSIGN = /\b[A-Z][A-Z0-9_]{2,40}\s{0,3}=/;
const isSetup = (line: string): boolean => SETUP_WORDS.test(line) || ENV_ASSIGN.test(line);
// Loading one's own configuration through dotenv is how API keys are normally supplied.
const DOTENV_LOAD = /\b(?:load_dotenv|dotenv_values|find_dotenv|dotenv(?:\/config)?['"]?\s{0,3}\)?\s{0,3}\.config|require\(\s{0,3}["']dotenv|from\s{1,3}["']dotenv|import\s{1,3}["']dotenv|env_file\s{0,3}[:=]|--env-file\b|EnvironmentFile\s{0,3}=|set\s{1,3}-a\b|os\.environ\.setdefault|process\.env\[\w{1,40}\]\s{0,3}=(?!=))/;
const READ_SIGNAL = /\b(?:cat|open|read\w{0,8}|load|include|paste|print|show|dump|tar|zip|base64|upload|send|post|exfiltrat\w{0,5}|collect|harvest)\b/i;

// In code: what a statement does with a credential path.
const CODE_READ =
  /\b(?:open|read\w{0,10}|read_text|read_bytes|readFile\w{0,4}|createReadStream|load|loads|safe_load|parse|cat|less|more|head|tail|type|strings|xxd|base64|b64encode|Get-Content|gc|cp|copy\w{0,8}|scp|rsync|tar|zip|make_archive|source|include|require|send\w{0,6}|upload\w{0,6}|post)\b|<\s{0,3}["'$~/.]/i;
const CODE_WRITE = /\bopen\s{0,3}\([^)\n]{0,200},\s{0,3}(?:mode\s{0,3}=\s{0,3})?["'][wax]b?\+?["']|\bwrite\w{0,6}\s{0,3}\(|\bwriteFile\w{0,4}|\btouch\b|>{1,2}\s{0,3}["']?[$~/.\w]{0,40}\.env\b|\bcp\s{1,3}[^\n;|]{1,80}\.env\.(?:example|sample|template)\b/i;
const CODE_EXISTS = /\b(?:exists|isfile|is_file|existsSync|access(?:Sync)?|stat(?:Sync)?)\s{0,3}\(|\[\s{1,3}-[efrs]\s|\btest\s{1,3}-[efrs]\s/;
// A credential file handed to a tool that uses it (ssh -i, kubectl, an env var pointing at it): use, not read.
const TOOL_USE = /\bssh(?:-add|-copy-id)?\s{1,3}(?:-\w\s{1,3}\S{1,80}\s{1,3}){0,3}-i\b|\bIdentityFile\b|--kubeconfig\b|\bKUBECONFIG\s{0,3}[=:]|\bAWS_SHARED_CREDENTIALS_FILE\b|\bGOOGLE_APPLICATION_CREDENTIALS\b|\bDOCKER_CONFIG\b|\bNPM_CONFIG_USERCONFIG\b|\bchmod\s{1,3}[0-7]{3,4}\b|\bssh-keygen\b/i;
// A configuration key naming the key file a tool should use (`ssh_private_key: ~/.ssh/id_rsa`).
const KEY_SETTING = /\b(?:ssh_?(?:private_?)?key(?:_?(?:file|path))?|private_?key_?(?:file|path)|key_?(?:file|path)|identity_?file|credentials?_?(?:file|path))["']?\s{0,3}[:=]/i;
const COMMENT = /^\s{0,40}(?:#|\/\/|\*|--|;|rem\b)/i;
// `cp "$WORKSPACE/.npmrc" "$DEPS_DIR/"`: the project's settings copied to a local folder, not read out.
const LOCAL_COPY = /\b(?:cp|rsync|install|copy2?|copyfile|shutil\.copy\w{0,4}|copyFileSync|Copy-Item)\b/;
const OWN_LOAD = /^(?:load|source|include)$/;

// In prose: a verb in the imperative, addressed to whoever follows the text ("Read ~/.aws/credentials",
// "then `cat ~/.ssh/id_rsa`"), not a third-person description ("the CLI reads …") or a reported instruction
// ("a skill that tells the agent to read …").
const PROSE_VERB =
  /\b(?:read|cat|open|load|print|show|display|dump|copy|extract|parse|grab|collect|gather|harvest|steal|exfiltrate|upload|send|include|paste|attach|base64|encode|zip|tar|archive|sync|output|return|fetch|get|post|forward|transmit|email|share|leak|list|type)\b/gi;
const PROSE_SEND = /\b(?:upload|send|post|transmit|exfiltrat\w{0,5}|forward|email|share|publish|leak|paste\s{1,3}(?:it|them|its|the)[^.\n]{0,40}\b(?:into|in|to)|include\s{1,3}(?:it|them|its\s{1,3}contents?|the\s{1,3}contents?)\s{1,3}in)\b|\bcurl\b|\bwget\b|https?:\/\//i;

// `.env` in a regex (`process\.env\.X`) or a backslash-escaped pattern literal is not a path.
const PATTERN_LITERAL = /(?:^|[(|[^\s"'/])\\$/;

// `env_path = Path(__file__).parent / ".env"` followed by `load_dotenv(env_path)`.
function dotenvLoadNear(index: LineIndex, line: number): boolean {
  for (let l = line + 1; l <= Math.min(index.count, line + 3); l += 1) if (DOTENV_LOAD.test(index.lineText(l))) return true;
  return false;
}

function tagged(hit: RuleHit, tag: string): RuleHit {
  hit.tags = [...(hit.tags ?? []), tag];
  return hit;
}

function mention(c: Candidate, tag = 'mention-only'): RuleHit {
  return tagged(hitOf(c, Math.round(c.matcher.confidence * 0.6 * 100) / 100, 'MEDIUM'), tag);
}

function low(c: Candidate, tag: string): RuleHit {
  return tagged(hitOf(c, Math.round(c.matcher.confidence * 0.4 * 100) / 100, 'LOW'), tag);
}

const CODE_PLACES: ReadonlySet<Place> = new Set<Place>(['code', 'manifest-code', 'doc-code']);

function judge(file: FileView, index: LineIndex, c: Candidate): RuleHit {
  const line = c.lineText;
  // A project's own settings file (.env, a workspace .npmrc) is judged like the skill's configuration;
  // the user's copy in the home folder (~/.npmrc) is a credential store.
  const dotenv = c.matcher.kind === 'dotenv' || (c.matcher.kind === 'project-file' && !HOME_BEFORE.test(line.slice(Math.max(0, c.column - 40), c.column)));
  const flow = flowOf(file);
  const send = flow.sendAt.get(c.line);
  // Read and sent somewhere it does not belong: the worst reading, wherever it sits.
  if (flow.leaked(c.line, c.column) || (send?.secret === true && send.carries === 'credential-file')) {
    return tagged(hitOf(c, Math.max(c.matcher.confidence, 0.85), 'HIGH'), 'credential-sent');
  }
  if (PATTERN_LITERAL.test(line.slice(0, c.column))) return low(c, 'pattern-literal');
  if (c.matcher.kind === 'instruction') return hitOf(c);
  const where = placeIn(file, index, c.line);
  if (where === 'config') {
    if (COMMENT.test(line) || TOOL_USE.test(line) || KEY_SETTING.test(line) || CODE_WRITE.test(line) || DOTENV_LOAD.test(line)) return dotenv ? low(c, 'config-reference') : mention(c, 'config-reference');
    if (configSendsOut(file)) return tagged(hitOf(c, Math.max(c.matcher.confidence, 0.8), 'HIGH'), 'config-forwarded');
    return dotenv ? low(c, 'config-reference') : mention(c, 'config-reference');
  }
  if (CODE_PLACES.has(where)) {
    const statement = send?.text ?? line;
    if (commentLine(file, index, c.line)) return low(c, 'comment');
    if (where === 'code' && inProseString(line, c.column)) return dotenv ? low(c, 'message-text') : mention(c, 'message-text');
    if (dotenv) {
      // The skill's own configuration: created, loaded into the environment, or listed (ignore rules).
      if (CODE_WRITE.test(line) || DOTENV_LOAD.test(line) || (!READ_SIGNAL.test(line) && dotenvLoadNear(index, c.line))) return low(c, 'own-config');
      if (where !== 'code' && isSupportingDoc(file) && isSetup(line) && !NETWORK_SINK.test(line)) {
        return downgradeHit(file, index, hitOf(c), 'setup-doc', { severity: 'HIGH', confidence: c.matcher.confidence });
      }
      // Copied to a local folder, or read but kept on the machine: a script handling its own settings.
      if (LOCAL_COPY.test(line)) return low(c, 'own-config');
      return CODE_READ.test(statement) ? tagged(hitOf(c, 0.5, 'MEDIUM'), 'read-not-sent') : low(c, 'mention-only');
    }
    if (TOOL_USE.test(line) || CODE_WRITE.test(line) || CODE_EXISTS.test(line) || (KEY_SETTING.test(line) && !CODE_READ.test(statement))) {
      if (where === 'doc-code' && isSupportingDoc(file)) return downgradeHit(file, index, hitOf(c), 'setup-doc', { severity: 'HIGH', confidence: c.matcher.confidence });
      return mention(c, 'tool-config');
    }
    // Example code in documentation and SKILL.md blocks that only names the path (a config snippet, a
    // list of paths) reads nothing; real code keeps the reference at the rule's severity.
    if (where !== 'code' && !CODE_READ.test(statement)) return mention(c, 'path-reference');
    return hitOf(c);
  }
  // Prose: SKILL.md instructions, directed and reference documentation.
  const { before, after } = sentenceAround(line, c.column);
  const clause = before + after;
  const verb = imperativeVerbBefore(before, PROSE_VERB);
  const reads = verb !== undefined;
  if (reads && PROSE_SEND.test(clause)) return tagged(hitOf(c, Math.max(c.matcher.confidence, 0.8), 'HIGH'), 'read-and-send');
  if (isSupportingDoc(file) && isSetup(line) && !NETWORK_SINK.test(line)) {
    return downgradeHit(file, index, hitOf(c), 'setup-doc', { severity: 'HIGH', confidence: c.matcher.confidence });
  }
  if (dotenv) {
    // Mentioning, creating or loading the skill's own .env is not credential access.
    // Loading it is how its own keys reach the skill; reading it out (cat, print, paste) is visible.
    if (reads && !OWN_LOAD.test(verb ?? '') && !isSetup(line) && !DOTENV_LOAD.test(line)) return tagged(hitOf(c, 0.5, 'MEDIUM'), 'read-not-sent');
    return low(c, isSetup(line) ? 'setup-step' : 'mention-only');
  }
  if (reads) return hitOf(c);
  if (isSetup(line)) return low(c, 'setup-step');
  return mention(c);
}

function check(file: FileView): RuleHit[] {
  const cands = scanFile(file, MATCHERS);
  if (cands.length === 0) return [];
  const index = viewsOf(file.text).raw.index;
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
      'References to files that hold credentials: SSH private keys (~/.ssh/id_*), ~/.aws/credentials and ~/.aws, gcloud application-default credentials, the gh CLI token store (~/.config/gh/hosts.yml), ~/.azure, ~/.kube/config, .npmrc/.pypirc, .git-credentials, .netrc, Docker config.json, /etc/shadow, .env files, the macOS keychain and Windows credential vault, and browser cookie/password stores; also instructions to read private keys. A skill that reads these can impersonate the user everywhere those credentials work. Severity follows what is done with the file: read and sent off the machine (in code, a SKILL.md sentence, or shipped configuration that forwards data) is HIGH; a credential store read by code or by an imperative SKILL.md instruction is HIGH; a store only named, handed to a tool (ssh -i, KUBECONFIG=), written or mentioned in a comment or message is MEDIUM or LOW. A project\'s own .env (or workspace .npmrc) is the skill\'s configuration: mentioning, creating, loading or copying it is LOW and reading it without sending it MEDIUM. Setup lines in supporting documentation are downgraded with a contextual-triage tag.',
    remediation:
      'Do not read credential stores. Take the one token the skill needs from a named environment variable or an explicit user-provided path, and document it.',
  },
  appliesTo: (file) => !isIgnoreFile(file.path),
  check: (ctx) => check(ctx.file),
});
