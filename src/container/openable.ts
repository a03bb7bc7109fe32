// The containers the container stage opens (ZIP family, tar, gzip): discovery must not call them opaque,
// and a target holding one is an archive target.
import { isGzipBytes, isTarBytes } from './tar/detect.js';
import { isZipBytes } from './zip/index.js';

export function isOpenableContainerBytes(bytes: Buffer): boolean {
  return isZipBytes(bytes) || isGzipBytes(bytes) || isTarBytes(bytes);
}
