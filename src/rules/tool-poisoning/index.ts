import type { Rule } from '../types.js';
import { tp1 } from './tp1-hidden-metadata-content.js';
import { tp2 } from './tp2-unicode-deception.js';
import { tp3 } from './tp3-parameter-injection.js';

export const toolPoisoningRules: readonly Rule[] = [tp1, tp2, tp3];
