// Parser for the YARA rule language subset of CONTRACT §12 (accepted syntax: README.md beside this file).
// Hand-written recursive descent over the characters (string values need context: `"…"`, `{…}` or `/…/`
// after `=`), linear in the source size. Every error is a SignatureSyntaxError naming file, line, column.
import type { Expr, HexToken, MetaValue, RuleDef, StringDef } from './types.js';
import { SIGNATURE_LIMITS } from './limits.js';
import { checkRegexSource } from './regex.js';
import { checkTypes, SignatureSyntaxError } from './errors.js';
import { KEYWORDS, Lexer } from './lexer.js';

export { SignatureSyntaxError };

class Parser extends Lexer {
  // ---- rules ----
  rules(): RuleDef[] {
    const out: RuleDef[] = [];
    const names = new Set<string>();
    while (!this.eof()) {
      const w = this.peekWord();
      if (w === 'import' || w === 'include') this.fail(`'${w}' is not supported (no modules or includes in the signature subset)`);
      if (w === 'private' || w === 'global') this.fail(`'${w}' rules are not supported`);
      const line = this.line;
      if (w !== 'rule') this.fail("expected 'rule'");
      this.advance(4);
      const nameLine = this.line;
      const nameCol = this.col + 0;
      const name = this.ident('a rule name');
      if (names.has(name)) this.fail(`duplicate rule name '${name}'`, nameLine, nameCol);
      names.add(name);
      const tags: string[] = [];
      if (this.punct(':')) {
        tags.push(this.ident('a tag'));
        while (this.peekWord() && !KEYWORDS.has(this.peekWord())) tags.push(this.ident('a tag'));
      }
      this.expect('{', "'{' to open the rule body");
      const meta: Record<string, MetaValue> = {};
      let strings: StringDef[] = [];
      if (this.acceptWord('meta')) {
        this.expect(':', "':' after 'meta'");
        while (this.isMetaKey()) {
          const k = this.ident('a meta key');
          this.expect('=', "'=' after the meta key");
          meta[k] = this.metaValue();
        }
      }
      if (this.acceptWord('strings')) {
        this.expect(':', "':' after 'strings'");
        strings = this.stringsSection();
      }
      if (!this.acceptWord('condition')) this.fail("expected 'condition:' (every rule needs a condition)");
      this.expect(':', "':' after 'condition'");
      const ids = new Set(strings.map((s) => s.id));
      const used = new Set<string>();
      this.terms = 0;
      const condition = this.expr(ids, used);
      checkTypes(condition, (m) => this.fail(m));
      this.expect('}', "'}' to close the rule (or an operator)");
      for (const s of strings) {
        if (!used.has(s.id)) this.fail(`string ${s.id} is never used in the condition`, s.line, 1);
      }
      out.push({ name, tags, meta, strings, condition, file: this.file, line });
      if (out.length > SIGNATURE_LIMITS.maxRules) this.fail(`more than ${SIGNATURE_LIMITS.maxRules} rules`);
    }
    return out;
  }

  private isMetaKey(): boolean {
    const w = this.peekWord();
    return w !== '' && w !== 'strings' && w !== 'condition';
  }

  private metaValue(): MetaValue {
    this.ws();
    if (this.peekc() === '"') return new TextDecoder().decode(this.quoted());
    if (this.acceptWord('true')) return true;
    if (this.acceptWord('false')) return false;
    const neg = this.punct('-');
    if (this.atNumber()) return (neg ? -1 : 1) * this.number();
    return this.fail('expected a meta value (string, number, true or false)');
  }

  /** A double-quoted string with YARA escapes; returns the bytes (UTF-8 for non-ASCII characters). */
  private quoted(): Uint8Array {
    const startLine = this.line;
    const startCol = this.col;
    this.advance(); // "
    const bytes: number[] = [];
    const enc = new TextEncoder();
    for (;;) {
      const c = this.peekc();
      if (c === '' || c === '\n') this.fail('unterminated string', startLine, startCol);
      if (c === '"') {
        this.advance();
        break;
      }
      if (c === '\\') {
        const e = this.peekc(1);
        const simple: Record<string, number> = { '"': 0x22, '\\': 0x5c, n: 0x0a, r: 0x0d, t: 0x09 };
        if (e in simple) {
          bytes.push(simple[e] as number);
          this.advance(2);
        } else if (e === 'x' && /^[0-9A-Fa-f]{2}$/.test(this.src.slice(this.pos + 2, this.pos + 4))) {
          bytes.push(parseInt(this.src.slice(this.pos + 2, this.pos + 4), 16));
          this.advance(4);
        } else this.fail(`unknown escape '\\${e}' (accepted: \\" \\\\ \\n \\r \\t \\xHH)`);
        continue;
      }
      const cp = this.src.codePointAt(this.pos) as number;
      const ch = String.fromCodePoint(cp);
      for (const b of enc.encode(ch)) bytes.push(b);
      this.advance(ch.length);
      if (bytes.length > SIGNATURE_LIMITS.maxPatternBytes) this.fail(`string longer than ${SIGNATURE_LIMITS.maxPatternBytes} bytes`, startLine, startCol);
    }
    return Uint8Array.from(bytes);
  }

