import type { Rule } from '../types.js';
import { mp1 } from './mp1-persistent-instructions.js';
import { mp2 } from './mp2-context-flooding.js';
import { mp3 } from './mp3-memory-wipe.js';

export const memoryPoisoningRules: readonly Rule[] = [mp1, mp2, mp3];
