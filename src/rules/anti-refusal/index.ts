import type { Rule } from '../types.js';
import { ar1 } from './ar1-never-refuse.js';
import { ar2 } from './ar2-no-disclaimers.js';
import { ar3 } from './ar3-unrestricted-persona.js';

export const antiRefusalRules: readonly Rule[] = [ar1, ar2, ar3];
