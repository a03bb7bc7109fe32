export { withUserConfig } from './apply.js';
export type { ConfigurableOptions, Configured } from './apply.js';
export { activeRules, applyRulePolicy, configurationMetadata, OVERRIDE_TAG } from './policy.js';
export type { ScanPolicy } from './policy.js';
