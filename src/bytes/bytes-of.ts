/** The bytes of a file given as bytes (returned as they are) or as a Blob (read whole). */
export async function bytesOf(file: Uint8Array | Blob): Promise<Uint8Array> {
  return file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
}
