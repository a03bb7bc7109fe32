// One least-privilege pass per bundle, shared by LP1–LP4 (each rule reads the part it reports).
import { activeLimits, noteActiveLimit } from '../../analysis/kernel.js';
import { isCodeFile } from '../../analysis/placement.js';
import type { BundleView, FileView } from '../../model/bundle.js';
import { manifestSource, type ManifestSource } from '../kit/manifest-text.js';
import {
  CAPABILITIES, detectCapabilities, detectOutsideWrite, isTestPath, isWildcard, permissionCategories, toolCategories,
  type Capability, type Detection,
} from './capabilities.js';

export interface LeastPrivilege {
  src: ManifestSource;
  permissions: string[];
  allowedTools: string[];
  wildcards: string[];
  declared: Set<Capability>;
  /** Per capability: detections in ordinary files first, then in test files. */
  detected: Map<Capability, { code: Detection[]; tests: Detection[] }>;
  /** Writes outside the skill (home directory, shell start-up files, system paths) in non-test code. */
  outsideWrites: Detection[];
}

const cache = new WeakMap<readonly FileView[], LeastPrivilege | null>();

/** Null for skills without a manifest and docs-only skills (no executable component). */
export function leastPrivilege(bundle: BundleView, files: readonly FileView[]): LeastPrivilege | null {
  const cached = cache.get(files);
  if (cached !== undefined && cached?.src.manifest === bundle.manifest) return cached;
  const result = compute(bundle, files);
  cache.set(files, result);
  return result;
}

function compute(bundle: BundleView, files: readonly FileView[]): LeastPrivilege | null {
  const src = manifestSource(bundle, files);
  // Executable components as the reference counts them, plus scripts by language (`.mjs`, `.cjs`, `.php`,
  // `.phtml` are scripts too, though no suffix rule marks them executable).
  const all = files.filter((f) => (f.executable || isCodeFile(f)) && !f.isManifest);
  const max = activeLimits().maxExecutablesPerBundle;
  if (all.length > max) noteActiveLimit({ what: 'executable components', observed: all.length, limit: max });
  const executables = all.slice(0, max);
  if (!src || executables.length === 0) return null;
  const permissions = src.manifest.permissions.map(String);
  const allowedTools = src.manifest.allowedTools.map(String);
  const declared = new Set<Capability>();
  for (const p of permissions) for (const c of permissionCategories(p)) declared.add(c);
  for (const t of allowedTools) for (const c of toolCategories(t)) declared.add(c);
  const detected = new Map<Capability, { code: Detection[]; tests: Detection[] }>();
  const outsideWrites: Detection[] = [];
  for (const f of executables) {
    if (!isTestPath(f.path)) {
      const w = detectOutsideWrite(f);
      if (w) outsideWrites.push(w);
    }
    for (const d of detectCapabilities(f)) {
      const slot = detected.get(d.capability) ?? { code: [], tests: [] };
      (isTestPath(f.path) ? slot.tests : slot.code).push(d);
      detected.set(d.capability, slot);
    }
  }
  const wildcards = [...permissions, ...allowedTools].filter(isWildcard);
  return { src, permissions, allowedTools, wildcards, declared, detected, outsideWrites };
}

export function hasDeclarations(lp: LeastPrivilege): boolean {
  return lp.permissions.length > 0 || lp.allowedTools.length > 0;
}

export function detectedCapabilities(lp: LeastPrivilege): Capability[] {
  return CAPABILITIES.filter((c) => lp.detected.has(c));
}

/** Line of a `permissions` / `allowed-tools` entry in SKILL.md. */
export function declarationLine(lp: LeastPrivilege, entry: string): number {
  const field = lp.src.field(['permissions', 'allowed-tools', 'allowed_tools'], entry);
  return field ? lp.src.lineOf(entry, field.line) : 1;
}
