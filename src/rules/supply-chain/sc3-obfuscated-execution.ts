import type { FileType } from '../../shared/types.js';
import { defineRule } from '../types.js';

const CODE_TYPES: readonly FileType[] = ['python', 'javascript', 'typescript', 'shell', 'powershell', 'batch', 'ruby', 'other'];

const DECODERS =
  String.raw`(?:base64\s{0,2}\.\s{0,2}(?:b64decode|b32decode|b85decode|decodebytes|decodestring|urlsafe_b64decode)|b64decode|codecs\s{0,2}\.\s{0,2}decode|zlib\s{0,2}\.\s{0,2}decompress|lzma\s{0,2}\.\s{0,2}decompress|bz2\s{0,2}\.\s{0,2}decompress|gzip\s{0,2}\.\s{0,2}decompress|marshal\s{0,2}\.\s{0,2}loads|bytes\s{0,2}\.\s{0,2}fromhex|binascii\s{0,2}\.\s{0,2}(?:unhexlify|a2b_base64|a2b_hex)|atob|Buffer\s{0,2}\.\s{0,2}from|unescape|String\s{0,2}\.\s{0,2}fromCharCode)`;

export const sc3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'SC3',
    category: 'Supply Chain',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'Obfuscated Code Execution',
    description:
      'Code that decodes a hidden payload and executes it (exec/eval of base64, hex, zlib or marshal data, `base64 -d | sh`, PowerShell -EncodedCommand), JavaScript-obfuscator identifiers (`_0x…(`), very long encoded literals in code, or `__import__("os").system`. Legitimate skills have no reason to hide what they run; obfuscation defeats review and is a hallmark of malware.',
    remediation:
      'Replace the encoded payload with readable source that reviewers (and scanners) can inspect. If data must be embedded, load it as data and never pass it to exec/eval or a shell.',
    fileTypes: CODE_TYPES,
  },
  // Prose may describe these techniques; only code (and unknown types) can run them.
  appliesTo: (file) => CODE_TYPES.includes(file.type),
  patterns: [
    {
      re: new RegExp(String.raw`\b(?:exec|eval|compile|new\s{1,4}Function|Function)\s{0,4}\([^\n]{0,120}?\b${DECODERS}\s{0,4}\(`, 'i'),
      keywords: ['exec', 'eval', 'compile', 'function'],
      label: 'exec/eval of decoded or decompressed data',
      confidence: 0.9,
    },
    {
      re: /\b(?:base64\s{1,4}(?:-d|--decode|-D)|xxd\s{1,4}-r(?:\s{1,4}-p)?|openssl\s{1,4}(?:base64|enc)\s{1,4}-d|gunzip|zcat)\b[^\n|]{0,80}\|\s{0,4}(?:sudo\s{1,4})?(?:(?:ba|z|da|k)?sh|python[0-9.]{0,4}|perl|node)\b/i,
      keywords: ['base64', 'xxd', 'openssl', 'gunzip', 'zcat'],
      label: 'Decoded payload piped into a shell',
      confidence: 0.9,
    },
    {
      re: /\beval\s{1,4}["']?(?:\$\(|`)[^\n]{0,200}?\b(?:base64\s{1,4}(?:-d|--decode|-D)|xxd\s{1,4}-r|rev\b|tr\s)/i,
      keywords: ['eval'],
      label: 'Shell eval of decoded text',
      confidence: 0.85,
    },
    {
      re: /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,80}?\s-(?:e|ec|enc|encodedcommand)\s{1,4}[A-Za-z0-9+/]{40,}={0,2}/i,
      keywords: ['powershell', 'pwsh'],
      label: 'PowerShell -EncodedCommand',
      confidence: 0.9,
    },
    {
      re: /\b(?:iex|invoke-expression)\b[^\n]{0,120}?frombase64string/i,
      keywords: ['frombase64string'],
      label: 'PowerShell Invoke-Expression of base64 data',
      confidence: 0.9,
    },
    {
      re: /\b_0x[0-9a-f]{4,8}\s{0,2}\(/i,
      keywords: ['_0x'],
      label: 'JavaScript-obfuscator identifier',
      confidence: 0.75,
    },
    {
      re: /\b__import__\s{0,4}\(\s{0,4}['"](?:os|subprocess|pty|commands)['"]\s{0,4}\)\s{0,4}\.\s{0,4}(?:system|popen|call|run|check_output|Popen|spawn|getoutput)\b/,
      keywords: ['__import__'],
      label: 'Inline __import__ of a command runner',
      confidence: 0.85,
    },
    {
      re: /\bgetattr\s{0,4}\(\s{0,4}__import__\s{0,4}\(\s{0,4}['"](?:os|subprocess)['"]/,
      keywords: ['__import__'],
      label: 'Reflective call into os/subprocess',
      confidence: 0.85,
    },
    {
      // Mixed-case base64 with digits, 200+ characters, as a string literal in code.
      re: /['"`](?=[A-Za-z0-9+/]{0,400}[0-9])(?=[A-Za-z0-9+/]{0,400}[A-Z])(?=[A-Za-z0-9+/]{0,400}[a-z])[A-Za-z0-9+/]{200,}={0,2}['"`]/,
      label: 'Long base64 literal in code',
      confidence: 0.55,
    },
    {
      re: /['"`](?:(?=[0-9a-fA-F]{0,400}[0-9])(?=[0-9a-fA-F]{0,400}[a-fA-F])[0-9a-fA-F]{200,}|(?:\\x[0-9a-fA-F]{2}){100,})['"`]/,
      label: 'Long hex literal in code',
      confidence: 0.55,
    },
  ],
});
