// `skillspector baseline <target> -o FILE`: accept every current finding.
import { buildBaseline, serializeBaseline } from '../baseline/index.js';
import { scanDetailed } from '../engine/scan.js';
import { VERSION } from '../shared/version.js';
import { baselineInside, writeOut } from './scan-command.js';

export interface BaselineCliOptions {
  output: string;
  reason: string;
  exclude: string[];
}

export function runBaseline(target: string, opts: BaselineCliOptions): number {
  const baselinePath = baselineInside(target, opts.output);
  const { findings, digestOf, report } = scanDetailed({
    target, excludes: opts.exclude, ...(baselinePath !== undefined ? { baselinePath } : {}),
  });
  const baseline = buildBaseline(findings, digestOf, VERSION, opts.reason);
  writeOut(opts.output, serializeBaseline(baseline, opts.output));
  process.stderr.write(`skillspector: wrote ${baseline.fingerprints.length} fingerprint(s) to ${opts.output}\n`);
  return report.execution_successful ? 0 : 2;
}
