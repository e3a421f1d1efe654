import { zipSync } from 'fflate';
import { encode as encodeJpeg } from 'jpeg-js';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';

/** Canaries: unique tokens planted in every container a Word file has (reliability D1–D6). */
export const CANARY = {
  name: 'ZQXNAME1',
  mail: 'zq@canary.test',
  author: 'ZQXAUTHOR2',
  deleted: 'ZQXDELETED3',
  meta: 'ZQXMETA4',
  comment: 'ZQXCOMMENT5',
  embedded: 'ZQXOLE6',
} as const;

/** Every canary: none may survive anywhere in an output. */
export const ALL_CANARIES = Object.values(CANARY);

/** Anonymizes the canary name (blacklist), e-mail addresses and phone numbers, with pseudonyms. */
export const CANARY_CONFIG: ExternalUploadConfig = {
  textAnonymization: {
    blacklist: [{ value: CANARY.name, labelName: 'PER' }],
    labelsConfig: [{ name: 'PER' }, { name: 'MAIL' }, { name: 'TEL' }],
  },
  imageAnonymization: { labelsConfig: [] },
};

const enc = (s: string) => new TextEncoder().encode(s);
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const NSDECL = `xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14"`;

/** A paragraph of one plain run. */
export const para = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** Parts of a minimal DOCX: content types, package and document relationships, the given body and further parts. */
export interface DocxSpec {
  body: string;
  /** Extra parts: name → [content type (Override) or null, bytes or XML text]. */
  parts?: Record<string, [string | null, string | Uint8Array]>;
  /** Extra relationships of word/document.xml: [id, type suffix, target, external]. */
  rels?: Array<[string, string, string, boolean?]>;
  /** Extra relationships of the package. */
  packageRels?: Array<[string, string, string]>;
  sectPr?: string;
}

export function buildDocx(spec: DocxSpec): Uint8Array {
  const parts = spec.parts ?? {};
  const overrides = Object.entries(parts)
    .filter(([, [type]]) => type !== null)
    .map(([name, [type]]) => `<Override PartName="/${name}" ContentType="${type}"/>`)
    .join('');
  const rel = (id: string, type: string, target: string, external = false) =>
    `<Relationship Id="${id}" Type="${type.startsWith('http') ? type : `${REL}/${type}`}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': enc(
      `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/><Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/><Override PartName="/word/document.xml" ContentType="${WML}.document.main+xml"/>${overrides}</Types>`,
    ),
    '_rels/.rels': enc(
      `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'word/document.xml')}${(spec.packageRels ?? []).map(([i, t, g]) => rel(i, t, g)).join('')}</Relationships>`,
    ),
    'word/document.xml': enc(`${DECL}<w:document ${NSDECL}><w:body>${spec.body}${spec.sectPr ?? '<w:sectPr/>'}</w:body></w:document>`),
    'word/_rels/document.xml.rels': enc(
      `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${(spec.rels ?? []).map(([i, t, g, e]) => rel(i, t, g, e)).join('')}</Relationships>`,
    ),
  };
  for (const [name, [, data]] of Object.entries(parts)) files[name] = typeof data === 'string' ? enc(data) : data;
  return zipSync(files);
}

/** What `letterDocx` writes: body paragraphs, a table (rows of cells), a comment on the first paragraph, header and footer. */
export interface LetterParts {
  body: readonly string[];
  table?: ReadonlyArray<readonly string[]>;
  comment?: string;
  header: string;
  footer: string;
}

/** A DOCX letter of plain runs: the body with a table after its first paragraph, a comment, a header and a footer. */
export function letterDocx(l: LetterParts): Uint8Array {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const xml = (t: string) => para(esc(t));
  const cell = (t: string) => `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${xml(t)}</w:tc>`;
  const table = l.table
    ? `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${l.table[0]!.map(() => '<w:gridCol w:w="4000"/>').join('')}</w:tblGrid>${l.table.map((r) => `<w:tr>${r.map(cell).join('')}</w:tr>`).join('')}</w:tbl>`
    : '';
  const [first, ...rest] = l.body;
  const commented = l.comment
    ? `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t xml:space="preserve">${esc(first ?? '')}</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>`
    : xml(first ?? '');
  return buildDocx({
    body: commented + table + rest.map(xml).join(''),
    sectPr: '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/></w:sectPr>',
    rels: [
      ['rIdH', 'header', 'header1.xml'],
      ['rIdF', 'footer', 'footer1.xml'],
      ...(l.comment ? ([['rIdC', 'comments', 'comments.xml']] as Array<[string, string, string]>) : []),
    ],
    parts: {
      'word/header1.xml': [`${WML}.header+xml`, `${DECL}<w:hdr ${NSDECL}>${xml(l.header)}</w:hdr>`],
      'word/footer1.xml': [`${WML}.footer+xml`, `${DECL}<w:ftr ${NSDECL}>${xml(l.footer)}</w:ftr>`],
      ...(l.comment
        ? {
            'word/comments.xml': [
              `${WML}.comments+xml`,
              `${DECL}<w:comments ${NSDECL}><w:comment w:id="0" w:author="Kanzlei" w:initials="K">${xml(l.comment)}</w:comment></w:comments>`,
            ] as [string, string],
          }
        : {}),
    },
  });
}

/** A small JPEG whose EXIF (APP1) carries a canary, as a camera's owner or GPS note would. */
export function exifJpeg(note: string): Uint8Array {
  const data = Buffer.alloc(16 * 16 * 4, 0x80);
  const jpeg = encodeJpeg({ data, width: 16, height: 16 }, 90).data;
  const payload = Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from(`MM\0*\0\0\0\x08${note}`, 'latin1')]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]));
}

const hdr = (kind: 'hdr' | 'ftr', text: string) => `${DECL}<w:${kind} ${NSDECL}>${para(text)}</w:${kind}>`;
const notes = (kind: 'footnotes' | 'endnotes', text: string) => {
  const tag = kind === 'footnotes' ? 'footnote' : 'endnote';
  return `${DECL}<w:${kind} ${NSDECL}><w:${tag} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:${tag}><w:${tag} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:${tag}><w:${tag} w:id="1">${para(text)}</w:${tag}></w:${kind}>`;
};

const textBox = (text: string) =>
  `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:inline><wp:extent cx="2000000" cy="500000"/><wp:docPr id="2" name="Text Box 2"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:spPr/><wps:txbx><w:txbxContent>${para(text)}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape style="width:150pt;height:40pt"><v:textbox><w:txbxContent>${para(text)}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;

