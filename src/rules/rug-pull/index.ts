import type { Rule } from '../types.js';
import { rp1 } from './rp1-unpinned-reference.js';
import { rp2 } from './rp2-permission-prestaging.js';
import { rp3 } from './rp3-unpinned-version.js';

export const rugPullRules: readonly Rule[] = [rp1, rp2, rp3];
