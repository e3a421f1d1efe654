/** SHA-256 of `data` as lower-case hex, with WebCrypto (Node ≥ 20 and browsers; workers included). */
export async function sha256Hex(data: Uint8Array, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  const digest = new Uint8Array(await subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}
