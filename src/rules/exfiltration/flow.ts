// What one file does with secrets: where it reads the whole environment, a credential store or a
// secret-named variable, which variables then carry that data, and which network sends carry it to which
// kind of destination. Shared by E1 (the send), E2 (the environment read) and PE3 (the credential read), so
// a renamed variable or a send three lines below the read is judged the same as a one-liner.
//
// Line-based and linear: every pattern is bounded, identifiers are looked up in sets, a statement is at
// most STATEMENT_LINES lines and STATEMENT_CHARS characters, and at most `exfilFlowMaxTaintedNames` names are tracked
// (src/limits; reaching it is recorded as `output_limit`).
import { activeLimits, eachMatch, noteActiveLimit } from '../../analysis/kernel.js';
import type { FileView } from '../../model/bundle.js';
import type { LineIndex, LineList } from '../../analysis/lines.js';
import { forgetWithViews, viewsOf, type SharedView } from '../../analysis/views.js';
import { gateOpen, walkGate, type WalkGate } from '../kit/walk-gates.js';
import { destinationIn, hostMatchesName, inHeader, type Destination } from './destinations.js';

export { CAPTURE_HOST, classifyHost, destinationIn, hostMatchesName, isCaptureService, type Destination } from './destinations.js';

export type SecretKind = 'env-all' | 'credential-file' | 'env-secret';

export interface Send {
  /** First and last line of the send statement. */
  line: number;
  endLine: number;
  dest: Destination;
  host?: string;
  /** The strongest secret the statement carries, when any. */
  carries?: SecretKind;
  /** The carried secret goes somewhere it does not belong (see `leaves`). */
  secret: boolean;
  /** The statement carries a body, a file or piped input (not a bare GET). */
  hasData: boolean;
  /** The statement's text (at most STATEMENT_CHARS characters). */
  text: string;
}

export type Fate = 'sent' | 'serialised' | 'child' | 'kept';

export interface FileFlow {
  sends: Send[];
  /** Send statements by line (every line of a statement maps to it). */
  sendAt: Map<number, Send>;
  /** What became of a source read at a line (and column): the worst use of the names it was assigned to. */
  fateOf(line: number, column?: number): Fate | undefined;
  /** The source read at a line (and column) reached a send that carries it off the machine. */
  leaked(line: number, column?: number): boolean;
}

const STATEMENT_LINES = 12;
const STATEMENT_CHARS = 2_000;
/** Lines are judged on their first LINE_HEAD characters (assignments, sends and sources are short). */
export const LINE_HEAD = 4_000;

// ---------------------------------------------------------------------------------------------- sources

/** The whole environment as a value (not one key of it). */
export const ENV_ALL = new RegExp(
  [
    // Python: `os.environ` / `environ` not followed by a single-key accessor, and not a membership test.
    String.raw`(?<!(?:["']|\b(?:if|elif|while|and|or|not|assert|return)\b[^\n]{0,60})[ \t]{0,3}(?:not[ \t]{1,3})?in[ \t]{1,3}(?:[A-Za-z_]\w{0,20}\.)?)\benviron\b(?![ \t]{0,3}(?:\[|\.[ \t]{0,3}(?:get|setdefault|pop|update|__getitem__|__contains__)\b))`,
    // JavaScript: `process.env` as a value.
    String.raw`(?<!\}[ \t]{0,3}=[ \t]{0,3})\bprocess\.env\b(?![ \t]{0,3}(?:\.|\?\.|\[))`,
    // Shell: captured or piped env/printenv, /proc/*/environ, PowerShell env: drive.
    String.raw`\$\([ \t]{0,3}(?:env|printenv|export[ \t]{1,3}-p|set)[ \t]{0,3}[)|]`,
    String.raw`(?:^|[;&|({\x60$]|\bdo\b|\bthen\b)[ \t]{0,20}(?:env|printenv|export[ \t]{1,3}-p)[ \t]{0,20}\)?[ \t]{0,20}\|(?!\|)`,
    String.raw`\/proc\/(?:self|\d{1,10}|\$\$|\*|\$\{?\w{1,20}\}?)\/environ\b`,
    String.raw`\b(?:Get-ChildItem|gci|dir|ls)[ \t]{1,5}env:(?!\w)|\[(?:System\.)?Environment\]::GetEnvironmentVariables`,
  ].join('|'),
  'm',
);

const SECRET_WORD = new Set([
  'KEY', 'KEYS', 'APIKEY', 'TOKEN', 'TOKENS', 'SECRET', 'SECRETS', 'PASSWORD', 'PASSWD', 'PASS', 'CREDENTIAL', 'CREDENTIALS',
  'CREDS', 'AUTH', 'SESSION', 'COOKIE', 'PAT', 'PRIVATE', 'PASSPHRASE', 'DSN', 'WEBHOOK', 'SIGNING',
]);

