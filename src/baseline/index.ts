export { loadBaseline } from './load.js';
export { applySuppressions } from './apply.js';
export type { Partition, Suppressed, SuppressionSource } from './apply.js';
export { suppressedIssues, suppressionMetadata } from './report.js';
export { buildBaseline, serializeBaseline } from './write.js';
export { contentDigest, findingFingerprint, fingerprinter } from './fingerprint.js';
export { LineStore } from './file-lines.js';
export { hasInlineDirective } from './inline.js';
export type { Baseline } from './schema.js';
