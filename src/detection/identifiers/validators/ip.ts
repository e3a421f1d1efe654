/** Whether `value` is a dotted-quad IPv4 address (four decimal octets 0–255, no leading zeros). */
export function isValidIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/**
 * Whether `value` is an IPv6 address in full or compressed form (RFC 4291 2.2), optionally ending in an embedded
 * IPv4 address (`::ffff:192.0.2.1`). Zone ids and prefix lengths are not part of the value.
 */
export function isValidIpv6(value: string): boolean {
  let v = value;
  let extra = 0;
  const lastColon = v.lastIndexOf(':');
  if (v.includes('.', lastColon)) {
    // An embedded IPv4 address takes the place of the last two groups.
    if (!isValidIpv4(v.slice(lastColon + 1))) return false;
    v = v.slice(0, lastColon + 1) + '0';
    extra = 1;
  }
  const halves = v.split('::');
  if (halves.length > 2) return false;
  const groups = (s: string): string[] | undefined => {
    if (s === '') return [];
    const g = s.split(':');
    return g.every((x) => /^[0-9A-Fa-f]{1,4}$/.test(x)) ? g : undefined;
  };
  const head = groups(halves[0]!);
  if (!head) return false;
  if (halves.length === 1) return head.length + extra === 8;
  const tail = groups(halves[1]!);
  if (!tail) return false;
  // `::` stands for at least one group of zeros.
  return head.length + tail.length + extra <= 7;
}
