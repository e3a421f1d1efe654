// PDF fixtures with canary PII, generated with pdf-lib at test time (nothing binary is checked in).
import type { PDFPage, PDFRef } from 'pdf-lib';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { glyphsOf } from './ttf.js';

/** Canaries: unique strings that must never survive anywhere in an output. */
export const CANARY = { name: 'ZQXNAME1', mail: 'zq@canary.test', hidden: 'ZQXHIDDEN7', meta: 'ZQXMETA3' } as const;

/** A name OCR reads reliably: the canary of rasterised pages, where the text is found (and checked) by OCR. */
export const OCR_NAME = 'Mustermann';

/** A config that anonymizes the canary name (blacklist) and e-mail addresses, with pseudonyms. */
export const CANARY_CONFIG: ExternalUploadConfig = {
  textAnonymization: {
    blacklist: [
      { value: CANARY.name, labelName: 'PER' },
      { value: CANARY.meta, labelName: 'PER' },
      { value: 'ZQXN2', labelName: 'PER' },
      { value: 'ZQXNAMELONGER', labelName: 'PER' },
      { value: OCR_NAME, labelName: 'PER' },
    ],
    labelsConfig: [{ name: 'PER' }, { name: 'MAIL' }, { name: 'TEL' }],
  },
  imageAnonymization: { labelsConfig: [] },
};

/** Appends raw operators to a page as a new content stream, with Helvetica as `/F1`. */
export async function addContent(doc: PDFDocument, page: PDFPage, ops: string): Promise<void> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const dict = page.node.normalizedEntries();
  const fonts = dict.Font;
  fonts.set(PDFName.of('F1'), font.ref);
  const stream = doc.context.flateStream(ops);
  page.node.addContentStream(doc.context.register(stream));
}

