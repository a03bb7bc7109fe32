// The bench's floor: a bare Node process that only reads what the scanner reads. It walks the target,
// reads every file, and for ZIP containers (by magic, so .docx/.xlsx too) inflates every member with
// node:zlib, recursively for nested ZIPs. Prints {"files","bytes","members","contentBytes"} on stdout.
// Plain JavaScript with no imports from the project: its start-up is Node's alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { inflateRawSync } from 'node:zlib';

const out = { files: 0, bytes: 0, members: 0, contentBytes: 0 };

function isZip(buf) {
  return buf.length >= 22 && buf.readUInt32LE(0) === 0x04034b50;
}

/** Inflate every member listed in the central directory; recurse into members that are ZIPs. */
function inflateAll(buf, depth) {
  const floor = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= floor; i -= 1) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return false;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let n = 0; n < count && buf.readUInt32LE(p) === 0x02014b50; n += 1) {
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + compressed);
    const data = method === 8 ? inflateRawSync(raw) : raw;
    out.members += 1;
    if (depth < 3 && isZip(data) && inflateAll(data, depth + 1)) continue;
    out.contentBytes += data.length;
  }
  return true;
}

function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path);
    else if (e.isFile()) {
      const buf = readFileSync(path);
      out.files += 1;
      out.bytes += buf.length;
      if (!(isZip(buf) && inflateAll(buf, 1))) out.contentBytes += buf.length;
    }
  }
}

walk(process.argv[2] ?? '.');
process.stdout.write(`${JSON.stringify(out)}\n`);
