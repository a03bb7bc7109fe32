// Recognises a ZIP from its bytes (INSPECTION §3): a local header, an empty archive's lone end
// record, or the spanning marker some writers put before the first local header.

const LOCAL = [0x50, 0x4b, 0x03, 0x04] as const;
const EMPTY_EOCD = [0x50, 0x4b, 0x05, 0x06] as const;
const SPANNING = [0x50, 0x4b, 0x07, 0x08] as const;
const EOCD_SIZE = 22;

function hasAt(data: Buffer, offset: number, sig: readonly number[]): boolean {
  if (offset + sig.length > data.length) return false;
  return sig.every((b, i) => data[offset + i] === b);
}

export function isZipBytes(data: Buffer): boolean {
  if (hasAt(data, 0, LOCAL)) return true;
  if (hasAt(data, 0, SPANNING)) return hasAt(data, 4, LOCAL);
  if (hasAt(data, 0, EMPTY_EOCD) && data.length >= EOCD_SIZE) {
    return data.length === EOCD_SIZE + data.readUInt16LE(20);
  }
  return false;
}
