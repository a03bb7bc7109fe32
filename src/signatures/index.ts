// Public API of the YARA-subset signature engine (CONTRACT §12). The signature stage (src/engine/signatures.ts)
// scans every component with the bundled set (compiled once, lazily) and the `--rules-dir` set, and maps
// each RuleMatch through classifySignature to YR1–YR4 / YR-CUSTOM.
export { compileSignatures, lineLocator, lineOfOffset, SignatureSet } from './engine.js';
export type { RuleMatch, RuleSource, ScanLimits, ScanResult, ScanStats, StringMatch } from './engine.js';
export { parseRules, SignatureSyntaxError } from './parse.js';
export { SIGNATURE_LIMITS } from './limits.js';
export { BUNDLED_SIGNATURES } from './bundled.js';
export { LOAD_LIMITS, loadSignatureDir } from './load.js';
export type { MetaValue, RuleDef } from './types.js';
export { bundledSignatureNames, bundledSignatureSet } from './bundled-set.js';
export { classifySignature } from './classify.js';
export type { SignatureId, SignatureSeverity } from './classify.js';
