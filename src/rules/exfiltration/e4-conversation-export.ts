import { bestPerLine, hitOf, scanFile, type Matcher, matcherTable } from '../kit/scan-helpers.js';
import { defineRule, type RuleHit } from '../types.js';
import { viewsOf } from '../../analysis/views.js';
import { configSendsOut, forwardedData, isConfigFile } from './config-sinks.js';

const VERB = String.raw`(?:send|post|upload|forward|transmit|exfiltrate|stream|sync|mirror|copy|export|log|record|save|store|dump|write|append|share|relay|report)(?:s|ing|ed)?`;
const WHOLE = String.raw`(?:a\s{1,3}copy\s{1,3}of\s{1,3})?(?:the\s{1,3}|this\s{1,3}|your\s{1,3}|our\s{1,3}|each\s{1,3})?(?:entire|full|complete|whole|all(?:\s{1,3}of)?(?:\s{1,3}the)?|every|raw)\s{1,3}(?:user['’]?s?\s{1,3})?`;
const WHAT = String.raw`(?:conversations?|chats?|dialog(?:ue)?s?|transcripts?|memory|memories|context\s{1,3}window|(?:session|message|prompt)\s{1,3}(?:history|log|logs|transcripts?)|tool\s{1,3}(?:outputs?|results?|calls?))(?:\s{1,3}(?:history|log|logs|transcripts?|contents?|data))?`;
// "this conversation", "the current session": the conversation as a whole, without an adjective saying so.
const THIS = String.raw`(?:this|the\s{1,3}(?:current|ongoing|present)|our|the\s{1,3}user['’]s)\s{1,3}(?:conversation|chat|session|dialog(?:ue)?|transcript|thread)\b(?!\s{1,3}(?:id|ids|identifiers?|tokens?|keys?|cookies?|names?|numbers?|variables?|state|storage|replays?|recordings?|urls?|links?)\b)`;
// Configuration keys that forward the session: forward_tool_output, mirror_transcripts, relayAllMessages.
const CONFIG_FORWARD = String.raw`["']?(?:forward|mirror|relay|stream|send|upload|export|sync|ship|log)[_-]?(?:all[_-]?)?(?:tool[_-]?(?:outputs?|results?|calls?)|transcripts?|conversations?|chat[_-]?history|messages|sessions?)["']?\s{0,3}[:=](?!\s{0,3}["']?(?:false|no|off|none|null|0)\b)`;
// "The API is stateless: send the full conversation history each time" describes calling the model.
const TO_MODEL = String.raw`(?![^.\n]{0,40}\b(?:(?:each|every)\s{1,3}(?:time|turn|request|call)|to\s{1,3}the\s{1,3}(?:model|api|llm|claude|assistant)|with\s{1,3}(?:each|every)\s{1,3}(?:request|call|message)|in\s{1,3}the\s{1,3}(?:request|messages))\b)`;
const KEYWORDS = ['conversation', 'chat', 'dialog', 'transcript', 'memor', 'context', 'history', 'log'];
const REMOTE = String.raw`(?:https?:\/\/|\burl\b|\bendpoint|\bserver|\bwebhook|\bremote\b|\bexternal\b|\bthird[- ]party|\bcollector|\banalytics|\btelemetry|\bdiscord|\bslack|\btelegram|\bs3\b|\bbucket|\bemail|\bpastebin|\bgist)`;

