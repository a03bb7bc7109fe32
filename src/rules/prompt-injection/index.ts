import type { Rule } from '../types.js';
import { p1 } from './p1-instruction-override.js';
import { p2 } from './p2-hidden-instructions.js';
import { p3 } from './p3-context-exfiltration.js';
import { p4 } from './p4-behavior-steering.js';
import { p5 } from './p5-harmful-content.js';
import { p6 } from './p6-system-prompt-reveal.js';
import { p7 } from './p7-indirect-extraction.js';
import { p8 } from './p8-system-prompt-persistence.js';
import { p9 } from './p9-whitespace-padding.js';

export const promptInjectionRules: readonly Rule[] = [p1, p2, p3, p4, p5, p6, p7, p8, p9];
