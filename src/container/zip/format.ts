// Record signatures, fixed sizes and sentinel values of the ZIP format (APPNOTE 6.3.x), in one place for
// every reader of local headers, the central directory and the end records.
export const LOCAL_SIGNATURE = 0x04034b50;
export const LOCAL_FIXED = 30;
export const DESCRIPTOR_SIGNATURE = 0x08074b50;
export const ZIP64_EXTRA_ID = 0x0001;
export const U16_MAX = 0xffff;
export const U32_MAX = 0xffffffff;
