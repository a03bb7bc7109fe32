// Public API of the bounded, in-memory ZIP reader (INSPECTION §3). No runtime dependency.

export type {
  MemberNameCheck,
  ZipAnomaly,
  ZipEntry,
  ZipOpenLimits,
  ZipOpenResult,
  ZipReadFailure,
  ZipReadLimits,
  ZipReadResult,
  ZipRefusalReason,
} from './types.js';
export { openZip } from './central.js';
export { readZipEntry } from './inflate.js';
export { isZipBytes } from './detect.js';
export { checkMemberName } from './names.js';
