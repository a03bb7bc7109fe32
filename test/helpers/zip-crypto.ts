/**
 * Test-only encryptors for ZIP members, written independently of src/container/zip/decrypt.ts so a
 * wrong key schedule there cannot be mirrored here. They return `ZipBuildEntry` values for buildZip.
 *
 *   zipCryptoMember(name, data, password, opts?)  traditional PKWARE encryption (flag bit 0)
 *   aesMember(name, data, password, opts?)        WinZip AES (method 99, extra field 0x9901)
 */

import { createCipheriv, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import type { ZipBuildEntry } from './zip-builder.js';

function crcTable(): number[] {
  const table: number[] = [];
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = (c & 1) !== 0 ? (0xedb88320 ^ (c >>> 1)) >>> 0 : c >>> 1;
    table.push(c);
  }
  return table;
}
const TABLE = crcTable();

function updateCrc(crc: number, b: number): number {
  return ((TABLE[(crc ^ b) & 0xff] as number) ^ (crc >>> 8)) >>> 0;
}

/** PKWARE APPNOTE 6.1: encrypt byte by byte, stirring the keys with each plaintext byte. */
function zipCryptoEncrypt(password: string, plain: Buffer): Buffer {
  const keys = [0x12345678, 0x23456789, 0x34567890];
  const stir = (b: number): void => {
    keys[0] = updateCrc(keys[0] as number, b);
    keys[1] = Number((BigInt((keys[1] as number) + ((keys[0] as number) & 0xff)) * 134775813n + 1n) & 0xffffffffn);
    keys[2] = updateCrc(keys[2] as number, (keys[1] as number) >>> 24);
  };
  for (const b of Buffer.from(password, 'utf8')) stir(b);
  const out = Buffer.alloc(plain.length);
  for (let i = 0; i < plain.length; i += 1) {
    const t = ((keys[2] as number) | 2) & 0xffff;
    const k = Number((BigInt(t) * BigInt(t ^ 1)) >> 8n) & 0xff;
    const p = plain[i] as number;
    out[i] = p ^ k;
    stir(p);
  }
  return out;
}

export interface ZipCryptoOptions {
  /** 0 stored or 8 deflate (default). */
  method?: 0 | 8;
  /** Flag bit 3: the check byte is the mod-time's high byte (the builder writes time 0). */
  dataDescriptor?: boolean;
}

export function zipCryptoMember(name: string, data: string | Buffer, password: string, opts: ZipCryptoOptions = {}): ZipBuildEntry {
  const raw = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  const method = opts.method ?? 8;
  const body = method === 8 ? deflateRawSync(raw) : raw;
  const header = randomBytes(12);
  header[11] = opts.dataDescriptor === true ? 0 : crc32(raw) >>> 24;
  return {
    name, data: raw, method, encrypted: true, compressed: zipCryptoEncrypt(password, Buffer.concat([header, body])),
    ...(opts.dataDescriptor === true ? { dataDescriptor: true } : {}),
  };
}

export interface AesOptions {
  /** 1, 2, 3: AES-128, -192, -256 (default 3). */
  strength?: 1 | 2 | 3;
  /** AE-1 keeps the CRC; AE-2 (default) writes zero. */
  version?: 1 | 2;
  method?: 0 | 8;
  /** Flip a bit of the authentication code. */
  corruptMac?: boolean;
}

function aesExtra(version: number, strength: number, method: number): Buffer {
  const b = Buffer.alloc(11);
  b.writeUInt16LE(0x9901, 0);
  b.writeUInt16LE(7, 2);
  b.writeUInt16LE(version, 4);
  b.write('AE', 6, 'latin1');
  b[8] = strength;
  b.writeUInt16LE(method, 9);
  return b;
}

/** WinZip AES: PBKDF2-HMAC-SHA1 (1000 rounds), AES-CTR with a little-endian counter from 1, HMAC-SHA1 over the ciphertext. */
export function aesMember(name: string, data: string | Buffer, password: string, opts: AesOptions = {}): ZipBuildEntry {
  const raw = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  const strength = opts.strength ?? 3;
  const version = opts.version ?? 2;
  const method = opts.method ?? 8;
  const keyLength = [0, 16, 24, 32][strength] as number;
  const salt = randomBytes(keyLength / 2);
  const derived = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, 1000, 2 * keyLength + 2, 'sha1');
  const plain = method === 8 ? deflateRawSync(raw) : raw;
  const cipherText = Buffer.alloc(plain.length);
  const ecb = createCipheriv(`aes-${keyLength * 8}-ecb`, derived.subarray(0, keyLength), null);
  ecb.setAutoPadding(false);
  for (let block = 0; block * 16 < plain.length; block += 1) {
    const counter = Buffer.alloc(16);
    counter.writeBigUInt64LE(BigInt(block + 1));
    const pad = ecb.update(counter);
    for (let i = 0; i < 16 && block * 16 + i < plain.length; i += 1) cipherText[block * 16 + i] = (plain[block * 16 + i] as number) ^ (pad[i] as number);
  }
  const mac = createHmac('sha1', derived.subarray(keyLength, 2 * keyLength)).update(cipherText).digest().subarray(0, 10);
  if (opts.corruptMac === true) mac[0] = (mac[0] as number) ^ 1;
  const extra = aesExtra(version, strength, method);
  return {
    name, data: raw, method: 99, encrypted: true, localExtra: extra, centralExtra: extra,
    compressed: Buffer.concat([salt, derived.subarray(2 * keyLength), cipherText, mac]),
    ...(version === 2 ? { crc: 0 } : {}),
  };
}
