// One writer per format; a format without a writer does not compile.
import type { Severity } from '../../shared/types.js';
import type { ScanReport } from '../types.js';
import { writeHtml } from './html.js';
import { writeJson } from './json.js';
import { writeMarkdown } from './markdown.js';
import { writeSarif } from './sarif.js';
import { writeTerminal } from './terminal.js';

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
}

export type Writer = (report: ScanReport, options: WriterOptions) => string;

function display(o: WriterOptions): { minSeverity?: Severity } {
  return o.minSeverity !== undefined ? { minSeverity: o.minSeverity } : {};
}

const WRITERS: Record<Format, Writer> = {
  terminal: (r, o) => writeTerminal(r, { color: o.color, verbose: o.verbose, showSuppressed: o.showSuppressed, summary: o.summary ?? false, ...display(o) }),
  json: (r) => writeJson(r),
  markdown: (r, o) => writeMarkdown(r, { showSuppressed: o.showSuppressed, summary: o.summary ?? false, ...display(o) }),
  // Rule descriptors come from the report itself (`report.rules`), never from the registry.
  sarif: (r) => writeSarif(r),
  html: (r, o) => writeHtml(r, { showSuppressed: o.showSuppressed, ...display(o) }),
};

export function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

export function render(format: Format, report: ScanReport, options: WriterOptions): string {
  return WRITERS[format](report, options);
}
