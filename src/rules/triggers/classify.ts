// Classifies one manifest trigger phrase. Each trigger gets at most one verdict, the most specific:
// catch-all (TR3) before built-in command (TR2) before over-broad word (TR1).
import type { RuleHit } from '../types.js';
import type { BundleView, FileView } from '../../model/bundle.js';
import { manifestSource } from '../kit/manifest-text.js';

export type TriggerVerdict =
  | { rule: 'TR1'; reason: 'common-word' | 'too-short' }
  | { rule: 'TR2'; command: string }
  | { rule: 'TR3' };

// Words so ordinary that a trigger made of one of them fires on unrelated conversation.
const COMMON_WORDS = new Set([
  'a', 'an', 'the', 'it', 'this', 'that', 'these', 'those', 'is', 'are', 'be', 'do', 'does', 'go', 'get', 'set',
  'make', 'use', 'code', 'coding', 'file', 'files', 'folder', 'hello', 'hi', 'hey', 'yes', 'no', 'ok', 'okay',
  'please', 'thanks', 'thank', 'data', 'text', 'thing', 'things', 'stuff', 'fix', 'check', 'write', 'read', 'open',
  'show', 'list', 'new', 'start', 'task', 'tasks', 'work', 'project', 'app', 'error', 'errors', 'issue', 'problem',
  'question', 'update', 'change', 'create', 'find', 'search', 'look', 'see', 'what', 'how', 'why', 'when', 'where',
  'who', 'now', 'again', 'more', 'info', 'doc', 'docs', 'note', 'notes', 'plan', 'debug', 'format', 'clean',
  'save', 'load', 'edit', 'copy', 'paste', 'send', 'user', 'me', 'you', 'i', 'my', 'we', 'our', 'can', 'will',
  'want', 'need', 'try', 'ask', 'tell', 'say', 'chat', 'talk', 'message', 'file', 'page', 'web', 'site', 'link',
  'image', 'picture', 'table', 'report', 'summary', 'summarize', 'explain', 'translate', 'analyze', 'generate',
  'improve', 'refactor', 'function', 'class', 'script', 'program', 'computer', 'system', 'tool', 'tools',
]);

// Commands the host agent or everyday developer tooling already answers to; a skill claiming them
// shadows or hijacks ordinary requests.
const BUILTIN_COMMANDS = new Set([
  'help', 'run', 'deploy', 'commit', 'push', 'pull', 'merge', 'rebase', 'install', 'uninstall', 'build', 'test',
  'exit', 'quit', 'clear', 'init', 'login', 'logout', 'config', 'configure', 'settings', 'status', 'undo', 'reset',
  'review', 'compact', 'cost', 'doctor', 'memory', 'model', 'resume', 'bug', 'permissions', 'agents', 'mcp',
  'hooks', 'vim', 'rewind', 'export', 'context', 'release', 'publish', 'delete', 'remove', 'rollback', 'restart',
  'stop', 'cancel', 'approve', 'upgrade', 'execute', 'exec', 'sudo', 'shell', 'terminal', 'git', 'npm', 'pip',
]);

// Anchored, fixed-shape grammar for triggers that match every request.
const CATCH_ALL = [
  /^(?:(?:when(?:ever)?|if|on)\s+(?:the\s+)?(?:user|someone|anyone)\s+(?:says|types|asks|writes|sends|enters|does|requests)\s+)?(?:anything|everything|something|any\s+thing|whatever|\*|\.\*|\.\+|always|all|any)(?:\s+at\s+all)?$/,
  /^(?:on\s+|for\s+|to\s+|handle\s+|respond\s+to\s+|use\s+for\s+)?(?:any|every|all|each)\s+(?:(?:user|incoming|chat|new|single|other|possible)\s+)?(?:request|message|input|prompt|query|question|task|conversation|turn|command|text|interaction|topic)s?$/,
  /^(?:always|every\s+time|at\s+all\s+times)(?:\s+(?:run|use|activate|trigger))?$/,
];

export function normalizeTrigger(trigger: string): string {
  return trigger
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'`]+|["'`.!?,;:]+$/g, '')
    .trim();
}

export function classifyTrigger(trigger: string): TriggerVerdict | null {
  // Long phrases are specific by construction; skip normalising attacker-sized values.
  if (trigger.length > 1_000) return null;
  const t = normalizeTrigger(trigger);
  if (t.length === 0 || t.length > 300) return null;
  if (CATCH_ALL.some((re) => re.test(t))) return { rule: 'TR3' };
  const words = t.split(' ');
  const first = (words[0] ?? '').replace(/^\//, '');
  if (words.length <= 2 && BUILTIN_COMMANDS.has(first)) return { rule: 'TR2', command: first };
  if (words.length === 1) {
    const word = t.replace(/^\//, '');
    if (COMMON_WORDS.has(word)) return { rule: 'TR1', reason: 'common-word' };
    // Two CJK characters are a whole word; only short Latin/digit tokens are meaningless.
    if ([...word].length <= 2 && /^[\p{Script=Latin}\p{N}\p{P}\p{S}]+$/u.test(word)) return { rule: 'TR1', reason: 'too-short' };
  }
  return null;
}

/** Hits for every trigger whose verdict is `rule`, on the SKILL.md line where the trigger is written. */
export function triggerHits(
  rule: TriggerVerdict['rule'],
  bundle: BundleView,
  files: readonly FileView[],
  build: (trigger: string, verdict: TriggerVerdict) => Omit<RuleHit, 'line'>,
): (RuleHit & { file: string })[] {
  const src = manifestSource(bundle, files);
  if (!src) return [];
  const out: (RuleHit & { file: string })[] = [];
  for (const trigger of src.manifest.triggers.slice(0, 1024)) {
    const verdict = classifyTrigger(trigger);
    if (verdict?.rule !== rule) continue;
    const field = src.field('triggers', trigger);
    const line = field ? src.lineOf(trigger, field.line) : 1;
    out.push({ ...build(trigger, verdict), line, file: src.path, tags: [`trigger:${normalizeTrigger(trigger.slice(0, 200)).slice(0, 60)}`] });
  }
  return out;
}
