// An iterative pre/post-order walk over a syntax tree: hostile scripts nest `$( $( … ) )` thousands deep,
// so nothing here recurses.
import type { CodeNode as SyntaxNode } from '../code-tree.js';

/** Calls `enter` before a node's children (return false to skip them) and `leave` after them. */
export function walk(root: SyntaxNode, enter: (n: SyntaxNode) => boolean, leave: (n: SyntaxNode) => void): void {
  const cursor = root.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (enter(node) && cursor.gotoFirstChild()) continue;
      leave(node);
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return;
        leave(cursor.currentNode);
      }
    }
  } finally {
    cursor.delete();
  }
}

/** The non-null children of a node. */
export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((c): c is SyntaxNode => c !== null);
}

/** The children of a node with their field names. */
export function fieldChildren(node: SyntaxNode): { field: string | null; node: SyntaxNode }[] {
  const out: { field: string | null; node: SyntaxNode }[] = [];
  const n = node.childCount;
  for (let i = 0; i < n; i++) {
    const c = node.child(i);
    if (c) out.push({ field: node.fieldNameForChild(i), node: c });
  }
  return out;
}
