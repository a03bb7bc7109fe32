// AST1–AST10: dangerous capabilities a code file calls, resolved through imports, aliases and reflection
// by the language extractors (src/behaviour). Ids and meanings follow the reference's behavioural
// analyzer; severities are the reference's, lowered only where the arguments are constants.
import { factsOf } from '../../behaviour/facts-of.js';
import type { BehaviourFacts, CallFact, CallOp, SourceKind } from '../../behaviour/facts.js';
import type { BundleView } from '../../model/bundle.js';
import type { Severity } from '../../shared/types.js';
import { EXPECTED_CONFIDENCE, flowOf } from './flows.js';
import { defineRule } from '../types.js';
import type { CustomRule, RuleContext, RuleHit, RuleMeta } from '../types.js';
import { CODE_TYPES, callHit, reflectiveHit } from './hits.js';
import { LOWER } from '../../analysis/calibration.js';

type Meta = Omit<RuleMeta, 'fileTypes' | 'usesTree'>;

function astRule(meta: Meta, select: (facts: BehaviourFacts, bundle: BundleView) => RuleHit[]): CustomRule {
  return defineRule({
    kind: 'custom',
    meta: { ...meta, fileTypes: CODE_TYPES, usesTree: true },
    check(ctx: RuleContext): RuleHit[] {
      const facts = factsOf(ctx);
      return facts ? select(facts, ctx.bundle) : [];
    },
  });
}

const AST8_SOURCES = new Set(['network_input', 'decoded', 'dynamic_import']);
const CODE_RUN: ReadonlySet<CallOp> = new Set(['exec', 'eval', 'compile', 'system']);

/** AST8 takes exec/eval of downloaded or decoded code; AST1/2/5/6 report the rest of those calls. */
function isAst8(c: CallFact): boolean {
  return CODE_RUN.has(c.op) && c.taints.some((t) => AST8_SOURCES.has(t.kind));
}

function calls(op: CallOp, label: (c: CallFact) => string, calibrate?: (c: CallFact, bundle: BundleView) => { severity?: Severity; confidence?: number; tags?: string[] }) {
  return (facts: BehaviourFacts, bundle: BundleView): RuleHit[] =>
    facts.calls.filter((c) => c.op === op && !isAst8(c)).map((c) => callHit(c, { label: label(c), ...(calibrate ? calibrate(c, bundle) : {}) }));
}


/**
 * For argument lists and module names, only data from outside the skill's own run counts: a CLI passing
 * its arguments on to a program (or naming a plugin to load) is the ordinary case.
 */
const FOREIGN: ReadonlySet<SourceKind> = new Set<SourceKind>(['network_input', 'conversation', 'decoded', 'dynamic_import']);

/**
 * Severity follows the evidence of untrusted data: full when a recognised source reaches the call, one
 * level lower when the argument is computed from data no source explains (paths, options, script
 * variables) or when a TT rule already reports the flow into this call (one call, one finding that
 * carries the severity), and LOW for constants, barely scored. Running programs and evaluating strings is
 * ordinary for skills; what makes it dangerous is whose data it runs.
 */
const byEvidence = (full: Severity, confidence: number, evidence?: ReadonlySet<SourceKind>) => (c: CallFact, bundle: BundleView): { severity?: Severity; confidence?: number; tags?: string[] } => {
  if (c.constantArgs && c.taints.length === 0) return { severity: 'LOW', confidence: EXPECTED_CONFIDENCE, tags: ['constant-arguments'] };
  const taints = evidence ? c.taints.filter((t) => evidence.has(t.kind)) : c.taints;
  if (taints.length === 0) {
    const severity = LOWER[full];
    // Lowered all the way to LOW, it is the ordinary case (a CLI passing its arguments on): listed, barely scored.
    return { severity, confidence: severity === 'LOW' ? EXPECTED_CONFIDENCE : Math.min(confidence, 0.6), tags: ['no-untrusted-source'] };
  }
  if (flowOf(c, bundle)) return { severity: LOWER[full], tags: ['flow-reported-by-tt'] };
  return {};
};

export const ast1 = astRule(
  {
    id: 'AST1', category: 'Tool Misuse', severity: 'HIGH', confidence: 0.85, title: 'Dynamic Code Execution (exec)',
    description: 'Code that executes a string as code: Python exec, JavaScript Function/new Function/vm.runIn*, a shell sourcing a stream or piping a script into an interpreter. Resolved through imports, aliases and reflection. HIGH when data from a recognised source (input, network, files, secrets) reaches it; MEDIUM for other computed strings; LOW for constants.',
    remediation: 'Call the functions you need directly instead of executing strings; never execute text that did not ship with the skill.',
  },
  calls('exec', (c) => `${c.callee} executes code from a string`, byEvidence('HIGH', 0.85)),
);

export const ast2 = astRule(
  {
    id: 'AST2', category: 'Tool Misuse', severity: 'HIGH', confidence: 0.85, title: 'Dynamic Evaluation (eval)',
    description: 'Code that evaluates a string: Python or JavaScript eval (also indirect eval and string timers), the shell eval builtin. Resolved through aliases such as builtins.eval or globalThis.eval. HIGH when data from a recognised source reaches it; MEDIUM for other computed strings (e.g. a command the script assembles); LOW for constants such as eval "$(ssh-agent -s)".',
    remediation: 'Parse data with a real parser (json, ast.literal_eval) instead of eval; do not eval command output.',
  },
  calls('eval', (c) => `${c.callee} evaluates a string`, byEvidence('HIGH', 0.85)),
);

