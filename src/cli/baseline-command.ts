// `skillspector baseline <target> -o FILE`: accept every current finding.
import { buildBaseline, serializeBaseline } from '../baseline/index.js';
import { activeRules, withUserConfig } from '../config/index.js';
import { scanAsync } from '../engine/scan.js';
import { RULES } from '../rules/index.js';
import { VERSION } from '../shared/version.js';
import { checkSideWrite, writeSideFile } from '../shared/side-file.js';
import { baselineInside, loadCustomSignatures } from './scan-command.js';

export interface BaselineCliOptions {
  output: string;
  reason: string;
  exclude: string[];
  rulesDir?: string;
  /** `--config FILE`, or false for `--no-config`. */
  config?: string | false;
}

// The same analysis as `scan` (behavioural rules, custom signatures and the user's configuration:
// exclusions, enabled and disabled rules), so every finding a later scan reports can be accepted here.
export async function runBaseline(target: string, cliOpts: BaselineCliOptions): Promise<number> {
  const opts = withUserConfig(target, cliOpts, (line) => process.stderr.write(`skillspector: ${line}\n`));
  // The baseline may live in the bundle it describes (CONTRACT §9), but never through a link.
  const destination = { what: 'baseline', target, allowInsideTarget: true };
  checkSideWrite(opts.output, destination);
  const baselinePath = baselineInside(target, opts.output);
  const customSignatures = opts.rulesDir !== undefined ? loadCustomSignatures(opts.rulesDir) : undefined;
  const { findings, fingerprintOf, report } = await scanAsync({
    target, excludes: opts.exclude, rules: activeRules(RULES, opts.policy), policy: opts.policy,
    ...(baselinePath !== undefined ? { baselinePath } : {}), ...(customSignatures ? { customSignatures } : {}),
  });
  const baseline = buildBaseline(findings, fingerprintOf, VERSION, opts.reason);
  writeSideFile(opts.output, serializeBaseline(baseline, opts.output), destination);
  process.stderr.write(`skillspector: wrote ${baseline.fingerprints.length} fingerprint(s) to ${opts.output}\n`);
  return report.execution_successful ? 0 : 2;
}
