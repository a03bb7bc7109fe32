// Behavioural analysis (CONTRACT §12): AST1–AST10 and TT1–TT6 over the facts the language extractors
// (src/behaviour) read from each code file's syntax tree.
import type { Rule } from '../types.js';
import { astRules } from './ast.js';
import { ttRules } from './tt.js';

export const behaviourRules: readonly Rule[] = [...astRules, ...ttRules];
