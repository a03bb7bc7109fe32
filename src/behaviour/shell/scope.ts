// Variables and functions of one script, flow-insensitively: a variable holds the union of everything
// assigned to it anywhere in the file, a function's positional parameters the union of its call sites'
// arguments (one level). Unassigned secret-named variables are environment reads.
import { isConversationEnvName, isSecretEnvName } from '../paths.js';
import type { Taint } from '../facts.js';
import { UNKNOWN, addTaints, taint, throughVariable } from './model.js';
import type { Stream, Word } from './model.js';

const MAX_VALUES = 4;

interface Variable {
  taints: Taint[];
  /** Distinct literal values assigned (cleared once more than MAX_VALUES or an unknown value is seen). */
  values: Set<string>;
  unknownValue: boolean;
  /** Every assignment was a constant word. */
  constant: boolean;
  /** Every assignment was a plain literal without any expansion (`KEY=""`, `KEY=test`). */
  literalOnly: boolean;
  /** Some assignment held the path of a conversation store. */
  conversationPath: boolean;
}

export interface ShellFunction {
  line: number;
  /** What the body prints. */
  out: Stream;
  /** The union of the arguments passed at its call sites. */
  args: Taint[];
  argsConstant: boolean;
  /** Some call site passed the path of a conversation store. */
  argsConversationPath: boolean;
  called: boolean;
}

// Variables the shell or the login sets that hold no attacker data.
const BENIGN_ENV = new Set([
  'PWD', 'OLDPWD', 'USER', 'LOGNAME', 'PATH', 'SHELL', 'TMPDIR', 'TMP', 'TEMP', 'HOSTNAME', 'LANG', 'LC_ALL', 'TERM',
  'UID', 'EUID', 'PPID', 'RANDOM', 'LINENO', 'SECONDS', 'BASH_SOURCE', 'BASH_VERSION', 'OSTYPE', 'IFS', 'SHLVL',
  'FUNCNAME', 'BASHPID', 'EPOCHSECONDS', 'COLUMNS', 'LINES', 'PIPESTATUS',
]);
const SPECIAL = new Set(['?', '$', '!', '#', '-', '0', '_']);
const POSITIONAL = /^(?:[1-9][0-9]*|@|\*)$/;

export class Scope {
  private readonly vars = new Map<string, Variable>();
  readonly functions = new Map<string, ShellFunction>();
  /** Names read (variables, function outputs and parameters) since the pass began. */
  private readonly read = new Set<string>();
  /** Functions whose parameters were read before any call site was seen, this pass. */
  private readonly guessed = new Set<string>();
  /** Something read earlier in this pass changed later: another pass would see more. */
  stale = false;

  beginPass(): void {
    this.read.clear();
    this.guessed.clear();
    this.stale = false;
  }

  /**
   * Parameters read before their function's call sites were known were taken as constant (values only
   * lose constancy and gain taints from pass to pass, so guessing low and correcting is sound). A function
   * no call site reached has parameters of unknown value: correct the guess in the next pass.
   */
  endPass(): void {
    for (const name of this.guessed) {
      const f = this.functions.get(name);
      if (!f || f.called) continue;
      f.called = true;
      f.argsConstant = false;
      this.stale = true;
    }
  }

  /** Records `name=value` (`append` for `+=`); `literalWord` when the value had no expansion at all. */
  assign(name: string, value: Word, literalWord: boolean, append = false): void {
    let v = this.vars.get(name);
    if (!v) {
      v = { taints: [], values: new Set(), unknownValue: false, constant: true, literalOnly: true, conversationPath: false };
      this.vars.set(name, v);
    }
    const before = `${v.taints.length}${v.constant}${v.literalOnly}${v.unknownValue}${v.values.size}${v.taints.filter((t) => !t.viaVariable).length}${v.conversationPath}`;
    addTaints(v.taints, value.taints);
    v.conversationPath ||= value.conversationPath === true;
    v.constant &&= value.constant;
    v.literalOnly &&= literalWord;
    if (append || value.shape.includes(UNKNOWN)) v.unknownValue = true;
    else if (!v.unknownValue) {
      v.values.add(value.shape.slice(0, 4_096));
      if (v.values.size > MAX_VALUES) v.unknownValue = true;
    }
    const after = `${v.taints.length}${v.constant}${v.literalOnly}${v.unknownValue}${v.values.size}${v.taints.filter((t) => !t.viaVariable).length}${v.conversationPath}`;
    if (before !== after && this.read.has(name)) this.stale = true;
  }