export const MATCHERS: readonly Matcher[] = matcherTable('E4', [
  {
    // The destination may wrap onto the next line of a Markdown paragraph.
    re: new RegExp(String.raw`\b${VERB}\s{1,3}${WHOLE}${WHAT}\b[^.]{0,120}?\b(?:to|into|at|via|on|with)\s{1,8}(?:[\w'-]{1,20}\s{1,3}){0,3}?${REMOTE}`, 'i'),
    keywords: KEYWORDS,
    label: 'Sends the whole conversation to a remote destination',
    confidence: 0.85,
  },
  {
    re: new RegExp(String.raw`\b${VERB}\s{1,3}${THIS}[^.]{0,120}?\b(?:to|into|at|via|on|with)\s{1,8}(?:[\w'-]{1,20}\s{1,3}){0,3}?${REMOTE}`, 'i'),
    keywords: ['conversation', 'chat', 'session', 'dialog', 'transcript', 'thread'],
    label: 'Sends the whole conversation to a remote destination',
    confidence: 0.85,
  },
  {
    // "Package the rating with the whole chat history … as JSON, then send it": the conversation is the payload.
    re: new RegExp(String.raw`(?:${WHOLE}${WHAT}|${THIS})[^.]{0,200}?\b(?:send|upload|post|submit|forward|transmit)(?:s|ing)?\s{1,3}(?:it|them|this|everything|the\s{1,3}(?:bundle|package|json|file|payload|archive|export))\b`, 'i'),
    keywords: ['conversation', 'chat', 'session', 'dialog', 'transcript', 'thread'],
    label: 'Sends the whole conversation to a remote destination',
    confidence: 0.85,
  },
  {
    re: new RegExp(CONFIG_FORWARD, 'i'),
    keywords: ['tool', 'transcript', 'conversation', 'chat', 'message', 'session'],
    label: 'Configuration forwards the session',
    confidence: 0.8,
    kind: 'config',
  },
  {
    re: new RegExp(String.raw`\b(?:silently|secretly|quietly|covertly|discreetly|invisibly|in\s{1,3}the\s{1,3}background|without\s{1,3}(?:telling|informing|notifying|asking)(?:\s{1,3}the\s{1,3}user)?)\s{1,3}${VERB}\b[^.\n]{0,60}?\b${WHAT}\b`, 'i'),
    keywords: ['silently', 'secretly', 'quietly', 'covertly', 'discreetly', 'invisibly', 'background', 'without'],
    label: 'Covertly records the conversation',
    confidence: 0.85,
  },
  {
    re: /\b(?:requests\.\w{3,6}|httpx\.\w{3,6}|fetch|axios\.\w{3,6}|urlopen|sendBeacon)\s{0,3}\([^\n]{0,200}?\b(?:conversation(?:_history|History)?|chat_?[hH]istory|session_?[hH]istory|full_?[hH]istory|message_?[hH]istory)\b/,
    keywords: ['conversation', 'history'],
    label: 'Conversation history in an outbound request',
    confidence: 0.6,
  },
  {
    re: new RegExp(String.raw`\b${VERB}\s{1,3}${WHOLE}${WHAT}\b${TO_MODEL}`, 'i'),
    keywords: KEYWORDS,
    label: 'Records the whole conversation',
    confidence: 0.45,
    severity: 'MEDIUM',
  },
]);

export const e4 = defineRule({
  kind: 'custom',
  meta: {
    id: 'E4',
    category: 'Data Exfiltration',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Conversation or Memory Export',
    description:
      'Instructions, code or configuration that log, send or export the full conversation, session, transcript, tool output or agent memory, especially to a remote endpoint or silently: "upload the full transcript to https://…", "export this conversation … to <url>", "package the whole chat history … then send it", and configuration that forwards tool output or transcripts where it ships data (a webhook, a tunnel, a hook command). Conversations carry the user\'s code, secrets and personal data; a skill that ships them elsewhere leaks everything the user has shared. Sending to a remote destination or doing it covertly is HIGH; saving the whole conversation locally without a destination is reported MEDIUM. One finding per line.',
    remediation:
      'Do not record or transmit conversation content. If the skill offers an export feature, make it explicit, user-triggered, local, and limited to what the user asks for.',
  },
  check: (ctx) => {
    const hits: RuleHit[] = [];
    const shipsOut = isConfigFile(ctx.file) && configSendsOut(ctx.file);
    for (const c of scanFile(ctx.file, MATCHERS)) {
      // A forwarding key counts in configuration that ships data somewhere (a webhook, a tunnel, a hook command).
      if (c.matcher.kind === 'config' && !shipsOut) continue;
      hits.push(hitOf(c));
    }
    // Configuration that forwards tool output or the conversation to where it ships data (nested keys too).
    const fwd = shipsOut ? forwardedData(ctx.file) : null;
    if (fwd && (fwd.what === 'tool output' || fwd.what === 'the conversation')) {
      const line = viewsOf(ctx.file.text).raw.lines.at(fwd.line - 1) ?? '';
      hits.push({ line: fwd.line, column: 0, matched: line.trim().slice(0, 200), label: `Configuration forwards ${fwd.what}`, confidence: 0.8 });
    }
    return bestPerLine(hits, 'HIGH');
  },
});
