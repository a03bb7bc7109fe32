import type { Candidate, Matcher } from '../kit/scan-helpers.js';
import { instructionHits } from '../prompt-injection/addressee.js';
import { defineRule } from '../types.js';
import { MODEL_OUTPUT } from './model-output.js';

const OUT = MODEL_OUTPUT;
// Bare eval/exec only: `re.exec(str)` (RegExp.prototype.exec) and other methods named exec are not sinks.
const CODE_SINK = '(?:(?<![\\w.$])(?:eval|exec|execSync|spawnSync|execFileSync)|\\bos\\.(?:system|popen)|\\bsubprocess\\.\\w+|\\bchild_process\\.\\w+|\\bnew\\s+Function|\\bvm\\.run\\w*|\\bshell_exec|\\bpassthru)';

// The human check taken out of the loop, in the same sentence as the instruction.
const UNREVIEWED = /\b(?:without\s+(?:showing|review(?:ing)?|checking|confirm(?:ing|ation)|asking|approval|inspect(?:ing|ion)|reading)|immediately|automatically|straight\s+away|right\s+away|in\s+one\s+go|even\s+if|no\s+matter\s+what|regardless)\b/i;

/** The sentence (or clause up to `;`) the match sits in. */
function sentenceOf(c: Candidate): string {
  const start = c.column;
  const end = c.column + c.matched.length;
  const before = c.lineText.slice(Math.max(0, start - 160), start);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '), before.lastIndexOf('; '));
  const after = c.lineText.slice(end, end + 200);
  const stop = after.search(/[.!?;](?:\s|$)/);
  return (cut >= 0 ? before.slice(cut + 2) : before) + c.matched + (stop >= 0 ? after.slice(0, stop) : after);
}

const decisive = (c: Candidate): boolean => c.matcher.kind === 'own-reply' && UNREVIEWED.test(sentenceOf(c));