  private stringsSection(): StringDef[] {
    const out: StringDef[] = [];
    const seen = new Set<string>();
    for (;;) {
      this.ws();
      if (this.peekc() !== '$') break;
      const line = this.line;
      const col = this.col;
      this.advance();
      const name = this.word();
      if (!name) this.fail('anonymous strings ($ = …) are not supported; name the string', line, col);
      this.advance(name.length);
      const id = `$${name}`;
      if (seen.has(id)) this.fail(`duplicate string identifier ${id}`, line, col);
      seen.add(id);
      this.expect('=', `'=' after ${id}`);
      this.ws();
      const c = this.peekc();
      let def: StringDef;
      if (c === '"') {
        const vLine = this.line;
        const vCol = this.col;
        const bytes = this.quoted();
        if (bytes.length === 0) this.fail('empty text string', vLine, vCol);
        def = { kind: 'text', id, bytes, nocase: false, wide: false, ascii: false, fullword: false, line };
      } else if (c === '{') def = { kind: 'hex', id, tokens: this.hex(), line };
      else if (c === '/') def = this.regex(id, line);
      else this.fail(`expected a text "…", hex {…} or regex /…/ value for ${id}`);
      this.modifiers(def);
      out.push(def);
      if (out.length > SIGNATURE_LIMITS.maxStringsPerRule) this.fail(`more than ${SIGNATURE_LIMITS.maxStringsPerRule} strings in one rule`, line, col);
    }
    return out;
  }

  private modifiers(def: StringDef): void {
    for (;;) {
      const w = this.peekWord();
      const l = this.line;
      const c = this.col;
      if (!['nocase', 'wide', 'ascii', 'fullword', 'xor', 'base64', 'base64wide', 'private'].includes(w)) break;
      this.advance(w.length);
      if (w === 'xor' || w === 'base64' || w === 'base64wide' || w === 'private') this.fail(`modifier '${w}' is not supported`, l, c);
      if (def.kind === 'hex') this.fail(`modifier '${w}' does not apply to hex strings`, l, c);
      if (w === 'nocase') def.nocase = true;
      else if (w === 'fullword') def.fullword = true;
      else if (def.kind === 'regex') this.fail(`modifier '${w}' is not supported on regex strings`, l, c);
      else if (w === 'wide') def.wide = true;
      else def.ascii = true;
    }
    if (def.kind === 'text' && !def.wide) def.ascii = true;
  }

