// The bundled signature set, compiled once per process on first use (about 15 ms), shared by every scan.
import { BUNDLED_SIGNATURES } from './bundled.js';
import { compileSignatures } from './engine.js';
import type { SignatureSet } from './engine.js';
import { classifySignature } from './classify.js';

let compiled: SignatureSet | undefined;

export function bundledSignatureSet(): SignatureSet {
  compiled ??= compileSignatures(BUNDLED_SIGNATURES);
  return compiled;
}

/** The bundled signature names under the public id each one reports as (for `skillspector rules`). */
export function bundledSignatureNames(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const rule of bundledSignatureSet().rules) {
    const { id } = classifySignature(rule.meta, false);
    out.set(id, [...(out.get(id) ?? []), rule.name]);
  }
  return out;
}