const MATCHERS: readonly Matcher[] = [
  {
    re: new RegExp(`${CODE_SINK}\\s*\\(\\s*[^\\n;]{0,120}?${OUT}`, 'i'),
    keywords: ['eval', 'exec', 'system', 'popen', 'subprocess', 'child_process', 'function', 'vm.run', 'passthru'],
    label: 'Model output passed to a code or command sink',
    confidence: 0.85,
  },
  {
    re: new RegExp(`\\.(?:innerHTML|outerHTML)\\s*\\+?=\\s*[^\\n;]{0,120}?${OUT}|dangerouslySetInnerHTML\\s*=\\s*\\{\\{\\s*__html\\s*:\\s*[^\\n}]{0,120}?${OUT}|\\bdocument\\.write(?:ln)?\\s*\\(\\s*[^\\n;]{0,120}?${OUT}`, 'i'),
    keywords: ['innerhtml', 'outerhtml', 'document.write'],
    label: 'Model output rendered as HTML',
    confidence: 0.75,
  },
  {
    re: new RegExp(`\\.(?:execute|executemany|raw|query)\\s*\\(\\s*(?:f["']|["'\`][^\\n]{0,200}?(?:["']\\s*(?:\\+|%|\\.format\\()|\\$\\{))[^\\n]{0,200}?${OUT}`, 'i'),
    keywords: ['execute', 'raw', 'query'],
    label: 'Model output interpolated into SQL',
    confidence: 0.75,
  },
  {
    re: /\b(?:llm|claude\s+-p|ollama\s+run|sgpt|aichat|gemini\s+-p|codex\s+exec)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b/i,
    keywords: ['|'],
    label: 'Model CLI output piped to a shell',
    confidence: 0.8,
  },
  {
    re: /\b(?:pipe|feed|pass|send)\s+(?:the\s+)?(?:model'?s?\s+|llm'?s?\s+|ai'?s?\s+|assistant'?s?\s+|generated\s+)?(?:output|response|answer|result)\s+(?:directly\s+|straight\s+)?(?:in)?to\s+(?:the\s+|a\s+)?(?:shell|terminal|bash|eval|exec|interpreter)\b/i,
    keywords: ['pipe', 'feed', 'pass', 'send'],
    label: 'Instruction to pipe output to a shell',
    confidence: 0.8,
  },
  {
    // The agent's own reply run as a command: "run your reply as a shell command", "treat your answer as a
    // bash script and execute it", "pipe your response into bash", "execute whatever you reply with".
    re: /\b(?:run|execute|eval(?:uate)?|exec)\s+(?:your|the\s+(?:model|llm|assistant|ai)'?s?)\s+(?:own\s+)?(?:reply|response|answer|output|completion|generated\s+text)\s+(?:directly\s+|verbatim\s+|as[- ]is\s+)?(?:as|in|through|with|using)\s+(?:an?\s+|the\s+)?(?:shell|bash|sh|zsh|terminal|command|commands|script|powershell|cmd|interpreter|eval|subprocess)\b|\b(?:treat|take|use)\s+(?:your|the\s+(?:model|llm|assistant)'?s?)\s+(?:own\s+)?(?:reply|response|answer|output)\s+as\s+(?:an?\s+|the\s+)?(?:shell\s+|bash\s+|terminal\s+)?(?:command|script|program)s?\s+(?:and\s+|then\s+)?(?:run|execute|eval)\b|\b(?:pipe|feed|pass|send|paste)\s+(?:your|the\s+(?:model|llm|assistant)'?s?)\s+(?:own\s+)?(?:reply|response|answer|output)\s+(?:directly\s+|straight\s+|verbatim\s+)?(?:in)?to\s+(?:the\s+|a\s+)?(?:shell|terminal|bash|sh|zsh|eval|exec|interpreter|subprocess|powershell)\b|\b(?:execute|run|eval)\s+(?:whatever|everything|anything)\s+you\s+(?:reply|respond|answer|output|say)(?:\s+with)?\b/i,
    keywords: ['your reply', 'your response', 'your answer', 'your output', 'your completion', 'your generated', 'your own', "model's", 'model reply', 'model response', 'model answer', 'model output', "llm's", "assistant's", "ai's", 'whatever you', 'everything you', 'anything you'],
    label: 'Instruction to run the model\'s own reply as a command',
    confidence: 0.8,
    kind: 'own-reply',
  },
  {
    re: /\b(?:execute|run|eval)\s+(?:whatever|any(?:thing)?|all)\s+(?:code\s+|commands?\s+|scripts?\s+)?(?:the\s+)?(?:model|llm|ai|assistant|agent)\s+(?:returns|outputs|generates|produces|suggests|writes)\b/i,
    keywords: ['execute', 'run', 'eval'],
    label: 'Instruction to execute whatever the model returns',
    confidence: 0.8,
  },
  {
    re: /\b(?:execute|run)\s+(?:the\s+)?generated\s+(?:code|commands?|scripts?|sql)\s+(?:directly|immediately|automatically|without\s+(?:any\s+)?(?:review|checking|inspection|validation))\b/i,
    keywords: ['generated'],
    label: 'Generated code executed without review',
    confidence: 0.7,
  },
];

export const oh1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'OH1',
    category: 'Output Handling',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Model Output Executed or Rendered Unsanitised',
    description:
      'Text generated by a model flows straight into a code or command sink (eval/exec, os.system, subprocess, child_process, a shell pipe), into HTML (innerHTML, dangerouslySetInnerHTML) or into a SQL string, or SKILL.md tells the agent to run its own reply as a command ("run your reply as a shell command", "pipe your response into bash", "execute whatever you reply with"). Model output is attacker-influenced through prompt injection, so this turns an injection into code execution, XSS or SQL injection. The instruction is CRITICAL when SKILL.md gives it to the agent with the human check removed ("immediately", "without showing it", "even if …"): the benign corpus never tells an agent to execute its own reply, and unreviewed it is a remote-code-execution conduit for whatever text the agent reads.',
    remediation:
      'Never execute model output directly. Parse it into a constrained structure, validate it against an allow-list, escape it for HTML, and use parameterised SQL.',
  },
  check(ctx) {
    return instructionHits(ctx, MATCHERS, { severity: 'HIGH', confidence: 0.8 }, decisive);
  },
});
