import type { Rule } from '../types.js';
import { lp1 } from './lp1-undeclared-capability.js';
import { lp2 } from './lp2-wildcard-permission.js';
import { lp3 } from './lp3-no-declared-scope.js';
import { lp4 } from './lp4-unused-permission.js';

export const leastPrivilegeRules: readonly Rule[] = [lp1, lp2, lp3, lp4];
