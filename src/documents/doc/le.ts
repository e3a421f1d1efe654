/** Little-endian unsigned reads of the Word binary format; callers check bounds first. */
export const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
export const u32 = (b: Uint8Array, at: number): number => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
