// Line access for the files findings name: a line index built once per file, only for files that a
// baseline fingerprint or an inline directive needs, and each line normalised and hashed at most once
// (many findings on one long line must not hash it again each time).
import { createHash } from 'node:crypto';

export class FileLines {
  private starts: number[] | undefined;
  private readonly digests = new Map<number, string>();

  constructor(readonly text: string) {}

  private index(): number[] {
    if (this.starts) return this.starts;
    const starts = [0];
    for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
    return (this.starts = starts);
  }

  get count(): number {
    return this.index().length;
  }

  /** Line `n` (1-based) without its line break; '' outside the file. */
  line(n: number): string {
    const starts = this.index();
    const start = starts[n - 1];
    if (start === undefined) return '';
    const next = starts[n];
    return this.text.slice(start, next === undefined ? this.text.length : next - 1);
  }

  /** Line `n` with every run of whitespace collapsed to one space and the ends trimmed. */
  private normalisedLine(n: number): string {
    return this.line(n).replace(/\s+/g, ' ').trim();
  }

  /** SHA-256 (hex) of the normalised line `n` ('' outside the file). */
  lineDigest(n: number): string {
    let value = this.digests.get(n);
    if (value === undefined) this.digests.set(n, (value = createHash('sha256').update(this.normalisedLine(n)).digest('hex')));
    return value;
  }
}

/** FileLines per path, created on first use from the analysed text (undefined for files without one). */
export class LineStore {
  private readonly files = new Map<string, FileLines | null>();

  constructor(private readonly textOf: (path: string) => string | undefined) {}

  get(path: string): FileLines | undefined {
    let lines = this.files.get(path);
    if (lines === undefined) {
      const text = this.textOf(path);
      this.files.set(path, (lines = text === undefined ? null : new FileLines(text)));
    }
    return lines ?? undefined;
  }
}
