// Unsafe member names, INSPECTION §3.2 row 3. Checked on the name with '\' read as '/', so a
// Windows-style path cannot pass as one odd segment here and become a traversal elsewhere.

import type { MemberNameCheck } from './types.js';

const DRIVE_QUALIFIED = /^[A-Za-z]:/;

/**
 * Accepts a member name that maps to a relative virtual path with only ordinary segments, and
 * returns that path ('\' normalised to '/', one trailing '/' of a directory entry removed).
 */
export function checkMemberName(name: string): MemberNameCheck {
  if (name.length === 0) return { ok: false, why: 'the name is empty' };
  if (name.includes('\0')) return { ok: false, why: 'the name contains a NUL character' };
  let path = name.replaceAll('\\', '/');
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path.length === 0) return { ok: false, why: 'the name is empty once its trailing slash is removed' };
  if (path.startsWith('/')) return { ok: false, why: 'the name is an absolute path' };
  if (DRIVE_QUALIFIED.test(path)) return { ok: false, why: 'the name is drive-qualified' };
  if (path.includes('!/')) return { ok: false, why: "the name contains the reserved virtual-path delimiter '!/'" };
  for (const segment of path.split('/')) {
    if (segment === '') return { ok: false, why: 'the name contains an empty path segment' };
    if (segment === '.' || segment === '..') return { ok: false, why: `the name contains a '${segment}' path segment` };
  }
  return { ok: true, name: path };
}

// JSON.stringify escapes C0 controls but leaves DEL, C1 controls, line separators and bidi
// overrides, which can still rewrite a terminal line.
const UNSAFE_FOR_DISPLAY = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Quotes a name from an archive for a message: no raw control or bidi characters survive. */
export function quoteName(name: string): string {
  return JSON.stringify(name).replace(UNSAFE_FOR_DISPLAY, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
