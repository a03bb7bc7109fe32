import type { Rule } from '../types.js';
import { pe1 } from './pe1-permission-escalation-request.js';
import { pe2 } from './pe2-root-execution.js';
import { pe3 } from './pe3-credential-file-access.js';
import { pe4 } from './pe4-docker-socket.js';
import { pe5 } from './pe5-privileged-container.js';

export const privilegeRules: readonly Rule[] = [pe1, pe2, pe3, pe4, pe5];
