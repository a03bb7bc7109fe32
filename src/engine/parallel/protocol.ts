// What crosses the thread boundary: plain, structured-clonable data only. Rules and their metadata stay on
// each side (sent as ids), the deadline travels as an absolute time, ledger writes as a replayable log.
import type { Finding } from '../../analysis/finding.js';
import type { ExceptionInput, ReasonCode } from '../../ledger/index.js';
import type { Limits } from '../../limits/index.js';
import type { BundleView, FileView } from '../../model/bundle.js';
import type { CodeLanguage, ParseBudget } from '../../behaviour/parser.js';
import type { Disposition } from '../../shared/types.js';

/** The bundle view without its lazy function: `documentedHosts` is computed once on the main side. */
export type WireBundle = Omit<BundleView, 'documentedHosts'> & { documentedHosts?: string[] };

/** A finding whose rule metadata is named by id; the main side re-attaches the same metadata object. */
export type WireFinding = Omit<Finding, 'rule'> & { ruleId: string };

/** One ledger write of a file's analysis, replayed on the scan's ledger in file order. */
export type LedgerOp =
  | { op: 'exception'; input: ExceptionInput }
  | { op: 'degrade'; path: string; disposition: Disposition; reason: ReasonCode };

export interface AnalysisTask {
  /** Ids of the active rules, in scan order; every one is in the shipped catalogue (RULES). */
  ruleIds: string[];
  /** A contiguous run of the scan's files (roles assigned). */
  files: FileView[];
  bundle: WireBundle;
  limits: Limits;
  /** The scan deadline as epoch milliseconds (`performance.timeOrigin + performance.now()`). */
  deadlineAt: number;
  /** Present when the main side loaded the grammars: the worker loads its files' grammars and hands rules trees. */
  parse?: ParseBudget;
  /** The scan's behavioural parse budget (for all its threads) and what it had spent when this task was sent. */
  behaviour: { limitMs: number; spentMs: number };
}

/** One analysed file: exactly what the single-threaded loop would have added for it. */
export interface FileOutcome {
  findings: WireFinding[];
  ops: LedgerOp[];
  /** The deadline passed while this file ran: it was cut short and no later file may count. */
  cut: boolean;
  failedRules: string[];
  /** The behavioural budget was exhausted before this file (it went into the budget's `skipped`). */
  behaviourSkipped: boolean;
  behaviourMs: number;
}

export interface AnalysisTaskResult {
  /** The files analysed, in order; shorter than the batch when the deadline stopped it. */
  outcomes: FileOutcome[];
  /** The deadline had passed before the file after the last outcome started (it was not analysed). */
  expiredBefore: boolean;
}

/**
 * Sent to each worker before any batch: load the catalogue, fill the keyword automaton, load the grammars
 * the scan needs. A worker takes batches only once warm, so a bundle the main thread finishes first never
 * waits for a worker's start-up.
 */
export interface WarmUpTask {
  warmUp: true;
  ruleIds: string[];
  limits: Limits;
  languages: CodeLanguage[];
}
