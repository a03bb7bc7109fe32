import type { Rule } from '../types.js';
import { ra1 } from './ra1-self-modification.js';
import { ra2 } from './ra2-persistence.js';

export const rogueAgentRules: readonly Rule[] = [ra1, ra2];
