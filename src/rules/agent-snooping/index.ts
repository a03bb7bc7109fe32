import type { Rule } from '../types.js';
import { as1 } from './as1-agent-config-access.js';
import { as2 } from './as2-mcp-config-access.js';
import { as3 } from './as3-skill-enumeration.js';

export const agentSnoopingRules: readonly Rule[] = [as1, as2, as3];
