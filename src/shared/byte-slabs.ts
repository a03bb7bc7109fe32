// Where the bytes of read files and inflated members live until their text is decoded.
// Allocated one Buffer each, a large bundle's files land in the C allocator's main heap, interleaved with
// everything else it serves. Dropping them after decoding (src/engine/contents.ts) then frees memory that the
// allocator keeps: 43 MB of file buffers stayed resident for the rest of a 5,000-file scan. Carved from slabs
// too large for that heap, the same bytes sit in their own mappings, which go back to the system once the
// last Buffer carved from them is collected. Measured: docs/PERFORMANCE.md, issue 14, sixth session.

/**
 * Above glibc's largest dynamic mmap threshold (32 MiB on 64-bit), so every slab is mapped on its own
 * whatever sizes the process freed before. Pages never written are never resident: a small scan's slab
 * costs address space, not memory.
 */
export const SLAB_BYTES = 34 * 1024 * 1024;
/** Requests above this get a Buffer of their own: carving them would leave most of a slab unused. */
const OWN_BUFFER_ABOVE = SLAB_BYTES / 4;

const slabs = new WeakSet<ArrayBufferLike>();
let current: Buffer | undefined;
let used = 0;

/** A Buffer of `size` uninitialised bytes that the caller fills completely before sharing it. */
export function slabBytes(size: number): Buffer {
  if (size > OWN_BUFFER_ABOVE) return Buffer.allocUnsafeSlow(size);
  if (current === undefined || used + size > current.length) {
    current = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabs.add(current.buffer);
    used = 0;
  }
  const out = current.subarray(used, used + size);
  // 8-byte steps keep every carved Buffer aligned for typed-array views.
  used += (size + 7) & ~7;
  return out;
}

/** `bytes` in a slab: itself when already there (or too large to carve), else a copy. */
export function intoSlab(bytes: Buffer): Buffer {
  if (isSlabBacked(bytes) || bytes.length > OWN_BUFFER_ABOVE) return bytes;
  const out = slabBytes(bytes.length);
  bytes.copy(out);
  return out;
}

/** True when `bytes` is carved from a slab, so holding it keeps the whole slab alive. */
export function isSlabBacked(bytes: Uint8Array): boolean {
  return slabs.has(bytes.buffer);
}

/**
 * `bytes` in memory of its own, for bytes held long after their neighbours in the slab were dropped
 * (binary files, containers, text that does not round-trip): a few held files must not pin 34 MiB each.
 */
export function outOfSlab(bytes: Buffer): Buffer {
  return isSlabBacked(bytes) ? Buffer.from(bytes) : bytes;
}

/**
 * Starts the next request on a new slab, so the current one can be freed once its Buffers are dropped;
 * called when a scan no longer reads files.
 */
export function retireSlab(): void {
  current = undefined;
  used = 0;
}
