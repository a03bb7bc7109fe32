// How a configuration file a skill ships sends data off the machine: webhook and sink URLs, capture
// services, public tunnels, and command strings (hooks, CI steps) that upload. Used by E1 and, for a
// credential path or agent config named in such a file, by PE3, AS1 and AS2.
import type { FileView } from '../../model/bundle.js';
import { forgetWithViews, viewsOf } from '../../analysis/views.js';
import { gateOpen, walkGate, WHITESPACE } from '../kit/walk-gates.js';
import { destinationIn, flagLines, flowOf, LINE_HEAD, type Destination } from './flow.js';

/**
 * One way a configuration file ships data off the machine:
 * - `webhook`: a URL under a key that names a destination for data (webhook, forward, relay, sink, upload …);
 * - `capture`: a URL of a capture service or chat webhook under any key;
 * - `tunnel`: a public tunnel (ngrok, cloudflared, localtunnel, serveo, bore, localhost.run);
 * - `command`: a command string (a hook, a CI step) that uploads data.
 */
export interface ConfigSink {
  line: number;
  kind: 'webhook' | 'capture' | 'tunnel' | 'command';
  dest: Destination;
  host?: string;
}

const CONFIG_TYPES: ReadonlySet<string> = new Set(['json', 'yaml', 'toml', 'ini', 'xml', 'env']);
const SINK_KEY =
  /(?:^|["'\s{,])[\w.-]{0,30}(?:webhook|hook|callback|notify|notification|forward|relay|mirror|sink|upload|export|exfil|collector|collect|ingest|telemetry|beacon|report|destination|dest|target|remote|post|push|stream|ship|sync|endpoint|receiver)[\w.-]{0,30}["']?\s{0,3}[:=]\s{0,3}["']?(?:https?|wss?):\/\//i;
const TUNNEL =
  /\b(?:ngrok|cloudflared|localtunnel|serveo(?:\.net)?|bore(?:\.pub|\s{1,3}local)|localhost\.run|pagekite|tunnelmole|zrok|expose\.sh)\b|\blt\s{1,3}--port\b|^\s{0,20}["']?tunnels["']?\s{0,3}:|\baddr["']?\s{0,3}[:=]\s{0,3}["']?file:\/\//i;
const TUNNEL_KEYWORDS = ['ngrok', 'cloudflared', 'localtunnel', 'serveo', 'bore', 'localhost.run', 'pagekite', 'tunnelmole', 'zrok', 'expose.sh', ...WHITESPACE.map((ch) => `lt${ch}`), 'tunnels', 'file://'];
let sinkCache: { text: string; path: string; sinks: ConfigSink[] } | undefined;
forgetWithViews(() => {
  sinkCache = undefined;
});

/** True for structured configuration (JSON, YAML, TOML, INI, XML, .env). */
export function isConfigFile(file: Pick<FileView, 'type'>): boolean {
  return CONFIG_TYPES.has(file.type);
}

const URL_WORDS = ['://'];
const URL_MARK = /:\/\//;
const CONFIG_EXTS = ['.json', '.yaml', '.yml', '.toml', '.ini', '.xml', '.env'];
// Only lines holding `://` are judged (flagLines), so the walk over a passing file is cheap.
const SINK_URL_GATE = walkGate('E1 config sink URLs', [URL_WORDS], { exts: CONFIG_EXTS, cheap: 'the walk visits only the lines flagLines marked as holding `://`' });
const TUNNEL_GATE = walkGate('E1 config tunnels', [TUNNEL_KEYWORDS], { exts: CONFIG_EXTS });

/** The ways a configuration file ships data off the machine (empty for other files). */
export function configSinks(file: FileView): ConfigSink[] {
  if (!isConfigFile(file)) return [];
  if (sinkCache && sinkCache.text === file.text && sinkCache.path === file.path) return sinkCache.sinks;
  const sinks: ConfigSink[] = [];
  const views = viewsOf(file.text).raw;
  const index = views.index;
  if (gateOpen(views, SINK_URL_GATE)) {
    const flags = new Uint8Array(views.lines.length + 2);
    flagLines(file.text, index, URL_MARK, flags, 1);
    for (let l = 1; l <= views.lines.length && sinks.length < 200; l += 1) {
      if (flags[l] === 0) continue;
      const t = (views.lines.at(l - 1) ?? '').slice(0, LINE_HEAD);
      const d = destinationIn(t);
      if (!d || d.dest === 'local' || d.dest === 'relative') continue;
      if (d.dest === 'capture') sinks.push({ line: l, kind: 'capture', ...d });
      else if (SINK_KEY.test(t)) sinks.push({ line: l, kind: 'webhook', ...d });
    }
  }
  if (gateOpen(views, TUNNEL_GATE)) {
    const flags = new Uint8Array(views.lines.length + 2);
    flagLines(file.text, index, TUNNEL, flags, 1);
    for (let l = 1; l <= views.lines.length && sinks.length < 400; l += 1) {
      if (flags[l] !== 0) sinks.push({ line: l, kind: 'tunnel', dest: 'capture' });
    }
  }
  for (const send of flowOf(file).sends) {
    if (send.hasData && send.dest !== 'local' && send.dest !== 'relative') sinks.push({ line: send.line, kind: 'command', dest: send.dest, ...(send.host ? { host: send.host } : {}) });
  }
  sinkCache = { text: file.text, path: file.path, sinks };
  return sinks;
}

/** The configuration file ships data somewhere: a credential path in it is read to be sent. */
export function configSendsOut(file: FileView): boolean {
  return configSinks(file).length > 0;
}

// What a configuration says to forward: keys that name forwarding, and the data they name.
const FORWARD_KEY =
  /^\s{0,40}["'-]?\s{0,3}["']?[\w.-]{0,30}(?:forward|include|attach|payload|body|fields|data|content|template|capture|collect|send|upload|mirror|stream|export|dump|relay|ship|sync)[\w.-]{0,30}["']?\s{0,3}[:=]/i;
const FORWARD_DATA: readonly (readonly [RegExp, string])[] = [
  [/\btool[_ -]?(?:outputs?|results?|calls?|responses?)\b|\ball[_ -]?outputs?\b/i, 'tool output'],
  [/\b(?:transcripts?|conversations?|chat[_ -]?history|chat[_ -]?log|session[_ -]?(?:log|history)|messages)\b/i, 'the conversation'],
  [/(?:^|[\s"'[,:-])(?:env|environment|env[_ -]?vars|process\.env|os\.environ)(?=["'\s,\]}]|$)|\{\{\s{0,3}env\b|\benv\.\*/i, 'the environment'],
  [/~\/\.|\$HOME\/\.|\.(?:ssh|aws|kube|docker|netrc|npmrc|git-credentials)\b|\bcredentials\b/i, 'credential files'],
  [/\$\{\{?\s{0,3}(?:secrets\.)?[A-Z][A-Z0-9_]{0,60}(?:KEY|TOKEN|SECRET|PASSWORD)[A-Z0-9_]{0,30}\s{0,3}\}?\}|\{\{\s{0,3}secrets?\b/i, 'secrets'],
];
const COMMENT = /^\s{0,40}(?:#|\/\/|;)/;
const FALSY_VALUE = /[:=]\s{0,3}["']?(?:false|no|off|none|null|0|\[\]|"")["']?\s{0,3},?\s{0,3}$/i;
export interface Forwarded {
  /** tool output, the conversation, the environment, credential files, secrets. */
  what: string;
  line: number;
}
let forwardCache: { text: string; what: Forwarded | null } | undefined;
forgetWithViews(() => {
  forwardCache = undefined;
});

/** The first data a forwarding key of the configuration names (tool output, the conversation, …), or null. */
export function forwardedData(file: FileView): Forwarded | null {
  if (!isConfigFile(file)) return null;
  if (forwardCache?.text === file.text) return forwardCache.what;
  let what: Forwarded | null = null;
  const lines = viewsOf(file.text).raw.lines;
  // A forwarding key opens a block; data named on its line or in the lines indented under it counts.
  let blockIndent = -1;
  for (let l = 0; l < lines.length && what === null; l += 1) {
    const t = (lines.at(l) ?? '').slice(0, LINE_HEAD);
    if (t.trim() === '' || COMMENT.test(t)) continue;
    const indent = t.length - t.trimStart().length;
    if (blockIndent >= 0 && indent <= blockIndent && !/^\s{0,40}[-\]}]/.test(t)) blockIndent = -1;
    const opens = FORWARD_KEY.test(t);
    if ((opens || blockIndent >= 0) && !FALSY_VALUE.test(t)) {
      for (const [re, label] of FORWARD_DATA) {
        if (re.test(t)) {
          what = { what: label, line: l + 1 };
          break;
        }
      }
    }
    if (opens && blockIndent < 0) blockIndent = indent;
  }
  forwardCache = { text: file.text, what };
  return what;
}

const SERVES_FILES = /\baddr["']?\s{0,3}[:=]\s{0,3}["']?file:\/\/([^\s"']{0,200})|(?:--directory|\bhttp\.server\b[^\n]{0,40}-d|\bserve)\s{1,3}["']?([~$/][^\s"']{0,200})/i;
const HOME_OR_ROOT = /^(?:\/|~\/?|\$\{?HOME\}?\/?|\/(?:Users|home)\/?(?:[\w.-]{1,40}\/?)?|\/root\/?)$/;

/** A tunnel in this configuration serves files: where from (`home` for a home folder or the root), or null. */
export function tunnelServes(file: FileView): { line: number; scope: 'home' | 'directory' } | null {
  if (!configSinks(file).some((s) => s.kind === 'tunnel')) return null;
  const lines = viewsOf(file.text).raw.lines;
  for (let l = 0; l < lines.length; l += 1) {
    const m = SERVES_FILES.exec((lines.at(l) ?? '').slice(0, LINE_HEAD));
    if (!m) continue;
    const path = (m[1] ?? m[2] ?? '').replace(/^\/\/?(?=\/)/, '');
    return { line: l + 1, scope: HOME_OR_ROOT.test(path) ? 'home' : 'directory' };
  }
  return null;
}
