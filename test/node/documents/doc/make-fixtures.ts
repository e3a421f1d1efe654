// Regenerates test/fixtures/doc/*.doc: flat ODF documents written here from synthetic text, converted to Word 97–2003
// by LibreOffice (`soffice --headless --convert-to doc`). Run: node --import tsx test/node/documents/doc/make-fixtures.ts [name ...]
// (all of them, or only the named ones: canaries, pictures, table).
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { CANARY, FIXTURES, convertFodt, picturesFodt } from './fixtures.js';

const NS = [
  'office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xlink="http://www.w3.org/1999/xlink"',
  'dc="http://purl.org/dc/elements/1.1/"',
  'meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
  'svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
]
  .map((n) => `xmlns:${n}`)
  .join(' ');

const { name, mail, author, initials, reviewer, title, subject } = CANARY;

/**
 * Canaries in every story and place a Word file keeps text: body, header, footer, footnote, comment (with its author
 * and initials), text box, a table, a hyperlink target (field instruction), tracked changes (deleted text, revision
 * author), a soft hyphen inside a name, and the document's properties. Non-ASCII text makes the pieces UTF-16.
 */
const CANARIES_FODT = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:meta>
  <meta:initial-creator>${author} Initial</meta:initial-creator>
  <dc:creator>${author} Last</dc:creator>
  <dc:title>${title} report</dc:title>
  <dc:subject>${subject}</dc:subject>
 </office:meta>
 <office:automatic-styles>
  <style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm"/><style:header-style/><style:footer-style/></style:page-layout>
 </office:automatic-styles>
 <office:master-styles>
  <style:master-page style:name="Standard" style:page-layout-name="pm1">
   <style:header><text:p>Header of ${name} file</text:p></style:header>
   <style:footer><text:p>Footer: write to ${mail} today</text:p></style:footer>
  </style:master-page>
 </office:master-styles>
 <office:body>
  <office:text>
   <text:tracked-changes>
    <text:changed-region text:id="ct1"><text:deletion><office:change-info><dc:creator>${reviewer}</dc:creator><dc:date>2020-01-02T03:04:05</dc:date></office:change-info><text:p>removed ${name} words</text:p></text:deletion></text:changed-region>
    <text:changed-region text:id="ct2"><text:insertion><office:change-info><dc:creator>${reviewer}</dc:creator><dc:date>2020-01-02T03:04:06</dc:date></office:change-info></text:insertion></text:changed-region>
   </text:tracked-changes>
   <text:p>Dear ${name}, thank you for your letter.<text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Footnote about ${name} here.</text:p></text:note-body></text:note></text:p>
   <text:p>Please write to ${mail} or <text:a xlink:type="simple" xlink:href="mailto:${mail}">click this link</text:a> today.</text:p>
   <text:p>This sentence carries no personal data at all: Grüße, 5 € and naïve café.</text:p>
   <text:p>Comment here<office:annotation><dc:creator>${author} Commenter</dc:creator><meta:creator-initials>${initials}</meta:creator-initials><dc:date>2020-01-02T03:04:05</dc:date><text:p>Ask ${name} about it</text:p></office:annotation> and more.</text:p>
   <text:p>Tracked: <text:change text:change-id="ct1"/>kept words <text:change-start text:change-id="ct2"/>inserted text<text:change-end text:change-id="ct2"/> end.</text:p>
   <table:table table:name="T1"><table:table-column table:number-columns-repeated="2"/>
    <table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>${name}</text:p></table:table-cell></table:table-row>
    <table:table-row><table:table-cell office:value-type="string"><text:p>Mail</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>${mail}</text:p></table:table-cell></table:table-row>
   </table:table>
   <text:p>Box follows.<draw:frame draw:name="Box1" text:anchor-type="paragraph" svg:width="6cm" svg:height="2cm" svg:x="1cm" svg:y="0.5cm"><draw:text-box><text:p>Boxed ${name} text</text:p></draw:text-box></draw:frame></text:p>
   <text:p>Soft ${name.slice(0, 3)}&#xAD;${name.slice(3)} hyphen.</text:p>
   <text:p>Closing line stays as it is.</text:p>
  </office:text>
 </office:body>
</office:document>
`;

/** RGBA pixels of a `w` × `h` pattern (no face, no text): what the pipeline re-encodes and finds nothing in. */
function pattern(w: number, h: number): Buffer {
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([(i % w) * 4, Math.floor(i / w) * 6, ((i % w) * 7) ^ Math.floor(i / w), 255], i * 4);
  return data;
}

/** Pictures: a JPEG saved at quality 40 (re-encoded at the codec's higher quality it no longer fits its slot), a PNG. */
const png = new PNG({ width: 40, height: 30 });
png.data = pattern(40, 30);
const PICTURES = {
  jpeg: new Uint8Array(jpeg.encode({ width: 64, height: 48, data: pattern(64, 48) }, 40).data),
  png: new Uint8Array(PNG.sync.write(png, { colorType: 2 })),
};

/**
 * A table of people under its header row, one cell empty: a row end and a cell end are the same mark in the text
 * (only paragraph properties tell them apart), so it pins how the reader lays out rows for detection.
 */
const cell = (text: string) => `<table:table-cell office:value-type="string"><text:p>${text}</text:p></table:table-cell>`;
const TABLE_FODT = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:body>
  <office:text>
   <text:p>Teilnehmerliste</text:p>
   <table:table table:name="T1"><table:table-column table:number-columns-repeated="4"/>
${[
  ['Name', 'Vorname', 'Wohnort', 'Telefon'],
  ['Schulze', 'Karin', 'Jena', '03641 284117'],
  ['Brandt', 'Ole', '', '040 3358921'],
]
  .map((row) => `    <table:table-row>${row.map(cell).join('')}</table:table-row>`)
  .join('\n')}
   </table:table>
   <text:p>Stand: Mai</text:p>
  </office:text>
 </office:body>
</office:document>
`;

const wanted = process.argv.slice(2);
const make = (name: string) => wanted.length === 0 || wanted.includes(name);
if (make('canaries')) await convertFodt(CANARIES_FODT, 'canaries', FIXTURES);
if (make('pictures')) await convertFodt(picturesFodt(PICTURES), 'pictures', FIXTURES);
if (make('table')) await convertFodt(TABLE_FODT, 'table', FIXTURES);
