/**
 * Code units (bytes or UTF-16 units) as a string of the same length. In slices: `String.fromCharCode` takes its
 * arguments on the stack. By `apply`, not by spreading: a spread iterates the slice (an iterator result per unit),
 * which for a written PDF of 8 MB allocated ~350 MB and took 0.5 s; `apply` reads the typed array directly (~40 ms).
 */
export function stringOfCharCodes(units: Uint8Array | Uint16Array): string {
  let s = '';
  for (let i = 0; i < units.length; i += 0x2000) s += String.fromCharCode.apply(null, units.subarray(i, i + 0x2000) as unknown as number[]);
  return s;
}
