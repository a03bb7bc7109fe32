// Constant folding for the values the rules care about: module names, property keys, commands, URLs
// and paths. Folds literals, `+`, template literals, constant variables and `[…].join(sep)`; recursion is
// capped so hostile nesting simply stops folding.
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import { lookup } from './model.js';
import type { Scope } from './model.js';
import { argsOf, decodeEscape, kids, stringValue, unwrap } from './syntax.js';

const MAX_DEPTH = 48;
const MAX_LENGTH = 10_000;

/** The constant string value of an expression, or null when any part is not constant. */
export function constString(node: SyntaxNode | null | undefined, scope: Scope, depth = 0): string | null {
  if (!node || depth > MAX_DEPTH) return null;
  const n = unwrap(node);
  switch (n.type) {
    case 'string':
      return stringValue(n);
    case 'number':
      return n.text;
    case 'template_string':
      return templateValue(n, scope, depth);
    case 'binary_expression': {
      if (n.childForFieldName('operator')?.text !== '+') return null;
      const l = constString(n.childForFieldName('left'), scope, depth + 1);
      const r = l === null ? null : constString(n.childForFieldName('right'), scope, depth + 1);
      return l === null || r === null || l.length + r.length > MAX_LENGTH ? null : l + r;
    }
    case 'identifier': {
      const c = lookup(scope, n.text)?.constant;
      return typeof c === 'string' ? c : null;
    }
    case 'call_expression':
      return joinedArray(n, scope, depth);
    default:
      return null;
  }
}

function templateValue(n: SyntaxNode, scope: Scope, depth: number): string | null {
  let out = '';
  for (const part of kids(n)) {
    if (part.type === 'template_substitution') {
      const v = constString(part.firstNamedChild, scope, depth + 1);
      if (v === null) return null;
      out += v;
    } else {
      out += part.type === 'escape_sequence' ? decodeEscape(part.text) : part.text;
    }
    if (out.length > MAX_LENGTH) return null;
  }
  return out;
}

// `['ev', 'al'].join('')`
function joinedArray(call: SyntaxNode, scope: Scope, depth: number): string | null {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'member_expression' || fn.childForFieldName('property')?.text !== 'join') return null;
  const arr = fn.childForFieldName('object');
  if (!arr || unwrap(arr).type !== 'array') return null;
  const sepNode = argsOf(call)[0];
  const sep = sepNode ? constString(sepNode, scope, depth + 1) : ',';
  if (sep === null) return null;
  const parts: string[] = [];
  for (const el of kids(unwrap(arr))) {
    const v = constString(el, scope, depth + 1);
    if (v === null) return null;
    parts.push(v);
  }
  const out = parts.join(sep);
  return out.length > MAX_LENGTH ? null : out;
}

/** The constant leading text of a string expression; `complete` when the whole value is that text. */
export function constPrefix(node: SyntaxNode, scope: Scope, depth = 0): { text: string; complete: boolean } {
  const whole = constString(node, scope, depth);
  if (whole !== null) return { text: whole, complete: true };
  const n = unwrap(node);
  if (depth > MAX_DEPTH) return { text: '', complete: false };
  if (n.type === 'template_string') {
    let text = '';
    for (const part of kids(n)) {
      if (part.type === 'template_substitution') {
        const v = constString(part.firstNamedChild, scope, depth + 1);
        if (v === null) return { text, complete: false };
        text += v;
      } else {
        text += part.type === 'escape_sequence' ? decodeEscape(part.text) : part.text;
      }
    }
    return { text, complete: true };
  }
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '+') {
    const left = n.childForFieldName('left');
    if (!left) return { text: '', complete: false };
    const l = constPrefix(left, scope, depth + 1);
    if (!l.complete) return l;
    const right = n.childForFieldName('right');
    const r = right ? constPrefix(right, scope, depth + 1) : { text: '', complete: false };
    return { text: l.text + r.text, complete: r.complete };
  }
  return { text: '', complete: false };
}

