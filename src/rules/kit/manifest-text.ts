// Shared by the manifest-level families (TR, TP, LP, RP): find SKILL.md and point findings at the
// line a frontmatter value sits on, not at line 1.
import type { Manifest } from '../../discovery/manifest.js';
import { LineIndex } from '../../analysis/lines.js';
import type { BundleView, FileView } from '../../model/bundle.js';

export type ManifestField = Manifest['fields'][number];

export class ManifestSource {
  private index: LineIndex | undefined;
  private readonly frontmatterEnd: number;

  constructor(
    readonly path: string,
    readonly text: string,
    readonly manifest: Manifest,
  ) {
    // The closing `---` bounds snippet searches so a body line never claims a frontmatter value.
    const close = /\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text.slice(3, 256 * 1024 + 3));
    this.frontmatterEnd = close ? close.index + 3 : Math.min(text.length, 256 * 1024);
  }

  private lines(): LineIndex {
    this.index ??= new LineIndex(this.text);
    return this.index;
  }

  /** First field under `key` (or any of `keys`), optionally with this exact value. */
  field(keys: string | readonly string[], value?: string): ManifestField | undefined {
    const set = typeof keys === 'string' ? [keys] : keys;
    const fields = this.manifest.fields.filter((f) => set.includes(f.key));
    if (value === undefined) return fields[0];
    return fields.find((f) => f.value === value) ?? fields.find((f) => f.value.includes(value)) ?? fields[0];
  }

  /** Line of `snippet` at or after `fromLine` inside the frontmatter; `fromLine` when the raw text differs (escaped YAML). */
  lineOf(snippet: string, fromLine: number): number {
    if (snippet.length === 0 || this.text.length === 0) return fromLine;
    const idx = this.lines();
    const start = idx.lineStart(Math.max(1, fromLine));
    const at = this.text.indexOf(snippet, start);
    if (at === -1 || at >= this.frontmatterEnd) return fromLine;
    return idx.lineOf(at);
  }

  /** Line where a value's substring appears, starting from its field's line. */
  lineInField(field: ManifestField | undefined, offsetInValue = 0, len = 24): number {
    if (!field) return 1;
    const snippet = firstLine(field.value.slice(offsetInValue, offsetInValue + len));
    return this.lineOf(snippet, field.line);
  }
}

function firstLine(s: string): string {
  const nl = s.indexOf('\n');
  return nl === -1 ? s : s.slice(0, nl);
}

/** The parsed manifest with its SKILL.md text, or null when the bundle has none. */
export function manifestSource(bundle: BundleView, files: readonly FileView[]): ManifestSource | null {
  const manifest = bundle.manifest;
  if (!manifest) return null;
  const file = files.find((f) => f.isManifest) ?? files.find((f) => f.path === bundle.manifestPath);
  return new ManifestSource(file?.path ?? bundle.manifestPath ?? 'SKILL.md', file?.text ?? '', manifest);
}
