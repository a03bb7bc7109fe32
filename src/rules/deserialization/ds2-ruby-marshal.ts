import { defineRule } from '../types.js';
import { isRuby, outsideComments } from './scope.js';

export const ds2 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'DS2',
    category: 'Deserialization',
    severity: 'HIGH',
    confidence: 0.85,
    title: 'Ruby Marshal.load',
    description:
      '`Marshal.load`/`Marshal.restore` instantiate arbitrary Ruby objects and are exploitable with public gadget chains when the bytes come from a file, cache, cookie or network. The in-process deep-copy idiom `Marshal.load(Marshal.dump(obj))` is reported LOW. Ruby files only.',
    remediation: 'Use JSON (or `YAML.safe_load` with permitted classes) for data that crosses a trust boundary.',
    fileTypes: ['ruby'],
  },
  appliesTo: isRuby,
  patterns: [
    {
      re: outsideComments(/\bMarshal\.load\(\s*Marshal\.dump\(/),
      keywords: ['marshal.dump'],
      label: 'Marshal deep-copy idiom',
      severity: 'LOW',
      confidence: 0.2,
    },
    {
      re: outsideComments(/\bMarshal\.(?:load|restore)\b(?!\(\s*Marshal\.dump\()/),
      keywords: ['marshal.'],
      label: 'Marshal.load / Marshal.restore',
    },
  ],
});