const HOME_CALLS = /^(?:os\.)?homedir\(\)$|^process\.env\.(?:HOME|USERPROFILE)$|^process\.env\[['"](?:HOME|USERPROFILE)['"]\]$/;
const PATH_JOINS = /^(?:path\.)?(?:join|resolve|(?:posix|win32)\.(?:join|resolve))$/;
/** Hook input fields whose value is the path of the agent's conversation transcript. */
export const TRANSCRIPT_KEY = /^transcript_?path$/i;
const MAX_HINT = 1_024;
const MARK = /\u0000(\d+):(\d+)\u0000/g;

/** A placeholder for parameter `index` of function `fn` inside a path template (see `pathTemplate`). */
export function paramMark(fn: number, index: number): string {
  return `\u0000${fn}:${index}\u0000`;
}

/**
 * A best-effort rendering of a path expression for `classifyPath`: constant parts kept, the home
 * directory as `~`, anything else as `*`. `path.join(os.homedir(), '.ssh', 'id_rsa')` → `~/.ssh/id_rsa`,
 * also when the parts are held in variables (`path.join(awsDir, 'credentials')`).
 */
export function pathHint(node: SyntaxNode | undefined, scope: Scope): string {
  return pathTemplate(node, scope).replace(MARK, '*');
}

/** `pathHint` with parameters of the enclosing functions kept as `paramMark`s. */
export function pathTemplate(node: SyntaxNode | undefined, scope: Scope, depth = 0): string {
  if (!node || depth > MAX_DEPTH) return '*';
  const c = constString(node, scope, depth);
  if (c !== null) return c;
  const n = unwrap(node);
  if (n.endIndex - n.startIndex < 80 && HOME_CALLS.test(n.text.replace(/\s+/g, ''))) return '~';
  const sub = (child: SyntaxNode | null | undefined): string => pathTemplate(child ?? undefined, scope, depth + 1);
  let out = '*';
  switch (n.type) {
    case 'identifier': {
      const b = lookup(scope, n.text);
      out = b?.ref === 'os.homedir()' ? '~' : (b?.hint?.text ?? '*');
      break;
    }
    case 'member_expression':
    case 'subscript_expression':
      out = TRANSCRIPT_KEY.test(memberKey(n, scope) ?? '') ? 'transcript_path' : '*';
      break;
    case 'template_string':
      out = kids(n).map((p) => (p.type === 'template_substitution' ? sub(p.firstNamedChild) : p.text)).join('');
      break;
    case 'binary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const left = sub(n.childForFieldName('left'));
      // `process.env.HOME || os.homedir()`: the first side that says something.
      if (op === '+') out = left + sub(n.childForFieldName('right'));
      else if (op === '||' || op === '??') out = left !== '*' ? left : sub(n.childForFieldName('right'));
      break;
    }
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      if (fn && fn.endIndex - fn.startIndex < 40 && PATH_JOINS.test(fn.text)) out = argsOf(n).map((a) => sub(a)).join('/');
      break;
    }
    default:
  }
  return out.length > MAX_HINT ? '*' : out;
}

/** The constant property name a member read uses (`e.transcript_path`, `e['transcript_path']`). */
function memberKey(n: SyntaxNode, scope: Scope): string | null {
  if (n.type === 'member_expression') return n.childForFieldName('property')?.text ?? null;
  return constString(n.childForFieldName('index'), scope);
}

/**
 * A path template with the marks of `fn`'s parameters replaced by the constant arguments of one call
 * (`*` for the rest and for marks of other functions).
 */
export function fillTemplate(template: string, fn: number, args: readonly (string | null)[]): string {
  return template.replace(MARK, (_m, f: string, i: string) => (Number(f) === fn ? (args[Number(i)] ?? '*') : '*'));
}