  isAssigned(name: string): boolean {
    return this.vars.has(name);
  }

  /** The distinct literal values of a variable, or null when any is unknown. */
  valuesOf(name: string): string[] | null {
    this.read.add(name);
    const v = this.vars.get(name);
    return v && !v.unknownValue ? [...v.values] : null;
  }

  function(name: string): ShellFunction | undefined {
    this.read.add(`${name}()`);
    return this.functions.get(name);
  }

  defineFunction(name: string, line: number, out: Stream): void {
    const f = this.functions.get(name);
    if (this.read.has(`${name}()`) && (!f || f.out.taints.length < out.taints.length)) this.stale = true;
    if (f) {
      addTaints(f.out.taints, out.taints);
      f.out.constant &&= out.constant;
    } else {
      this.functions.set(name, { line, out: { taints: [...out.taints], constant: out.constant }, args: [], argsConstant: true, argsConversationPath: false, called: false });
    }
  }

  /** Records a call of a file-defined function with its arguments. */
  callFunction(name: string, args: readonly Word[]): void {
    const f = this.functions.get(name);
    if (!f) return;
    const before = `${f.called}${f.args.length}${f.argsConstant}${f.argsConversationPath}`;
    f.called = true;
    for (const a of args) {
      addTaints(f.args, a.taints);
      f.argsConstant &&= a.constant;
      f.argsConversationPath ||= a.conversationPath === true;
    }
    if (before !== `${f.called}${f.args.length}${f.argsConstant}${f.argsConversationPath}` && this.read.has(`$${name}`)) this.stale = true;
  }

  /** The value of `$name` read at `line`, inside function `fn` (null at top level). */
  lookup(name: string, line: number, column: number, fn: string | null, text: string): Word {
    const base = { line, column };
    if (SPECIAL.has(name)) return { ...base, shape: UNKNOWN, constant: true, taints: [] };
    if (POSITIONAL.test(name)) {
      if (fn === null) return { ...base, shape: UNKNOWN, constant: false, taints: [taint('user_input', line, text)] };
      this.read.add(`$${fn}`);
      const f = this.functions.get(fn);
      if (!f?.called) {
        this.guessed.add(fn);
        return { ...base, shape: UNKNOWN, constant: true, taints: [] };
      }
      return { ...base, shape: UNKNOWN, constant: f.argsConstant, taints: throughVariable(f.args), ...(f.argsConversationPath ? { conversationPath: true } : {}) };
    }
    if (name === 'HOME') return { ...base, shape: '~', constant: true, taints: [] };
    this.read.add(name);
    const v = this.vars.get(name);
    const taints: Taint[] = [];
    if (v) {
      addTaints(taints, throughVariable(v.taints));
      if (isSecretEnvName(name) && !v.literalOnly) addTaints(taints, [taint('env', line, text)]);
      const shape = !v.unknownValue && v.values.size === 1 ? [...v.values][0]! : UNKNOWN;
      return { ...base, shape, constant: v.constant, taints, ...(v.conversationPath ? { conversationPath: true } : {}) };
    }
    if (isSecretEnvName(name)) return { ...base, shape: UNKNOWN, constant: false, taints: [taint('env', line, text)] };
    if (isConversationEnvName(name)) return { ...base, shape: UNKNOWN, constant: false, taints: [taint('conversation', line, text)] };
    return { ...base, shape: UNKNOWN, constant: isBenignEnvName(name), taints };
  }
}

/** Names set by the shell or the login, and configuration paths (`*_DIR`, `*_ROOT`, …), which carry no attacker data. */
function isBenignEnvName(name: string): boolean {
  return BENIGN_ENV.has(name) || /^XDG_\w+$|_(?:DIR|ROOT|PATH|HOME|FILE)$/.test(name);
}