const picture = (rid: string, descr: string) =>
  `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="3" name="Picture 3" descr="${descr}" title="${descr}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="3" name="photo.jpeg" descr="${descr}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/** Sentences without personal data: they must come out exactly as they went in. */
export const KEPT = [
  'This sentence carries no personal data at all.',
  'The meeting starts at nine in the small room.',
  'Inserted text stays.',
];

/**
 * A letter with the canaries in every place reliability D1–D5 names: body (split across runs), a table, a text box
 * (twice: mc:Choice and mc:Fallback), hidden text, a field instruction and a hyperlink target, alt text, header,
 * footer, footnote, endnote, a comment, tracked changes (deletion, insertion, property change with an author), document
 * properties (core, app, custom), a thumbnail, people, settings (template path, document variables, rsids), custom XML, an embedded
 * OLE object, macros, and a photo with EXIF.
 */
export function canaryDocx(): Uint8Array {
  const n = CANARY.name;
  const body = [
    `<w:p w:rsidR="00AB12CD" w:rsidRDefault="00AB12CD"><w:r><w:t xml:space="preserve">Dear ZQX</w:t></w:r><w:proofErr w:type="spellStart"/><w:bookmarkStart w:id="0" w:name="greeting"/><w:r><w:rPr><w:b/></w:rPr><w:t>NA</w:t></w:r><w:bookmarkEnd w:id="0"/><w:r><w:t>ME1</w:t></w:r><w:proofErr w:type="spellEnd"/><w:r><w:t>, thank you for your letter.</w:t></w:r></w:p>`,
    para(KEPT[0]!),
    `<w:p><w:r><w:t xml:space="preserve">Please write to </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "mailto:${CANARY.mail}" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>our office</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> or </w:t></w:r><w:hyperlink r:id="rIdLink" w:tooltip="Mail ${n}"><w:r><w:t>this link</w:t></w:r></w:hyperlink><w:r><w:t>.</w:t></w:r></w:p>`,
    `<w:p><w:r><w:rPr><w:vanish/></w:rPr><w:t xml:space="preserve">Hidden note about ${n}.</w:t></w:r></w:p>`,
    `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para('Name')}</w:tc><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(n)}</w:tc></w:tr></w:tbl>`,
    textBox(`Box for ${n}`),
    `<w:p><w:r><w:t xml:space="preserve">Old: </w:t></w:r><w:del w:id="1" w:author="${CANARY.author}" w:date="2024-01-01T00:00:00Z"><w:r><w:delText>${CANARY.deleted}</w:delText></w:r></w:del><w:ins w:id="2" w:author="${CANARY.author}" w:date="2024-01-01T00:00:00Z"><w:r><w:t>${KEPT[2]}</w:t></w:r></w:ins></w:p>`,
    `<w:p><w:r><w:rPr><w:i/><w:rPrChange w:id="3" w:author="${CANARY.author}" w:date="2024-01-01T00:00:00Z"><w:rPr/></w:rPrChange></w:rPr><w:t>${KEPT[1]}</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="1"/></w:r></w:p>`,
    `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Commented words.</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>`,
    picture('rIdImg', `Photo of ${n}`),
    `<w:p><w:r><w:object><v:shape id="ole1" style="width:50pt;height:50pt"/><o:OLEObject Type="Embed" ProgID="Package" ShapeID="ole1" r:id="rIdOle"/></w:object></w:r></w:p>`,
  ].join('');
  const sectPr = `<w:sectPr w:rsidR="00AB12CD"><w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>`;
  const props = `xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"`;
  return buildDocx({
    body,
    sectPr,
    rels: [
      ['rIdH', 'header', 'header1.xml'],
      ['rIdF', 'footer', 'footer1.xml'],
      ['rIdFn', 'footnotes', 'footnotes.xml'],
      ['rIdEn', 'endnotes', 'endnotes.xml'],
      ['rIdC', 'comments', 'comments.xml'],
      ['rIdS', 'settings', 'settings.xml'],
      ['rIdP', 'http://schemas.microsoft.com/office/2011/relationships/people', 'people.xml'],
      ['rIdImg', 'image', 'media/image1.jpeg'],
      ['rIdOle', 'oleObject', 'embeddings/oleObject1.bin'],
      ['rIdVba', 'http://schemas.microsoft.com/office/2006/relationships/vbaProject', 'vbaProject.bin'],
      ['rIdLink', 'hyperlink', `mailto:${CANARY.mail}?subject=${n}`, true],
      ['rIdX', 'customXml', '../customXml/item1.xml'],
    ],
    packageRels: [
      ['rIdCore', 'metadata/core-properties', 'docProps/core.xml'],
      ['rIdApp', 'extended-properties', 'docProps/app.xml'],
      ['rIdCustom', 'custom-properties', 'docProps/custom.xml'],
      ['rIdThumb', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail', 'docProps/thumbnail.jpeg'],
    ],
    parts: {
      // A tracked change outside the body (reliability D2: headers and notes have revisions too).
      'word/header1.xml': [
        `${WML}.header+xml`,
        `${DECL}<w:hdr ${NSDECL}>${para(`Letter from ${n}`)}<w:p><w:del w:id="11" w:author="${CANARY.author}" w:date="2024-01-01T00:00:00Z"><w:r><w:delText>${CANARY.deleted}</w:delText></w:r></w:del><w:ins w:id="12" w:author="${CANARY.author}" w:date="2024-01-01T00:00:00Z"><w:r><w:t>Header kept</w:t></w:r></w:ins></w:p></w:hdr>`,
      ],
      'word/footer1.xml': [`${WML}.footer+xml`, hdr('ftr', `Call ${n} or write to ${CANARY.mail}`)],
      'word/footnotes.xml': [`${WML}.footnotes+xml`, notes('footnotes', `Footnote naming ${n}.`)],
      'word/endnotes.xml': [`${WML}.endnotes+xml`, notes('endnotes', `Endnote naming ${n}.`)],
      'word/comments.xml': [
        `${WML}.comments+xml`,
        `${DECL}<w:comments ${NSDECL}><w:comment w:id="0" w:author="${CANARY.author}" w:initials="ZA">${para(CANARY.comment)}</w:comment></w:comments>`,
      ],
      'word/settings.xml': [
        `${WML}.settings+xml`,
        `${DECL}<w:settings ${NSDECL}><w:attachedTemplate r:id="rIdT"/><w:trackRevisions/><w:defaultTabStop w:val="720"/><w:docVars><w:docVar w:name="client" w:val="${CANARY.meta}"/></w:docVars><w:rsids><w:rsidRoot w:val="00AB12CD"/><w:rsid w:val="00AB12CD"/></w:rsids></w:settings>`,
      ],
      'word/_rels/settings.xml.rels': [
        null,
        `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdT" Type="${REL}/attachedTemplate" Target="file:///C:/Users/${CANARY.meta}/Templates/Normal.dotm" TargetMode="External"/></Relationships>`,
      ],
      'word/people.xml': [
        'application/vnd.openxmlformats-officedocument.wordprocessingml.people+xml',
        `${DECL}<w15:people xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:person w15:author="${CANARY.author}"/></w15:people>`,
      ],
      'word/media/image1.jpeg': [null, exifJpeg(CANARY.meta)],
      'docProps/thumbnail.jpeg': [null, exifJpeg(CANARY.author)],
      'word/embeddings/oleObject1.bin': [null, enc(`OLE ${CANARY.embedded} ${n}`)],
      'word/vbaProject.bin': ['application/vnd.ms-office.vbaProject', enc(`VBA ${CANARY.author}`)],
      'customXml/item1.xml': [null, `${DECL}<client><name>${n}</name><note>${CANARY.meta}</note></client>`],
      'docProps/core.xml': [
        'application/vnd.openxmlformats-package.core-properties+xml',
        `${DECL}<cp:coreProperties ${props}><dc:creator>${CANARY.author}</dc:creator><cp:lastModifiedBy>${CANARY.author}</cp:lastModifiedBy><dc:title>${CANARY.meta}</dc:title></cp:coreProperties>`,
      ],
      'docProps/app.xml': [
        'application/vnd.openxmlformats-officedocument.extended-properties+xml',
        `${DECL}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Company>${CANARY.meta}</Company><Manager>${CANARY.author}</Manager><Template>Normal.dotm</Template></Properties>`,
      ],
      'docProps/custom.xml': [
        'application/vnd.openxmlformats-officedocument.custom-properties+xml',
        `${DECL}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"><property name="Client">${CANARY.meta}</property></Properties>`,
      ],
    },
  });
}
