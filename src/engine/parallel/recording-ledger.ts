// The ledger a worker hands to one file's analysis: it records each write so the main side can replay them
// on the scan's ledger in file order, giving the same rows in the same order as the single-threaded loop.
import { Ledger } from '../../ledger/index.js';
import type { ExceptionInput, LedgerException, ReasonCode } from '../../ledger/index.js';
import type { Disposition } from '../../shared/types.js';
import type { LedgerOp } from './protocol.js';

export class RecordingLedger extends Ledger {
  readonly ops: LedgerOp[] = [];

  override exception(input: ExceptionInput): LedgerException {
    this.ops.push({ op: 'exception', input });
    return super.exception(input);
  }

  override degrade(path: string, disposition: Disposition, reason: ReasonCode): void {
    this.ops.push({ op: 'degrade', path, disposition, reason });
    super.degrade(path, disposition, reason);
  }
}

export function replay(ops: readonly LedgerOp[], ledger: Ledger): void {
  for (const o of ops) {
    if (o.op === 'exception') ledger.exception(o.input);
    else ledger.degrade(o.path, o.disposition, o.reason);
  }
}
