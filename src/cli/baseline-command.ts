// `skillspector baseline <target> -o FILE`: accept every current finding.
import { buildBaseline, serializeBaseline } from '../baseline/index.js';
import { scanAsync } from '../engine/scan.js';
import { VERSION } from '../shared/version.js';
import { checkSideWrite, writeSideFile } from '../shared/side-file.js';
import { baselineInside, loadCustomSignatures } from './scan-command.js';

export interface BaselineCliOptions {
  output: string;
  reason: string;
  exclude: string[];
  rulesDir?: string;
}

// The same analysis as `scan` (behavioural rules and custom signatures included), so every finding a later
// scan reports can be accepted here.
export async function runBaseline(target: string, opts: BaselineCliOptions): Promise<number> {
  // The baseline may live in the bundle it describes (CONTRACT §9), but never through a link.
  const destination = { what: 'baseline', target, allowInsideTarget: true };
  checkSideWrite(opts.output, destination);
  const baselinePath = baselineInside(target, opts.output);
  const customSignatures = opts.rulesDir !== undefined ? loadCustomSignatures(opts.rulesDir) : undefined;
  const { findings, digestOf, report } = await scanAsync({
    target, excludes: opts.exclude, ...(baselinePath !== undefined ? { baselinePath } : {}), ...(customSignatures ? { customSignatures } : {}),
  });
  const baseline = buildBaseline(findings, digestOf, VERSION, opts.reason);
  writeSideFile(opts.output, serializeBaseline(baseline, opts.output), destination);
  process.stderr.write(`skillspector: wrote ${baseline.fingerprints.length} fingerprint(s) to ${opts.output}\n`);
  return report.execution_successful ? 0 : 2;
}
