// Character-level scanning shared by the signature parser: position tracking (line and column for every
// error), whitespace and comments, words, punctuation and numbers (with KB/MB units).
import { SignatureSyntaxError } from './errors.js';

export const KEYWORDS = new Set(['rule', 'meta', 'strings', 'condition', 'and', 'or', 'not', 'of', 'them', 'any', 'all', 'none', 'at', 'in', 'filesize', 'true', 'false', 'import', 'include', 'private', 'global']);

export class Lexer {
  protected pos = 0;
  protected line = 1;
  protected col = 1;
  constructor(
    protected readonly src: string,
    protected readonly file: string,
  ) {}

  fail(detail: string, line = this.line, col = this.col): never {
    throw new SignatureSyntaxError(this.file, line, col, detail);
  }

  protected peekc(o = 0): string {
    return this.src[this.pos + o] ?? '';
  }
  protected advance(n = 1): void {
    for (let i = 0; i < n && this.pos < this.src.length; i++) {
      if (this.src[this.pos] === '\n') {
        this.line++;
        this.col = 1;
      } else this.col++;
      this.pos++;
    }
  }
  /** Skips whitespace and comments. */
  ws(): void {
    for (;;) {
      const c = this.peekc();
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') this.advance();
      else if (c === '/' && this.peekc(1) === '/') {
        while (this.pos < this.src.length && this.peekc() !== '\n') this.advance();
      } else if (c === '/' && this.peekc(1) === '*') {
        const l = this.line;
        const co = this.col;
        const end = this.src.indexOf('*/', this.pos + 2);
        if (end < 0) this.fail('unterminated comment', l, co);
        this.advance(end + 2 - this.pos);
      } else return;
    }
  }
  eof(): boolean {
    this.ws();
    return this.pos >= this.src.length;
  }
  /** Reads an identifier-like word (letters, digits, _) without consuming whitespace before it. */
  protected word(): string {
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos, this.pos + 256));
    return m ? m[0] : '';
  }
  peekWord(): string {
    this.ws();
    return this.word();
  }
  expectWord(w: string): void {
    this.ws();
    if (this.word() !== w) this.fail(`expected '${w}'`);
    this.advance(w.length);
  }
  acceptWord(w: string): boolean {
    this.ws();
    if (this.word() !== w) return false;
    this.advance(w.length);
    return true;
  }
  ident(what: string): string {
    this.ws();
    const w = this.word();
    if (!w) this.fail(`expected ${what}`);
    if (KEYWORDS.has(w)) this.fail(`'${w}' is a keyword, expected ${what}`);
    if (w.length > 128) this.fail(`${what} longer than 128 characters`);
    this.advance(w.length);
    return w;
  }
  punct(p: string): boolean {
    this.ws();
    if (this.src.startsWith(p, this.pos)) {
      this.advance(p.length);
      return true;
    }
    return false;
  }
  expect(p: string, what = `'${p}'`): void {
    if (!this.punct(p)) this.fail(`expected ${what}`);
  }
  number(): number {
    this.ws();
    const m = /^(0x[0-9A-Fa-f]+|[0-9]+)(KB|MB)?/.exec(this.src.slice(this.pos, this.pos + 40));
    if (!m) this.fail('expected a number');
    let n = Number(m[1]);
    if (m[2] === 'KB') n *= 1024;
    if (m[2] === 'MB') n *= 1024 * 1024;
    if (!Number.isSafeInteger(n)) this.fail('number out of range');
    this.advance(m[0].length);
    return n;
  }
  protected atNumber(): boolean {
    this.ws();
    return /[0-9]/.test(this.peekc());
  }
}
