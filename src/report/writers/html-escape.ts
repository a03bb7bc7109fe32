// Escaping for the HTML report. Every string that can come from a scanned bundle (paths, snippets, names,
// messages, model replies) is hostile: controls and bidi characters are replaced first (src/shared/sanitize),
// then the five characters that can open markup or leave an attribute are written as entities.
import { sanitizeLine, sanitizeText } from '../../shared/sanitize.js';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function entities(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** One line of text, safe as element content and inside a double-quoted attribute. */
export function htmlText(s: string): string {
  return entities(sanitizeLine(s));
}

/** Text that keeps its line breaks (and tabs), for `<pre>`: carriage returns folded into newlines. */
export function htmlBlock(s: string): string {
  return entities(sanitizeText(s.replace(/\r\n?/g, '\n')));
}
