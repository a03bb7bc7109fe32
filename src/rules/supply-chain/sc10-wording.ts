// Wording of the encrypted-archive lure that SC10's core patterns leave out: a password set in Markdown
// emphasis ("enter the password **pf2026!**"), and running what came out of the archive written as a
// shell command rather than a verb ("chmod +x ~/.tool/bin && ~/.tool/bin --daemon").

// "password" (or a synonym), a few words, then an emphasised token: the token is what gets typed in.
const EMPHASISED_PASSWORD = /\b(?:password|passwd|passphrase|passcode|pwd|pass|zip key|archive key)\b[^\n`]{0,24}?(?:\*\*|__)([^\s*_]{2,64})(?:\*\*|__)/gi;
// A secret has a digit or a symbol; "the **required** password" and "**Password** manager" do not.
const SECRET_LIKE = /[0-9!@#$%^&.-]/;

/** The emphasised password on this line ("password **x9!**", "passcode: __ab-12__"), or null. */
export function emphasisedPassword(line: string): string | null {
  EMPHASISED_PASSWORD.lastIndex = 0;
  for (let m = EMPHASISED_PASSWORD.exec(line), n = 0; m !== null && n < 8; m = EMPHASISED_PASSWORD.exec(line), n += 1) {
    const secret = m[1] ?? '';
    if (SECRET_LIKE.test(secret) && !/^[<[{$%]/.test(secret)) return secret;
  }
  return null;
}

// A command that runs a file by path: `chmod +x` (making it runnable), or a path at the start of a command
// (`./tool`, `~/.app/tool`, `/tmp/x`, `$HOME/x`, `.\setup.exe`), or the shell/OS launchers.
const RUN_BY_PATH =
  /\bchmod\s{1,4}(?:[ugoa]{0,3}\+x|[0-7]{3,4})\s|(?:^|&&|\|\||;|\bthen\b|\bdo\b)\s{0,4}(?:sudo\s{1,4})?(?:\.{1,2}\/|~\/|\/tmp\/|\$HOME\/|\$\{HOME\}\/|\.\\|&\s{0,4}["']?\.\\)[^\s;&|]{1,200}(?:\s|$)|^\s{0,12}(?:\$\s{1,4})?\.{1,2}\/[^\s;&|]{1,200}|\bStart-Process\b|\bopen\s{1,4}(?:-a\s{1,4})?[^\s;&|]{1,200}\.app\b/i;

/** The line runs a file by its path, as shell or PowerShell commands do. */
export function runsByPath(line: string): boolean {
  return RUN_BY_PATH.test(line.slice(0, 4_096));
}

// A Markdown table whose header names a password column: "| Download | Archive password | Then |".
const TABLE_ROW = /^\s{0,3}\|/;
const TABLE_SEPARATOR = /^\s{0,3}\|?\s{0,4}:?-{3,}/;
const PASSWORD_HEADER = /\b(?:password|passwd|passphrase|passcode|pwd|pass|zip key|archive key)\b/i;
const MAX_TABLE_ROWS = 16;
/** How far above its row a password cell's header line can sit (`passwordCell` walks up to the separator). */
export const PASSWORD_HEADER_REACH = MAX_TABLE_ROWS + 1;
const MAX_CELLS = 32;

function cellsOf(row: string): string[] {
  return row.trim().replace(/^\||\|$/g, '').split('|', MAX_CELLS).map((c) => c.trim());
}

/** The 0-based line `i` is a table row whose cell under a "password" header holds a secret-like token. */
export function passwordCell(lines: { at(i: number): string | undefined }, i: number): boolean {
  const row = (lines.at(i) ?? '').slice(0, 4_096);
  if (!TABLE_ROW.test(row) || TABLE_SEPARATOR.test(row)) return false;
  // Walk up to the separator row; the header sits right above it.
  for (let l = i - 1; l >= 0 && l >= i - MAX_TABLE_ROWS; l -= 1) {
    const text = (lines.at(l) ?? '').slice(0, 64);
    if (!TABLE_ROW.test(text)) return false;
    if (!TABLE_SEPARATOR.test(text)) continue;
    const column = cellsOf((lines.at(l - 1) ?? '').slice(0, 4_096)).findIndex((c) => PASSWORD_HEADER.test(c));
    const cell = (cellsOf(row)[column] ?? '').replace(/^[`*_"']{1,3}|[`*_"']{1,3}$/g, '');
    return column !== -1 && /^[^\s<[{$%]{3,64}$/.test(cell) && SECRET_LIKE.test(cell);
  }
  return false;
}

// Blank lines and headings are layout, not steps: "## Unlocking" between the password and "run Setup.exe"
// does not put the run step further away.
const LAYOUT = /^\s*$|^\s{0,3}#{1,6}\s/;
const MAX_LAYOUT_SKIP = 16;

/** The 0-based line `steps` text lines after `from`, not counting blank lines and headings. */
export function stepsAfter(lines: { at(i: number): string | undefined; length: number }, from: number, steps: number): number {
  let at = from;
  let skipped = 0;
  for (let n = 0; n < steps && at < lines.length - 1; ) {
    at += 1;
    if (LAYOUT.test((lines.at(at) ?? '').slice(0, 200)) && skipped < MAX_LAYOUT_SKIP) skipped += 1;
    else n += 1;
  }
  return Math.min(lines.length - 1, at);
}
