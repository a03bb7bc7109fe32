// The writers one scan needs, imported when it asks for them: a JSON scan never loads the SARIF, HTML,
// Markdown or terminal writers (nor the Intl formatting the human-readable ones set up).
import type { ScanReport } from '../types.js';
import { ADAPTERS } from './formats.js';
import type { Format, Writer, WriterOptions } from './formats.js';

const LOADERS: { [F in Format]: () => Promise<Writer> } = {
  terminal: async () => ADAPTERS.terminal(await import('./terminal.js')),
  json: async () => ADAPTERS.json(await import('./json.js')),
  markdown: async () => ADAPTERS.markdown(await import('./markdown.js')),
  sarif: async () => ADAPTERS.sarif(await import('./sarif.js')),
  html: async () => ADAPTERS.html(await import('./html.js')),
};

export type Renderer = (format: Format, report: ScanReport, options: WriterOptions) => string;

/** Loads the writers of `formats` (each once) and returns a synchronous renderer for exactly those. */
export async function loadRenderer(formats: Iterable<Format>): Promise<Renderer> {
  const wanted = [...new Set(formats)];
  const writers = new Map(await Promise.all(wanted.map(async (f) => [f, await LOADERS[f]()] as const)));
  return (format, report, options) => {
    const writer = writers.get(format);
    if (writer === undefined) throw new Error(`loadRenderer: the ${format} writer was not loaded`);
    return writer(report, options);
  };
}
