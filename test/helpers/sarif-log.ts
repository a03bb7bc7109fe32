// Writes SARIF from a report and checks what every SARIF test relies on: the official schema (when the
// optional multitool package is installed), one run, and relative URI references everywhere.
import assert from 'node:assert/strict';
import type { Log, Notification, Result, Run } from 'sarif';
import type { ScanReport } from '../../src/report/types.js';
import { FINGERPRINT_KEY, writeSarif } from '../../src/report/writers/sarif.js';
import type { SarifOptions } from '../../src/report/writers/sarif-options.js';
import { sarifSchemaValidator } from './sarif-tools.js';

export const validate = sarifSchemaValidator();

// Relative URI reference characters; `%` only as an escape. Formats are not checked by ajv without ajv-formats.
const URI_REF = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=@/]|%[0-9A-F]{2})+$/;

/** Writes, validates against the official schema (when installed), and checks every URI; returns the only run. */
export function sarif(report: ScanReport, options?: SarifOptions): { log: Log; run: Run; text: string } {
  const text = writeSarif(report, options);
  const log = JSON.parse(text) as Log;
  if (validate) assert.ok(validate(log), `schema errors: ${JSON.stringify(validate.errors, null, 2)}`);
  assert.equal(log.runs.length, 1);
  const run = log.runs[0]!;
  const uris = [
    ...(run.results ?? []).map((r) => r.locations?.[0]?.physicalLocation?.artifactLocation?.uri),
    ...notifications(run).flatMap((n) => (n.locations ?? []).map((l) => l.physicalLocation?.artifactLocation?.uri)),
  ];
  for (const uri of uris) {
    assert.ok(uri !== undefined && URI_REF.test(uri), `not a relative URI reference: ${uri}`);
    assert.ok(!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri), `URI would parse as a scheme: ${uri}`);
  }
  return { log, run, text };
}

export function notifications(run: Run): Notification[] {
  return run.invocations?.[0]?.toolExecutionNotifications ?? [];
}

export function located(run: Run, uri: string): Notification[] {
  return notifications(run).filter((n) => n.locations?.[0]?.physicalLocation?.artifactLocation?.uri === uri);
}

/** Notifications about one virtual path: a member of an archive is located at the archive, its path kept in properties. */
export function about(run: Run, virtualPath: string): Notification[] {
  return notifications(run).filter((n) => n.locations?.[0]?.properties?.['virtualPath'] === virtualPath);
}

export function fingerprints(results: Result[]): string[] {
  return results.map((r) => r.partialFingerprints?.[FINGERPRINT_KEY] ?? '');
}
