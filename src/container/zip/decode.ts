// Member-name decoding and flag bits shared by the central directory and the local headers.

export const FLAG_ENCRYPTED = 0x1;
export const FLAG_STRONG_ENCRYPTION = 0x40;
export const FLAG_UTF8 = 0x800;
export const METHOD_AES = 99;

// CP437 0x80–0xFF; the low half is read as ASCII so control characters stay visible to name checks.
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
  '└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

// ignoreBOM keeps a leading U+FEFF: the name must stay exactly as stored.
const UTF8_STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF8_LOSSY = new TextDecoder('utf-8', { ignoreBOM: true });

export function decodeCp437(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH.charAt(b - 0x80);
  return out;
}

export function decodeName(bytes: Uint8Array, flags: number): { name: string; invalid: boolean } {
  if ((flags & FLAG_UTF8) === 0) return { name: decodeCp437(bytes), invalid: false };
  try {
    return { name: UTF8_STRICT.decode(bytes), invalid: false };
  } catch {
    return { name: UTF8_LOSSY.decode(bytes), invalid: true };
  }
}

/** Flag bit 0, flag 0x40 (strong encryption), or method 99 (AES). */
export function isEncryptedEntry(flags: number, method: number): boolean {
  return (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== 0 || method === METHOD_AES;
}
