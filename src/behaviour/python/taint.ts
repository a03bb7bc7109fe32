// Flow-insensitive taint over a file's scopes: a variable holds every flow any of its assignments can
// carry. A worklist re-evaluates an assignment when a variable it reads grows, so chains of any length
// settle in linear work; every expression walk uses an explicit stack and a node budget.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { opOf } from './callees.js';
import { RETURN, varKey } from './model.js';
import type { FileModel, Scope } from './model.js';
import type { Resolver } from './resolve.js';
import type { Flow, Sources } from './sources.js';
import { callArgs, field, kids } from './syntax.js';

/** Flows one variable keeps. */
const MAX_FLOWS = 64;
/** Nodes one expression evaluation visits. */
const MAX_EVAL_NODES = 20_000;
/** Assignment evaluations the fixpoint may spend on one file. */
const MAX_STEPS = 400_000;
/** Nodes all evaluations of one file may visit together: past it, evaluations return what they have. */
const MAX_FILE_NODES = 6_000_000;

/** Calls whose result carries no data of their arguments (lengths, booleans, numbers, shell quoting). */
const OPAQUE = new Set([
  'len', 'bool', 'int', 'float', 'isinstance', 'issubclass', 'hasattr', 'callable', 'id', 'hash', 'type', 'print',
  'os.path.exists', 'os.path.isfile', 'os.path.isdir', 'shlex.quote', 'pipes.quote', 'time.sleep', 'logging.info',
]);
const OPAQUE_METHODS = new Set([
  'startswith', 'endswith', 'isdigit', 'isalnum', 'isalpha', 'isnumeric', 'isdecimal', 'count', 'find', 'rfind',
  'index', 'exists', 'is_file', 'is_dir', 'debug', 'info', 'warning', 'error',
]);
/** Node types whose value carries none of their children's data. */
const STOP = new Set(['lambda', 'comparison_operator', 'not_operator', 'string_start', 'string_end', 'string_content', 'comment']);

export function flowKey(f: Flow): string {
  if (f.kind !== 'param') return `${f.kind}:${f.line}`;
  return `${f.env ? 'env-param' : 'param'}:${f.fn}:${f.index}`;
}

interface Item {
  n: SyntaxNode;
  via: boolean;
}

export class Taint {
  private readonly vars = new Map<string, Map<string, Flow>>();
  private readonly readers = new Map<string, Set<number>>();
  private budget = MAX_FILE_NODES;

  constructor(
    private readonly model: FileModel,
    private readonly resolver: Resolver,
    private readonly sources: Sources,
  ) {}

  /** Seeds parameters and runs the worklist to a fixpoint (or the step budget). */
  run(): void {
    for (const scope of this.model.scopes) {
      scope.params.forEach((name, index) => {
        // A method's instance parameter is not data a caller hands over.
        if (scope.method && index === 0) return;
        this.add(varKey(scope, name), [{ kind: 'param', fn: scope.id, index, name, line: 0, text: name, via: true }]);
      });
    }
    const all = this.model.assignments;
    const queue: number[] = all.map((_a, i) => i);
    const queued = new Uint8Array(all.length).fill(1);
    for (let head = 0; head < queue.length && head < MAX_STEPS; head++) {
      const i = queue[head] as number;
      queued[i] = 0;
      const a = all[i];
      if (!a) continue;
      const deps = new Set<string>();
      const flows = this.evaluate(a.rhs, a.scope, deps);
      for (const d of deps) {
        let set = this.readers.get(d);
        if (!set) this.readers.set(d, (set = new Set()));
        set.add(i);
      }
      if (!this.add(a.target, flows)) continue;
      for (const r of this.readers.get(a.target) ?? []) {
        if (!queued[r]) {
          queued[r] = 1;
          queue.push(r);
        }
      }
    }
  }

  /** The flows a variable slot holds. */
  flowsOf(key: string): Flow[] {
    return [...(this.vars.get(key)?.values() ?? [])];
  }

  private add(key: string, flows: Flow[]): boolean {
    let map = this.vars.get(key);
    if (!map) this.vars.set(key, (map = new Map()));
    let grew = false;
    for (const f of flows) {
      if (map.size >= MAX_FLOWS) break;
      const k = flowKey(f);
      if (!map.has(k)) {
        map.set(k, f);
        grew = true;
      }
    }
    return grew;
  }

