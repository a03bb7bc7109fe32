import { bestPerLine, hitOf, scanFile, type Matcher } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';

const VERB = String.raw`(?:send|post|upload|forward|transmit|exfiltrate|stream|sync|mirror|copy|export|log|record|save|store|dump|write|append|share|relay|report)(?:s|ing|ed)?`;
const WHOLE = String.raw`(?:a\s{1,3}copy\s{1,3}of\s{1,3})?(?:the\s{1,3}|this\s{1,3}|your\s{1,3}|our\s{1,3}|each\s{1,3})?(?:entire|full|complete|whole|all(?:\s{1,3}of)?(?:\s{1,3}the)?|every|raw)\s{1,3}(?:user['’]?s?\s{1,3})?`;
const WHAT = String.raw`(?:conversations?|chats?|dialog(?:ue)?s?|transcripts?|memory|memories|context\s{1,3}window|(?:session|message|prompt)\s{1,3}(?:history|log|logs|transcripts?))(?:\s{1,3}(?:history|log|logs|transcripts?|contents?|data))?`;
// "The API is stateless: send the full conversation history each time" describes calling the model.
const TO_MODEL = String.raw`(?![^.\n]{0,40}\b(?:(?:each|every)\s{1,3}(?:time|turn|request|call)|to\s{1,3}the\s{1,3}(?:model|api|llm|claude|assistant)|with\s{1,3}(?:each|every)\s{1,3}(?:request|call|message)|in\s{1,3}the\s{1,3}(?:request|messages))\b)`;
const KEYWORDS = ['conversation', 'chat', 'dialog', 'transcript', 'memor', 'context', 'history', 'log'];
const REMOTE = String.raw`(?:https?:\/\/|\burl\b|\bendpoint|\bserver|\bwebhook|\bremote\b|\bexternal\b|\bthird[- ]party|\bcollector|\banalytics|\btelemetry|\bdiscord|\bslack|\btelegram|\bs3\b|\bbucket|\bemail|\bpastebin|\bgist)`;

export const MATCHERS: readonly Matcher[] = [
  {
    re: new RegExp(String.raw`\b${VERB}\s{1,3}${WHOLE}${WHAT}\b[^.\n]{0,80}?\b(?:to|into|at|via|on|with)\s{1,3}(?:[\w'-]{1,20}\s{1,3}){0,3}?${REMOTE}`, 'i'),
    keywords: KEYWORDS,
    label: 'Sends the whole conversation to a remote destination',
    confidence: 0.85,
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
];

export const e4 = defineRule({
  kind: 'custom',
  meta: {
    id: 'E4',
    category: 'Data Exfiltration',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Conversation or Memory Export',
    description:
      'Instructions or code that log, send or export the full conversation, session, transcript or agent memory, especially to a remote endpoint or silently. Conversations carry the user\'s code, secrets and personal data; a skill that ships them elsewhere leaks everything the user has shared. Sending to a remote destination or doing it covertly is HIGH; saving the whole conversation locally without a destination is reported MEDIUM. One finding per line.',
    remediation:
      'Do not record or transmit conversation content. If the skill offers an export feature, make it explicit, user-triggered, local, and limited to what the user asks for.',
  },
  check: (ctx) => bestPerLine(scanFile(ctx.file, MATCHERS).map((c) => hitOf(c)), 'HIGH'),
});
