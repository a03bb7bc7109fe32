// Scans one batch target in this thread and returns its NDJSON line; never throws (a crash is an `error` line).
import { scanAsync } from '../engine/scan.js';
import type { ScanOptions } from '../engine/scan.js';
import { errorLine, lineOfReport } from './line.js';
import type { BatchLine } from './line.js';

/** What every skill of one batch is scanned with (plain data: it crosses to worker threads and queue jobs). */
export interface BatchScanSettings {
  excludes?: string[];
  limits?: ScanOptions['limits'];
}

/** A remote target's local copy (src/remote/with-target.ts): scanned in place of the target, reported under it. */
export interface LocalCopy {
  path: string;
  scanExtras: Partial<ScanOptions>;
}

export async function scanOne(target: string, settings: BatchScanSettings = {}, local?: LocalCopy): Promise<BatchLine> {
  const started = performance.now();
  try {
    const options: ScanOptions = local ? { ...local.scanExtras, target: local.path } : { target };
    if (settings.excludes) options.excludes = settings.excludes;
    if (settings.limits) options.limits = settings.limits;
    const { report } = await scanAsync(options);
    return lineOfReport(target, report, performance.now() - started);
  } catch (err) {
    return errorLine(target, err instanceof Error ? err.message : String(err), performance.now() - started);
  }
}
