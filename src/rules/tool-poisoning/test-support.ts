// Test-only: build a bundle around a SKILL.md with the real frontmatter parser.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { parseManifest, type Manifest } from '../../discovery/manifest.js';
import { defaultLimits } from '../../limits/index.js';
import { LINEAR_TIME_BUDGET_MS, adversarialLines } from '../../../test/helpers/adversarial.js';
import { runBundleRule, type HarnessFile } from '../../../test/helpers/rule-harness.js';
import type { Rule } from '../types.js';
import type { BundleView, InventoryEntry } from '../../model/bundle.js';

export function manifestOf(text: string): BundleView['manifest'] {
  const r = parseManifest(text, defaultLimits());
  if (!r.ok) throw new Error(r.message);
  return r.manifest;
}

export function skillBundle(skillMd: string, others: HarnessFile[] = []): { files: HarnessFile[]; bundle: Partial<BundleView> } {
  return { files: [{ path: 'SKILL.md', text: skillMd }, ...others], bundle: { manifest: manifestOf(skillMd) } };
}

export function inventoryRow(path: string, row: Partial<InventoryEntry> = {}): InventoryEntry {
  return { path, disposition: 'analyzed', contentKind: 'text', type: 'other', executable: false, size: 10, ...row };
}

/**
 * `assertLinearTime` runs file rules only; this puts the same 1 MB adversarial runs into every place a
 * bundle rule reads (manifest fields, triggers, parameters, SKILL.md, an executable script, inventory).
 */
export function assertBundleLinearTime(rule: Rule, budgetMs = LINEAR_TIME_BUDGET_MS): void {
  for (const seed of adversarialLines(rule)) {
    const short = seed.slice(0, 200_000);
    const manifest: Manifest = {
      name: seed,
      description: seed,
      triggers: [seed, short.slice(0, 300), short],
      permissions: [seed, short],
      allowedTools: [seed],
      fields: ['name', 'description', 'triggers', 'permissions', 'version', 'default'].map((key, i) => ({ key, value: seed, line: i + 2 })),
      data: { name: seed, version: seed, parameters: [{ name: seed, description: seed, default: seed }] },
    };
    const skillMd = `---\nname: ${short}\ndescription: ${short}\n---\n${seed}\n[x](${short})\n\`${short}\`\n`;
    const files: HarnessFile[] = [
      { path: 'SKILL.md', text: skillMd },
      { path: 'scripts/run.py', text: seed, executable: true },
      { path: 'notes.txt', text: seed },
    ];
    const inventory = [inventoryRow('SKILL.md'), inventoryRow('scripts/run.py', { executable: true }), inventoryRow('a.bin', { contentKind: 'text' })];
    const t = performance.now();
    runBundleRule(rule, files, { manifest, inventory });
    const ms = performance.now() - t;
    assert.ok(ms < budgetMs, `${rule.meta.id} took ${ms.toFixed(0)} ms on 1 MB runs of ${JSON.stringify(seed.slice(0, 8))}`);
  }
}
