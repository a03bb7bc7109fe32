// Reads one regular file into an Artifact under the per-file and bundle byte budgets.
import type { Budget } from '../limits/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Artifact } from '../shared/artifact.js';
import { isHiddenPath } from '../shared/artifact.js';
import { readBounded } from './read.js';

/**
 * `location` is what opens the file (a raw byte path, relative to an opened directory during the walk);
 * `path` is its bundle-relative display path.
 */
export function admitFile(location: string | Buffer, path: string, budget: Budget, ledger: Ledger): Artifact | null {
  const hidden = isHiddenPath(path);
  const remaining = budget.remainingBytes();
  const cap = Math.min(budget.limits.maxFileBytes, remaining);
  const read = readBounded(location, cap);
  if (!read.ok) {
    if (read.reason === 'not_regular_file') {
      ledger.addInventory({ path, content_kind: 'opaque', disposition: 'out_of_scope', size_bytes: 0, reason: read.reason, hidden, local_only: true });
      ledger.scope('not_regular_file', path);
      return null;
    }
    ledger.addInventory({ path, content_kind: 'opaque', disposition: 'failed', size_bytes: 0, reason: read.reason, hidden, local_only: true });
    ledger.exception({ phase: 'read', reason: read.reason, path, message: `File could not be read (${read.detail}).` });
    return null;
  }
  budget.bytes += read.bytes.length;
  const artifact: Artifact = {
    path, origin: 'disk', bytes: read.bytes, size: read.size, truncated: read.truncated, mode: read.mode, hidden,
  };
  if (read.truncated) recordTruncation(path, read.size, read.bytes.length, budget, ledger);
  return artifact;
}

function recordTruncation(path: string, size: number, got: number, budget: Budget, ledger: Ledger): void {
  const perFile = budget.limits.maxFileBytes;
  const reason = got >= perFile ? 'size_limit' : 'total_bytes_limit';
  ledger.exception({
    phase: 'read', reason, path,
    message:
      reason === 'size_limit'
        ? `File is ${size} bytes; only the first ${got} bytes were analyzed.`
        : `The bundle byte budget was spent; only the first ${got} of ${size} bytes were read.`,
    observed: reason === 'size_limit' ? size : budget.bytes - got + size,
    limit: reason === 'size_limit' ? perFile : budget.limits.maxTotalBytes,
    unit: 'bytes',
  });
}
