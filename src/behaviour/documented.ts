// The hosts a skill's own documents name: what "the API the skill documents" means to the behavioural
// rules. Only visible prose (Markdown and text) counts; code and hidden files cannot vouch for themselves.
import type { FileView } from '../model/bundle.js';

const URL_HOST = /\b(?:https?|wss?):\/\/(?:[^\s/@"'`<>]{1,200}@)?([a-z0-9](?:[a-z0-9-]{0,62}\.){1,10}[a-z]{2,24})\b/gi;
// A bare API host written without a scheme (`api.example.com`) in prose or a table.
const BARE_API_HOST = /\b((?:api|app|www|uploads?)\.(?:[a-z0-9-]{1,62}\.){0,5}[a-z0-9-]{1,62}\.[a-z]{2,24})\b/gi;
const MAX_HOSTS = 2_000;

export function documentedHosts(files: readonly FileView[]): Set<string> {
  const hosts = new Set<string>();
  for (const f of files) {
    if (f.hidden || f.provenance || (f.type !== 'markdown' && f.type !== 'text')) continue;
    for (const re of [URL_HOST, BARE_API_HOST]) {
      for (const m of f.text.matchAll(re)) {
        hosts.add((m[1] ?? '').toLowerCase());
        if (hosts.size >= MAX_HOSTS) return hosts;
      }
    }
  }
  return hosts;
}
