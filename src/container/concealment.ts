// Decides which artifacts hold concealed executable content (INSPECTION §5, SC9).
import { hasShebang, isExecutable, suffixOf } from '../discovery/classify.js';
import type { InventoryRow } from '../ledger/index.js';
import type { Concealment, ConcealmentReason } from '../model/bundle.js';
import { isDocumentContainer } from './kind.js';

export interface ConcealmentInput {
  row: InventoryRow;
  bytes: Buffer | undefined;
  mode: number;
  origin: 'disk' | 'member';
}

const SOURCE_SCRIPTS: Record<string, RegExp> = {
  '.sh': /\b(?:ba|z|k|da)?sh\b/, '.bash': /\bbash\b/, '.zsh': /\bzsh\b/,
  '.py': /\bpython[0-9.]*\b/, '.js': /\b(?:node|deno|bun)\b/, '.mjs': /\b(?:node|deno|bun)\b/,
  '.ts': /\b(?:node|deno|bun|ts-node|tsx)\b/, '.rb': /\bruby\b/, '.pl': /\bperl\b/, '.ps1': /\bpwsh\b/,
};

/** Office macro projects count as executable content inside a document container. */
function isMacroPart(row: InventoryRow): boolean {
  const anc = row.provenance?.containerAncestry ?? [];
  return anc.some(isDocumentContainer) && /(?:^|\/)(?:vbaProject|vbaData|activeX\d*)\.bin$/i.test(row.provenance?.nestedPath ?? '');
}

export function isExecutableArtifact(input: ConcealmentInput): boolean {
  return isExecutable(input.row.path, input.bytes, input.mode) || isMacroPart(input.row);
}

/** The narrow root exception: visible source scripts of a client's installed skill. */
export function isClientSkillScript(input: ConcealmentInput, regularFiles: ReadonlySet<string>): boolean {
  if (input.origin !== 'disk' || input.row.provenance) return false;
  const m = /^\.(agents|claude)\/skills\/([^/]+)\/(.+)$/.exec(input.row.path);
  if (!m || !m[2] || !m[3]) return false;
  const name = m[2];
  const rest = m[3];
  if (name.startsWith('.') || rest.split('/').some((seg) => seg.startsWith('.'))) return false;
  const dir = `.${m[1]}/skills/${name}`;
  if (!regularFiles.has(`${dir}/SKILL.md`) && !regularFiles.has(`${dir}/skill.md`)) return false;
  const shebangPattern = SOURCE_SCRIPTS[suffixOf(rest)];
  if (!shebangPattern) return false;
  if (hasShebang(input.bytes)) {
    const first = (input.bytes ?? Buffer.alloc(0)).subarray(0, 256).toString('latin1').split('\n')[0] ?? '';
    if (!shebangPattern.test(first)) return false;
  }
  return true;
}

export function concealmentOf(input: ConcealmentInput, regularFiles: ReadonlySet<string>): Concealment | undefined {
  if (!isExecutableArtifact(input)) return undefined;
  const { row } = input;
  const p = row.provenance;
  const reasons: ConcealmentReason[] = [];
  if (p?.containerAncestry.some(isDocumentContainer)) reasons.push('document_container');
  if (row.hidden) reasons.push('hidden_artifact');
  if (p?.disguisedChain) reasons.push('disguised_container');
  if (reasons.length === 0) return undefined;
  if (reasons.length === 1 && reasons[0] === 'hidden_artifact' && isClientSkillScript(input, regularFiles)) return undefined;
  return {
    reasons,
    evidence: {
      outer_path: p?.outerPath ?? row.path,
      nested_path: p?.nestedPath ?? row.path,
      container_type: p?.containerType ?? 'filesystem',
      container_ancestry: p?.containerAncestry ?? [],
      container_depth: p?.containerDepth ?? 0,
      concealment: reasons[0],
      concealment_reasons: reasons,
      local_only: true,
    },
  };
}
