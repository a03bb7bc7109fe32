import type { Rule } from '../types.js';
import { ea1 } from './ea1-unrestricted-tool-access.js';
import { ea2 } from './ea2-no-confirmation.js';
import { ea3 } from './ea3-scope-creep.js';
import { ea4 } from './ea4-unbounded-execution.js';

export const agencyRules: readonly Rule[] = [ea1, ea2, ea3, ea4];
