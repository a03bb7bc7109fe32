// Turns resolved calls into CallFacts: the op, constant arguments, shell/unsafe/host/auth details, the
// persistence target, and the taints reaching the data arguments (parameters bound through the file's
// own call sites, one level deep).
import { clip } from '../facts.js';
import type { CallFact, CallOp, Taint } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { classifyPath } from '../paths.js';
import { opOf, TRANSPORT_KWARGS } from './callees.js';
import type { DataArgs, OpSpec } from './callees.js';
import type { CallSite, FileModel, Scope } from './model.js';
import type { NetworkSplit } from './network.js';
import type { Resolver } from './resolve.js';
import { writesMode } from './sources.js';
import type { Flow, Sources } from './sources.js';
import { argAt, callArgs, field, flagSet, isLiteral, line } from './syntax.js';
import type { CallArgs } from './syntax.js';
import type { Taint as TaintEngine } from './taint.js';
import type { Values } from './values.js';

const MAX_FACTS = 2_000;
const MAX_TAINTS = 64;
const MAX_CALLERS = 32;
const MAX_WRITES = 16;

const OPENERS = new Set(['open', 'io.open', 'codecs.open']);
const COPIERS = /^(?:shutil\.(?:copy|copy2|copyfile|move|copytree)|os\.(?:rename|replace|symlink|link))$/;
const PERSIST_COMMAND = /\bcrontab\b(?![\s/]+-[lr]\b)|\blaunchctl\b[\s/]+(?:load|bootstrap|enable)\b|\bsystemctl\b[\s/]+(?:--user[\s/]+)?enable\b/;
const SAFE_YAML = /(?:^|\.)(?:SafeLoader|CSafeLoader|BaseLoader|CBaseLoader)$/;

/** A call of one of this file's functions, with the parameter offset (`self`). */
export interface CallerSite extends CallSite {
  offset: number;
}

export interface SinkContext {
  model: FileModel;
  resolver: Resolver;
  values: Values;
  taint: TaintEngine;
  network: NetworkSplit;
  sources: Sources;
  /** Function scope id → the calls of it in this file. */
  callers: Map<number, CallerSite[]>;
}

export function callFacts(ctx: SinkContext): CallFact[] {
  const out: CallFact[] = [];
  const writes = handleWriteCalls(ctx.model);
  for (const site of ctx.model.calls) {
    if (out.length >= MAX_FACTS) break;
    out.push(...new SinkCall(ctx, site, writes).facts());
  }
  return out.slice(0, MAX_FACTS);
}

class SinkCall {
  private readonly args: CallArgs;
  private readonly callee: string | null;
  private readonly method: string | null;
  private readonly receiver: SyntaxNode | null;
  private readonly scope: Scope;

  constructor(
    private readonly ctx: SinkContext,
    private readonly site: CallSite,
    private readonly writes: ReadonlyMap<string, CallSite[]>,
  ) {
    const fn = field(site.node, 'function');
    this.args = callArgs(site.node);
    this.callee = ctx.resolver.callee(site.node);
    this.method = fn?.type === 'attribute' ? (field(fn, 'attribute')?.text ?? null) : null;
    this.receiver = fn?.type === 'attribute' ? field(fn, 'object') : null;
    this.scope = site.scope;
  }

  facts(): CallFact[] {
    const out: CallFact[] = [];
    const spec = opOf(this.callee, this.method);
    if (spec && this.worthRecording(spec)) {
      const fact = this.opFact(spec);
      out.push(fact);
      if (fact.op === 'system' || fact.op === 'process') {
        const command = this.dataNodes(spec.data)[0];
        const target = command ? persistCommand(this.ctx.values.pathText(command, this.scope)) : null;
        if (target) out.push({ ...this.base('persistence_write'), target, taints: fact.taints, constantArgs: fact.constantArgs });
      }
    }
    const persisted = this.persistenceWrite();
    if (persisted) out.push(persisted);
    return out;
  }

  /** Constant-name imports only resolve; constant SQL strings are parametrised or fixed queries. */
  private worthRecording(spec: OpSpec): boolean {
    const first = this.dataNodes(spec.data)[0];
    if (spec.op === 'dynamic_import') return first !== undefined && this.ctx.values.fold(first, this.scope) === null;
    if (spec.op === 'sql') return first !== undefined && !isLiteral(first);
    return true;
  }

