import { describe, expect, it } from 'vitest';
import { isValidIpv4, isValidIpv6 } from '../../../../../src/detection/identifiers/validators/ip.js';

describe('isValidIpv4', () => {
  it.each([
    ['192.168.0.1', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['1.2.3.4.5', false],
    ['01.2.3.4', false],
    ['a.b.c.d', false],
  ])('%s → %s', (ip, expected) => {
    expect(isValidIpv4(ip)).toBe(expected);
  });
});

describe('isValidIpv6', () => {
  it.each([
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', true],
    ['2001:db8:85a3::8a2e:370:7334', true],
    ['2001:db8::1', true],
    ['fe80::1', true],
    ['::1', true],
    ['::', true],
    ['::ffff:192.0.2.128', true],
    ['1:2:3:4:5:6:7::', true],
    ['2001:db8::1::2', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1:2:3:4:5:6:7', false],
    ['12:30:45', false],
    ['00:1A:2B:3C:4D:5E', false],
    ['2001:db8::g', false],
    ['12345::1', false],
    ['::ffff:999.0.2.128', false],
    ['1:2:3:4:5:6:7::8', false],
  ])('%s → %s', (ip, expected) => {
    expect(isValidIpv6(ip)).toBe(expected);
  });
});
