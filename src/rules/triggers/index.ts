import type { Rule } from '../types.js';
import { tr1 } from './tr1-overbroad-trigger.js';
import { tr2 } from './tr2-builtin-command-trigger.js';
import { tr3 } from './tr3-catch-all-trigger.js';

export const triggerRules: readonly Rule[] = [tr1, tr2, tr3];
