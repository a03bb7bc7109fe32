// Reads the package or image operand of launcher commands (npx, uvx, pip install, docker run/pull/create)
// and decides whether it is pinned to one exact release.

export type Launcher = 'npx' | 'uvx' | 'pip' | 'docker';

export interface Unpinned {
  launcher: Launcher;
  /** The operand as written (package spec or image). */
  operand: string;
  /** Start offset of the command within the scanned line. */
  column: number;
  matched: string;
}

const OPERATORS = new Set(['&&', '||', '|', ';', '>', '>>', '<', '&', '\\']);
// Prose after "npx"/"pip": "use npx to run", "pip install is slow".
const PROSE = new Set([
  'to', 'the', 'a', 'an', 'and', 'or', 'is', 'are', 'for', 'with', 'will', 'can', 'command', 'commands', 'package', 'packages', 'instead', 'if', 'when', 'as', 'in', 'on', 'it', 'its', 'of', 'from', 'first', 'then', 'via',
  'not', 'no', 'was', 'were', 'has', 'had', 'be', 'by', 'but', 'so', 'that', 'this', 'these', 'those', 'which', 'only', 'also', 'itself', 'here', 'there', 'now', 'still', 'cache', 'version', 'versions', 'flag', 'flags', 'error', 'errors', 'found', 'works', 'runs', 'calls', 'should', 'would', 'could', 'may', 'might', 'must', 'does', 'do', 'did',
]);

