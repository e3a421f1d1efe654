import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAME_RULES } from '../../../../src/detection/names/context-names.js';
import { ORG_RULES } from '../../../../src/detection/organisations/context-orgs.js';
import { dateRules } from '../../../../src/detection/dates/date.js';
import { MAIL_RULES } from '../../../../src/detection/contact/mail.js';
import { OTH_RULES } from '../../../../src/detection/identifiers/oth.js';
import { POSTCODE_RULES } from '../../../../src/detection/addresses/postcode-city.js';
import { INTL_POSTCODE_RULES } from '../../../../src/detection/addresses/postcode-intl.js';
import { REGISTER_RULES } from '../../../../src/detection/identifiers/registers.js';
import { bmpUnicodeSets, compileRuleRegex, withoutUnrolling } from '../../../../src/detection/rules/rule-regex.js';
import { HU_STREET_RULES } from '../../../../src/detection/addresses/street-hu.js';
import { INTL_STREET_RULES } from '../../../../src/detection/addresses/street-intl.js';
import { STREET_RULES } from '../../../../src/detection/addresses/street.js';
import { TEL_RULES } from '../../../../src/detection/contact/tel.js';

const LONG = 'A'.repeat(70);

/** Every match with its index, groups and group indices. */
function allMatches(re: RegExp, text: string): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(JSON.stringify([m.index, [...m], m.indices ? [...m.indices] : null, m.groups ?? null]));
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

describe('withoutUnrolling', () => {
  it('adds an always-failing alternative inside long quantified groups', () => {
    expect(withoutUnrolling(`(?:${LONG}){0,3}x`)).toBe(`(?:${LONG}|(?!)){0,3}x`);
    expect(withoutUnrolling(`(?<n>${LONG})?`)).toBe(`(?<n>${LONG}|(?!))?`);
    expect(withoutUnrolling(`(${LONG})+`)).toBe(`(${LONG}|(?!))+`);
    expect(withoutUnrolling(`(?:${LONG}){2,}`)).toBe(`(?:${LONG}|(?!)){2,}`);
  });

  it('leaves short groups, unquantified groups, lookarounds, escaped parentheses and classes alone', () => {
    for (const source of [`(?:ab){0,3}`, `(?:${LONG})x`, `(?=${LONG})`, `(?<!${LONG})`, `\\(${LONG}\\){0,3}`, `[(]${LONG}[)]{0,3}`]) {
      expect(withoutUnrolling(source)).toBe(source);
    }
  });

  it('counts nested groups to their own parentheses', () => {
    const inner = `(?:${LONG})`;
    expect(withoutUnrolling(`(?:x${inner}?y${'b'.repeat(64)}){1,2}`)).toBe(`(?:x(?:${LONG}|(?!))?y${'b'.repeat(64)}|(?!)){1,2}`);
  });
});

describe('bmpUnicodeSets', () => {
  it('takes the astral planes out of positive classes with properties and escapes v-mode syntax', () => {
    expect(bmpUnicodeSets(String.raw`\p{Lu}`)).toBe(String.raw`[\p{Lu}--[\u{10000}-\u{10FFFF}]]`);
    expect(bmpUnicodeSets(String.raw`[\p{L}'’.-]`)).toBe(String.raw`[[\p{L}'’\.\-]--[\u{10000}-\u{10FFFF}]]`);
    expect(bmpUnicodeSets(String.raw`[^\p{L}(]`)).toBe(String.raw`[^\p{L}\(]`);
    expect(bmpUnicodeSets(String.raw`[a-z\u00C0-\u00FF/]`)).toBe(String.raw`[a-z\u00C0-\u00FF\/]`);
    expect(bmpUnicodeSets(String.raw`[-a\-]`)).toBe(String.raw`[\-a\-]`);
  });

  it('matches like the u-mode original, except letters outside the BMP', () => {
    const source = String.raw`(?<![\p{L}\p{N}\p{M}-])\p{Lu}[\p{Ll}'’-]{1,20}(?![\p{L}\p{N}\p{M}])`;
    const u = new RegExp(source, 'gu');
    const v = new RegExp(bmpUnicodeSets(source), 'gv');
    const text = "Łukasz O'Brien-Smith, Ærø, Øyvind, Ирина, 12Abc, x-Bcd, Émile\u0301, naïve Zoë";
    expect(allMatches(v, text)).toEqual(allMatches(u, text));
    // 𝐀 (U+1D400) is a letter in u mode; here it no longer blocks a name after it.
    expect('𝐀Mayer'.match(u)).toBeNull();
    expect('𝐀Mayer'.match(v)).toEqual(['Mayer']);
  });
});

describe('compileRuleRegex', () => {
  const rules = [...NAME_RULES, ...ORG_RULES, ...STREET_RULES, ...POSTCODE_RULES, ...dateRules, ...MAIL_RULES, ...OTH_RULES, ...TEL_RULES];
  const texts = ['letter-de', 'letter-en'].map((f) =>
    readFileSync(new URL(`../../../../tools/bench/fixtures/${f}.txt`, import.meta.url), 'utf8'),
  );

  it('keeps every built-in rule matching exactly as written (indices and groups) on the bench letters', () => {
    let matches = 0;
    for (const rule of rules) {
      const original = new RegExp(rule.regex.source, rule.regex.flags.includes('g') ? rule.regex.flags : `${rule.regex.flags}g`);
      const compiled = compileRuleRegex(rule.regex);
      // Engines without `v` mode keep the classes and only lose the unrolling.
      const fallback = compileRuleRegex(rule.regex, false);
      expect(compiled.flags).toContain('g');
      expect(compiled.flags.includes('v')).toBe(rule.regex.flags.includes('u'));
      expect(fallback.flags).not.toContain('v');
      for (const text of texts) {
        const expected = allMatches(original, text);
        matches += expected.length;
        expect(allMatches(compiled, text)).toEqual(expected);
        expect(allMatches(fallback, text)).toEqual(expected);
      }
    }
    expect(matches).toBeGreaterThan(100);
  });

  it('keeps every built-in rule within the 20 KB of source V8 still optimizes (a longer one runs about 5× slower)', () => {
    const all = [...rules, ...INTL_STREET_RULES, ...HU_STREET_RULES, ...INTL_POSTCODE_RULES, ...REGISTER_RULES];
    for (const rule of all) expect(compileRuleRegex(rule.regex).source.length).toBeLessThanOrEqual(20 * 1024);
  });
});
