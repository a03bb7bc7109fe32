// The report formats and the writer contract, without any writer: importing this costs nothing, so the
// CLI can check `--format` and load only the chosen writers (load.ts); index.ts loads them all.
import type { Severity } from '../../shared/types.js';
import type { ScanReport } from '../types.js';
import type { SarifOptions } from './sarif-options.js';
// Types only: this module must not load a writer.
import type * as html from './html.js';
import type * as json from './json.js';
import type * as markdown from './markdown.js';
import type * as sarif from './sarif.js';
import type * as terminal from './terminal.js';

export const FORMATS = ['terminal', 'json', 'markdown', 'sarif', 'html'] as const;
export type Format = (typeof FORMATS)[number];

export interface WriterOptions {
  color: boolean;
  verbose: boolean;
  showSuppressed: boolean;
  /**
   * Display filter of the human-readable formats (terminal, Markdown, HTML): findings below it are counted,
   * not listed. JSON and SARIF always carry every finding, and the verdict never changes.
   */
  minSeverity?: Severity;
  /** Terminal and Markdown: verdict, counts and the most severe findings only. */
  summary?: boolean;
  /** SARIF only: where artifact paths resolve from and where rule docs live (`--sarif-root`, `--docs-url`). */
  sarif?: SarifOptions;
}

export type Writer = (report: ScanReport, options: WriterOptions) => string;

export function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

function display(o: WriterOptions): { minSeverity?: Severity } {
  return o.minSeverity !== undefined ? { minSeverity: o.minSeverity } : {};
}

/**
 * Each format's writer from its module: the one mapping of WriterOptions onto a writer's own options,
 * shared by the eager table (index.ts) and the lazy loader (load.ts). A format without one does not compile.
 */
export const ADAPTERS: { [F in Format]: (module: WriterModules[F]) => Writer } = {
  terminal: (m) => (r, o) => m.writeTerminal(r, { color: o.color, verbose: o.verbose, showSuppressed: o.showSuppressed, summary: o.summary ?? false, ...display(o) }),
  json: (m) => (r) => m.writeJson(r),
  markdown: (m) => (r, o) => m.writeMarkdown(r, { showSuppressed: o.showSuppressed, summary: o.summary ?? false, ...display(o) }),
  // Rule descriptors come from the report itself (`report.rules`), never from the registry.
  sarif: (m) => (r, o) => m.writeSarif(r, o.sarif),
  html: (m) => (r, o) => m.writeHtml(r, { showSuppressed: o.showSuppressed, ...display(o) }),
};

export interface WriterModules {
  terminal: typeof terminal;
  json: typeof json;
  markdown: typeof markdown;
  sarif: typeof sarif;
  html: typeof html;
}
