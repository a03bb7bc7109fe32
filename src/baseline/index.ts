export { loadBaseline } from './load.js';
export { applyBaseline } from './apply.js';
export type { Partition, Suppressed } from './apply.js';
export { buildBaseline, serializeBaseline } from './write.js';
export { contentDigest, findingFingerprint } from './fingerprint.js';
export type { Baseline } from './schema.js';