  /** The flows an expression carries in `scope`; `deps` collects the variable slots it read. */
  evaluate(root: SyntaxNode, scope: Scope, deps?: Set<string>): Flow[] {
    const out = new Map<string, Flow>();
    const put = (f: Flow, via: boolean): void => {
      const v: Flow = { ...f, via: f.via || via };
      const k = flowKey(v);
      const old = out.get(k);
      if (!old || (old.via && !v.via)) out.set(k, v);
    };
    const read = (key: string | null): void => {
      if (key === null) return;
      deps?.add(key);
      for (const f of this.vars.get(key)?.values() ?? []) put(f, true);
    };
    const stack: Item[] = [{ n: root, via: false }];
    for (let visited = 0; stack.length > 0 && visited < MAX_EVAL_NODES && out.size < MAX_FLOWS && this.budget > 0; visited++) {
      this.budget--;
      const { n, via } = stack.pop() as Item;
      const hit = this.sources.at(n, scope);
      if (hit) {
        for (const f of hit.flows) put(f, via);
        for (const d of hit.descend) stack.push({ n: d, via });
        continue;
      }
      const slot = n.type === 'identifier' || n.type === 'attribute' ? this.model.slotOf(n, scope) : null;
      if (slot !== null || n.type === 'identifier') read(slot);
      else if (n.type === 'call') this.pushCall(n, scope, via, stack, put, deps);
      else for (const c of this.children(n)) stack.push({ n: c, via });
    }
    return [...out.values()];
  }

  /** Children whose data flows into the node's value. */
  private children(n: SyntaxNode): SyntaxNode[] {
    if (STOP.has(n.type)) return [];
    switch (n.type) {
      case 'attribute':
        return [field(n, 'object')].filter((c): c is SyntaxNode => c !== null);
      case 'subscript':
        return [field(n, 'value')].filter((c): c is SyntaxNode => c !== null);
      case 'keyword_argument':
      case 'pair':
        return [field(n, 'value')].filter((c): c is SyntaxNode => c !== null);
      case 'conditional_expression': {
        const [a, , b] = kids(n);
        return [a, b].filter((c): c is SyntaxNode => c !== undefined);
      }
      case 'if_clause':
        return [];
      default:
        return kids(n);
    }
  }

  private pushCall(
    n: SyntaxNode, scope: Scope, via: boolean, stack: Item[], put: (f: Flow, via: boolean) => void, deps?: Set<string>,
  ): void {
    const fn = field(n, 'function');
    const args = callArgs(n);
    const targets = this.localTargets(fn);
    for (const { scope: callee, offset } of targets) {
      // A call of a function defined here carries what its return carries, with parameters bound to the arguments.
      const ret = varKey(callee, RETURN);
      deps?.add(ret);
      for (const f of this.vars.get(ret)?.values() ?? []) {
        if (f.kind === 'param' && f.fn === callee.id && f.index !== undefined) {
          const arg = args.positional[f.index - offset] ?? (f.name ? args.keyword.get(f.name) : undefined);
          if (f.env) for (const g of this.sources.envNamed(arg, scope, n).flows) put(g, true);
          else if (arg) stack.push({ n: arg, via: true });
        } else put(f, true);
      }
    }
    if (targets.length > 0) return;
    const callee = this.resolver.callee(n);
    const method = fn?.type === 'attribute' ? (field(fn, 'attribute')?.text ?? null) : null;
    if (callee !== null && (OPAQUE.has(callee) || opOf(callee, null) !== null)) return;
    if (method !== null && OPAQUE_METHODS.has(method)) return;
    if (fn?.type === 'attribute') {
      const recv = field(fn, 'object');
      if (recv) stack.push({ n: recv, via });
    }
    for (const a of [...args.positional, ...args.keyword.values(), ...args.splats]) stack.push({ n: a, via });
  }

  /** Functions of this file a call's callee names: `f(...)` or `self.m(...)` (offset 1 skips `self`). */
  localTargets(fn: SyntaxNode | null): { scope: Scope; offset: number }[] {
    if (!fn) return [];
    if (fn.type === 'identifier') {
      if (this.resolver.aliases.has(fn.text)) return [];
      return (this.model.functions.get(fn.text) ?? []).filter((s) => !s.method).map((scope) => ({ scope, offset: 0 }));
    }
    if (fn.type === 'attribute' && /^(?:self|cls)$/.test(field(fn, 'object')?.text ?? '')) {
      const name = field(fn, 'attribute')?.text ?? '';
      return (this.model.functions.get(name) ?? []).filter((s) => s.method).map((scope) => ({ scope, offset: 1 }));
    }
    return [];
  }
}