function clean(token: string): string {
  return token.replace(/^[`'"([]+/, '').replace(/[`'",;)\]:.]+$/, '');
}

/** Whitespace-separated words up to the end of the command (shell operator or closing backtick). */
export function words(rest: string): string[] {
  const out: string[] = [];
  for (const raw of rest.slice(0, 512).split(/[ \t]+/)) {
    if (raw === '') continue;
    if (OPERATORS.has(raw)) break;
    const w = clean(raw);
    if (w !== '') out.push(w);
    if (/[`;|]$|^#/.test(raw) || out.length >= 64) break;
  }
  return out;
}

const EXACT_SEMVER = /^v?\d+\.\d+\.\d+(?:[-+][\w.-]{1,64})?$/;
const NPM_NAME = /^(?:@[a-z0-9][\w.~-]{0,100}\/)?[a-z0-9][\w.~-]{0,213}$/i;

function npmPinned(spec: string): { name: string; pinned: boolean } | null {
  const at = spec.lastIndexOf('@');
  const name = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : '';
  if (!NPM_NAME.test(name)) return null;
  return { name, pinned: EXACT_SEMVER.test(version) };
}

function isPathLike(w: string): boolean {
  return /^(?:\.{0,2}\/|~|\$|[a-z]:\\|[a-z][\w+.-]*:\/\/|git\+)/i.test(w) || /\.(?:whl|tar\.gz|zip|tgz|js|py|ts|json|toml|txt)$/i.test(w);
}

function optionValue(words: string[], i: number, takesValue: ReadonlySet<string>): { skip: number; value?: string } {
  const w = words[i] ?? '';
  const eq = w.indexOf('=');
  if (w.startsWith('--') && eq !== -1) return { skip: 1, value: w.slice(eq + 1) };
  if (takesValue.has(w)) return { skip: 2, value: words[i + 1] };
  return { skip: 1 };
}

const NPX_VALUE = new Set(['-p', '--package', '-c', '--call', '--cache', '--registry', '--userconfig', '-w', '--workspace']);

export function npxOperand(ws: string[]): { operand: string; pinned: boolean } | null {
  for (let i = 0; i < ws.length; ) {
    const w = ws[i] ?? '';
    if (w.startsWith('-')) {
      const o = optionValue(ws, i, NPX_VALUE);
      if ((w === '-p' || w.startsWith('--package')) && o.value) {
        const p = npmPinned(o.value);
        return p ? { operand: o.value, pinned: p.pinned } : null;
      }
      i += o.skip;
      continue;
    }
    if (PROSE.has(w.toLowerCase()) || isPathLike(w)) return null;
    const p = npmPinned(w);
    return p ? { operand: w, pinned: p.pinned } : null;
  }
  return null;
}

const PY_NAME = /^[a-z0-9][\w.-]{0,200}(?:\[[\w,.\s-]{1,200}\])?/i;

function pyPinned(spec: string): { name: string; pinned: boolean } | null {
  const m = PY_NAME.exec(spec);
  if (!m) return null;
  const rest = spec.slice(m[0].length);
  if (rest !== '' && !/^(?:[=<>!~@]|;)/.test(rest)) return null;
  return { name: m[0], pinned: /^===?\s*[\w.+!-]+$/.test(rest) || /^@\s*\d+\.\d+/.test(rest) };
}

const UVX_VALUE = new Set(['--from', '--with', '-w', '--python', '-p', '--index', '--index-url', '--extra-index-url', '--with-requirements']);

export function uvxOperand(ws: string[]): { operand: string; pinned: boolean } | null {
  for (let i = 0; i < ws.length; ) {
    const w = ws[i] ?? '';
    if (w.startsWith('-')) {
      const o = optionValue(ws, i, UVX_VALUE);
      if (w.startsWith('--from') && o.value) {
        const p = pyPinned(o.value);
        return p ? { operand: o.value, pinned: p.pinned } : null;
      }
      i += o.skip;
      continue;
    }
    if (PROSE.has(w.toLowerCase()) || isPathLike(w)) return null;
    const p = pyPinned(w);
    return p ? { operand: w, pinned: p.pinned } : null;
  }
  return null;
}

const PIP_VALUE = new Set(['-r', '--requirement', '-c', '--constraint', '-e', '--editable', '-i', '--index-url', '--extra-index-url', '-t', '--target', '-f', '--find-links', '--prefix', '--root', '--python', '--platform', '--only-binary', '--no-binary']);
const TOOLING = new Set(['pip', 'setuptools', 'wheel', 'uv', 'pipx']);

/** Unpinned packages of one `pip install` (several may be listed). */
export function pipUnpinned(ws: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < ws.length; ) {
    const w = ws[i] ?? '';
    if (w.startsWith('-')) {
      i += optionValue(ws, i, PIP_VALUE).skip;
      continue;
    }
    i += 1;
    // "pip install is slow": prose, not a command; stop at the first ordinary English word.
    if (PROSE.has(w.toLowerCase())) break;
    if (isPathLike(w)) continue;
    const p = pyPinned(w);
    if (p && !p.pinned && !TOOLING.has(p.name.toLowerCase())) out.push(w);
  }
  return out;
}

const DOCKER_VALUE = new Set([
  '-a', '-c', '-e', '-h', '-l', '-m', '-p', '-u', '-v', '-w', '--add-host', '--attach', '--cap-add', '--cap-drop',
  '--cidfile', '--cpus', '--cpu-shares', '--device', '--dns', '--entrypoint', '--env', '--env-file', '--expose',
  '--gpus', '--group-add', '--health-cmd', '--hostname', '--ip', '--ipc', '--label', '--link', '--log-driver',
  '--log-opt', '--memory', '--mount', '--name', '--network', '--net', '--pid', '--platform', '--publish', '--pull',
  '--restart', '--runtime', '--security-opt', '--shm-size', '--stop-signal', '--tmpfs', '--ulimit', '--user',
  '--userns', '--volume', '--volumes-from', '--workdir',
]);
const SHORT_VALUE = new Set('acehlmpuvw'.split(''));
const FLOATING_TAGS = new Set(['latest', 'stable', 'main', 'master', 'edge', 'nightly', 'dev', 'develop', 'current', 'rolling']);

export function dockerImage(ws: string[]): { operand: string; pinned: boolean } | null {
  for (let i = 0; i < ws.length; ) {
    const w = ws[i] ?? '';
    if (w === '--') {
      i += 1;
      continue;
    }
    if (w.startsWith('--')) {
      i += optionValue(ws, i, DOCKER_VALUE).skip;
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      // Clustered short flags: the first value-taking letter consumes the rest of the word or the next word.
      const letters = w.slice(1);
      const k = [...letters].findIndex((c) => SHORT_VALUE.has(c));
      i += k !== -1 && k === letters.length - 1 ? 2 : 1;
      continue;
    }
    if (PROSE.has(w.toLowerCase()) || w.startsWith('$')) return null;
    if (!/^[a-z0-9][\w.\-/:@]{0,255}$/i.test(w)) return null;
    if (w.includes('@sha256:')) return { operand: w, pinned: true };
    const last = w.slice(w.lastIndexOf('/') + 1);
    const colon = last.indexOf(':');
    const tag = colon === -1 ? '' : last.slice(colon + 1);
    return { operand: w, pinned: tag !== '' && !FLOATING_TAGS.has(tag.toLowerCase()) };
  }
  return null;
}