/** A letter: canary name and mail in running text on two paragraphs, plus plain text whose layout must stay. */
export async function letterPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Dear ${CANARY.name}, thank you for your letter.`, { x: 50, y: 780, size: 12, font });
    page.drawText(`Please write to ${CANARY.mail} or call us.`, { x: 50, y: 765, size: 12, font });
    page.drawText('This sentence carries no personal data at all.', { x: 50, y: 700, size: 12, font });
    for (let i = 0; i < 30; i++)
      page.drawText(`Line ${i + 1} of the body text on page ${p + 1}, kept as it is.`, { x: 50, y: 660 - i * 15, size: 11, font });
  }
  return doc.save();
}

/** P1: the canary under a drawn black box, and a Square annotation (redaction mark) holding it as /Contents. */
export async function blackBoxPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  await addContent(doc, page, `BT /F1 12 Tf 50 780 Td (Name: ${CANARY.name} here) Tj ET 0 0 0 rg 85 776 60 14 re f`);
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Square',
    Rect: [85, 776, 145, 790],
    Contents: PDFString.of(CANARY.name),
    T: PDFString.of(CANARY.meta),
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
  return doc.save();
}

/** P2: the canary only in an earlier revision; an incremental update replaced the page content. */
export async function incrementalPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  await addContent(doc, page, `BT /F1 12 Tf 50 780 Td (Secret ${CANARY.name}) Tj ET`);
  const base = await doc.save({ useObjectStreams: false });
  const text = new TextDecoder('latin1').decode(base);
  const contents = page.node.Contents();
  const ref = contents && 'objectNumber' in contents ? (contents as unknown as { objectNumber: number }) : null;
  const contentsArray = doc.context.lookup(page.node.get(PDFName.of('Contents'))!);
  const objectNumber =
    ref?.objectNumber ?? (contentsArray as unknown as { asArray(): Array<{ objectNumber: number }> }).asArray()[0]!.objectNumber;
  const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
  const body = 'BT /F1 12 Tf 50 780 Td (Clean revision) Tj ET';
  const obj = `${objectNumber} 0 obj\n<< /Length ${body.length} >>\nstream\n${body}\nendstream\nendobj\n`;
  const offset = base.length + 1;
  const xrefAt = offset + obj.length;
  const trailer = /trailer\s*(<<[\s\S]*?>>)\s*startxref/.exec(text)![1]!.replace(/\/Prev \d+/, '');
  const xref = `xref\n${objectNumber} 1\n${String(offset).padStart(10, '0')} 00000 n \ntrailer\n${trailer.replace(/>>$/, ` /Prev ${prev} >>`)}\nstartxref\n${xrefAt}\n%%EOF\n`;
  const tail = new TextEncoder().encode('\n' + obj + xref);
  const out = new Uint8Array(base.length + tail.length);
  out.set(base);
  out.set(tail, base.length);
  return out;
}

/** P4: invisible text (render mode 3), text outside the crop box, white-on-white text, and ActualText. */
export async function hiddenTextPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.setCropBox(0, 0, 595, 800);
  await addContent(
    doc,
    page,
    [
      'BT /F1 12 Tf 50 700 Td (Visible words stay here) Tj ET',
      `q BT /F1 12 Tf 3 Tr 50 650 Td (${CANARY.hidden} invisible) Tj ET Q`,
      `BT /F1 12 Tf 50 820 Td (${CANARY.hidden} beyond the crop box) Tj ET`,
      `1 1 1 rg BT /F1 12 Tf 50 600 Td (White ${CANARY.name} on white) Tj ET 0 0 0 rg`,
      `/Span << /ActualText (${CANARY.meta}) >> BDC BT /F1 12 Tf 50 550 Td (Tagged text) Tj ET EMC`,
    ].join('\n'),
  );
  return doc.save();
}

/** P5: one canary in every container the rewrite must drop. */
export async function containersPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const page = doc.addPage([595, 842]);
  await addContent(doc, page, 'BT /F1 12 Tf 50 780 Td (A page with ordinary text) Tj ET');
  doc.setAuthor(CANARY.meta);
  doc.setTitle(`Report on ${CANARY.name}`);
  doc.setKeywords([CANARY.mail]);
  const xmp = `<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description><dc:creator>${CANARY.name}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  doc.catalog.set(PDFName.of('Metadata'), ctx.register(ctx.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })));
  const outlineItem = ctx.nextRef();
  const outlines = ctx.register(ctx.obj({ Type: 'Outlines', First: outlineItem, Last: outlineItem, Count: 1 }));
  ctx.assign(outlineItem, ctx.obj({ Title: PDFHexString.fromText(`Chapter ${CANARY.name}`), Parent: outlines }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  const note = ctx.register(
    ctx.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [10, 10, 30, 30],
      Contents: PDFString.of(`Call ${CANARY.mail}`),
      T: PDFString.of(CANARY.meta),
    }),
  );
  const field = ctx.register(
    ctx.obj({
      FT: 'Tx',
      T: PDFString.of('name'),
      V: PDFString.of(CANARY.name),
      TU: PDFString.of('Your name'),
      Type: 'Annot',
      Subtype: 'Widget',
      Rect: [50, 50, 200, 70],
    }),
  );
  page.node.set(PDFName.of('Annots'), ctx.obj([note, field]));
  doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [field] }));
  const file = ctx.register(ctx.stream(`secret of ${CANARY.name}`, { Type: 'EmbeddedFile' }));
  const spec = ctx.obj({
    Type: 'Filespec',
    F: PDFString.of(`${CANARY.meta}.txt`),
    UF: PDFHexString.fromText(`${CANARY.meta}.txt`),
    EF: { F: file },
    Desc: PDFString.of(CANARY.mail),
  });
  const js = ctx.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert('${CANARY.name}')`) });
  doc.catalog.set(
    PDFName.of('Names'),
    ctx.obj({ EmbeddedFiles: { Names: [PDFString.of(`${CANARY.meta}.txt`), spec] }, JavaScript: { Names: [PDFString.of('init'), js] } }),
  );
  doc.catalog.set(PDFName.of('OpenAction'), js);
  const elem = ctx.register(
    ctx.obj({ Type: 'StructElem', S: 'Figure', Alt: PDFString.of(`Photo of ${CANARY.name}`), ActualText: PDFString.of(CANARY.meta) }),
  );
  doc.catalog.set(PDFName.of('StructTreeRoot'), ctx.obj({ Type: 'StructTreeRoot', K: [elem] }));
  doc.catalog.set(PDFName.of('PageLabels'), ctx.obj({ Nums: [0, { S: 'D', P: PDFString.of(`${CANARY.name}-`) }] }));
  page.node.set(PDFName.of('Thumb'), ctx.register(ctx.stream(`thumb ${CANARY.name}`, { Width: 1, Height: 1 })));
  return doc.save();
}

/** A name only the metadata gives away ("Mr. …" in the Author): on the page the word alone is not detected. */
export async function metadataNamePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  await addContent(doc, page, 'BT /F1 12 Tf 50 780 Td (Zqxpotato) Tj ET');
  doc.setAuthor('Mr. Zqxpotato Head');
  return doc.save();
}

/** A landscape page as scanners write it: /Rotate 90 with the text turned the other way, so it reads upright. */
export async function rotatedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.node.set(PDFName.of('Rotate'), doc.context.obj(90));
  await addContent(doc, page, `BT /F1 12 Tf 0 1 -1 0 100 50 Tm (Dear ${CANARY.name}, thank you.) Tj ET`);
  return doc.save();
}

/** P8: names of different lengths on one line inside one kerned TJ, with distinctive adjustments around them. */
export async function kernedLinePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  await addContent(
    doc,
    page,
    `BT /F1 12 Tf 50 780 Td [(From ) -137 (ZQXNAMELONGER) -241 ( to ) 53 (ZQXN2) -319 ( today.)] TJ 0 -20 Td (Next line stays.) Tj ET`,
  );
  return doc.save();
}

/** The name of `justifiedPdf`, and a config that finds it (blacklist) and the country of its last line. */
export const JUSTIFIED_NAME = 'Zquarnik';
export const JUSTIFIED_CONFIG: ExternalUploadConfig = {
  textAnonymization: {
    blacklist: [
      { value: JUSTIFIED_NAME, labelName: 'PER' },
      { value: 'USA', labelName: 'LOC' },
    ],
    labelsConfig: [{ name: 'PER' }, { name: 'LOC' }],
  },
  imageAnonymization: { labelsConfig: [] },
};

/**
 * Typeset like TeX: no space characters, word gaps as TJ adjustments of 0.15 em (tight justification), the name
 * hyphenated across two lines, and "us a" in running text next to a detected "USA".
 */
export async function justifiedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const words = (ws: string[]) => `[${ws.map((w) => `(${w})`).join(' -150 ')}] TJ`;
  await addContent(
    doc,
    page,
    [
      'BT /F1 12 Tf 50 780 Td',
      words(['Dear', `${JUSTIFIED_NAME},`, 'thank', 'you', 'for', 'the', 'letter.']),
      `0 -15 Td ${words(['We', 'met', 'Mr', 'Zquar-'])}`,
      `0 -15 Td ${words(['nik', 'again', 'in', 'the', 'USA.'])}`,
      `0 -15 Td ${words(['It', 'would', 'give', 'us', 'a', 'hint.'])}`,
      'ET',
    ].join('\n'),
  );
  return doc.save();
}

/** The justified name inside a form XObject that the page draws (and that has no resources of its own). */
export async function formNamePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const body = `BT /F1 12 Tf 0 20 Td (Dear ${JUSTIFIED_NAME}, thank you.) Tj 0 -15 Td (Kind regards) Tj ET`;
  const form = doc.context.register(doc.context.flateStream(body, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 300, 50] }));
  page.node.setXObject(PDFName.of('Fx1'), form);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream('q 1 0 0 1 50 700 cm /Fx1 Do Q')));
  return doc.save();
}

/** P3: one RGB image XObject (uniform colour 0x123456) drawn on pages 1 and 2; the canary name printed over it on page 1. */
export async function sharedImagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const samples = new Uint8Array(100 * 50 * 3);
  for (let i = 0; i < samples.length; i += 3) samples.set([0x12, 0x34, 0x56], i);
  const image = ctx.register(
    ctx.flateStream(samples, { Type: 'XObject', Subtype: 'Image', Width: 100, Height: 50, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 }),
  );
  for (const text of [`Photo of ${CANARY.name} here`, 'The same photo again']) {
    const page = doc.addPage([595, 842]);
    page.node.normalizedEntries().XObject.set(PDFName.of('Im1'), image);
    await addContent(doc, page, `q 400 0 0 200 50 550 cm /Im1 Do Q 1 1 1 rg BT /F1 14 Tf 60 640 Td (${text}) Tj ET`);
  }
  return doc.save();
}

/** P6: text in a Type3 font whose glyph procedures draw Helvetica letters; the redactor cannot measure it. */
export async function type3Pdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const line = `Herr ${OCR_NAME} kommt heute`;
  const chars = [...new Set(line.replace(/ /g, ''))];
  const procs: Record<string, PDFRef> = { space: ctx.register(ctx.stream(`${helvetica.widthOfTextAtSize(' ', 1000).toFixed(0)} 0 d0`)) };
  const widths: number[] = [];
  for (let code = 32; code <= 126; code++) widths.push(Math.round(helvetica.widthOfTextAtSize(String.fromCharCode(code), 1000)));
  for (const c of chars) {
    procs[`g${c.charCodeAt(0)}`] = ctx.register(ctx.stream(`${widths[c.charCodeAt(0) - 32]} 0 d0 BT /H 1000 Tf 0 0 Td (${c}) Tj ET`));
  }
  const differences: Array<number | PDFName> = [32, PDFName.of('space')];
  for (const c of chars) differences.push(c.charCodeAt(0), PDFName.of(`g${c.charCodeAt(0)}`));
  // Glyph names that map to no Unicode: pdf.js reads the text through ToUnicode, as producers of Type3 text write it.
  const toUnicode = ctx.register(
    ctx.stream(
      `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T3 def 1 begincodespacerange <00> <FF> endcodespacerange ${chars.length + 1} beginbfchar <20> <0020> ${chars.map((c) => `<${c.charCodeAt(0).toString(16)}> <${c.charCodeAt(0).toString(16).padStart(4, '0')}>`).join(' ')} endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`,
    ),
  );
  const font = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, -250, 1000, 1000],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: procs,
      Encoding: { Type: 'Encoding', Differences: differences },
      FirstChar: 32,
      LastChar: 126,
      Widths: widths,
      Resources: { Font: { H: helvetica.ref } },
      ToUnicode: toUnicode,
    }),
  );
  const page = doc.addPage([595, 842]);
  page.node.normalizedEntries().Font.set(PDFName.of('T3'), font);
  await addContent(doc, page, `BT /T3 28 Tf 50 700 Td (${line}) Tj ET BT /F1 14 Tf 50 600 Td (Plain text below) Tj ET`);
  return doc.save();
}

/**
 * P7: the name in an embedded TrueType font (`ttf`, e.g. pdf.js's LiberationSans) as Identity-H with CIDs = glyph
 * ids and no ToUnicode: pdf.js reads control characters, the page shows the name.
 */
export async function identityHPdf(ttf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const glyphs = glyphsOf(ttf, `Herr ${OCR_NAME} kommt heute`);
  const { page, hex } = identityHPage(doc, ttf, glyphs);
  await addContent(doc, page, `BT /F0 28 Tf 50 700 Td <${hex}> Tj ET`);
  return doc.save();
}

/**
 * A page whose font `/F0` is `ttf` as an Identity-H Type0 font (2-byte codes = glyph ids) with the widths of `glyphs`;
 * `hex` is the string that shows them all.
 */
export function identityHPage(
  doc: PDFDocument,
  ttf: Uint8Array,
  glyphs: ReadonlyArray<{ gid: number; width: number }>,
): { page: PDFPage; hex: string } {
  const ctx = doc.context;
  const file = ctx.register(ctx.flateStream(ttf, { Length1: ttf.length }));
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: 'ABCDEF+LiberationSans',
      Flags: 32,
      FontBBox: [-200, -300, 1200, 1000],
      ItalicAngle: 0,
      Ascent: 905,
      Descent: -212,
      CapHeight: 700,
      StemV: 80,
      FontFile2: file,
    }),
  );
  const cid = ctx.obj({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: 'ABCDEF+LiberationSans',
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
    FontDescriptor: descriptor,
    CIDToGIDMap: 'Identity',
    W: glyphs.flatMap((g) => [g.gid, [g.width]]),
    DW: 500,
  });
  const type0 = { Type: 'Font', Subtype: 'Type0', BaseFont: 'ABCDEF+LiberationSans', Encoding: 'Identity-H' };
  const font = ctx.register(ctx.obj({ ...type0, DescendantFonts: [ctx.register(cid)] }));
  const page = doc.addPage([595, 842]);
  page.node.normalizedEntries().Font.set(PDFName.of('F0'), font);
  return { page, hex: glyphs.map((g) => g.gid.toString(16).padStart(4, '0')).join('') };
}

/** P9: a scanned page: only an image (`png`, drawn by the caller) that shows text with a name. */
export async function scannedPdf(png: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage([595, 842]);
  page.drawImage(image, {
    x: 40,
    y: 842 - 40 - (515 * image.height) / image.width,
    width: 515,
    height: (515 * image.height) / image.width,
  });
  return doc.save();
}

/**
 * A blank scan stored as a CCITT G4 image (the filter pdf.js decodes with its JBIG2/CCITT wasm module): each white
 * row is one vertical-mode code, a single 1 bit.
 */
export async function ccittScanPdf(width: number, height: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const rows = new Uint8Array(Math.ceil(height / 8)).fill(0xff);
  const image = doc.context.stream(rows, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: 1,
    ColorSpace: 'DeviceGray',
    Filter: 'CCITTFaxDecode',
    DecodeParms: { K: -1, Columns: width, Rows: height },
  });
  page.node.setXObject(PDFName.of('Scan'), doc.context.register(image));
  page.node.addContentStream(doc.context.register(doc.context.stream('q 595 0 0 842 0 0 cm /Scan Do Q')));
  return doc.save();
}

/**
 * A figure included the way pdfTeX includes PDF figures: a form XObject carrying the figure's file name and Info
 * (`PTEX.FileName`, `PTEX.InfoDict`), and an image with its own XMP metadata. Canaries only in those keys.
 */
export async function embeddedFigurePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const info = ctx.register(ctx.obj({ Author: PDFString.of('ZQXN2'), Title: PDFString.of('states') }));
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>ZQXNAMELONGER</dc:creator></x:xmpmeta>`;
  const image = ctx.register(
    ctx.stream(new Uint8Array([0x80, 0x80, 0x80, 0x80]), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 2,
      Height: 2,
      BitsPerComponent: 8,
      ColorSpace: 'DeviceGray',
      Metadata: ctx.register(ctx.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })),
    }),
  );
  const figure = ctx.register(
    ctx.flateStream('BT /F1 10 Tf 10 10 Td (Figure text) Tj ET q 20 0 0 20 10 30 cm /Im0 Do Q', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 200, 100],
      Resources: { Font: { F1: font.ref }, XObject: { Im0: image } },
      'PTEX.FileName': PDFString.of(`./${CANARY.name}.pdf`),
      'PTEX.PageNumber': 1,
      'PTEX.InfoDict': info,
    }),
  );
  page.node.setXObject(PDFName.of('Fig'), figure);
  await addContent(doc, page, 'q 1 0 0 1 50 600 cm /Fig Do Q BT /F1 12 Tf 50 780 Td (A page with a figure) Tj ET');
  return doc.save();
}

/** A fax page as some scanners write it: a blank CCITT G4 image inline in the content stream (`BI /F /CCF … EI`). */
export async function inlineCcittPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const [width, height] = [400, 560];
  const head = `q 595 0 0 842 0 0 cm BI /W ${width} /H ${height} /BPC 1 /CS /G /F /CCF /DP << /K -1 /Columns ${width} /Rows ${height} >> ID `;
  const bytes = new Uint8Array([
    ...new TextEncoder().encode(head),
    ...new Uint8Array(Math.ceil(height / 8)).fill(0xff),
    ...new TextEncoder().encode('\nEI Q'),
  ]);
  page.node.addContentStream(doc.context.register(doc.context.stream(bytes)));
  return doc.save();
}
