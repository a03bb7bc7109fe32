import { defineRule } from '../types.js';
import { isRuby, outsideComments } from './scope.js';

export const ds3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'DS3',
    category: 'Deserialization',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Ruby unsafe YAML/Oj load',
    description:
      '`YAML.load`, `YAML.unsafe_load`, `Psych.load` and `Oj.load` can build arbitrary objects from their input (Psych before 4 and `unsafe_load` always; Oj in its default object mode). `Oj.load` in strict/compat/json/null mode is reported LOW. Ruby files only.',
    remediation: 'Use `YAML.safe_load` (with an explicit `permitted_classes:` list if needed) and `Oj.load(x, mode: :strict)` or `JSON.parse`.',
    fileTypes: ['ruby'],
  },
  appliesTo: isRuby,
  patterns: [
    {
      re: outsideComments(/\b(?:YAML|Psych)\.unsafe_load(?:_file)?\b/),
      keywords: ['unsafe_load'],
      label: 'YAML.unsafe_load',
      confidence: 0.75,
    },
    {
      re: outsideComments(/\b(?:YAML|Psych)\.(?:load|load_file|load_stream)\b/),
      keywords: ['yaml.', 'psych.'],
      label: 'YAML.load',
    },
    {
      re: outsideComments(/\bOj\.load\b[^\n]{0,200}?\bmode:\s*:(?:strict|compat|json|null)\b/),
      keywords: ['oj.load'],
      label: 'Oj.load in a data-only mode',
      severity: 'LOW',
      confidence: 0.25,
    },
    {
      re: outsideComments(/\bOj\.(?:load|object_load)\b(?![^\n]{0,200}?\bmode:\s*:(?:strict|compat|json|null)\b)/),
      keywords: ['oj.'],
      label: 'Oj.load',
      confidence: 0.55,
    },
  ],
});
