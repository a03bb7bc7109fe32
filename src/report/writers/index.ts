// One writer per format; a format without a writer does not compile.
import type { ScanReport } from '../types.js';
import { writeJson } from './json.js';
import { writeMarkdown } from './markdown.js';
import { writeSarif } from './sarif.js';
import { writeTerminal } from './terminal.js';

export const FORMATS = ['terminal', 'json', 'markdown', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

export interface WriterOptions {
  color: boolean;
  verbose: boolean;
  showSuppressed: boolean;
}

export type Writer = (report: ScanReport, options: WriterOptions) => string;

const WRITERS: Record<Format, Writer> = {
  terminal: (r, o) => writeTerminal(r, { color: o.color, verbose: o.verbose, showSuppressed: o.showSuppressed }),
  json: (r) => writeJson(r),
  markdown: (r, o) => writeMarkdown(r, { showSuppressed: o.showSuppressed }),
  // Rule descriptors come from the report itself (`report.rules`), never from the registry.
  sarif: (r) => writeSarif(r),
};

export function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

export function render(format: Format, report: ScanReport, options: WriterOptions): string {
  return WRITERS[format](report, options);
}
