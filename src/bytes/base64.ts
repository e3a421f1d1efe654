/** Standard base64 (RFC 4648, padded) of bytes, with the platform's `btoa` (Node ≥ 16 and browsers). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In chunks: String.fromCharCode's argument count is bounded.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The bytes of standard padded base64; null for anything else (no whitespace, no URL alphabet). */
export function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
