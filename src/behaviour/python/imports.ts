// The file's import table: which local names stand for which modules or module members, so that
// `import subprocess as sp`, `from os import system as s` and `from subprocess import *` resolve.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { field, kids } from './syntax.js';

export class ImportTable {
  /** Local name → canonical dotted name. */
  readonly names = new Map<string, string>();
  /** Modules imported with `*`, whose members resolve when the member is one the tables know. */
  readonly starModules: string[] = [];

  /** Records one import statement (`import_statement` or `import_from_statement`). */
  add(node: SyntaxNode): void {
    if (node.type === 'import_statement') {
      for (const item of kids(node)) this.addImport(item);
      return;
    }
    const module = field(node, 'module_name')?.text.replace(/\s+/g, '');
    if (!module || module.startsWith('.')) return;
    const moduleStart = field(node, 'module_name')?.startIndex;
    for (const item of kids(node)) {
      if (item.startIndex === moduleStart) continue;
      if (item.type === 'wildcard_import') {
        if (this.starModules.length < 32) this.starModules.push(module);
      } else if (item.type === 'aliased_import') {
        const name = field(item, 'name')?.text;
        const alias = field(item, 'alias')?.text;
        if (name && alias) this.set(alias, `${module}.${name}`);
      } else if (item.type === 'dotted_name') {
        this.set(item.text, `${module}.${item.text}`);
      }
    }
  }

  private addImport(item: SyntaxNode): void {
    if (item.type === 'aliased_import') {
      const name = field(item, 'name')?.text;
      const alias = field(item, 'alias')?.text;
      if (name && alias) this.set(alias, name);
    } else if (item.type === 'dotted_name') {
      // `import os.path` binds `os`; the attribute chain then resolves by itself.
      const root = item.text.split('.')[0];
      if (root) this.set(root, root);
    }
  }

  private set(local: string, canonical: string): void {
    if (!this.names.has(local)) this.names.set(local, canonical.replace(/\s+/g, ''));
  }
}
