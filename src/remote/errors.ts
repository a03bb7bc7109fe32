// A remote target that could not be fetched: a usage-class error, so the CLI exits 2 with this one line
// and the MCP server answers with it as a tool error.
import { UsageError } from '../discovery/target.js';

export class RemoteError extends UsageError {
  /** Lets callers tell a fetch failure from other usage errors. */
  readonly remote = true;
}

/** `refused URL: why` — the first words say which target and that nothing was scanned. */
export function refused(url: string, why: string): RemoteError {
  return new RemoteError(`refused ${shown(url)}: ${why}`);
}

/** `cannot fetch URL: why` — the target is allowed but fetching it failed. */
export function fetchFailed(url: string, why: string): RemoteError {
  return new RemoteError(`cannot fetch ${shown(url)}: ${why}`);
}

/** URLs are shown without credentials and bounded, so a message never leaks a token or floods a log line. */
export function shown(url: string): string {
  let text = url;
  try {
    const u = new URL(url);
    if (u.username !== '' || u.password !== '') {
      u.username = '';
      u.password = '';
      text = u.href;
    }
  } catch {
    // Not a URL: shown as given (bounded below).
  }
  text = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