  private base(op: CallOp): CallFact {
    const n = this.site.node;
    const callee = this.callee ?? clip(field(n, 'function')?.text ?? '', 80);
    return { op, callee, line: line(n), column: n.startPosition.column, text: clip(n.text, 160), constantArgs: true, taints: [] };
  }

  private dataNodes(data: DataArgs): SyntaxNode[] {
    const a = this.args;
    if (data.pick === 'positional') return a.positional;
    if (data.pick === 'all') return [...a.positional, ...[...a.keyword].filter(([k]) => !TRANSPORT_KWARGS.has(k)).map(([, v]) => v), ...a.splats];
    const first = a.positional[0] ?? data.names.map((k) => a.keyword.get(k)).find((v) => v !== undefined);
    return first ? [first] : [];
  }

  private opFact(spec: OpSpec): CallFact {
    const nodes = this.dataNodes(spec.data);
    const shellFlag = spec.op === 'process' && flagSet(this.args, 'shell');
    const fact = this.base(shellFlag ? 'system' : spec.op);
    fact.constantArgs = nodes.every((n) => isLiteral(n)) && (spec.data.pick !== 'all' || this.args.splats.length === 0);
    if (fact.op === 'process' || fact.op === 'system') fact.shell = shellFlag || spec.shell === true;
    if (fact.op === 'deserialize') fact.unsafe = this.unsafe();
    if (fact.op === 'network') {
      const split = this.ctx.network.split(this.args, this.scope, this.receiver);
      const auth = this.bind(split.auth);
      const other = this.bind(split.other);
      const secret = (f: Flow): boolean => f.kind === 'env' || f.kind === 'credential_file';
      fact.taints = toTaints([...auth, ...other]);
      fact.authHeaderOnly = auth.some(secret) && !other.some(secret);
      const host = this.callee ? this.ctx.network.host(this.callee, this.args, this.scope, this.receiver) : undefined;
      if (host) fact.host = host;
      return fact;
    }
    fact.taints = toTaints(this.bind(nodes.flatMap((n) => this.ctx.taint.evaluate(n, this.scope))));
    return fact;
  }

  private unsafe(): boolean {
    const c = this.callee ?? '';
    if (/^yaml\.load(?:_all)?$/.test(c)) {
      const loader = argAt(this.args, 1, 'Loader');
      return !(loader && SAFE_YAML.test(loader.text.trim()));
    }
    if (c === 'torch.load') return this.args.keyword.get('weights_only')?.text !== 'True';
    if (c === 'numpy.load') return flagSet(this.args, 'allow_pickle');
    return true;
  }

  /** `open(path, 'w')`, `Path(p).open('a')`, `Path.write_text`, `shutil.copy(src, dst)` into a start-up or agent-config location. */
  private persistenceWrite(): CallFact | null {
    const c = this.callee;
    const v = this.ctx.values;
    let path: SyntaxNode | null | undefined;
    let data: SyntaxNode | undefined;
    let handle = false;
    if (c !== null && OPENERS.has(c)) {
      const mode = argAt(this.args, 1, 'mode');
      if (!writesMode(mode ? v.fold(mode, this.scope) : null)) return null;
      path = argAt(this.args, 0, 'file');
      handle = true;
    } else if ((this.method === 'write_text' || this.method === 'write_bytes') && this.receiver) {
      path = this.receiver;
      data = argAt(this.args, 0, 'data');
    } else if (this.method === 'open' && this.receiver && (c === null || c === 'pathlib.Path.open')) {
      const mode = argAt(this.args, 0, 'mode');
      if (!writesMode(mode ? v.fold(mode, this.scope) : null)) return null;
      path = this.receiver;
      handle = true;
    } else if (c !== null && COPIERS.test(c)) {
      path = argAt(this.args, 1, 'dst');
      data = argAt(this.args, 0, 'src');
    }
    if (!path) return null;
    const target = v.pathText(path, this.scope);
    if (classifyPath(target) !== 'persistence') return null;
    const fact = this.base('persistence_write');
    fact.target = clip(target, 120);
    // Only a persistence target is worth finding the handle's writes for (a scan over the file's calls).
    const written = handle ? this.handleWrites() : data ? [data] : [];
    fact.constantArgs = written.every((d) => isLiteral(d));
    fact.taints = toTaints(this.bind(written.flatMap((d) => this.ctx.taint.evaluate(d, this.scope))));
    return fact;
  }

