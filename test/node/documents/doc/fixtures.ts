// DOC fixtures: test/fixtures/doc/*.doc, made by LibreOffice from our own synthetic text (test/node/documents/doc/make-fixtures.ts);
// helpers to look into an output the way a reader or a forensic tool would.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import CFB from 'cfb';
import type { ImagePipelineDeps } from '../../../../src/documents/image/anonymize-image.js';
import { sofficeConvert } from '../../../../tools/office/soffice.js';
import { DEFAULT_MAX_PIXELS } from '../../../../src/documents/image/header.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';

/** Canaries: unique strings that must never survive anywhere in an output. */
export const CANARY = {
  name: 'ZQXNAME1',
  mail: 'zq@canary.test',
  /** Document author (summary information) and comment author: metadata, never detected, always removed. */
  author: 'ZQXAUTHOR',
  initials: 'ZQXI',
  reviewer: 'ZQXREVIEWER',
  title: 'ZQXTITLE',
  subject: 'ZQXSUBJECT',
} as const;

/** Rules and the blacklist only: the canary name as PER, e-mail addresses by rule. */
export const CANARY_CONFIG: ExternalUploadConfig = {
  textAnonymization: {
    blacklist: [{ value: CANARY.name, labelName: 'PER' }],
    labelsConfig: [{ name: 'PER' }, { name: 'MAIL' }, { name: 'TEL' }],
  },
  imageAnonymization: { labelsConfig: [] },
};

/** The DOC adapter's image pieces without detectors: pictures are re-encoded, nothing is looked for in them. */
export const NO_DETECTORS: ImagePipelineDeps = { codec: createNodeCodec(DEFAULT_MAX_PIXELS), detectors: {}, maxPixels: DEFAULT_MAX_PIXELS };

export const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'doc');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, name)));
}

/** Every stream of a Compound File at any depth, by path. */
export function streamsOf(bytes: Uint8Array): Map<string, Uint8Array> {
  const cfb = CFB.read(bytes, { type: 'buffer' });
  const out = new Map<string, Uint8Array>();
  cfb.FileIndex.forEach((e, i) => {
    if (e.type === 2) out.set(cfb.FullPaths[i]!, Uint8Array.from(e.content ?? []));
  });
  return out;
}

/**
 * The streams (and the raw file) in which `s` occurs, case-insensitively, as 8-bit text or UTF-16LE at either alignment;
 * bytes that are no Compound File are searched as they are.
 */
export function whereFound(bytes: Uint8Array, s: string): string[] {
  const needle = s.toLowerCase();
  const readings = (b: Uint8Array) => {
    const buf = Buffer.from(b);
    return [buf.toString('latin1'), buf.toString('utf16le'), buf.subarray(1).toString('utf16le')].map((t) => t.toLowerCase());
  };
  const isCfb = Buffer.from(bytes.subarray(0, 4)).toString('hex') === 'd0cf11e0';
  const places = [['file', bytes] as const, ...(isCfb ? streamsOf(bytes) : [])];
  return places.filter(([, b]) => readings(b).some((t) => t.includes(needle))).map(([name]) => name);
}

/** The pictures of `picturesFodt`. */
export interface FixturePictures {
  jpeg: Uint8Array;
  png: Uint8Array;
}

/**
 * A flat ODF text with an inline JPEG, a floating PNG and a WordArt (fontwork) shape whose
 * text and name hold the canary name, which the body text does not: it can only be found in the drawing.
 * LibreOffice writes inline pictures to the Data stream and floating ones to the drawing group (delay stream).
 */
export function picturesFodt(p: FixturePictures): string {
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles><style:style style:name="gr1" style:family="graphic"><style:graphic-properties draw:fill="solid" draw:fill-color="#729fcf"/></style:style></office:automatic-styles>
<office:body><office:text>
<text:p>Inline photo <draw:frame draw:name="Photo1" text:anchor-type="as-char" svg:width="3cm" svg:height="3cm"><draw:image><office:binary-data>${b64(p.jpeg)}</office:binary-data></draw:image></draw:frame> end.</text:p>
<text:p>Floating picture <draw:frame draw:name="Png1" text:anchor-type="paragraph" svg:x="1cm" svg:y="1cm" svg:width="4cm" svg:height="3cm"><draw:image><office:binary-data>${b64(p.png)}</office:binary-data></draw:image></draw:frame> end.</text:p>
<text:p>WordArt <draw:custom-shape draw:name="Art ${CANARY.name}" draw:style-name="gr1" text:anchor-type="paragraph" svg:x="1cm" svg:y="5cm" svg:width="6cm" svg:height="2cm"><text:p>Art of ${CANARY.name} here</text:p><draw:enhanced-geometry svg:viewBox="0 0 21600 21600" draw:text-areas="0 0 21600 21600" draw:text-path="true" draw:text-path-mode="shape" draw:text-path-scale="shape" draw:type="fontwork-plain-text" draw:enhanced-path="M 0 0 L 21600 0 M 0 21600 L 21600 21600 N"/></draw:custom-shape></text:p>
<text:p>Closing line without names.</text:p>
</office:text></office:body></office:document>
`;
}

/** A flat ODF document converted to Word 97–2003 by LibreOffice, written to `outDir` as `<name>.doc`. */
export async function convertFodt(fodt: string, name: string, outDir: string): Promise<void> {
  const converted = await sofficeConvert({ [`${name}.fodt`]: new TextEncoder().encode(fodt) }, 'doc');
  writeFileSync(join(outDir, `${name}.doc`), converted[`${name}.fodt`]!);
}
