// PDF fixtures with canary PII, generated with pdf-lib at test time (nothing binary is checked in).
import type { PDFPage } from 'pdf-lib';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** Canaries: unique strings that must never survive anywhere in an output. */
export const CANARY = { name: 'ZQXNAME1', mail: 'zq@canary.test', hidden: 'ZQXHIDDEN7', meta: 'ZQXMETA3' } as const;

/** A config that anonymizes the canary name (blacklist) and e-mail addresses, with pseudonyms. */
export const CANARY_CONFIG: ExternalUploadConfig = {
  textAnonymization: {
    blacklist: [
      { value: CANARY.name, labelName: 'PER' },
      { value: CANARY.meta, labelName: 'PER' },
      { value: 'ZQXN2', labelName: 'PER' },
      { value: 'ZQXNAMELONGER', labelName: 'PER' },
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
    for (let i = 0; i < 30; i++) page.drawText(`Line ${i + 1} of the body text on page ${p + 1}, kept as it is.`, { x: 50, y: 660 - i * 15, size: 11, font });
  }
  return doc.save();
}

/** P1: the canary under a drawn black box, and a Square annotation (redaction mark) holding it as /Contents. */
export async function blackBoxPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  await addContent(doc, page, `BT /F1 12 Tf 50 780 Td (Name: ${CANARY.name} here) Tj ET 0 0 0 rg 85 776 60 14 re f`);
  const annot = doc.context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [85, 776, 145, 790], Contents: PDFString.of(CANARY.name), T: PDFString.of(CANARY.meta) });
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
  const objectNumber = ref?.objectNumber ?? (contentsArray as unknown as { asArray(): Array<{ objectNumber: number }> }).asArray()[0]!.objectNumber;
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
  const note = ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Text', Rect: [10, 10, 30, 30], Contents: PDFString.of(`Call ${CANARY.mail}`), T: PDFString.of(CANARY.meta) }));
  const field = ctx.register(ctx.obj({ FT: 'Tx', T: PDFString.of('name'), V: PDFString.of(CANARY.name), TU: PDFString.of('Your name'), Type: 'Annot', Subtype: 'Widget', Rect: [50, 50, 200, 70] }));
  page.node.set(PDFName.of('Annots'), ctx.obj([note, field]));
  doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [field] }));
  const file = ctx.register(ctx.stream(`secret of ${CANARY.name}`, { Type: 'EmbeddedFile' }));
  const spec = ctx.obj({ Type: 'Filespec', F: PDFString.of(`${CANARY.meta}.txt`), UF: PDFHexString.fromText(`${CANARY.meta}.txt`), EF: { F: file }, Desc: PDFString.of(CANARY.mail) });
  const js = ctx.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert('${CANARY.name}')`) });
  doc.catalog.set(PDFName.of('Names'), ctx.obj({ EmbeddedFiles: { Names: [PDFString.of(`${CANARY.meta}.txt`), spec] }, JavaScript: { Names: [PDFString.of('init'), js] } }));
  doc.catalog.set(PDFName.of('OpenAction'), js);
  const elem = ctx.register(ctx.obj({ Type: 'StructElem', S: 'Figure', Alt: PDFString.of(`Photo of ${CANARY.name}`), ActualText: PDFString.of(CANARY.meta) }));
  doc.catalog.set(PDFName.of('StructTreeRoot'), ctx.obj({ Type: 'StructTreeRoot', K: [elem] }));
  doc.catalog.set(PDFName.of('PageLabels'), ctx.obj({ Nums: [0, { S: 'D', P: PDFString.of(`${CANARY.name}-`) }] }));
  page.node.set(PDFName.of('Thumb'), ctx.register(ctx.stream(`thumb ${CANARY.name}`, { Width: 1, Height: 1 })));
  return doc.save();
}

/** P8: names of different lengths on one line inside one kerned TJ, with distinctive adjustments around them. */
export async function kernedLinePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  await addContent(doc, page, `BT /F1 12 Tf 50 780 Td [(From ) -137 (ZQXNAMELONGER) -241 ( to ) 53 (ZQXN2) -319 ( today.)] TJ 0 -20 Td (Next line stays.) Tj ET`);
  return doc.save();
}
