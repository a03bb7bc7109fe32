// Errors of the signature parser, and the type check of a parsed condition.
import type { Expr } from './types.js';

export class SignatureSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = 'SignatureSyntaxError';
  }
  /** One line for a usage error (exit 2). */
  usageLine(): string {
    return `signature file ${this.file}, line ${this.line}, column ${this.column}: ${this.detail}`;
  }
}

function typeOf(e: Expr): 'bool' | 'int' {
  return e.k === 'int' || e.k === 'filesize' || e.k === 'count' ? 'int' : 'bool';
}

/** Booleans where booleans are needed, integers under comparisons; `fail` throws with the position. */
export function checkTypes(e: Expr, fail: (message: string) => never): void {
  if (typeOf(e) !== 'bool') fail("condition uses an integer where a boolean is needed (compare it, e.g. '#a > 0')");
  const walk = (x: Expr): void => {
    if (x.k === 'and' || x.k === 'or') {
      if (typeOf(x.l) !== 'bool' || typeOf(x.r) !== 'bool') fail(`'${x.k}' needs boolean operands (compare integers, e.g. '#a > 0')`);
      walk(x.l);
      walk(x.r);
    } else if (x.k === 'not') {
      if (typeOf(x.e) !== 'bool') fail("'not' needs a boolean operand");
      walk(x.e);
    } else if (x.k === 'cmp') {
      if (typeOf(x.l) !== 'int' || typeOf(x.r) !== 'int') fail(`'${x.op}' compares integers (filesize, #a, numbers)`);
    }
  };
  walk(e);
}
