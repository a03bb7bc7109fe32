// Provider error text is echoed into failure messages, and providers echo keys back ("Incorrect API key
// provided: sk-ab…yz"). Any word sharing an 8-character run with the key is masked, so neither the whole
// key nor a recognisable fragment of it reaches a message; the message is also bounded and made printable.
import { sanitizeLine } from '../../shared/sanitize.js';

const WINDOW = 8;
const MAX_MESSAGE_CHARS = 300;

export function redactKey(text: string, apiKey: string | undefined): string {
  const bounded = sanitizeLine(text.slice(0, MAX_MESSAGE_CHARS));
  if (!apiKey) return bounded;
  if (apiKey.length < WINDOW) return bounded.split(apiKey).join('[redacted]');
  const windows = new Set<string>();
  for (let i = 0; i + WINDOW <= apiKey.length; i++) windows.add(apiKey.slice(i, i + WINDOW));
  return bounded.replace(/\S+/g, (word) => {
    for (let i = 0; i + WINDOW <= word.length; i++) if (windows.has(word.slice(i, i + WINDOW))) return '[redacted]';
    return word;
  });
}