  private hex(): HexToken[] {
    const startLine = this.line;
    const startCol = this.col;
    this.advance(); // {
    const tokens: HexToken[] = [];
    for (;;) {
      this.ws();
      const c = this.peekc();
      const l = this.line;
      const co = this.col;
      if (c === '') this.fail('unterminated hex string', startLine, startCol);
      if (c === '}') {
        this.advance();
        break;
      }
      if (c === '(' || c === '|') this.fail('hex alternatives ( … | … ) are not supported', l, co);
      if (c === '[') {
        this.advance();
        if (tokens.length === 0) this.fail('a hex string cannot start with a jump', l, co);
        const min = this.number();
        let max = min;
        if (this.punct('-')) {
          this.ws();
          if (this.peekc() === ']') this.fail(`unbounded jump [${min}-]: give an upper bound ≤ ${SIGNATURE_LIMITS.hexJumpMax}`, l, co);
          max = this.number();
        }
        if (max < min) this.fail(`jump [${min}-${max}] has its bounds reversed`, l, co);
        if (max > SIGNATURE_LIMITS.hexJumpMax) this.fail(`jump upper bound ${max} exceeds ${SIGNATURE_LIMITS.hexJumpMax}`, l, co);
        this.expect(']', "']' to close the jump");
        tokens.push({ t: 'jump', min, max });
        continue;
      }
      const pair = this.src.slice(this.pos, this.pos + 2);
      if (!/^[0-9A-Fa-f?]{2}$/.test(pair)) this.fail(`bad hex token '${pair.replace(/\s/g, '')}'`, l, co);
      const hi = pair[0] as string;
      const lo = pair[1] as string;
      const value = (hi === '?' ? 0 : parseInt(hi, 16) << 4) | (lo === '?' ? 0 : parseInt(lo, 16));
      const mask = (hi === '?' ? 0 : 0xf0) | (lo === '?' ? 0 : 0x0f);
      tokens.push({ t: 'byte', value, mask });
      this.advance(2);
      if (tokens.length > SIGNATURE_LIMITS.maxPatternBytes) this.fail(`hex string longer than ${SIGNATURE_LIMITS.maxPatternBytes} tokens`, startLine, startCol);
    }
    const last = tokens[tokens.length - 1];
    if (!last) this.fail('empty hex string', startLine, startCol);
    if (last.t === 'jump') this.fail('a hex string cannot end with a jump', startLine, startCol);
    // The matcher anchors on fixed bytes before the first jump (see engine.ts): demand two adjacent ones.
    let run = 0;
    let best = 0;
    for (const t of tokens) {
      if (t.t === 'jump') break;
      run = t.mask === 0xff ? run + 1 : 0;
      best = Math.max(best, run);
    }
    if (best < 2) this.fail('hex string needs at least two adjacent fixed bytes before its first jump', startLine, startCol);
    return tokens;
  }

