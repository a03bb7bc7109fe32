import type { Rule } from '../types.js';
import { sc9 } from './sc9-concealed-executable.js';

export const concealmentRules: readonly Rule[] = [sc9];
