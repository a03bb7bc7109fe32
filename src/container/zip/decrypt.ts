// Opens an encrypted member in memory with candidate passwords: traditional PKWARE encryption
// (ZipCrypto) and WinZip AES (AE-1/AE-2, 128/192/256 bits). A password is accepted only when the
// cheap check (header byte or verifier) passes AND the content proves it: the CRC-32 for ZipCrypto
// and AE-1, the HMAC-SHA1 code for AES. Nothing is written anywhere; the output size is bounded by
// the declared size, which the caller has already held against the member and ratio caps.

import { createCipheriv, createHmac, pbkdf2Sync } from 'node:crypto';
import { crc32, inflateRawSync } from 'node:zlib';
import { LOCAL_FIXED, LOCAL_SIGNATURE } from './format.js';
import type { ZipEntry, ZipReadResult } from './types.js';

const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const METHOD_AES = 99;
const FLAG_DATA_DESCRIPTOR = 0x08;
const FLAG_STRONG_ENCRYPTION = 0x40;
const AES_EXTRA_ID = 0x9901;
const ZIPCRYPTO_HEADER = 12;
const AES_VERIFIER = 2;
const AES_MAC = 10;
const AES_ITERATIONS = 1000;
/** Passwords tried per member: bounds the key derivation (32 × 1,000 PBKDF2 rounds at most). */
export const MAX_PASSWORD_ATTEMPTS = 32;

type Failure = Extract<ZipReadResult, { ok: false }>;
export type DecryptResult = { ok: true; bytes: Buffer; password: number } | Failure;

interface Located {
  flags: number;
  modTime: number;
  extra: Buffer;
  data: Buffer;
}

function encrypted(message: string): Failure {
  return { ok: false, reason: 'encrypted', message };
}

function locate(data: Buffer, entry: ZipEntry): Located | Failure {
  const off = entry.localHeaderOffset;
  if (off < 0 || off + LOCAL_FIXED > data.length || data.readUInt32LE(off) !== LOCAL_SIGNATURE) {
    return { ok: false, reason: 'truncated', message: `No local file header at offset ${off}.` };
  }
  const nameLength = data.readUInt16LE(off + 26);
  const extraLength = data.readUInt16LE(off + 28);
  const extraStart = off + LOCAL_FIXED + nameLength;
  const start = extraStart + extraLength;
  if (start + entry.compressedSize > data.length) {
    return { ok: false, reason: 'truncated', message: `Encrypted data (${entry.compressedSize} bytes from offset ${start}) runs past the end of the data.` };
  }
  return { flags: data.readUInt16LE(off + 6), modTime: data.readUInt16LE(off + 10), extra: data.subarray(extraStart, start), data: data.subarray(start, start + entry.compressedSize) };
}

/** Decompresses with the member's real method, never past its declared size, and checks the CRC when there is one. */
function expand(plain: Buffer, method: number, entry: ZipEntry, checkCrc: boolean): Buffer | undefined {
  let out: Buffer;
  if (method === METHOD_STORED) out = plain;
  else if (method === METHOD_DEFLATE) {
    try {
      out = inflateRawSync(plain, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch {
      return undefined;
    }
  } else return undefined;
  if (out.length !== entry.uncompressedSize) return undefined;
  if (checkCrc && crc32(out) !== entry.crc32) return undefined;
  return out;
}

// ZipCrypto: three 32-bit keys stirred by each plaintext byte through the CRC-32 table.
const CRC_TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crcStep(crc: number, byte: number): number {
  return ((CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)) >>> 0;
}

/** The ZipCrypto key state; exported for the test encryptor, which must stir the same keys. */
export class ZipCryptoKeys {
  private k0 = 0x12345678;
  private k1 = 0x23456789;
  private k2 = 0x34567890;

  constructor(password: Buffer) {
    for (const b of password) this.update(b);
  }

  update(byte: number): void {
    this.k0 = crcStep(this.k0, byte);
    this.k1 = (Math.imul((this.k1 + (this.k0 & 0xff)) >>> 0, 134775813) + 1) >>> 0;
    this.k2 = crcStep(this.k2, this.k1 >>> 24);
  }

  streamByte(): number {
    const t = (this.k2 | 2) & 0xffff;
    return (Math.imul(t, t ^ 1) >>> 8) & 0xff;
  }

  decrypt(input: Buffer): Buffer {
    const out = Buffer.allocUnsafe(input.length);
    for (let i = 0; i < input.length; i += 1) {
      const p = (input[i] ?? 0) ^ this.streamByte();
      this.update(p);
      out[i] = p;
    }
    return out;
  }
}

function tryZipCrypto(loc: Located, entry: ZipEntry, password: Buffer): Buffer | undefined {
  if (loc.data.length < ZIPCRYPTO_HEADER) return undefined;
  const keys = new ZipCryptoKeys(password);
  const header = keys.decrypt(loc.data.subarray(0, ZIPCRYPTO_HEADER));
  // With a data descriptor the CRC was unknown when the header was written: the check byte is the time's.
  const check = loc.flags & FLAG_DATA_DESCRIPTOR ? (loc.modTime >>> 8) & 0xff : (entry.crc32 >>> 24) & 0xff;
  if (header[ZIPCRYPTO_HEADER - 1] !== check) return undefined;
  return expand(keys.decrypt(loc.data.subarray(ZIPCRYPTO_HEADER)), entry.method, entry, true);
}

interface AesParams {
  version: number;
  keyLength: number;
  method: number;
}

function aesParams(extra: Buffer): AesParams | undefined {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === AES_EXTRA_ID && size >= 7 && at + 4 + 7 <= extra.length) {
      const version = extra.readUInt16LE(at + 4);
      const strength = extra[at + 8] ?? 0;
      const keyLength = strength === 1 ? 16 : strength === 2 ? 24 : strength === 3 ? 32 : 0;
      if ((version !== 1 && version !== 2) || keyLength === 0 || extra.toString('latin1', at + 6, at + 8) !== 'AE') return undefined;
      return { version, keyLength, method: extra.readUInt16LE(at + 9) };
    }
    at += 4 + size;
  }
  return undefined;
}

