import type { PatternRule } from '../rules/pattern-recognizer.js';
import { isValidIpv6 } from './validators/ip.js';

/*
 * Network addresses (OTH): IPv4 (not a version or section number) and IPv6.
 */

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
/** IPv4 with an optional prefix length: `192.168.0.1`, `10.0.0.0/8`. */
const IPV4 = `(?<![\\p{L}\\p{N}\\p{M}_.\\/\\-])(?:${OCTET}\\.){3}${OCTET}(?:\\/(?:3[0-2]|[12]\\d|\\d))?(?![\\p{L}\\p{N}\\p{M}_]|\\.\\p{N})`;
const IP_WORDS = ['ip', 'ip-adresse', 'ipv4', 'address', 'adresse', 'server', 'host', 'client'];
// A four-part number after these words is a version or a section, not an address.
const VERSION_BEFORE = /(?<![\p{L}])(?:version|ver|v|release|build|update|abschnitt|kapitel|section|chapter|ziffer|nr|no)\.?\s{0,2}$/iu;

/** IPv6, full or compressed, optionally with an embedded IPv4 tail: `2001:db8::1`, `::ffff:192.0.2.1`. */
const IPV6 =
  `(?<![\\p{L}\\p{N}\\p{M}_.]|[0-9A-Fa-f]:)(?:[0-9A-Fa-f]{0,4}:){2,7}(?:(?:${OCTET}\\.){3}${OCTET}|[0-9A-Fa-f]{1,4})?` +
  `(?![\\p{L}\\p{N}\\p{M}_:]|\\.\\p{N})`;

function ipv6Score(value: string): boolean {
  if (!isValidIpv6(value)) return false;
  // `::` or `a::` alone are punctuation more often than addresses.
  return value.split(/[:.]/u).filter((g) => g !== '').length >= 2 || /^::[0-9A-Fa-f]{1,4}$/u.test(value);
}

export const NETWORK_RULES: readonly PatternRule[] = [
  {
    label: 'OTH',
    regex: new RegExp(IPV4, 'gu'),
    score: 0.85,
    validate: (v, m, text) => {
      if (VERSION_BEFORE.test(text.slice(Math.max(0, m.index - 15), m.index))) return false;
      // `1.2.3.4` is a section or version number as often as an address; it needs an `IP` before it.
      return v
        .replace(/\/\d+$/u, '')
        .split('.')
        .every((o) => o.length === 1)
        ? 0.4
        : 0.85;
    },
    context: { words: IP_WORDS, boost: 0.45 },
  },
  { label: 'OTH', regex: new RegExp(IPV6, 'gu'), score: 0.9, validate: (v) => ipv6Score(v) },
];