/** True when a path template depends on a parameter. */
export function hasParamMark(template: string): boolean {
  return template.includes('\u0000');
}

/** The functions whose parameters a path template uses. */
export function markedFunctions(template: string): number[] {
  const out: number[] = [];
  for (const m of template.matchAll(MARK)) {
    const fn = Number(m[1]);
    if (!out.includes(fn)) out.push(fn);
  }
  return out;
}

const MAX_CHOICES = 8;

/**
 * Every constant an expression can be when it is a choice between constants (`win ? 'cmd.exe' : 'sh'`,
 * `a || 'sh'`, a name assigned only such values); null when any branch is not constant.
 */
export function constChoices(node: SyntaxNode | null | undefined, scope: Scope, depth = 0): string[] | null {
  if (!node || depth > MAX_DEPTH) return null;
  const n = unwrap(node);
  let parts: (string[] | null)[];
  if (n.type === 'ternary_expression') {
    parts = [constChoices(n.childForFieldName('consequence'), scope, depth + 1), constChoices(n.childForFieldName('alternative'), scope, depth + 1)];
  } else if (n.type === 'binary_expression' && /^(?:\|\||\?\?)$/.test(n.childForFieldName('operator')?.text ?? '')) {
    parts = [constChoices(n.childForFieldName('left'), scope, depth + 1), constChoices(n.childForFieldName('right'), scope, depth + 1)];
  } else {
    const c = constString(n, scope, depth);
    if (c !== null) return [c];
    const held = n.type === 'identifier' ? lookup(scope, n.text)?.choices : undefined;
    return held ? [...held] : null;
  }
  return mergeChoices(parts);
}

/** The union of choice lists; null when any is null or the union grows past a handful. */
export function mergeChoices(lists: readonly (readonly string[] | null | undefined)[]): string[] | null {
  const out: string[] = [];
  for (const list of lists) {
    if (!list) return null;
    for (const c of list) if (!out.includes(c)) out.push(c);
  }
  return out.length > MAX_CHOICES ? null : out;
}

/** True for a literal data argument: string, number, constant-folded string, or an array of those. */
export function isConstant(node: SyntaxNode, scope: Scope): boolean {
  const n = unwrap(node);
  if (n.type === 'array') return kids(n).every((el) => isFixed(el, scope));
  return isFixed(n, scope);
}

const LITERALS: ReadonlySet<string> = new Set(['string', 'number', 'true', 'false', 'null', 'undefined']);
const CHOICE_OPERATORS: ReadonlySet<string> = new Set(['+', '||', '??', '&&']);

/**
 * True when an expression can only be one of a few constants, even if which one is decided at run time:
 * literals, constant templates and concatenations, `cond ? 'open' : 'xdg-open'`, `a || 'x'` with constant
 * operands, and names whose every assignment is such a value. The condition of a choice is not data.
 */
export function isFixed(node: SyntaxNode | null | undefined, scope: Scope, depth = 0): boolean {
  if (!node || depth > MAX_DEPTH) return false;
  const n = unwrap(node);
  if (LITERALS.has(n.type)) return true;
  switch (n.type) {
    case 'identifier': {
      const b = lookup(scope, n.text);
      return b?.fixed === true || typeof b?.constant === 'string';
    }
    case 'template_string':
      return kids(n).every((part) => part.type !== 'template_substitution' || isFixed(part.firstNamedChild, scope, depth + 1));
    case 'ternary_expression':
      return isFixed(n.childForFieldName('consequence'), scope, depth + 1) && isFixed(n.childForFieldName('alternative'), scope, depth + 1);
    case 'binary_expression':
      return CHOICE_OPERATORS.has(n.childForFieldName('operator')?.text ?? '') &&
        isFixed(n.childForFieldName('left'), scope, depth + 1) && isFixed(n.childForFieldName('right'), scope, depth + 1);
    default:
      return constString(n, scope, depth) !== null;
  }
}
