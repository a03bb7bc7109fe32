import type { Rule } from '../types.js';
import { e1 } from './e1-outbound-data-transfer.js';
import { e2 } from './e2-environment-harvesting.js';
import { e3 } from './e3-sensitive-file-enumeration.js';
import { e4 } from './e4-conversation-export.js';
import { e5 } from './e5-cloud-storage-upload.js';

export const exfiltrationRules: readonly Rule[] = [e1, e2, e3, e4, e5];
