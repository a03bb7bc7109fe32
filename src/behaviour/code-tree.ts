// A plain-JavaScript copy of a tree-sitter tree, made in one cursor pass. Every property read on a WASM
// node crosses into WASM and allocates (a cursor walk alone cost more than the parse); the extractors read
// each node many times, so they read this copy instead: the same subset of the node API, at JS speed.
import type { Tree } from '@vscode/tree-sitter-wasm';

interface LanguageInfo {
  types: readonly string[];
  fields: readonly (string | null)[];
  nodeTypeIsNamed(typeId: number): boolean;
}

/** A syntax node: the part of tree-sitter's Node API the extractors use. */
export class CodeNode {
  readonly children: CodeNode[] = [];
  /** Field id under the parent (0 = none). */
  fieldId = 0;
  /** Position among the parent's children. */
  index = 0;
  private named: CodeNode[] | undefined;
  private start: { row: number; column: number } | undefined;

  constructor(
    private readonly tree: CodeTree,
    readonly id: number,
    readonly type: string,
    readonly isNamed: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
    readonly parent: CodeNode | null,
  ) {}

  get text(): string {
    return this.tree.source.slice(this.startIndex, this.endIndex);
  }

  get startPosition(): { row: number; column: number } {
    return (this.start ??= this.tree.position(this.startIndex));
  }

  get endPosition(): { row: number; column: number } {
    return this.tree.position(this.endIndex);
  }

  get childCount(): number {
    return this.children.length;
  }

  get namedChildren(): CodeNode[] {
    return (this.named ??= this.children.filter((c) => c.isNamed));
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  child(i: number): CodeNode | null {
    return this.children[i] ?? null;
  }

  namedChild(i: number): CodeNode | null {
    return this.namedChildren[i] ?? null;
  }

  get firstChild(): CodeNode | null {
    return this.children[0] ?? null;
  }

  get lastChild(): CodeNode | null {
    return this.children[this.children.length - 1] ?? null;
  }

  get firstNamedChild(): CodeNode | null {
    return this.namedChildren[0] ?? null;
  }

  get lastNamedChild(): CodeNode | null {
    const n = this.namedChildren;
    return n[n.length - 1] ?? null;
  }

  get nextSibling(): CodeNode | null {
    return this.sibling(1, false);
  }

  get previousSibling(): CodeNode | null {
    return this.sibling(-1, false);
  }

  get nextNamedSibling(): CodeNode | null {
    return this.sibling(1, true);
  }

  get previousNamedSibling(): CodeNode | null {
    return this.sibling(-1, true);
  }

  private sibling(step: 1 | -1, named: boolean): CodeNode | null {
    const list = this.parent?.children;
    if (!list) return null;
    for (let i = this.index + step; i >= 0 && i < list.length; i += step) {
      const s = list[i] as CodeNode;
      if (!named || s.isNamed) return s;
    }
    return null;
  }

  childForFieldName(name: string): CodeNode | null {
    const id = this.tree.fieldId(name);
    if (id === 0) return null;
    for (const c of this.children) if (c.fieldId === id) return c;
    return null;
  }

  childrenForFieldName(name: string): CodeNode[] {
    const id = this.tree.fieldId(name);
    return id === 0 ? [] : this.children.filter((c) => c.fieldId === id);
  }

  fieldNameForChild(i: number): string | null {
    const c = this.children[i];
    return c && c.fieldId !== 0 ? this.tree.fieldName(c.fieldId) : null;
  }

  /** A cursor over this subtree (same moves as tree-sitter's TreeCursor). */
  walk(): CodeCursor {
    return new CodeCursor(this);
  }

  /** S-expression of the named nodes with field names, as tree-sitter prints it (for debugging and tests). */
  toString(): string {
    const parts: string[] = [];
    const stack: (CodeNode | ')')[] = [this];
    while (stack.length > 0) {
      const n = stack.pop() as CodeNode | ')';
      if (n === ')') {
        parts.push(')');
        continue;
      }
      const field = n.fieldId !== 0 && n !== this ? `${this.tree.fieldName(n.fieldId)}: ` : '';
      parts.push(`${parts.length > 0 ? ' ' : ''}${field}(${n.type}`);
      stack.push(')');
      for (let i = n.namedChildren.length - 1; i >= 0; i--) stack.push(n.namedChildren[i] as CodeNode);
    }
    return parts.join('');
  }
}

export class CodeCursor {
  private node: CodeNode;