/** WinZip's CTR mode: the counter starts at 1 and is little-endian, so the blocks are built here and encrypted with ECB. */
export function winzipAesCtr(key: Buffer, input: Buffer): Buffer {
  const blocks = Math.ceil(input.length / 16);
  const counters = Buffer.alloc(blocks * 16);
  for (let i = 0; i < blocks; i += 1) {
    const n = i + 1;
    counters.writeUInt32LE(n >>> 0, i * 16);
    counters.writeUInt32LE(Math.floor(n / 0x1_0000_0000), i * 16 + 4);
  }
  const cipher = createCipheriv(`aes-${key.length * 8}-ecb`, key, null);
  cipher.setAutoPadding(false);
  const stream = Buffer.concat([cipher.update(counters), cipher.final()]);
  const out = Buffer.allocUnsafe(input.length);
  for (let i = 0; i < input.length; i += 1) out[i] = (input[i] ?? 0) ^ (stream[i] ?? 0);
  return out;
}

/** Undefined: wrong password. 'unauthenticated': the verifier matched but the HMAC did not (corrupt or forged data). */
function tryAes(loc: Located, entry: ZipEntry, params: AesParams, password: Buffer): Buffer | 'unauthenticated' | undefined {
  const saltLength = params.keyLength / 2;
  if (loc.data.length < saltLength + AES_VERIFIER + AES_MAC) return undefined;
  const salt = loc.data.subarray(0, saltLength);
  const derived = pbkdf2Sync(password, salt, AES_ITERATIONS, 2 * params.keyLength + AES_VERIFIER, 'sha1');
  if (!derived.subarray(2 * params.keyLength).equals(loc.data.subarray(saltLength, saltLength + AES_VERIFIER))) return undefined;
  const body = loc.data.subarray(saltLength + AES_VERIFIER, loc.data.length - AES_MAC);
  const mac = createHmac('sha1', derived.subarray(params.keyLength, 2 * params.keyLength)).update(body).digest().subarray(0, AES_MAC);
  if (!mac.equals(loc.data.subarray(loc.data.length - AES_MAC))) return 'unauthenticated';
  // AE-2 leaves the CRC out (zero): the HMAC is the integrity check.
  return expand(winzipAesCtr(derived.subarray(0, params.keyLength), body), params.method, entry, params.version === 1) ?? 'unauthenticated';
}

/**
 * Tries up to MAX_PASSWORD_ATTEMPTS passwords in order and returns the member's content with the index
 * of the password that opened it; stops early when `expired` says the archive deadline passed.
 * Never throws for any archive content.
 */
export function decryptZipEntry(data: Buffer, entry: ZipEntry, passwords: readonly Buffer[], expired: () => boolean): DecryptResult {
  try {
    if (entry.flags & FLAG_STRONG_ENCRYPTION) return encrypted('Member uses PKWARE strong encryption, which is not opened.');
    const loc = locate(data, entry);
    if ('ok' in loc) return loc;
    const aes = entry.method === METHOD_AES ? aesParams(loc.extra) : undefined;
    if (entry.method === METHOD_AES && !aes) return encrypted('Member is AES-encrypted without a readable WinZip AES extra field.');
    const scheme = aes ? `AES-${aes.keyLength * 8}` : 'ZipCrypto';
    let unauthenticated = false;
    const tried = Math.min(passwords.length, MAX_PASSWORD_ATTEMPTS);
    for (let i = 0; i < tried && !expired(); i += 1) {
      const password = passwords[i] ?? Buffer.alloc(0);
      const opened = aes ? tryAes(loc, entry, aes, password) : tryZipCrypto(loc, entry, password);
      if (opened === 'unauthenticated') unauthenticated = true;
      else if (opened) return { ok: true, bytes: opened, password: i };
    }
    if (unauthenticated) return encrypted(`Member is encrypted (${scheme}); a password from the bundle's text matched its verifier but the content failed authentication, so it was not inspected.`);
    return encrypted(`Member is encrypted (${scheme}); none of the ${tried} passwords found in the bundle's text opened it.`);
  } catch (err) {
    return encrypted(`Member is encrypted and could not be decrypted (${err instanceof Error ? err.name : 'unknown error'}).`);
  }
}