  private regex(id: string, line: number): StringDef {
    const l = this.line;
    const c = this.col;
    this.advance(); // /
    let body = '';
    let inClass = false;
    for (;;) {
      const ch = this.peekc();
      if (ch === '' || ch === '\n') this.fail('unterminated regular expression', l, c);
      if (ch === '\\') {
        body += ch + this.peekc(1);
        this.advance(2);
        continue;
      }
      if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) {
        this.advance();
        break;
      }
      body += ch;
      this.advance();
    }
    if (body === '') this.fail('empty regular expression', l, c);
    if (body.length > SIGNATURE_LIMITS.maxPatternBytes) this.fail(`regular expression longer than ${SIGNATURE_LIMITS.maxPatternBytes} characters`, l, c);
    let nocase = false;
    let dotall = false;
    while (/[a-z]/.test(this.peekc())) {
      const f = this.peekc();
      if (f === 'i') nocase = true;
      else if (f === 's') dotall = true;
      else this.fail(`regex flag '${f}' is not supported (accepted: i, s)`);
      this.advance();
    }
    const problem = checkRegexSource(body);
    if (problem) this.fail(`regular expression not accepted: ${problem}`, l, c);
    return { kind: 'regex', id, source: body, nocase, dotall, fullword: false, line };
  }

  // ---- conditions ----
  private expr(ids: Set<string>, used: Set<string>, depth = 0): Expr {
    if (depth > 64) this.fail('condition nested too deeply');
    let l = this.andExpr(ids, used, depth);
    while (this.acceptWord('or')) l = { k: 'or', l, r: this.andExpr(ids, used, depth) };
    return l;
  }
  private andExpr(ids: Set<string>, used: Set<string>, depth: number): Expr {
    let l = this.notExpr(ids, used, depth);
    while (this.acceptWord('and')) l = { k: 'and', l, r: this.notExpr(ids, used, depth) };
    return l;
  }
  private notExpr(ids: Set<string>, used: Set<string>, depth: number): Expr {
    if (depth > 64) this.fail('condition nested too deeply');
    if (this.acceptWord('not')) return { k: 'not', e: this.notExpr(ids, used, depth + 1) };
    return this.cmpExpr(ids, used, depth);
  }
  private cmpExpr(ids: Set<string>, used: Set<string>, depth: number): Expr {
    const l = this.primary(ids, used, depth);
    this.ws();
    for (const op of ['<=', '>=', '==', '!=', '<', '>'] as const) {
      if (this.punct(op)) {
        const r = this.primary(ids, used, depth);
        return { k: 'cmp', op, l, r };
      }
    }
    return l;
  }
  private stringRef(ids: Set<string>, used: Set<string>, sigil: '$' | '#'): string {
    const l = this.line;
    const c = this.col;
    this.advance();
    const name = this.word();
    if (!name) this.fail(`expected a string name after '${sigil}'`, l, c);
    this.advance(name.length);
    const id = `$${name}`;
    if (!ids.has(id)) this.fail(`undefined string ${sigil}${name}`, l, c);
    used.add(id);
    return id;
  }
  private terms = 0;

  private primary(ids: Set<string>, used: Set<string>, depth: number): Expr {
    this.ws();
    // Evaluation recurses over the condition tree: bound its size so a scan can never exhaust the stack.
    if (++this.terms > SIGNATURE_LIMITS.maxConditionTerms) this.fail(`condition longer than ${SIGNATURE_LIMITS.maxConditionTerms} terms`);
    const c = this.peekc();
    const l = this.line;
    const co = this.col;
    if (c === '(') {
      this.advance();
      const e = this.expr(ids, used, depth + 1);
      this.expect(')', "')'");
      return e;
    }
    if (c === '$') {
      const id = this.stringRef(ids, used, '$');
      if (this.acceptWord('at')) return { k: 'at', id, offset: this.intOperand(ids, used, depth) };
      if (this.acceptWord('in')) {
        this.expect('(', "'(' after 'in'");
        const lo = this.intOperand(ids, used, depth);
        this.expect('..', "'..' in the range");
        const hi = this.intOperand(ids, used, depth);
        this.expect(')', "')' to close the range");
        return { k: 'in', id, lo, hi };
      }
      return { k: 'found', id };
    }
    if (c === '#') return { k: 'count', id: this.stringRef(ids, used, '#') };
    if (c === '@' || c === '!') this.fail(`'${c}' string offsets/lengths are not supported`, l, co);
    if (/[0-9]/.test(c)) {
      const n = this.number();
      if (this.peekWord() === 'of') return this.ofExpr(n, ids, used);
      return { k: 'int', value: n };
    }
    const w = this.word();
    if (w === 'true' || w === 'false') {
      this.advance(w.length);
      return { k: 'bool', value: w === 'true' };
    }
    if (w === 'filesize') {
      this.advance(w.length);
      return { k: 'filesize' };
    }
    if (w === 'any' || w === 'all' || w === 'none') {
      this.advance(w.length);
      return this.ofExpr(w, ids, used);
    }
    if (w === 'for') this.fail("'for' loops are not supported", l, co);
    if (w) this.fail(`unknown identifier '${w}' in condition`, l, co);
    return this.fail(c ? `unexpected '${c}' in condition` : 'condition ends unexpectedly', l, co);
  }
  private intOperand(ids: Set<string>, used: Set<string>, depth: number): Expr {
    const l = this.line;
    const c = this.col;
    const e = this.primary(ids, used, depth);
    if (e.k !== 'int' && e.k !== 'filesize' && e.k !== 'count') this.fail('expected an integer', l, c);
    return e;
  }
  private ofExpr(quant: 'any' | 'all' | 'none' | number, ids: Set<string>, used: Set<string>): Expr {
    this.expectWord('of');
    const l = this.line;
    const c = this.col;
    let sel: string[];
    if (this.acceptWord('them')) sel = [...ids];
    else {
      this.expect('(', "'them' or '(' after 'of'");
      sel = [];
      do {
        this.ws();
        const pl = this.line;
        const pc = this.col;
        if (this.peekc() !== '$') this.fail('expected a string name like $a or $a*', pl, pc);
        this.advance();
        const name = this.word();
        this.advance(name.length);
        const wildcard = this.peekc() === '*';
        if (wildcard) this.advance();
        const hits = wildcard ? [...ids].filter((id) => id.startsWith(`$${name}`)) : ids.has(`$${name}`) ? [`$${name}`] : [];
        if (hits.length === 0) this.fail(`no string matches $${name}${wildcard ? '*' : ''}`, pl, pc);
        sel.push(...hits);
      } while (this.punct(','));
      this.expect(')', "')' to close the string set");
    }
    sel = [...new Set(sel)];
    if (sel.length === 0) this.fail("'of them' in a rule without strings", l, c);
    if (typeof quant === 'number' && quant > sel.length) this.fail(`${quant} of a set of ${sel.length} strings can never be true`, l, c);
    for (const id of sel) used.add(id);
    return { k: 'of', quant, ids: sel };
  }
}

/** Parses one rule file. Throws SignatureSyntaxError (file, line, column) on the first error. */
export function parseRules(text: string, file: string): RuleDef[] {
  if (text.length > SIGNATURE_LIMITS.maxFileChars) throw new SignatureSyntaxError(file, 1, 1, `rule file larger than ${SIGNATURE_LIMITS.maxFileChars} characters`);
  return new Parser(text, file).rules();
}
