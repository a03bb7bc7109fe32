// Every writer, loaded eagerly, for callers that render synchronously (the MCP server, recursive scans).
// The scan command loads only the formats it writes (load.ts).
import type { ScanReport } from '../types.js';
import { ADAPTERS } from './formats.js';
import type { Format, Writer, WriterOptions } from './formats.js';
import * as html from './html.js';
import * as json from './json.js';
import * as markdown from './markdown.js';
import * as sarif from './sarif.js';
import * as terminal from './terminal.js';

export { FORMATS, isFormat } from './formats.js';
export type { Format, Writer, WriterOptions } from './formats.js';

const WRITERS: Record<Format, Writer> = {
  terminal: ADAPTERS.terminal(terminal),
  json: ADAPTERS.json(json),
  markdown: ADAPTERS.markdown(markdown),
  sarif: ADAPTERS.sarif(sarif),
  html: ADAPTERS.html(html),
};

export function render(format: Format, report: ScanReport, options: WriterOptions): string {
  return WRITERS[format](report, options);
}
