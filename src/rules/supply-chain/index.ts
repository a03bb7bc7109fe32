import type { Rule } from '../types.js';
import { sc1 } from './sc1-unpinned-dependencies.js';
import { sc2 } from './sc2-remote-code-execution.js';
import { sc3 } from './sc3-obfuscated-execution.js';
import { sc4 } from './sc4-vulnerable-dependencies.js';
import { sc5 } from './sc5-abandoned-packages.js';
import { sc6 } from './sc6-typosquatting.js';
import { sc7 } from './sc7-content-trust-disabled.js';
import { sc8 } from './sc8-shipped-bytecode.js';
import { sc10 } from './sc10-encrypted-archive-lure.js';

// SC9 (concealed executables) lives with the container stage, not here.
export const supplyChainRules: readonly Rule[] = [sc1, sc2, sc3, sc4, sc5, sc6, sc7, sc8, sc10];