/** True for an environment variable name that holds a secret: OPENAI_API_KEY, GH_TOKEN, DB_PASSWORD. */
export function isSecretName(name: string): boolean {
  if (name === 'PWD' || name === 'OLDPWD') return false;
  return name.toUpperCase().split('_').some((t) => SECRET_WORD.has(t) || /^(?:API|ACCESS|SECRET)KEY$/.test(t));
}

// One named variable: os.environ["X"], os.environ.get("X"), os.getenv("X"), process.env.X, process.env["X"],
// Deno.env.get("X"), Bun.env.X, $env:X (PowerShell), ENV["X"] (Ruby).
const ENV_ONE = /(?:\benviron[ \t]{0,3}(?:\[[ \t]{0,3}|\.[ \t]{0,3}(?:get|setdefault|pop)[ \t]{0,3}\([ \t]{0,3})|\bgetenv[ \t]{0,3}\([ \t]{0,3}|\bENV[ \t]{0,3}(?:\[[ \t]{0,3}|\.fetch\([ \t]{0,3})|\b(?:Deno|Bun)\.env\.get\([ \t]{0,3})["'`]([A-Za-z_][A-Za-z0-9_]{0,80})["'`]|\b(?:process|Bun)\.env(?:\.([A-Za-z_][A-Za-z0-9_]{0,80})\b|\[[ \t]{0,3}["'`]([A-Za-z_][A-Za-z0-9_]{0,80})["'`])|\$env:([A-Za-z_][A-Za-z0-9_]{0,80})\b/g;
// A shell variable: $NAME or ${NAME} (only read where shell syntax runs: scripts, fenced blocks, config).
const SHELL_VAR = /\$\{?([A-Z][A-Z0-9_]{1,80})\b/g;

/** Secret-named environment variables read on a line, with the names. */
export function envSecretsOn(text: string, shellVars: boolean): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ENV_ONE)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    if (isSecretName(name)) out.push(name);
    if (out.length >= 8) return out;
  }
  if (shellVars) {
    for (const m of text.matchAll(SHELL_VAR)) {
      const name = m[1] ?? '';
      if (isSecretName(name)) out.push(name);
      if (out.length >= 8) return out;
    }
  }
  return out;
}

const HOME = String.raw`(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE|homedir\(\)|home\(\)|expanduser\([ \t]{0,3}["']~|\/home\/[\w.-]{1,40}|\/Users\/[\w.-]{1,40}|\/root)`;
const SEP = String.raw`["'\x60]?[ \t]{0,3}(?:[/\\]{1,2}|,|\+)[ \t]{0,3}["'\x60]?`;

/**
 * Credential stores as code and shell spell them: SSH private keys and the SSH folder, cloud and cluster
 * credentials, CLI token stores (gh, gcloud, azure, docker, npm, pypi, netrc, git), agent credential
 * files, keychains and .env files (not templates).
 */
const CREDENTIAL_PARTS = [
  String.raw`\.ssh${SEP}(?:id_[a-z0-9_]{2,20}|identity)(?![\w.]|\.pub)`,
  String.raw`${HOME}${SEP}\.ssh(?:[/\\]\*{0,2})?(?=["'\x60\s);,]|$)`,
  String.raw`\.aws${SEP}(?:credentials|config)\b`,
  String.raw`\bapplication_default_credentials\.json\b|\.config${SEP}gcloud\b|\baccess_tokens\.db\b`,
  String.raw`\.config${SEP}gh${SEP}hosts\.ya?ml\b|\bgh${SEP}hosts\.ya?ml\b`,
  String.raw`\.azure${SEP}(?:accessTokens\.json|msal_token_cache\.\w{2,5}|azureProfile\.json|service_principal_entries\.json)|${HOME}${SEP}\.azure\b`,
  String.raw`\.kube${SEP}config\b`,
  String.raw`\.docker${SEP}config\.json\b`,
  String.raw`(?<![\w.-])\.git-credentials\b|(?<![\w.-])_?\.netrc\b|(?<![\w.-])\.(?:npmrc|pypirc)\b`,
  String.raw`\.(?:claude|codex|gemini)${SEP}(?:\.?credentials(?:\.json)?|auth\.json|oauth_creds\.json)`,
  String.raw`\/etc\/(?:shadow|gshadow|master\.passwd)\b`,
  String.raw`\blogin\.keychain(?:-db)?\b|\bsecurity[ \t]{1,5}(?:find-(?:generic|internet)-password|dump-keychain)\b`,
  String.raw`(?<![\w.$\\-])\.env(?:\.(?:local|production|prod|development|dev|staging|test))?(?![\w\\-]|\.(?:example|sample|template|dist|defaults?)\b)`,
];
export const CREDENTIAL_PATH = new RegExp(CREDENTIAL_PARTS.join('|'), 'i');
// For marking lines the pattern is split in two: the home-folder `.ssh` alternative cannot be localised,
// and with it in, the kernel read every text whole; the rest can. A line on which either part matches is
// exactly a line on which CREDENTIAL_PATH matches (an alternation matches where one of its branches does).
const HOME_SSH_PART = 1;
const CREDENTIAL_ANCHORED = new RegExp(CREDENTIAL_PARTS.filter((_, i) => i !== HOME_SSH_PART).join('|'), 'i');
const CREDENTIAL_HOME_SSH = new RegExp(CREDENTIAL_PARTS[HOME_SSH_PART] ?? '', 'i');

/** Lower-case substrings one of which every CREDENTIAL_PATH match contains (prefilter). */
export const CREDENTIAL_KEYWORDS = [
  '.ssh', '.aws', 'application_default', 'gcloud', 'access_tokens', 'hosts.y', '.azure', '.kube', '.docker', '.git-credentials',
  'netrc', '.npmrc', '.pypirc', '.claude', '.codex', '.gemini', '/etc/', 'keychain', 'security', '.env',
];

// ------------------------------------------------------------------------------------------------ sends

/** Lower-case substrings one of which every SEND_CALL match contains (prefilter). */
export const SEND_KEYWORDS = [
  'requests', 'httpx', 'aiohttp', 'urllib3', '.post', '.put', '.patch', '.request', 'urlopen', 'request(', 'request (', 'fetch',
  'axios', 'got', 'ky', 'needle', 'superagent', 'http', 'sendbeacon', '$.ajax', 'curl', 'wget', 'invoke-', 'iwr', 'irm', 'nc',
  'netcat', 'socat', '/dev/tcp', '/dev/udp', 'sendall', 'sendto', 'create_connection',
];

/** A call or command that talks to the network (uploads and plain requests alike). */
export const SEND_CALL = new RegExp(
  [
    String.raw`\b(?:requests|httpx|aiohttp|urllib3)[ \t]{0,3}\.[ \t]{0,3}(?:get|post|put|patch|request|delete|head)[ \t]{0,3}\(`,
    String.raw`\b(?:session|sess|client|http_client|async_client|http|pool|conn)[ \t]{0,3}\.[ \t]{0,3}(?:post|put|patch|request)[ \t]{0,3}\(`,
    String.raw`\burlopen[ \t]{0,3}\(|\bRequest[ \t]{0,3}\(`,
    String.raw`\bfetch[ \t]{0,3}\(|\baxios(?:[ \t]{0,3}\.[ \t]{0,3}(?:get|post|put|patch|request))?[ \t]{0,3}\(|\b(?:got|ky|needle|superagent)(?:\.\w{3,6})?[ \t]{0,3}\(`,
    String.raw`\bhttps?[ \t]{0,3}\.[ \t]{0,3}(?:get|request)[ \t]{0,3}\(|\bnavigator\.sendBeacon[ \t]{0,3}\(|\$\.(?:ajax|post)[ \t]{0,3}\(`,
    String.raw`(?:^|[ \t;&|($\x60"'])(?:curl|wget)[ \t]`,
    String.raw`\b(?:Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b`,
    String.raw`(?:^|[ \t;&|(])(?:nc|ncat|netcat|socat)[ \t]`,
    String.raw`\/dev\/(?:tcp|udp)\/`,
    String.raw`\.(?:sendall|sendto)[ \t]{0,3}\(|\bsocket\.create_connection[ \t]{0,3}\(`,
    // Writing to an open request or socket object: `req.end(body)`, `sock.send(data)`, `ws.send(…)`.
    String.raw`\b\w{0,20}(?:req|request|sock|socket|conn|ws)\w{0,10}[ \t]{0,3}\.[ \t]{0,3}(?:write|end|send)[ \t]{0,3}\([ \t]{0,3}[^)\s]`,
  ].join('|'),
  'm',
);

/** A body, a file, piped input or a query string: the statement carries data, not just a fetch. */
const DATA_MARK =
  /\b(?:data|json|body|files|form|payload|params)[ \t]{0,3}[=:]|(?:^|\s)(?:-d|-F|-T|--data(?:-binary|-raw|-urlencode|-ascii)?|--form|--upload-file|--json|--post-data|--post-file|--body-data|--body-file|-Body|-InFile)(?=[\s=@"'$]|$)|@-|\|[ \t]{0,3}(?:curl|wget|nc|ncat|netcat)\b|\.(?:sendall|sendto|send|write)[ \t]{0,3}\(|[?&][\w-]{1,40}=|\/dev\/(?:tcp|udp)\//i;

/** Opening a connection whose later writes are sends: a socket connect, an http.request, a WebSocket. */
const CONNECTION = /\.connect(?:_ex)?[ \t]{0,3}\(|\bcreate_connection[ \t]{0,3}\(|\bhttps?[ \t]{0,3}\.[ \t]{0,3}request[ \t]{0,3}\(|\bnew[ \t]{1,3}WebSocket[ \t]{0,3}\(/;
const OBJECT_SEND = /\.(?:sendall|sendto|send|write|end)[ \t]{0,3}\(/;
/**
 * Whether a secret of this kind leaves for somewhere it does not belong. The whole environment and
 * credential files belong nowhere but the machine; one named key belongs to its own service, so it
 * leaves only when it goes to a capture host or raw IP, or in a body or query string to a host unrelated
 * to its name.
 */
function leaves(kind: SecretKind, dest: Destination, host: string | undefined, name: string | undefined, header: boolean): boolean {
  if (dest === 'local' || dest === 'relative') return false;
  if (kind !== 'env-secret') return true;
  // A bot token in its own service's URL (TELEGRAM_BOT_TOKEN → api.telegram.org/bot…) is how it is used.
  if (name && host && hostMatchesName(name, host) === true) return false;
  if (dest === 'capture' || dest === 'raw-ip') return true;
  if (header || dest !== 'named' || !name || !host) return false;
  return hostMatchesName(name, host) === false;
}

// ------------------------------------------------------------------------------------------ assignments

// `name = …`, `const name = …`, `export NAME=…`, `$name = …`, `a, b = …`, `name: Type = …`.
const ASSIGN =
  /^[ \t]{0,40}(?:(?:export|const|let|var|local|readonly|declare|final|val|my|our)[ \t]{1,5})?\$?([A-Za-z_][\w]{0,63}(?:[ \t]{0,3},[ \t]{0,3}\*?[A-Za-z_][\w]{0,63}){0,7})[ \t]{0,3}(?::[ \t]{0,3}[\w[\]., |]{1,60})?=(?!=)/;
// `name[k] = …`, `name.attr = …`, `name.update(…)`, `name.append(…)`, `name.push(…)`: adds to name.
const AUGMENT = /^[ \t]{0,40}([A-Za-z_][\w]{0,63})[ \t]{0,3}(?:\[[^\]\n]{0,120}\][ \t]{0,3}=(?!=)|\.[ \t]{0,3}\w{1,40}[ \t]{0,3}=(?!=)|\.[ \t]{0,3}(?:update|append|extend|push|add|setdefault|insert|write)[ \t]{0,3}\()/;
const WITH_AS = /\bwith\b[^\n]{0,300}?\bas[ \t]{1,3}([A-Za-z_]\w{0,63})[ \t]{0,3}:/;
const FOR_IN = /^[ \t]{0,40}(?:async[ \t]{1,3})?for[ \t]{1,5}\(?[ \t]{0,3}(?:const|let|var)?[ \t]{0,3}\[?([A-Za-z_][\w]{0,63}(?:[ \t]{0,3},[ \t]{0,3}[A-Za-z_][\w]{0,63}){0,3})\]?[ \t]{1,5}(?:in|of)[ \t]/;
const IDENT = /[A-Za-z_][\w]{0,63}/g;
const KEYWORDS = new Set([
  'if', 'else', 'for', 'in', 'of', 'not', 'and', 'or', 'is', 'None', 'True', 'False', 'null', 'true', 'false', 'undefined',
  'return', 'const', 'let', 'var', 'def', 'function', 'await', 'async', 'new', 'this', 'self', 'import', 'from', 'as', 'with',
  'str', 'dict', 'list', 'json', 'os', 'sys', 'env', 'get', 'data', 'body', 'headers', 'method', 'POST', 'GET', 'PUT',
]);

// What a line does with a name it mentions.
const CHILD_USE =
  /(?:[(,{]|^)[ \t]{0,40}env[ \t]{0,3}(?:=(?!=)|:)[ \t]{0,3}(?:\{[ \t]{0,3}\.\.\.[ \t]{0,3}|dict\([ \t]{0,3}|\*\*[ \t]{0,3})?[A-Za-z_][\w.]{0,63}[ \t]{0,3}(?:[,)}]|$)|\b(?:execve|execvpe|execle|spawnve|posix_spawnp?)\b|[{,][ \t]{0,3}env[ \t]{0,3}[,}]/;
const SERIALISE_USE =
  /\b(?:json\.dumps?|yaml\.(?:safe_)?dump|pickle\.dumps?|marshal\.dumps?|JSON\.stringify|util\.inspect|print|pprint|pformat|repr|str|b64encode|base64|console\.(?:log|dir|info|error)|logging\.\w{3,9}|logger\.\w{3,9}|log\.\w{3,9})[ \t]{0,3}\(|\.(?:write\w{0,5}|dump)[ \t]{0,3}\(|\bwriteFile\w{0,4}[ \t]{0,3}\(|\b(?:echo|printf|tee)\b|>{1,2}[ \t]{0,3}[\w~$/."']/;

// Handed to a function whose name says it ships data: `send(k, v)`, `upload_report(env)`, `emit(…)`.
const SINK_USE = /\b(?:send|post|upload|emit|publish|transmit|report|beacon|exfil\w{0,6}|forward|leak|ship)\w{0,12}[ \t]{0,3}\(/i;

function useOf(t: string): Fate | undefined {
  if (CHILD_USE.test(t)) return 'child';
  if (SINK_USE.test(t)) return 'sent';
  if (SERIALISE_USE.test(t)) return 'serialised';
  return undefined;
}

const FATE_RANK: Record<Fate, number> = { kept: 0, child: 1, serialised: 2, sent: 3 };
const KIND_RANK: Record<SecretKind, number> = { 'env-secret': 0, 'credential-file': 1, 'env-all': 2 };

interface Taint {
  kind: SecretKind;
  /** Line of the read this name descends from. */
  root: number;
  /** The environment variable name, for one named key. */
  name?: string;
}

const SHELLISH = new Set(['shell', 'markdown', 'text', 'yaml', 'json', 'toml', 'ini', 'env', 'batch', 'other', 'powershell']);
/** The last file analysed (rules run file by file, so one entry is enough). */
let cached: { text: string; path: string; flow: FileFlow } | undefined;
// Dropped with the views: the last file's flow held its text (and derived copies) past the scan.
forgetWithViews(() => {
  cached = undefined;
});

/** The flow of secrets through one file (cached for the file being analysed). */
export function flowOf(file: FileView): FileFlow {
  if (cached && cached.text === file.text && cached.path === file.path) return cached.flow;
  const flow = analyse(file);
  cached = { text: file.text, path: file.path, flow };
  return flow;
}

function head(line: string): string {
  return line.length > LINE_HEAD ? line.slice(0, LINE_HEAD) : line;
}

/** The lines of a statement that starts on `start`: while brackets are open or a line continues. */
function statementEnd(lines: LineList, start: number): number {
  let depth = 0;
  let chars = 0;
  let last = start;
  for (let i = start; i < Math.min(lines.length, start + STATEMENT_LINES); i += 1) {
    const t = head(lines.at(i) ?? '');
    chars += t.length;
    for (let j = 0; j < t.length; j += 1) {
      const ch = t.charCodeAt(j);
      if (ch === 40 || ch === 91 || ch === 123) depth += 1;
      else if (ch === 41 || ch === 93 || ch === 125) depth -= 1;
    }
    last = i;
    const continues = /\\\s*$/.test(t) || /[,([{]\s*$/.test(t);
    if ((depth <= 0 && !continues) || chars >= STATEMENT_CHARS) break;
  }
  return last;
}

/** Marks every line on which `re` matches (one pass over the whole text). */
export function flagLines(text: string, index: LineIndex, re: RegExp, flags: Uint8Array, bit: number): void {
  eachMatch(text, re, (m) => {
    const line = index.lineOf(m.index);
    flags[line] = (flags[line] ?? 0) | bit;
    // One mark per line is enough: resume at the next line.
    return index.lineStart(line + 1);
  });
}

const F_ENV = 1;
const F_CRED = 2;
const F_SECRET = 4;
const F_SEND = 8;
const F_URL = 16;
const F_SOCKET = 32;
const SECRET_NAME_HINT = /(?:KEY|TOKEN|SECRET|PASS|PWD|CRED|AUTH|SESSION|COOKIE|PAT|PRIVATE|DSN|WEBHOOK|SIGNING)/i;
const ENV_ONE_ANY = /\benviron[ \t]{0,3}[[.]|\bgetenv[ \t]{0,3}\(|\bENV[ \t]{0,3}[[.]|\b(?:process|Deno|Bun)\.env\b|\$env:|\$\{?[A-Z][A-Z0-9_]{1,80}/;

type Where = { dest: Destination; host?: string };

// Keyword lists are module constants: the keyword prefilter caches its answer per list object.
const ENV_ALL_WORDS = ['environ', 'process.env', 'env', 'printenv', 'getenvironmentvariables'];
const ENV_ONE_WORDS = ['environ', 'getenv', 'env', '$'];
const URL_WORDS = ['://'];
const URL_MARK = /:\/\//;
const CONNECTION_WORDS = ['connect', 'create_connection', '.request', 'websocket'];
// Each marks lines with one pass of its pattern over the text (linear, no per-line work), and the line walk
// runs only when some line is marked; a gate passing most files costs that one pass, not a walk.
const ONE_PASS = 'guards one linear pass of a pattern over the text (flagLines), not a per-line walk';
const ENV_ALL_GATE = walkGate('E1/E2/PE3 flow: whole environment', [ENV_ALL_WORDS], { cheap: ONE_PASS });
const CREDENTIAL_GATE = walkGate('E1/E2/PE3 flow: credential path', [CREDENTIAL_KEYWORDS], { cheap: ONE_PASS });
// The home-folder `.ssh` alternative spells `.ssh`.
const HOME_SSH_WORDS = ['.ssh'];
const HOME_SSH_GATE = walkGate('E1/E2/PE3 flow: home-folder .ssh', [HOME_SSH_WORDS], { cheap: ONE_PASS });
const ENV_ONE_GATE = walkGate('E1/E2/PE3 flow: one environment variable', [ENV_ONE_WORDS], { cheap: ONE_PASS });
const SEND_GATE = walkGate('E1/E2/PE3 flow: send call', [SEND_KEYWORDS], { cheap: ONE_PASS });
const URL_GATE = walkGate('E1/E2/PE3 flow: URL', [URL_WORDS], { cheap: ONE_PASS });
const CONNECTION_GATE = walkGate('E1/E2/PE3 flow: connection', [CONNECTION_WORDS], { cheap: ONE_PASS });

/** One pass over a file: sources, the names that carry them, URL constants, connections and sends. */
class Analysis {
  readonly sends: Send[] = [];
  readonly sendAt = new Map<number, Send>();
  private readonly taint = new Map<string, Taint>();
  private readonly urlHost = new Map<string, Where>();
  private readonly fates = new Map<number, Fate>();
  private readonly leakedRoots = new Set<number>();
  private socketDest: (Where & { line: number }) | undefined;
  private readonly view: SharedView;
  private readonly flags: Uint8Array;
  /** False when no line holds a source, a send, a URL or a connection: nothing can flow. */
  readonly anything: boolean;
  private readonly shellVars: boolean;
  /** In shell a variable is read as `$name`; a bare word is just a word. */
  private readonly dollarOnly: boolean;
  private readonly prose: boolean;

  constructor(file: FileView) {
    // The security view (invisible characters removed, confusables mapped) keeps lines, so its line
    // numbers are the raw text's; a homoglyph-spelled `os.envіron` is read as what it runs as.
    const shared = viewsOf(file.text);
    const view = shared.security ?? shared.raw;
    this.view = view;
    this.shellVars = SHELLISH.has(file.type);
    this.dollarOnly = file.type === 'shell' || file.type === 'powershell';
    this.prose = file.type === 'markdown' || file.type === 'text';
    // Which lines hold a source, a send, a URL or a connection: one pass per pattern over the whole text.
    this.flags = new Uint8Array(view.index.count + 2);
    const mark = (gate: WalkGate, re: RegExp, bit: number): void => {
      if (gateOpen(view, gate)) flagLines(view.text, view.index, re, this.flags, bit);
    };
    mark(ENV_ALL_GATE, ENV_ALL, F_ENV);
    mark(CREDENTIAL_GATE, CREDENTIAL_ANCHORED, F_CRED);
    mark(HOME_SSH_GATE, CREDENTIAL_HOME_SSH, F_CRED);
    mark(ENV_ONE_GATE, ENV_ONE_ANY, F_SECRET);
    mark(SEND_GATE, SEND_CALL, F_SEND);
    mark(URL_GATE, URL_MARK, F_URL);
    mark(CONNECTION_GATE, CONNECTION, F_SOCKET);
    this.anything = this.flags.some((f) => f !== 0);
  }

  /** The lines, split only for a file that has something to analyse. */
  private get lines(): LineList {
    return this.view.lines;
  }

  run(): FileFlow {
    this.findSends();
    for (let i = 0; i < this.lines.length; i += 1) this.line(i + 1);
    const at = (line: number, column: number): number => rootOf(line, segmentAt(this.lines.at(line - 1) ?? '', column));
    return {
      sends: this.sends,
      sendAt: this.sendAt,
      fateOf: (line, column = 0) => this.fates.get(at(line, column)),
      leaked: (line, column = 0) => this.leakedRoots.has(at(line, column)),
    };
  }

  /** Pass 1: send statements, each spanning the lines its brackets or continuations hold open. */
  private findSends(): void {
    for (let i = 0; i < this.lines.length; i += 1) {
      if (((this.flags[i + 1] ?? 0) & F_SEND) === 0 || this.sendAt.has(i + 1)) continue;
      const end = statementEnd(this.lines, i);
      const text = this.lines.slice(i, end + 1).map(head).join('\n').slice(0, STATEMENT_CHARS);
      const send: Send = { line: i + 1, endLine: end + 1, dest: 'unknown', secret: false, hasData: DATA_MARK.test(text), text };
      this.sends.push(send);
      for (let l = i + 1; l <= end + 1; l += 1) this.sendAt.set(l, send);
      i = end;
    }
  }

  private bump(root: number, fate: Fate): void {
    const cur = this.fates.get(root);
    if (!cur || FATE_RANK[fate] > FATE_RANK[cur]) this.fates.set(root, fate);
  }

  /** Pass 2, one line: its statements, then the connection or send that starts on it. */
  private line(lineNo: number): void {
    const flag = this.flags[lineNo] ?? 0;
    // Lines with nothing to find are skipped unless a name carries a secret or a URL (it may pass it on).
    if (flag === 0 && this.taint.size === 0 && this.urlHost.size === 0) return;
    const line = head(this.lines.at(lineNo - 1) ?? '');
    if (line.trim() === '') return;
    // Statements separated by `; ` on one line are judged one by one (`env = os.environ.copy(); leak = …`).
    const segments = segmentsOf(line);
    for (let seg = 0; seg < segments.length; seg += 1) this.statement(segments[seg] ?? '', rootOf(lineNo, seg), flag);
    const send = flag & F_SEND ? this.sendAt.get(lineNo) : undefined;
    if (flag & F_SOCKET) {
      const stmt = send?.line === lineNo ? send.text : line;
      const d = destinationIn(stmt) ?? firstHost(stmt, this.urlHost);
      if (d) this.socketDest = { ...d, line: lineNo };
    }
    if (send && send.line === lineNo) this.send(send, lineNo);
  }

  /** Sources written in one statement, the uses of names it mentions, and what it assigns. */
  private statement(t: string, root: number, flag: number): void {
    const found: Taint[] = [];
    if (flag & F_ENV && ENV_ALL.test(t)) found.push({ kind: 'env-all', root });
    if (flag & F_CRED && CREDENTIAL_PATH.test(t)) found.push({ kind: 'credential-file', root });
    if (flag & F_SECRET && SECRET_NAME_HINT.test(t)) for (const name of envSecretsOn(t, this.shellVars)) found.push({ kind: 'env-secret', root, name });
    if (!this.fates.has(root) && found.length > 0) this.fates.set(root, 'kept');
    // What it does with names that carry a secret: child process, serialisation, a sink function
    // (sends are judged per statement in `send`); inline sources count too (`print(dict(os.environ))`).
    const mentioned = this.taint.size > 0 ? namesIn(t, this.taint, this.dollarOnly) : [];
    if (mentioned.length > 0 || found.length > 0) {
      const use = useOf(t);
      if (use) {
        for (const m of mentioned) this.bump(m.root, use);
        for (const f of found) if (f.kind === 'env-all') this.bump(f.root, use);
      }
    }
    if (found.length === 0 && mentioned.length === 0 && (flag & F_URL) === 0 && this.taint.size === 0 && this.urlHost.size === 0) return;
    const lhs = assignedNames(t);
    if (lhs) this.assign(lhs, t.slice(lhs.rhsStart), found, flag);
  }

  /** The names on the left take the strongest secret on the right (or lose it), and its URL's host. */
  private assign(lhs: { names: string[]; augment: boolean }, rhs: string, found: readonly Taint[], flag: number): void {
    const carried = strongest([...found, ...namesIn(rhs, this.taint, this.dollarOnly)]);
    for (const name of lhs.names) {
      if (carried) {
        const max = activeLimits().exfilFlowMaxTaintedNames;
        if (this.taint.size < max || this.taint.has(name)) this.taint.set(name, carried);
        else noteActiveLimit({ what: 'variables holding a secret', observed: this.taint.size + 1, limit: max });
      } else if (!lhs.augment) {
        this.taint.delete(name);
      }
      const d = flag & F_URL ? destinationIn(rhs) : null;
      if (d) this.urlHost.set(name, d);
      else if (!lhs.augment && this.urlHost.size > 0) {
        const inherited = firstHost(rhs, this.urlHost);
        if (inherited) this.urlHost.set(name, inherited);
        else this.urlHost.delete(name);
      }
    }
  }

  /** A send statement starts here: where it goes, what it carries. */
  private send(send: Send, lineNo: number): void {
    const statement = send.text;
    const where = destinationIn(statement) ?? firstHost(statement, this.urlHost)
      ?? (this.socketDest && OBJECT_SEND.test(statement) && lineNo - this.socketDest.line <= 60 ? this.socketDest : null)
      ?? (/\bf["'][^"'\n]{0,40}\{|\$\{|["'][ \t]{0,3}\+/.test(statement) ? { dest: 'variable' as Destination } : null)
      ?? (/["'`]\/[\w-]/.test(statement) && !/:\/\//.test(statement) ? { dest: 'relative' as Destination } : null);
    if (where) {
      send.dest = where.dest;
      if (where.host !== undefined) send.host = where.host;
    }
    // In prose, a send with no destination is a word, not a request.
    if (send.dest === 'unknown' && this.prose) return;
    judgeSend(send, statement, this.shellVars, this.dollarOnly, this.taint, (root, kind, out) => {
      this.bump(root, 'sent');
      if (out) this.leakedRoots.add(root);
      if (!send.carries || KIND_RANK[kind] > KIND_RANK[send.carries]) send.carries = kind;
    });
  }
}

function analyse(file: FileView): FileFlow {
  const analysis = new Analysis(file);
  return analysis.anything ? analysis.run() : { sends: [], sendAt: new Map(), fateOf: () => undefined, leaked: () => false };
}

const MAX_SEGMENTS = 16;
const SEGMENT_BREAK = /;[ \t]+(?=\S)/g;

function rootOf(line: number, segment: number): number {
  return line * MAX_SEGMENTS + segment;
}

/** The statements of a line split at `; ` (at most MAX_SEGMENTS; the rest stays in the last). */
function segmentsOf(line: string): string[] {
  if (!line.includes('; ')) return [line];
  const out: string[] = [];
  let start = 0;
  for (const m of line.matchAll(SEGMENT_BREAK)) {
    if (out.length === MAX_SEGMENTS - 1) break;
    out.push(line.slice(start, m.index));
    start = m.index + m[0].length;
  }
  out.push(line.slice(start));
  return out;
}

/** Which `; `-separated statement of a line a column falls in. */
function segmentAt(line: string, column: number): number {
  if (!line.includes('; ')) return 0;
  let seg = 0;
  for (const m of line.slice(0, Math.min(column, LINE_HEAD)).matchAll(SEGMENT_BREAK)) {
    void m;
    seg += 1;
    if (seg === MAX_SEGMENTS - 1) break;
  }
  return seg;
}

function assignedNames(t: string): { names: string[]; rhsStart: number; augment: boolean } | null {
  const a = ASSIGN.exec(t);
  if (a) return { names: (a[1] ?? '').split(',').map((s) => s.trim().replace(/^\*/, '')).filter(Boolean), rhsStart: a[0].length, augment: false };
  const g = AUGMENT.exec(t);
  if (g) return { names: [g[1] ?? ''], rhsStart: g[0].length, augment: true };
  const w = WITH_AS.exec(t);
  if (w) return { names: [w[1] ?? ''], rhsStart: 0, augment: false };
  const f = FOR_IN.exec(t);
  if (f) return { names: (f[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean), rhsStart: f[0].length, augment: false };
  return null;
}

function dollarBefore(text: string, at: number): boolean {
  const prev = text.charAt(at - 1);
  return prev === '$' || (prev === '{' && text.charAt(at - 2) === '$');
}

/** The carried secrets of the names a text mentions (each name once). */
function namesIn(text: string, taint: Map<string, Taint>, dollarOnly: boolean): Taint[] {
  const out: Taint[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(IDENT)) {
    const t = taint.get(m[0]);
    if (!t || seen.has(m[0])) continue;
    if (dollarOnly && !dollarBefore(text, m.index)) continue;
    seen.add(m[0]);
    out.push(t);
  }
  return out;
}

function strongest(ts: readonly Taint[]): Taint | undefined {
  let best: Taint | undefined;
  for (const t of ts) if (!best || KIND_RANK[t.kind] > KIND_RANK[best.kind]) best = t;
  return best;
}

function firstHost(text: string, urlHost: Map<string, { dest: Destination; host?: string }>): { dest: Destination; host?: string } | null {
  if (urlHost.size === 0) return null;
  for (const m of text.matchAll(IDENT)) {
    if (KEYWORDS.has(m[0])) continue;
    const h = urlHost.get(m[0]);
    if (h) return h;
  }
  return null;
}

type Carry = (root: number, kind: SecretKind, leaves: boolean) => void;

/** Marks what a send statement carries and whether it leaves for a destination it does not belong to. */
function judgeSend(send: Send, statement: string, shellVars: boolean, dollarOnly: boolean, taint: Map<string, Taint>, carry: Carry): void {
  const leave = (kind: SecretKind, at: number, name?: string): boolean => leaves(kind, send.dest, send.host, name, inHeader(statement, at));
  const mark = (root: number, kind: SecretKind, at: number, name?: string): void => {
    const out = leave(kind, at, name);
    if (out) send.secret = true;
    carry(root, kind, out);
  };
  const first = statement.indexOf('\n') === -1 ? statement : statement.slice(0, statement.indexOf('\n'));
  const rootAt = (at: number): number => rootOf(send.line, at < first.length ? segmentAt(first, at) : 0);
  const env = ENV_ALL.exec(statement);
  if (env) mark(rootAt(env.index), 'env-all', env.index);
  const cred = CREDENTIAL_PATH.exec(statement);
  if (cred) mark(rootAt(cred.index), 'credential-file', cred.index);
  for (const name of envSecretsOn(statement, shellVars)) {
    const at = Math.max(0, statement.indexOf(name));
    mark(rootAt(at), 'env-secret', at, name);
  }
  if (taint.size === 0) return;
  for (const m of statement.matchAll(IDENT)) {
    const t = taint.get(m[0]);
    if (!t) continue;
    if (dollarOnly && !dollarBefore(statement, m.index)) continue;
    mark(t.root, t.kind, m.index, t.name);
  }
}
