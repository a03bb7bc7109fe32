// A progress line on stderr for scans longer than a second, only when stderr is a terminal.
export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

export function progressLine(stream: NodeJS.WriteStream, enabled: boolean, delayMs = 1_000): Progress {
  const started = Date.now();
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      if (!enabled) return;
      const now = Date.now();
      if (now - started < delayMs || now - last < 100) return;
      last = now;
      drawn = true;
      stream.write(`\r\u001b[2Kskillspector: analyzing ${done}/${total} files`);
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
    },
  };
}
