// The hand-run lure's wording: "copy and paste this into your terminal", "copy the line, paste it in
// Terminal and press Return". Vendors' installers use it too; for a download from a domain that is
// neither a vendor's nor the skill's own (a fresh domain looks exactly like that) it is the campaign's
// delivery step, and SC2 raises such a download from HIGH to CRITICAL. Raw IPs and paste pages are
// CRITICAL already.
import type { LineList } from '../../analysis/lines.js';

const COPY_PASTE =
  /\bcopy\b[^\n]{0,80}?\b(?:paste|run|execute|(?:press|hit)\s{1,4}(?:enter|return))\b|\bpaste\b[^\n]{0,80}?\b(?:in|into|on)\s{1,4}(?:a\s{1,4}new\s{1,4}|a\s{1,4}|the\s{1,4}|your\s{1,4})?(?:terminal|shell|console|powershell|command[- ]?line|command prompt|cmd(?:\.exe)?|run dialog)\b/i;
const BEFORE = 3;
const AFTER = 1;
const MAX_LINE = 2_000;

/** The 1-based `line` is told, on it or just around it, to be copied and pasted into a terminal. */
export function copyPasteNear(lines: LineList, line: number): boolean {
  for (let l = Math.max(1, line - BEFORE); l <= Math.min(lines.length, line + AFTER); l += 1) {
    if (COPY_PASTE.test((lines.at(l - 1) ?? '').slice(0, MAX_LINE))) return true;
  }
  return false;
}
