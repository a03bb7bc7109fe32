import type { PatternSpec } from '../types.js';
import { defineRule } from '../types.js';
import { bestPerLine } from '../kit/scan-helpers.js';
import { scanFlows, type SinkSpec } from '../tool-misuse/flows.js';
import { scanSpecs } from '../tool-misuse/scan.js';
import { isPhp, outsideComments } from './scope.js';

export const DS1_SPECS: readonly PatternSpec[] = [
  {
    re: outsideComments(/(?<!\w|function\s{1,20})unserialize\s*\([^\n;]{0,300}?["']allowed_classes["']\s*=>\s*false\b/i),
    keywords: ['allowed_classes'],
    label: 'unserialize() restricted to plain data',
    severity: 'LOW',
    confidence: 0.3,
  },
  {
    // Bare calls, static and instance calls; not definitions (`function unserialize(`, Serializable).
    re: outsideComments(/(?<!\w|function\s{1,20})(?:maybe_)?unserialize\s*\((?![^\n;]{0,300}?["']allowed_classes["']\s*=>\s*false\b)/i),
    keywords: ['unserialize'],
    label: 'unserialize() call',
  },
];

// Request data ($_GET, $_POST, $_REQUEST, $_COOKIE, $_SERVER, $_FILES, php://input) reaching unserialize(),
// directly or through one variable: anyone who can send the request picks the objects PHP builds.
const REQUEST_SINK: SinkSpec = {
  re: /(?<![\w>:$])(?:maybe_)?unserialize\s*\((?![^\n;]{0,300}?["']allowed_classes["']\s*=>\s*false\b)/gi,
  judge: (r) => (r.origin === 'remote' ? { label: 'unserialize() of request data', severity: 'CRITICAL', confidence: 0.9 } : null),
};

export const ds1 = defineRule({
  kind: 'custom',
  meta: {
    id: 'DS1',
    category: 'Deserialization',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'PHP unserialize()',
    description:
      'PHP `unserialize()` on data that can come from outside builds arbitrary objects and runs their magic methods (__wakeup, __destruct), a well-known route to remote code execution through gadget chains. When the data is request input (`$_GET`, `$_POST`, `$_REQUEST`, `$_COOKIE`, `$_SERVER`, `$_FILES`, `php://input`), directly or through a variable assigned at most 25 lines earlier, anyone who can send the request controls it: CRITICAL (0.9). Calls restricted with `allowed_classes => false` are reported LOW. PHP files only (`.php`, `.phtml`, `.php3`–`.php5`), wherever they sit in the skill.',
    remediation: 'Use `json_decode()` for untrusted data, or pass `[\'allowed_classes\' => false]` (or an explicit class list) to `unserialize()`.',
    fileTypes: ['php'],
  },
  appliesTo: isPhp,
  check(ctx) {
    const hits = scanSpecs(ctx.file, DS1_SPECS);
    for (const f of scanFlows(ctx.file, [REQUEST_SINK])) {
      hits.push({ line: f.line, column: f.column, matched: f.matched, label: f.label, severity: f.severity, confidence: f.confidence, evidence: f.evidence });
    }
    return bestPerLine(hits, 'HIGH');
  },
});
