import { containsWord, needleOf, searchTextOf } from '../../text/word-search.js';
import type { VerificationLeak, VerificationSummary } from '../adapter.js';
import { imageFormatOf } from '../image/sniff-image.js';
import { readZip } from '../zip/read-zip.js';

/** An original PII string to look for, with its label (the label alone is reported). */
export interface DocxNeedle {
  label: string;
  text: string;
}

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(ENTITY, (_, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name.toLowerCase()]!;
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** Attribute values that name fonts (the document may mention a place called Arial; its fonts say so too). */
const FONT_ATTRIBUTES = /^(?:\w+:)?(?:ascii|hAnsi|cs|eastAsia|typeface|panose|pitchFamily|charset)$/;
/**
 * Elements whose `w:val` is text a person wrote (form-field and content-control texts, document variables); any other
 * `w:val` is a style id, a size or a setting ("Header", "Title"), never content.
 */
const TEXT_VALUES = /^w:(?:name|statusText|helpText|default|alias|tag|listEntry|docVar)$/;
const START_TAG = /<([\w.:-]+)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const TAG = /<[^>]*>/g;
/** Tags a reader sees as a break between words: paragraph and cell ends, tabs, line breaks. */
const SEPARATOR_TAG = /<\/(?:\w+:)?(?:p|tc|txbxContent)>|<(?:\w+:)?(?:tab|ptab|br|cr)\b[^>]*>/g;

/** Parts kept for their formatting only (also in the glossary): their attributes are style and font names. */
const FORMATTING = /(?:^|\/)(?:styles|stylesWithEffects|numbering|fontTable|webSettings|theme\d*)\.xml$/i;

/**
 * The readings of one XML part, taken from its bytes by plain text rules (not the DOM the rewrite used, so a
 * mistake there is not repeated here): the text as a reader gets it (runs joined, paragraph ends, tabs and breaks as
 * separators, every other tag removed, so a name split over runs is one word), and the attribute values that can hold
 * text (not namespace declarations, font names, style ids and settings).
 */
function xmlReadings(name: string, xml: string): Array<[string, string]> {
  const text = decodeEntities(
    xml
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(SEPARATOR_TAG, '\n')
      .replace(TAG, ''),
  );
  const readings: Array<[string, string]> = [['text', text]];
  if (!FORMATTING.test(name)) {
    const values: string[] = [];
    for (const tag of xml.matchAll(START_TAG))
      for (const m of tag[2]!.matchAll(ATTRIBUTE)) {
        const attr = m[1]!;
        if (attr.startsWith('xmlns') || attr === 'mc:Ignorable' || FONT_ATTRIBUTES.test(attr)) continue;
        if (attr === 'w:val' && !TEXT_VALUES.test(tag[1]!)) continue;
        values.push(decodeEntities(m[2] ?? m[3] ?? ''));
      }
    readings.push(['attributes', values.join('\n')]);
  }
  return readings;
}

function isXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  return bytes[i] === 0x3c;
}

/**
 * Re-reads a written DOCX and reports every part where a detected original string survives as a word (fail closed:
 * the adapter refuses the document then). XML parts are read as text (joined across runs, raw, attributes); images
 * were re-encoded from pixels; any other part is searched as bytes (8-bit and UTF-16).
 */
export function verifyDocx(bytes: Uint8Array, needles: readonly DocxNeedle[]): VerificationSummary {
  const searched = needles.flatMap((n) => {
    const needle = needleOf(n.text);
    return needle ? [{ label: n.label, needle }] : [];
  });
  const leaks: VerificationLeak[] = [];
  const check = (where: string, text: string) => {
    if (searched.length === 0 || text === '') return;
    const h = searchTextOf(text);
    const labels = new Set(searched.filter((s) => containsWord(h, s.needle)).map((s) => s.label));
    for (const label of labels) leaks.push({ label, where });
  };
  for (const [name, data] of readZip(bytes)) {
    if (isXml(data)) {
      const xml = new TextDecoder('utf-8').decode(data);
      for (const [reading, text] of xmlReadings(name, xml)) check(`${reading} of part ${name}`, text);
    } else if (!imageFormatOf(data)) {
      check(`bytes of part ${name}`, new TextDecoder('latin1').decode(data));
      check(`UTF-16 bytes of part ${name}`, new TextDecoder('utf-16le').decode(data));
    }
  }
  return { passed: leaks.length === 0, checked: searched.length, leaks };
}
