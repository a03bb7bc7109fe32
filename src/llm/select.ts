// Which analysed files may leave the machine for an LLM provider (CONTRACT §7). Only visible text files
// within the size limits are sent (the manifest first), never key or credential files; everything else
// is withheld and recorded, so the report never implies a semantic review that did not happen.
import type { FileView } from '../model/bundle.js';
import { isHiddenPath } from '../shared/artifact.js';
import type { FileType } from '../shared/types.js';

export type WithheldWhy = 'hidden' | 'container_member' | 'oversized' | 'excluded' | 'local_only' | 'budget' | 'not_text' | 'sensitive';

export interface Withheld {
  path: string;
  why: WithheldWhy;
}

export interface SelectOptions {
  /** A file whose UTF-8 text is larger than this stays local. */
  maxFileBytes: number;
  /** Bytes all sent files may add up to; files that no longer fit stay local. */
  maxTotalBytes: number;
  /** The user's exclusions for LLM review. */
  excluded: (path: string) => boolean;
}

export interface Selection {
  send: FileView[];
  withheld: Withheld[];
}

/** Bytes and containers are never text a reviewer reads; their views are placeholders. */
const NOT_TEXT: ReadonlySet<FileType> = new Set<FileType>(['binary', 'zip', 'docx', 'xlsx', 'pptx']);

/** A container member carries provenance; its virtual path also holds the reserved `!/` delimiter. */
function isContainerMember(file: FileView): boolean {
  return file.provenance !== undefined || file.path.includes('!/');
}

/**
 * Key and credential files by name: private keys, keystores, package-manager and netrc credentials. A
 * skill should not ship them, and if it does they must not be copied to a vendor as a side effect.
 */
const SENSITIVE_NAME = /(?:^|\/)(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:\.\w+)?|[^/]*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk|asc|gpg|crt|cer)|credentials(?:\.\w+)?|\.?(?:npmrc|pypirc|netrc|pgpass)|secrets?\.(?:ya?ml|json|toml|txt))$/i;
/**
 * Key material by content: a private-key header followed by a real base64 body line (a documented
 * placeholder such as `...` is not a key). The first 64 KiB is enough: keys come as whole blocks.
 */
const KEY_MATERIAL = /-----BEGIN (?:[A-Z]{1,12} )?PRIVATE KEY(?: BLOCK)?-----\r?\n[ \t]{0,16}(?:[A-Za-z0-9-]{1,32}: [^\n]{0,200}\r?\n[ \t]{0,16}|\r?\n[ \t]{0,16}){0,8}[A-Za-z0-9+/]{40,}/;

function isSensitive(file: FileView): boolean {
  return SENSITIVE_NAME.test(file.path) || KEY_MATERIAL.test(file.text.slice(0, 64 * 1024));
}

/** Why a file may never leave, whatever the budget; undefined when it may. Privacy reasons come first. */
function refusal(file: FileView, options: SelectOptions): WithheldWhy | undefined {
  if (file.hidden || isHiddenPath(file.path) || file.provenance?.hiddenChain === true) return 'hidden';
  if (isContainerMember(file)) return 'container_member';
  if (options.excluded(file.path)) return 'excluded';
  if (NOT_TEXT.has(file.type)) return 'not_text';
  if (isSensitive(file)) return 'sensitive';
  if (Buffer.byteLength(file.text, 'utf8') > options.maxFileBytes) return 'oversized';
  // Discovery marks truncated files local-only: a prefix of a file is never sent.
  if (file.localOnly) return 'local_only';
  return undefined;
}

/** Splits the files into those that may be sent (the manifest first, then scan order) and those withheld. */
export function selectForLlm(files: readonly FileView[], options: SelectOptions): Selection {
  const send: FileView[] = [];
  const withheld: Withheld[] = [];
  const ordered = [...files.filter((f) => f.isManifest), ...files.filter((f) => !f.isManifest)];
  let total = 0;
  for (const file of ordered) {
    const why = refusal(file, options);
    if (why !== undefined) {
      withheld.push({ path: file.path, why });
      continue;
    }
    const bytes = Buffer.byteLength(file.text, 'utf8');
    // Greedy: a large file that no longer fits does not stop smaller ones behind it.
    if (total + bytes > options.maxTotalBytes) {
      withheld.push({ path: file.path, why: 'budget' });
      continue;
    }
    total += bytes;
    send.push(file);
  }
  return { send, withheld };
}

const WITHHELD_MESSAGES: Record<WithheldWhy, string> = {
  hidden: 'Hidden file (or inside a hidden folder) is local-only and was not sent for LLM review.',
  container_member: 'Container member is local-only and was not sent for LLM review.',
  oversized: 'File is larger than the LLM per-file limit and was not sent for LLM review.',
  excluded: 'File matches an LLM exclusion and was not sent for LLM review.',
  local_only: 'File is local-only (truncated or otherwise restricted) and was not sent for LLM review.',
  budget: 'The LLM byte budget was spent; this file was not sent for LLM review.',
  not_text: 'File is not text (binary or a container) and was not sent for LLM review.',
  sensitive: 'File looks like a key or credential file and was not sent for LLM review.',
};

/** A ledger exception input for one withheld file: reason `llm_withheld`, outcome partial, phase `llm`. */
export interface LlmWithheldRow {
  phase: 'llm';
  reason: 'llm_withheld';
  outcome: 'partial';
  path: string;
  message: string;
}

export function withheldLedgerRows(withheld: readonly Withheld[]): LlmWithheldRow[] {
  return withheld.map((w) => ({ phase: 'llm', reason: 'llm_withheld', outcome: 'partial', path: w.path, message: WITHHELD_MESSAGES[w.why] }));
}
