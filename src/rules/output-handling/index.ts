import type { Rule } from '../types.js';
import { oh1 } from './oh1-output-to-execution.js';
import { oh2 } from './oh2-output-relay.js';
import { oh3 } from './oh3-unbounded-output.js';

export const outputHandlingRules: readonly Rule[] = [oh1, oh2, oh3];
