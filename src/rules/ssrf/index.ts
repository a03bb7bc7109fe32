import type { Rule } from '../types.js';
import { ssrf1 } from './ssrf1-cloud-metadata.js';
import { ssrf2 } from './ssrf2-internal-network-request.js';
import { ssrf3 } from './ssrf3-templated-request-host.js';

export const ssrfRules: readonly Rule[] = [ssrf1, ssrf2, ssrf3];
