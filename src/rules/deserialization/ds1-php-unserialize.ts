import { defineRule } from '../types.js';
import { isPhp } from './scope.js';

export const ds1 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'DS1',
    category: 'Deserialization',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'PHP unserialize()',
    description:
      'PHP `unserialize()` on data that can come from outside builds arbitrary objects and runs their magic methods (__wakeup, __destruct), a well-known route to remote code execution through gadget chains. Calls restricted with `allowed_classes => false` are reported LOW. PHP files only.',
    remediation: 'Use `json_decode()` for untrusted data, or pass `[\'allowed_classes\' => false]` (or an explicit class list) to `unserialize()`.',
    fileTypes: ['php'],
  },
  appliesTo: isPhp,
  patterns: [
    {
      re: /(?<!\w|function\s{1,20})unserialize\s*\([^\n;]{0,300}?["']allowed_classes["']\s*=>\s*false\b/i,
      keywords: ['allowed_classes'],
      label: 'unserialize() restricted to plain data',
      severity: 'LOW',
      confidence: 0.3,
    },
    {
      // Bare calls, static and instance calls; not definitions (`function unserialize(`, Serializable).
      re: /(?<!\w|function\s{1,20})(?:maybe_)?unserialize\s*\((?![^\n;]{0,300}?["']allowed_classes["']\s*=>\s*false\b)/i,
      keywords: ['unserialize'],
      label: 'unserialize() call',
    },
  ],
});
