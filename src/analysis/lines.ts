/** Offsets of every line start, for mapping a match offset to a 1-based line number. */
export class LineIndex {
  // A typed array sized by a counting pass: a file of 16 M newlines costs 64 MB here, not the 128 MB+
  // of a growing number[] (and its copies while it grows).
  private readonly starts: Int32Array;

  constructor(readonly text: string) {
    let n = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
    this.starts = new Int32Array(n);
    let k = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts[k++] = i + 1;
  }

  get count(): number {
    return this.starts.length;
  }

  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  lineStart(line: number): number {
    return this.starts[line - 1] ?? this.text.length;
  }

  lineText(line: number): string {
    const start = this.lineStart(line);
    const next = this.starts[line];
    return this.text.slice(start, next === undefined ? this.text.length : next - 1);
  }
}

/**
 * The lines of a text as `text.split('\n')` would give them, sliced from a {@link LineIndex} on demand:
 * no array of every line is ever built (16 M newlines would cost 128 MB+ of empty strings per view).
 * Indexes are 0-based like an array's; out of range (negative too) is `undefined`, never wrapped.
 */
export class LineList {
  readonly length: number;

  constructor(private readonly index: LineIndex) {
    this.length = index.count;
  }

  /** Line `i` (0-based) without its `\n`, or undefined out of range. */
  at(i: number): string | undefined {
    if (!Number.isInteger(i) || i < 0 || i >= this.length) return undefined;
    return this.index.lineText(i + 1);
  }

  /** Lines `start` to `end` (exclusive, clamped like `Array.prototype.slice` for non-negative bounds). */
  slice(start: number, end: number = this.length): string[] {
    const out: string[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i += 1) out.push(this.index.lineText(i + 1));
    return out;
  }
}

export interface Window {
  start: number;
  end: number;
  text: string;
}

/** Overlapping windows so patterns near a boundary are seen whole and long files stay bounded. */
export function* windows(text: string, size: number, overlap: number): Generator<Window> {
  if (text.length <= size) {
    yield { start: 0, end: text.length, text };
    return;
  }
  for (let start = 0; start < text.length; start += size - overlap) {
    const end = Math.min(text.length, start + size);
    yield { start, end, text: text.slice(start, end) };
    if (end === text.length) return;
  }
}