  /** What is written through the handle `open()` or `Path.open()` returns: `open(p).write(x)`, `with open(p) as f: f.write(x)`, `f = open(p)`. */
  private handleWrites(): SyntaxNode[] {
    const n = this.site.node;
    const parent = n.parent;
    if (parent?.type === 'attribute' && /^write(?:lines)?$/.test(field(parent, 'attribute')?.text ?? '')) {
      const arg = parent.parent?.type === 'call' ? callArgs(parent.parent).positional[0] : undefined;
      return arg ? [arg] : [];
    }
    const target =
      parent?.type === 'as_pattern' ? field(parent, 'alias')?.namedChildren[0] :
      parent?.type === 'assignment' ? field(parent, 'left') : undefined;
    if (target?.type !== 'identifier') return [];
    const out: SyntaxNode[] = [];
    for (const site of this.writes.get(target.text) ?? []) {
      if (out.length >= MAX_WRITES) break;
      const arg = site.scope === this.scope ? callArgs(site.node).positional[0] : undefined;
      if (arg) out.push(arg);
    }
    return out;
  }

  /**
   * Replaces parameter flows with what this file's callers pass for them. An environment read named by a
   * parameter becomes what the callers' names make it; with no caller here, or a name still not
   * constant one level up, it stays an environment source.
   */
  private bind(flows: Flow[]): Flow[] {
    const out: Flow[] = [];
    for (const f of flows) {
      if (f.kind !== 'param') {
        out.push(f);
        continue;
      }
      const sites = (this.ctx.callers.get(f.fn ?? -1) ?? []).slice(0, MAX_CALLERS);
      if (f.env && sites.length === 0) out.push(unresolvedEnv(f));
      for (const site of sites) {
        const args = callArgs(site.node);
        const arg = args.positional[(f.index ?? 0) - site.offset] ?? (f.name ? args.keyword.get(f.name) : undefined);
        const bound = f.env ? this.ctx.sources.envNamed(arg, site.scope, site.node).flows : arg ? this.ctx.taint.evaluate(arg, site.scope) : [];
        for (const g of bound) {
          if (g.kind !== 'param') out.push({ ...g, via: true });
          else if (g.env) out.push(unresolvedEnv(g));
        }
      }
    }
    return out;
  }
}

/** An environment read whose name is still a parameter: a computed name, so a source. */
function unresolvedEnv(f: Flow): Flow {
  return { kind: 'env', line: f.line, text: f.text, via: f.via };
}

/** `name.write(…)` / `name.writelines(…)` calls by receiver name. */
function handleWriteCalls(model: FileModel): Map<string, CallSite[]> {
  const out = new Map<string, CallSite[]>();
  for (const site of model.calls) {
    const fn = field(site.node, 'function');
    const recv = fn?.type === 'attribute' ? field(fn, 'object') : null;
    if (recv?.type !== 'identifier' || !/^write(?:lines)?$/.test(field(fn as SyntaxNode, 'attribute')?.text ?? '')) continue;
    let list = out.get(recv.text);
    if (!list) out.set(recv.text, (list = []));
    list.push(site);
  }
  return out;
}

/** The persistence mechanism a command installs, if any. */
function persistCommand(text: string): string | null {
  const m = PERSIST_COMMAND.exec(text);
  if (!m) return null;
  return m[0].startsWith('crontab') ? 'crontab' : m[0].startsWith('launchctl') ? 'launchd' : 'systemd';
}

/** Public taints: parameters dropped, deduplicated by kind and line (a direct path wins), capped. */
export function toTaints(flows: Flow[]): Taint[] {
  const out = new Map<string, Taint>();
  for (const f of flows) {
    if (f.kind === 'param') continue;
    const key = `${f.kind}:${f.line}`;
    const old = out.get(key);
    if (!old) {
      if (out.size < MAX_TAINTS) out.set(key, { kind: f.kind, line: f.line, text: f.text, viaVariable: f.via });
    } else if (old.viaVariable && !f.via) old.viaVariable = false;
  }
  return [...out.values()];
}
