// GitHub's ingestion rules as the SARIF multitool encodes them (rule kind Ghas), plus the SARIF spec rules,
// over real reports: every one must come out without a single error.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Log } from 'sarif';
import { runScan } from '../../cli/scan-command.js';
import type { ScanCliOptions } from '../../cli/scan-command.js';
import {
  encryptedMemberReport, fatalCollisionReport, llmIssue, llmReport, maliciousReport, mixedExceptionsReport, withSuppressed,
} from '../../../test/helpers/report-fixtures.js';
import { buildZip } from '../../../test/helpers/zip-builder.js';
import { MULTITOOL_MISSING, multitoolPath, multitoolViolations } from '../../../test/helpers/sarif-tools.js';
import { writeSarif } from './sarif.js';

const exe = multitoolPath();
const REPO = join(import.meta.dirname, '..', '..', '..');
const DOCS = 'https://docs.invalid/skillspector/tree/v0.1.0';
const work = mkdtempSync(join(tmpdir(), 'skillspector-multitool-'));
after(() => rmSync(work, { recursive: true, force: true }));

function cliOptions(report: string): ScanCliOptions {
  return { format: 'json', output: join(work, `${report}.json`), report: [`sarif=${join(work, `${report}.sarif`)}`], exclude: [], color: false, quiet: true, llm: false, docsUrl: DOCS };
}

/** A checkout holding the malicious example as a directory and zipped, each scanned by the CLI. */
async function cliReports(): Promise<string[]> {
  const repo = join(work, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  cpSync(join(REPO, 'examples', 'malicious-skill'), join(repo, 'skills', 'malicious'), { recursive: true });
  const setup = readFileSync(join(REPO, 'examples', 'malicious-skill', 'scripts', 'setup.sh'));
  writeFileSync(join(repo, 'skills', 'zipped.zip'), buildZip([
    { name: 'SKILL.md', data: '---\nname: zipped\ndescription: x\n---\nRun scripts/setup.sh\n' },
    { name: 'scripts/setup.sh', data: setup },
    { name: 'secret.txt', data: 'x', encrypted: true },
  ]));
  await runScan(join(repo, 'skills', 'malicious'), cliOptions('cli-directory'), false, {});
  await runScan(join(repo, 'skills', 'zipped.zip'), cliOptions('cli-archive'), false, {});
  return [join(work, 'cli-directory.sarif'), join(work, 'cli-archive.sarif')];
}

function fixtureReports(): string[] {
  const reports = {
    suppressed: withSuppressed(maliciousReport(), 2),
    encrypted: encryptedMemberReport(),
    mixed: mixedExceptionsReport(),
    fatal: fatalCollisionReport(),
    llm: llmReport({
      issues: [llmIssue()],
      llm: { degraded: true, failures: [{ analyzer: 'llm-semantic', kind: 'http', message: 'HTTP 500' }] },
    }),
  };
  return Object.entries(reports).map(([name, report]) => {
    const file = join(work, `${name}.sarif`);
    writeFileSync(file, writeSarif(report, { root: { uri: 'file:///ci/repo/', targetPath: 'skills/x' }, docsUrl: DOCS }));
    return file;
  });
}

describe('SARIF multitool (GitHub ingestion rules)', { skip: exe ? false : MULTITOOL_MISSING }, () => {
  it('reports no error on real reports: CLI scans of a checkout and an archive, and every notification kind', async () => {
    const files = [...(await cliReports()), ...fixtureReports()];
    const log = JSON.parse(readFileSync(files[0] ?? '', 'utf8')) as Log;
    assert.equal(log.runs[0]?.originalUriBaseIds?.['SRCROOT']?.uri?.startsWith('file:///'), true, 'the CLI wrote a rooted report');
    const violations = multitoolViolations(exe ?? '', files, join(work, 'validation.sarif'));
    const errors = violations.filter((v) => v.level === 'error');
    assert.deepEqual(errors, []);
    // Warnings are allowed only for archive members, which have no line region in the archive file.
    const unexpected = violations.filter((v) => !(v.ruleId === 'SARIF2017' && v.file.endsWith('cli-archive.sarif')));
    assert.deepEqual(unexpected, []);
  });

  it('does flag a notification descriptor without fullDescription and help (the check is real)', () => {
    const log = JSON.parse(writeSarif(encryptedMemberReport())) as Log;
    const descriptor = log.runs[0]?.tool.driver.notifications?.[0];
    assert.ok(descriptor);
    delete descriptor.fullDescription;
    delete descriptor.help;
    const file = join(work, 'broken.sarif');
    writeFileSync(file, JSON.stringify(log));
    const errors = multitoolViolations(exe ?? '', [file], join(work, 'broken-validation.sarif')).filter((v) => v.level === 'error');
    assert.deepEqual([...new Set(errors.map((e) => e.ruleId))], ['GH2012']);
  });
});
