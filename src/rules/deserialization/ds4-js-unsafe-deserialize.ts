import { defineRule } from '../types.js';
import { isJsTs, outsideComments } from './scope.js';

const LIBS = '(?:node-serialize|serialize-to-js|funcster|cryo)';

export const ds4 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'DS4',
    category: 'Deserialization',
    severity: 'HIGH',
    confidence: 0.8,
    title: 'JavaScript unsafe deserialization',
    description:
      'Libraries that revive functions while deserializing (node-serialize, serialize-to-js, funcster, cryo) evaluate code embedded in the data; `.unserialize()` on attacker input is remote code execution (CVE-2017-5941). JavaScript/TypeScript files only; Python is covered by the behavioural rules.',
    remediation: 'Exchange plain JSON (`JSON.parse`) and rebuild objects explicitly; remove these libraries.',
    fileTypes: ['javascript', 'typescript'],
  },
  appliesTo: isJsTs,
  patterns: [
    {
      re: outsideComments(new RegExp(`\\brequire\\(\\s*["'\`]${LIBS}["'\`]\\s*\\)|\\bfrom\\s+["']${LIBS}["']|\\bimport\\s*\\(\\s*["']${LIBS}["']\\s*\\)|\\bimport\\s+["']${LIBS}["']`)),
      keywords: ['node-serialize', 'serialize-to-js', 'funcster', 'cryo'],
      label: 'Import of a code-reviving serializer',
    },
    {
      re: outsideComments(/\.unserialize\s*\(|\bfuncster\.deepDeserialize\s*\(|\bCryo\.parse\s*\(/),
      keywords: ['unserialize', 'deepdeserialize', 'cryo.parse'],
      label: 'Unsafe deserialize call',
      confidence: 0.75,
    },
  ],
});
