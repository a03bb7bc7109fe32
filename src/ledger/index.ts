export * from './reasons.js';
export * from './ledger.js';
export * from './completeness.js';