  constructor(private readonly root: CodeNode) {
    this.node = root;
  }

  get currentNode(): CodeNode {
    return this.node;
  }

  get nodeType(): string {
    return this.node.type;
  }

  get nodeIsNamed(): boolean {
    return this.node.isNamed;
  }

  gotoFirstChild(): boolean {
    const c = this.node.children[0];
    if (!c) return false;
    this.node = c;
    return true;
  }

  gotoNextSibling(): boolean {
    if (this.node === this.root) return false;
    const s = this.node.nextSibling;
    if (!s) return false;
    this.node = s;
    return true;
  }

  gotoParent(): boolean {
    if (this.node === this.root || !this.node.parent) return false;
    this.node = this.node.parent;
    return true;
  }

  delete(): void {
    // Nothing to free: the copy is plain JavaScript.
  }
}

/** Thrown when copying a tree outlasts its budget (hostile inputs with millions of nodes). */
export class CopyBudgetExceeded extends Error {
  constructor(readonly elapsedMs: number, readonly limitMs: number) {
    super(`copying the syntax tree exceeded its ${limitMs} ms budget`);
  }
}

export interface CopyBudget {
  timeMs: number;
  clock: () => number;
}

/** The copied tree: its root, the source text and the grammar's field names. */
export class CodeTree {
  readonly rootNode: CodeNode;
  private lineStarts: number[] | undefined;
  private readonly fieldIds = new Map<string, number>();

  constructor(tree: Tree, readonly source: string, budget?: CopyBudget) {
    const started = budget?.clock() ?? 0;
    const language = (tree as unknown as { language: LanguageInfo }).language;
    this.fields = language.fields;
    language.fields.forEach((name, id) => {
      if (name) this.fieldIds.set(name, id);
    });
    const namedById = new Map<number, boolean>();
    const cursor = tree.walk();
    try {
      const make = (parent: CodeNode | null, id: number): CodeNode => {
        const typeId = cursor.nodeTypeId;
        let named = namedById.get(typeId);
        if (named === undefined) namedById.set(typeId, (named = language.nodeTypeIsNamed(typeId)));
        const type = language.types[typeId] ?? 'ERROR';
        const start = cursor.startIndex;
        // A token's text is usually its type (`(`, `def`, `+`): then its end needs no WASM call.
        const end = !named && type.length > 0 && source.startsWith(type, start) ? start + type.length : cursor.endIndex;
        const node = new CodeNode(this, id, type, named, start, end, parent);
        node.fieldId = cursor.currentFieldId;
        return node;
      };
      let count = 0;
      this.rootNode = make(null, count++);
      // Iterative pre-order copy: hostile code can nest tens of thousands of levels.
      let current = this.rootNode;
      for (;;) {
        if (budget && (count & 4095) === 0 && budget.clock() - started > budget.timeMs) {
          throw new CopyBudgetExceeded(budget.clock() - started, budget.timeMs);
        }
        // Anonymous nodes are tokens (leaves): asking for their children is a WASM call for nothing.
        if (current.isNamed && cursor.gotoFirstChild()) {
          const child = make(current, count++);
          child.index = current.children.length;
          current.children.push(child);
          current = child;
          continue;
        }
        let done = false;
        while (!cursor.gotoNextSibling()) {
          if (!cursor.gotoParent() || current.parent === null) {
            done = true;
            break;
          }
          current = current.parent;
        }
        if (done) break;
        const parent = current.parent as CodeNode;
        const sibling = make(parent, count++);
        sibling.index = parent.children.length;
        parent.children.push(sibling);
        current = sibling;
      }
    } finally {
      cursor.delete();
    }
  }

  private readonly fields: readonly (string | null)[];

  fieldId(name: string): number {
    return this.fieldIds.get(name) ?? 0;
  }

  fieldName(id: number): string | null {
    return this.fields[id] ?? null;
  }

  /** Row and column (UTF-16 code units, like the tree's indices) of a source offset. */
  position(index: number): { row: number; column: number } {
    const starts = (this.lineStarts ??= lineStartsOf(this.source));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= index) lo = mid;
      else hi = mid - 1;
    }
    return { row: lo, column: index - (starts[lo] as number) };
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Copies a parsed tree into plain JavaScript (the tree itself stays owned by the caller). */
export function codeTreeOf(tree: Tree, source: string, budget?: CopyBudget): CodeTree {
  return new CodeTree(tree, source, budget);
}
