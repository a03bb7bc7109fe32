// Maps a matched signature's meta to its public id, severity and confidence (upstream digest §4.4).
import type { MetaValue } from './types.js';

export type SignatureId = 'YR1' | 'YR2' | 'YR3' | 'YR4' | 'YR-CUSTOM';
export type SignatureSeverity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | 'INFO';

const SEVERITIES: readonly SignatureSeverity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'];

/**
 * Id, severity and confidence of a matched signature (upstream digest §4.4): `meta.category` malware → YR1
 * CRITICAL, webshell → YR2 CRITICAL, cryptominer → YR3 HIGH, hack_tool/exploit → YR4 HIGH, anything else →
 * YR4 MEDIUM; `meta.severity` overrides the severity, `meta.confidence` (0..1, a number or a string such as "0.9")
 * defaults to 0.7. A user rule
 * (`custom`) is always YR-CUSTOM with its own meta.severity (MEDIUM when absent or unknown).
 */
export function classifySignature(meta: Readonly<Record<string, MetaValue>>, custom: boolean): { id: SignatureId; severity: SignatureSeverity; confidence: number } {
  const cat = typeof meta.category === 'string' ? meta.category.toLowerCase() : '';
  let id: SignatureId;
  let severity: SignatureSeverity;
  if (custom) [id, severity] = ['YR-CUSTOM', 'MEDIUM'];
  else if (cat === 'malware') [id, severity] = ['YR1', 'CRITICAL'];
  else if (cat === 'webshell') [id, severity] = ['YR2', 'CRITICAL'];
  else if (cat === 'cryptominer') [id, severity] = ['YR3', 'HIGH'];
  else if (cat === 'hack_tool' || cat === 'exploit') [id, severity] = ['YR4', 'HIGH'];
  else [id, severity] = ['YR4', 'MEDIUM'];
  const sev = typeof meta.severity === 'string' ? meta.severity.toUpperCase() : '';
  if ((SEVERITIES as readonly string[]).includes(sev)) severity = sev as SignatureSeverity;
  // YARA meta values are strings, integers or booleans, so a fraction is written as a string ("0.9").
  const c = typeof meta.confidence === 'string' && /^(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?)$/.test(meta.confidence.trim()) ? Number(meta.confidence) : meta.confidence;
  const confidence = typeof c === 'number' && c >= 0 && c <= 1 ? c : 0.7;
  return { id, severity, confidence };
}
