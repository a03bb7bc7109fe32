// A text artifact's bytes and its decoded text are the same content twice: held together for every file of a
// large bundle until the signature stage (which runs after all analysis), they doubled what a scan kept alive.
// Once a file's text is decoded, its bytes are dropped when the text encodes back to exactly those bytes
// (valid UTF-8 without a BOM) and re-encoded from the text when a later stage asks for them.
import { isUtf8 } from 'node:buffer';
import { detectEncoding } from '../discovery/text-detect.js';
import type { Artifact } from '../shared/artifact.js';
import { outOfSlab, retireSlab } from '../shared/byte-slabs.js';
import type { FileView } from '../model/bundle.js';

/** Where the bytes of every artifact come from after `prepareScan`: held, or re-encoded from the text view. */
export class ArtifactBytes {
  /** Artifacts whose bytes were dropped, with the view whose text encodes back to them. */
  private readonly encoded = new WeakMap<Artifact, FileView>();

  /**
   * Drops the bytes of each artifact whose view's text is an exact UTF-8 encoding of them; call it once
   * nothing in discovery or classification needs the raw bytes any more. Bytes that stay (binary files,
   * containers, text that does not round-trip, and `others` such as an archive target) move out of the read
   * slabs (src/shared/byte-slabs.ts), so the slabs are freed with the dropped bytes. Returns how many were dropped.
   */
  release(entries: Iterable<{ artifact: Artifact; view?: FileView | undefined }>, others: Iterable<Artifact> = []): number {
    let dropped = 0;
    for (const { artifact, view } of entries) {
      const bytes = artifact.bytes;
      if (!bytes) continue;
      if (!view || !encodesTo(view.text, bytes)) {
        artifact.bytes = outOfSlab(bytes);
        continue;
      }
      this.encoded.set(artifact, view);
      artifact.bytes = undefined;
      dropped += 1;
    }
    for (const artifact of others) if (artifact.bytes) artifact.bytes = outOfSlab(artifact.bytes);
    retireSlab();
    return dropped;
  }

  /** The artifact's bytes, exactly as read: held ones as they are, dropped ones re-encoded (a fresh Buffer). */
  of(artifact: Artifact): Buffer | undefined {
    if (artifact.bytes !== undefined) return artifact.bytes;
    const view = this.encoded.get(artifact);
    return view ? Buffer.from(view.text, 'utf8') : undefined;
  }

  /** True when `of(artifact)` gives bytes (without encoding them). */
  has(artifact: Artifact): boolean {
    return artifact.bytes !== undefined || this.encoded.has(artifact);
  }
}

/**
 * True when `text` in UTF-8 is byte for byte `bytes`, given that `text` is `decodeText(bytes)` (how
 * `classify` makes every view). Decided without encoding a copy (that would briefly double the bundle again):
 * valid UTF-8 with no BOM, read as UTF-8, decodes losslessly; anything else (a BOM, invalid bytes, UTF-16)
 * keeps its bytes. The length check guards the precondition.
 */
function encodesTo(text: string, bytes: Buffer): boolean {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return !bom && isUtf8(bytes) && detectEncoding(bytes) === 'utf8' && Buffer.byteLength(text, 'utf8') === bytes.length;
}
