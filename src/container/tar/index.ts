// Public API of the bounded, in-memory tar / gzip reader. No runtime dependency: node:zlib inflates
// with our own output caps, and the tar format is read here.
export { isTarFamilyBytes, isTarBytes, isGzipBytes } from './detect.js';
export { openTarContainer } from './container.js';
export { tarMemberRead } from './open.js';