export const ast3 = astRule(
  {
    id: 'AST3', category: 'Tool Misuse', severity: 'MEDIUM', confidence: 0.75, title: 'Dynamic Import',
    description: 'A module imported by a computed name (__import__(x), importlib.import_module(x), require(x), import(x)): what runs depends on data, and scanners cannot see which module it is. LOW unless network, conversation or decoded data chooses the module.',
    remediation: 'Import modules by their literal names.',
  },
  calls('dynamic_import', (c) => `${c.callee} imports a module by a computed name`, byEvidence('MEDIUM', 0.75, FOREIGN)),
);

export const ast4 = astRule(
  {
    id: 'AST4', category: 'Tool Misuse', severity: 'MEDIUM', confidence: 0.7, title: 'Subprocess Execution',
    description: 'Code that starts processes from an argument list (Python subprocess without a shell, Node child_process.spawn/execFile/fork, Bun.spawn, Deno.Command). MEDIUM when network, conversation or decoded data reaches the arguments, otherwise LOW (a CLI passing its own arguments on is ordinary).',
    remediation: 'Keep argument lists constant or validated, never pass a shell, and document every external program the skill runs.',
  },
  calls('process', (c) => `${c.callee} starts a process`, byEvidence('MEDIUM', 0.7, FOREIGN)),
);

export const ast5 = astRule(
  {
    id: 'AST5', category: 'Tool Misuse', severity: 'HIGH', confidence: 0.85, title: 'Shell Command Execution',
    description: 'Code that hands a command string to a shell: os.system, os.popen, os.exec*/spawn*, subprocess with shell=True, child_process.exec/execSync, spawn with shell: true, sh -c / bash -c with a built command. HIGH when data from a recognised source reaches the command; MEDIUM for other computed commands; LOW for constants.',
    remediation: 'Run programs from an argument list without a shell; never build shell commands from data.',
  },
  calls('system', (c) => `${c.callee} runs a shell command`, byEvidence('HIGH', 0.85)),
);

export const ast6 = astRule(
  {
    id: 'AST6', category: 'Tool Misuse', severity: 'MEDIUM', confidence: 0.65, title: 'Code Compilation',
    description: 'Code that compiles source text at run time (Python compile, vm.compileFunction, new vm.Script): a step towards executing code that is not in the file. LOW unless data from a recognised source reaches it.',
    remediation: 'Ship the code itself instead of compiling strings at run time.',
  },
  calls('compile', (c) => `${c.callee} compiles code from a string`, byEvidence('MEDIUM', 0.65)),
);

export const ast7 = astRule(
  {
    id: 'AST7', category: 'Tool Misuse', severity: 'LOW', confidence: 0.5, title: 'Reflective Access by Computed Name',
    description: 'An attribute or global reached by a name computed at run time (getattr(obj, name), globalThis[name], a shell variable used as the command): the capability used cannot be read from the code.',
    remediation: 'Access attributes and commands by literal names, or map allowed names explicitly.',
  },
  (facts) => facts.reflective.filter((r) => r.name === null).map((r) => reflectiveHit(r, 'capability reached by a computed name')),
);

export const ast8 = astRule(
  {
    id: 'AST8', category: 'Tool Misuse', severity: 'CRITICAL', confidence: 0.95, title: 'Execution of Downloaded or Decoded Code',
    description: 'exec, eval, compile or a shell run on data that was downloaded, decoded (base64, hex, zlib, atob) or produced by a dynamic import: the classic shape of a dropper, e.g. exec(base64.b64decode(...)), eval(await (await fetch(u)).text()), curl … | bash.',
    remediation: 'Remove the downloader. Ship the code in the skill where it can be reviewed, and never execute network or decoded data.',
  },
  (facts) =>
    facts.calls.filter(isAst8).map((c) => {
      const source = c.taints.find((t) => AST8_SOURCES.has(t.kind)) ?? null;
      return callHit(c, { source, label: `${c.callee} runs ${source?.kind === 'decoded' ? 'decoded' : source?.kind === 'dynamic_import' ? 'dynamically imported' : 'downloaded'} code` });
    }),
);

export const ast9 = astRule(
  {
    id: 'AST9', category: 'Tool Misuse', severity: 'HIGH', confidence: 0.85, title: 'Reflective Access to a Dangerous Capability',
    description: "A dangerous capability reached by reflection with a literal or folded name: getattr(os, 'system'), getattr(builtins, 'ev' + 'al'), globalThis['eval'], require('child_process')['exec']. Written this way to hide the call from text patterns.",
    remediation: 'Call the function directly if it is needed, so reviewers and scanners can see it; otherwise remove it.',
  },
  (facts) => facts.reflective.filter((r) => r.dangerous && r.name !== null).map((r) => reflectiveHit(r, `reflective access to ${r.name}`)),
);

export const ast10 = astRule(
  {
    id: 'AST10', category: 'Deserialization', severity: 'MEDIUM', confidence: 0.7, title: 'Unsafe Deserialization Call',
    description: 'A deserialiser that can run code while loading: pickle/cPickle/marshal/dill loads, shelve, jsonpickle.decode, pandas.read_pickle, joblib.load, yaml.unsafe_load, yaml.load without a safe loader, torch.load without weights_only=True, node-serialize unserialize.',
    remediation: 'Load data with a format that cannot carry code (JSON, yaml.safe_load, torch.load(weights_only=True)), or only load files the skill ships and verifies.',
  },
  (facts) => facts.calls.filter((c) => c.op === 'deserialize' && c.unsafe !== false).map((c) => callHit(c, { label: `${c.callee} can run code while loading` })),
);

export const astRules = [ast1, ast2, ast3, ast4, ast5, ast6, ast7, ast8, ast9, ast10];
