// Where untrusted or sensitive data enters a Python file: secret environment reads, credential and other
// file reads, argv/stdin/input(), HTTP responses and socket reads, decoders and computed imports.
import { clip } from '../facts.js';
import type { SourceKind } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { classifyPath, isConversationEnvName, isSecretEnvName } from '../paths.js';
import { isFetch } from './callees.js';
import type { FileModel, Scope } from './model.js';
import type { Resolver } from './resolve.js';
import { argAt, callArgs, field, line, unparen } from './syntax.js';
import type { Values } from './values.js';

/** A taint on its way through the file; `param` stands for a function parameter until a caller binds it. */
export interface Flow {
  kind: SourceKind | 'param';
  line: number;
  text: string;
  via: boolean;
  /** For `param`: the function scope id, parameter index and name. */
  fn?: number;
  index?: number;
  name?: string;
  /**
   * For `param`: not the parameter's data but an environment read named by it (`os.environ.get(name)`),
   * a source only as the callers' names make it (`env("API_KEY")` is, `env("ES_URL")` is not).
   */
  env?: boolean;
}

/** A parameter's own data (not an environment read named by it). */
export function isParamData(f: Flow): boolean {
  return f.kind === 'param' && f.env !== true;
}

/** What a source expression contributes: its flows, and sub-expressions whose taint passes through too. */
export interface SourceHit {
  flows: Flow[];
  descend: SyntaxNode[];
}

const ENV = new Set(['os.environ', 'os.environb']);
const ENV_ATTRS = new Set(['environ', 'environb']);
const SOURCE_ATTRS = new Set(['environ', 'environb', 'argv', 'stdin', 'buffer']);
const ENV_GET = /^os\.(?:getenv|getenvb|environ\.(?:get|setdefault|pop))$/;
const USER = new Set(['sys.argv', 'sys.stdin', 'sys.stdin.buffer']);
const USER_CALLS = new Set(['input', 'raw_input', 'fileinput.input', 'click.prompt', 'typer.prompt', 'getpass.getpass']);
const OPENERS = new Set(['open', 'io.open', 'codecs.open', 'pathlib.Path.open']);
const LISTERS = /^(?:glob\.i?glob|os\.(?:listdir|scandir|walk))$/;
const DECODERS =
  /^(?:base64\.(?:b64decode|b32decode|b32hexdecode|b16decode|a85decode|b85decode|urlsafe_b64decode|decodebytes|decodestring)|binascii\.(?:unhexlify|a2b_hex|a2b_base64)|(?:bytes|bytearray)\.fromhex|(?:zlib|gzip|bz2|lzma)\.decompress)$/;
const CODECS = /^(?:rot_?13|hex|hex_codec|base_?64|base64_codec|zlib|zlib_codec|bz2|bz2_codec|uu)$/i;
const RECV = new Set(['recv', 'recvfrom', 'recv_into', 'recvmsg', 'recv_bytes']);

function flow(kind: SourceKind, node: SyntaxNode): Flow {
  return { kind, line: line(node), text: clip(node.text), via: false };
}

/** Source kind of data read from a path whose constant fragments are `path`. */
export function readKind(path: string): SourceKind {
  const cls = classifyPath(path);
  if (cls === 'credential') return 'credential_file';
  return cls === 'conversation' ? 'conversation' : 'file_read';
}

/** True when an `open` mode writes (`w`, `a`, `x`). */
export function writesMode(mode: string | null): boolean {
  return mode !== null && /[wax]/.test(mode);
}

export class Sources {
  constructor(
    private readonly model: FileModel,
    private readonly resolver: Resolver,
    private readonly values: Values,
    private readonly importedName: (name: string) => string | undefined,
  ) {}

  /** The source a node is, or null for an ordinary expression. An empty hit stops propagation (a non-secret env read). */
  at(node: SyntaxNode, scope: Scope): SourceHit | null {
    switch (node.type) {
      case 'identifier':
        return this.named(this.importedName(node.text) ?? null, node);
      case 'attribute':
        // Resolve only attributes that can end a source name: resolving every link of a long chain is quadratic.
        return SOURCE_ATTRS.has(field(node, 'attribute')?.text ?? '') ? this.named(this.resolver.resolve(node), node) : null;
      case 'subscript': {
        const value = field(node, 'value');
        const key = field(node, 'subscript');
        const last = value?.type === 'attribute' ? field(value, 'attribute')?.text : value?.text;
        if (!value || !last || !ENV_ATTRS.has(last) && value.type !== 'identifier') return null;
        if (!ENV.has(this.resolver.resolve(value) ?? '')) return null;
        return this.envNamed(key ?? undefined, scope, node);
      }
      case 'call':
        return this.call(node, scope);
      default:
        return null;
    }
  }

  private named(name: string | null, node: SyntaxNode): SourceHit | null {
    if (name === null) return null;
    if (ENV.has(name)) return { flows: [flow('env', node)], descend: [] };
    if (USER.has(name)) return { flows: [flow('user_input', node)], descend: [] };
    return null;
  }

