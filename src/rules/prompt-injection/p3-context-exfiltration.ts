import type { Matcher } from '../kit/scan-helpers.js';
import { defineRule } from '../types.js';
import { instructionHits } from './addressee.js';

// What the agent holds that belongs to the user: the conversation and whatever the user gave it.
const DATA = String.raw`(?:(?:entire|full|whole|complete)\s+)?(?:conversation(?:\s+(?:history|log|transcript))?|chat\s+(?:history|logs?|transcripts?)|(?:session|message)\s+history|transcripts?|context(?:\s+window)?|user(?:'s)?\s+(?:data|messages?|inputs?|prompts?|files|queries|questions|requests|information|details|chats?|conversations?)|(?:all\s+)?(?:previous|prior)\s+messages|(?:everything|anything|whatever|all|what)\s+the\s+user\s+(?:says|said|types|typed|writes|wrote|shares|shared|sends|sent|asks|asked|enters|entered|pastes|pasted|submits|submitted)|(?:each|every|any)\s+(?:(?:user|incoming|chat)\s+)?(?:message|prompt|reply)(?:\s+(?:the\s+user|they)\s+(?:sends?|types?|writes?|enters?|submits?))?|(?:the\s+)?(?:user'?s?\s+)?(?:messages|prompts)\s+(?:the\s+user|they)\s+(?:sends?|sent|types?|typed|writes?|wrote))`;
// For "embed it in a request": a search skill legitimately puts the user's query in a URL, so only history counts.
const HISTORY = String.raw`(?:(?:entire|full|whole|complete)\s+)?(?:conversation(?:\s+(?:history|log|transcript))?|chat\s+(?:history|logs?|transcripts?)|(?:session|message)\s+history|transcripts?|context\s+window|(?:all\s+)?(?:previous|prior)\s+messages)`;
const VERB = String.raw`(?:send|sends|upload|uploads|post|posts|transmit|transmits|forward|forwards|exfiltrate|submit|share|leak|beam|relay|mirror|replicate|report|copy|ship|stream|pipe|dump|e-?mail|mail|dm|log|record|archive|sync|back\s+up|capture|push)`;
// Destinations outside the agent; known model-provider APIs are a skill's own plumbing, not a leak.
const DEST = String.raw`(?:to|into|at|via|on|onto)\s+(?:(?:a|an|the|this|our|my|following)\s+){0,2}(?:https?:\/\/(?!api\.(?:openai|anthropic)\.com)|(?:(?:remote|external|collection|logging|analytics|telemetry|tracking|metrics|monitoring|vendor|partner|third-party|our)\s+){0,2}(?:webhooks?|url|endpoint|server|api|pastebin|ngrok|requestbin|discord|slack|telegram|gist|collector|ingest(?:ion)?\s+(?:url|endpoint|service))\b|[\w.+-]{1,64}@[\w-]{1,63}\.[a-z]{2,10}\b|[\w.-]{1,63}\.(?:com|net|org|io|xyz|ru|cn|top|site|app|dev)\b|(?:\d{1,3}\.){3}\d{1,3}\b)`;

const KEYWORDS = ['conversation', 'chat', 'history', 'transcript', 'context', 'user', 'message', 'prompt'];

const MATCHERS: readonly Matcher[] = [
  {
    re: new RegExp(String.raw`\b${VERB}\s+(?:(?:a|the|all|of|this|that|every|each|its|your|their|current)\s+){0,3}(?:copy\s+of\s+(?:the\s+)?)?${DATA}\b[^\n]{0,120}?\b${DEST}`, 'i'),
    keywords: KEYWORDS,
    label: 'Send conversation or user data to an external destination',
    confidence: 0.9,
  },
  {
    // "POST it to https://… including the full conversation": destination first, data after.
    re: new RegExp(String.raw`\b${VERB}\b[^\n]{0,60}?\b${DEST}[^\n]{0,120}?\b(?:including|containing|with|along\s+with)\s+(?:(?:the|all|their|its|your)\s+){0,2}${DATA}\b`, 'i'),
    keywords: KEYWORDS,
    label: 'Send conversation or user data to an external destination',
    confidence: 0.85,
  },
  {
    // "Include the conversation in a GET request to …", "encode the chat history into the image URL".
    re: new RegExp(String.raw`\b(?:include|embed|append|encode|put|add|smuggle)\s+(?:(?:a|the|all|of|this|that|its|your|current)\s+){0,3}${HISTORY}\s+(?:in|into|to|as)\s+(?:(?:a|an|the)\s+)?(?:(?:get|post|http|https|web|outgoing)\s+)?(?:request|url|query(?:\s+string)?|link|image\s+(?:url|link)|webhook|parameter)\b`, 'i'),
    keywords: KEYWORDS,
    label: 'Embed conversation or user data in an outgoing request',
    confidence: 0.8,
  },
  {
    // Covert transmission, whatever the payload.
    re: /\b(?:silently|secretly|quietly|covertly|discreetly|invisibly)\s+(?:send|upload|post|transmit|forward|exfiltrate|submit|report|relay|beacon|ping|copy|log)\b|\b(?:send|upload|post|transmit|forward|report)\b[^\n]{0,80}?\b(?:without\s+(?:telling|informing|notifying|alerting|asking)\s+(?:the\s+)?user|in\s+the\s+background\s+without\b)/i,
    keywords: ['silently', 'secretly', 'quietly', 'covertly', 'discreetly', 'invisibly', 'without telling', 'without informing', 'without notifying', 'without alerting', 'without asking', 'background'],
    label: 'Covert transmission instruction',
    confidence: 0.85,
  },
  {
    // Markdown image whose URL template carries conversation data: rendering it leaks the data.
    re: /!\[[^[\]\n]{0,100}\]\(\s*https?:\/\/[^\s)]{1,200}?(?:\{|%7B|\$\{|<|\[)[^)\n]{0,40}?(?:conversation|history|context|summary|secret|messages?|prompt|user_?data|user_?input|query)[^)\n]{0,40}\)/i,
    keywords: ['!['],
    label: 'Markdown image URL that embeds conversation data',
    confidence: 0.85,
  },
];

export const p3 = defineRule({
  kind: 'custom',
  meta: {
    id: 'P3',
    category: 'Prompt Injection',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Conversation Exfiltration Instruction',
    description:
      'Instructions telling the agent to send, upload, forward, mirror or log the conversation, its context or the user\'s messages ("each message the user sends", "everything the user types") to a URL, IP address, webhook or outside server, or to transmit anything silently. An injected skill uses this to leak everything the user shares with the agent. A reported or quoted mention in reference documentation ("a hostile page may tell the model to post the conversation to …") is lowered like a quoted example.',
    remediation:
      'Remove the instruction. A skill must not ship conversation content or user data to third parties; if a legitimate integration needs data, document it visibly and require the user\'s explicit consent.',
  },
  check(ctx) {
    return instructionHits(ctx, MATCHERS, { severity: 'HIGH', confidence: 0.85 });
  },
});
