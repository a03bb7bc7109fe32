import type { Rule } from '../types.js';
import { tm1 } from './tm1-dangerous-tool-use.js';
import { tm2 } from './tm2-dangerous-chaining.js';
import { tm3 } from './tm3-insecure-configuration.js';
import { tm4 } from './tm4-privileged-kubernetes.js';

export const toolMisuseRules: readonly Rule[] = [tm1, tm2, tm3, tm4];