  /**
   * An environment read (at `node`) by the name `nameNode` evaluates to in `scope`: a source as the constant
   * name(s) classify, a parameter-named read when the name is a parameter, else (a computed name) a source.
   */
  envNamed(nameNode: SyntaxNode | undefined, scope: Scope, node: SyntaxNode): SourceHit {
    const names = nameNode ? this.values.names(nameNode, scope) : null;
    if (names !== null) {
      const flows: Flow[] = [];
      if (names.some((n) => isSecretEnvName(n))) flows.push(flow('env', node));
      if (names.some((n) => isConversationEnvName(n))) flows.push(flow('conversation', node));
      return { flows, descend: [] };
    }
    const param = nameNode ? this.model.paramOf(unparen(nameNode), scope) : null;
    if (param && nameNode) {
      const read: Flow = { ...flow('env', node), kind: 'param', fn: param.scope.id, index: param.index, name: nameNode.text, env: true };
      return { flows: [read], descend: [] };
    }
    return { flows: [flow('env', node)], descend: [] };
  }

  private call(node: SyntaxNode, scope: Scope): SourceHit | null {
    const callee = this.resolver.callee(node);
    const fn = field(node, 'function');
    const method = fn?.type === 'attribute' ? (field(fn, 'attribute')?.text ?? null) : null;
    const receiver = fn?.type === 'attribute' ? field(fn, 'object') : null;
    const args = callArgs(node);
    const file = this.fileRead(callee, method, receiver, node, scope);
    if (file) return file;
    if (callee !== null) {
      if (USER_CALLS.has(callee)) return { flows: [flow('user_input', node)], descend: [] };
      if (ENV_GET.test(callee)) {
        return this.envNamed(args.positional[0] ?? args.keyword.get('key'), scope, node);
      }
      if (isFetch(callee)) return { flows: [flow('network_input', node)], descend: [] };
      const decoded = this.decoded(callee, node, scope);
      if (decoded) return decoded;
      if (callee === '__import__' || callee === 'importlib.import_module') {
        const name = args.positional[0];
        const constant = name ? this.values.fold(name, scope) !== null : true;
        return { flows: constant ? [] : [flow('dynamic_import', node)], descend: [] };
      }
    }
    if (method === 'parse_args' || method === 'parse_known_args') return { flows: [flow('user_input', node)], descend: [] };
    if (method !== null && RECV.has(method)) return { flows: [flow('network_input', node)], descend: [] };
    if ((method === 'read_text' || method === 'read_bytes') && receiver) {
      return { flows: [flow(readKind(this.values.pathText(receiver, scope)), node)], descend: [] };
    }
    return null;
  }

  private fileRead(callee: string | null, method: string | null, receiver: SyntaxNode | null, node: SyntaxNode, scope: Scope): SourceHit | null {
    const args = callArgs(node);
    // `Path(...).open()`, or `.open()` on a value the resolver cannot name (a path variable).
    const pathOpen = method === 'open' && receiver !== null && (callee === null || callee === 'pathlib.Path.open');
    if (pathOpen || (callee !== null && OPENERS.has(callee))) {
      const pathNode = pathOpen ? receiver : argAt(args, 0, 'file');
      const modeNode = pathOpen ? argAt(args, 0, 'mode') : argAt(args, 1, 'mode');
      if (writesMode(modeNode ? this.values.fold(modeNode, scope) : null)) return { flows: [], descend: [] };
      return { flows: [flow(readKind(pathNode ? this.values.pathText(pathNode, scope) : ''), node)], descend: [] };
    }
    if (callee === 'dotenv.dotenv_values') return { flows: [flow('credential_file', node)], descend: [] };
    if ((callee !== null && LISTERS.test(callee)) || ((method === 'glob' || method === 'rglob') && receiver)) {
      const target = callee !== null && LISTERS.test(callee) ? args.positional[0] : receiver;
      const kind = target ? readKind(`${this.values.pathText(target, scope)}/${method === null ? '' : (args.positional[0]?.text ?? '')}`) : 'file_read';
      // A listing yields names, not contents: only credential and conversation stores matter.
      return { flows: kind === 'file_read' ? [] : [flow(kind, node)], descend: [] };
    }
    return null;
  }

  private decoded(callee: string, node: SyntaxNode, scope: Scope): SourceHit | null {
    const args = callArgs(node);
    const first = args.positional[0];
    if (DECODERS.test(callee)) return { flows: [flow('decoded', node)], descend: first ? [first] : [] };
    if (callee === 'codecs.decode' && first) {
      const enc = argAt(args, 1, 'encoding');
      const name = enc ? this.values.fold(unparen(enc), scope) : null;
      if (name !== null && CODECS.test(name)) return { flows: [flow('decoded', node)], descend: [first] };
    }
    return null;
  }
}
