// YR1–YR4 and YR-CUSTOM (CONTRACT §12): signature matches on raw bytes. Metadata only: the signature stage
// (src/engine/signatures.ts) scans every component, container and member with the bundled set and the
// user's `--rules-dir` set, and reports each matched signature under the id classifySignature gives it,
// with the signature's name as the finding's pattern and its meta severity and confidence. Calibration
// class `artifact`: a signature names the artefact itself, so its place in the bundle does not lower it
// (context triage still does, e.g. a one-liner quoted in a detection table).
import { defineRule } from '../types.js';
import type { SignatureRule } from '../types.js';

const CHECK_IT = 'Do not install the skill. Inspect the matched file (the location names it, `!/` paths point inside archives); if it is a deliberate test artefact, remove it or record it in a baseline with a reason.';

export const yr1 = defineRule<SignatureRule>({
  kind: 'signature',
  meta: {
    id: 'YR1', category: 'Malware', severity: 'CRITICAL', confidence: 0.7, calibration: 'artifact',
    title: 'Malware Signature',
    description: 'A bundled malware signature matched the raw bytes of a file, archive or archive member: the EICAR test file, infostealer collection code (browser credential stores with crypto wallets, macOS keychain theft, fake osascript password prompts), hard-coded exfiltration bots, or indicators of campaigns against skill registries (remote payloads piped to a shell from raw IP addresses, paste-site loaders).',
    remediation: CHECK_IT,
  },
});

export const yr2 = defineRule<SignatureRule>({
  kind: 'signature',
  meta: {
    id: 'YR2', category: 'Malware', severity: 'CRITICAL', confidence: 0.7, calibration: 'artifact',
    title: 'Web Shell Signature',
    description: 'A bundled web-shell signature matched: a PHP, JSP, ASPX or Python page or handler that runs commands or code taken straight from the HTTP request, which gives whoever reaches it a remote shell on the host.',
    remediation: CHECK_IT,
  },
});

export const yr3 = defineRule<SignatureRule>({
  kind: 'signature',
  meta: {
    id: 'YR3', category: 'Malware', severity: 'HIGH', confidence: 0.7, calibration: 'artifact',
    title: 'Cryptominer Signature',
    description: 'A bundled cryptominer signature matched: a stratum mining-pool URL, a miner configuration with pool and wallet, or a miner started with a pool and a wallet on its command line. A skill that mines spends the user\'s hardware and power for someone else.',
    remediation: CHECK_IT,
  },
});

export const yr4 = defineRule<SignatureRule>({
  kind: 'signature',
  meta: {
    id: 'YR4', category: 'Malware', severity: 'HIGH', confidence: 0.7, calibration: 'artifact',
    title: 'Hack Tool Signature',
    description: 'A bundled offensive-tooling signature matched, such as a working reverse shell (bash /dev/tcp, netcat, socat, Python, Perl, PowerShell) that hands an interactive shell on the user\'s machine to a remote host. Signatures of an unknown category are reported here at MEDIUM.',
    remediation: CHECK_IT,
  },
});

export const yrCustom = defineRule<SignatureRule>({
  kind: 'signature',
  meta: {
    id: 'YR-CUSTOM', category: 'Malware', severity: 'MEDIUM', confidence: 0.7, calibration: 'artifact',
    title: 'Custom Signature',
    description: 'A signature from the user\'s `scan --rules-dir DIR` files matched the raw bytes of a file, archive or archive member. The finding\'s pattern is the signature\'s rule name; its severity comes from the rule\'s `meta: severity` (MEDIUM when absent) and its confidence from `meta: confidence` (0.7 when absent).',
    remediation: 'Follow the guidance that comes with the signature set; the matched strings and their offsets are in the finding\'s evidence.',
  },
});

export const signatureRules: readonly SignatureRule[] = [yr1, yr2, yr3, yr4, yrCustom];
