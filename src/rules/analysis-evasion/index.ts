import type { Rule } from '../types.js';
import { ae1 } from './ae1-reference-to-uninspected-artifact.js';
import { ae2 } from './ae2-misleading-extension.js';
import { ae3 } from './ae3-nul-in-text.js';
import { ae4 } from './ae4-invisible-or-mixed-script.js';
import { ae5 } from './ae5-oversized-text.js';

export const analysisEvasionRules: readonly Rule[] = [ae1, ae2, ae3, ae4, ae5];
