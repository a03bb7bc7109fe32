// The batch progress bar on stderr (only when it is a terminal): done/total, rate and ETA, redrawn at
// most ten times a second on one line, as the single-scan progress line does (src/cli/progress.ts).
export interface BatchProgress {
  tick(done: number, total: number): void;
  done(): void;
}

const WIDTH = 24;

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** The bar's text for `done` of `total` after `elapsedMs`. */
export function progressText(done: number, total: number, elapsedMs: number): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * WIDTH);
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const eta = rate > 0 ? (total - done) / rate : NaN;
  return `skillspector: [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} skills, ${rate.toFixed(1)} skills/s, ETA ${clock(eta)}`;
}

export function batchProgress(stream: { write(s: string): unknown }, enabled: boolean): BatchProgress {
  const started = Date.now();
  let last = 0;
  let drawn = false;
  return {
    tick(done, total) {
      if (!enabled) return;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      drawn = true;
      stream.write(`\r\u001b[2K${progressText(done, total, now - started)}`);
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
    },
  };
}
