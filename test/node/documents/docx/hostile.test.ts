import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { AnonymizerError } from '../../../../src/errors/problem.js';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { readZip } from '../../../../src/documents/zip/read-zip.js';
import { CANARY_CONFIG, buildDocx, exifJpeg, para } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

const enc = (s: string) => new TextEncoder().encode(s);
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** Every hostile file ends in a 422 INVALID_FILE problem naming what is wrong, never another error or a result. */
async function refused(bytes: Uint8Array, detail: RegExp): Promise<void> {
  const err = await engine.anonymize(bytes, CANARY_CONFIG).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AnonymizerError);
  const problem = (err as AnonymizerError).problem;
  expect(problem).toMatchObject({ status: 422, problemCode: 'INVALID_FILE' });
  expect(problem.detail).toMatch(detail);
}

/** A valid DOCX whose parts are then replaced or removed. */
function withParts(changes: Record<string, Uint8Array | null>): Uint8Array {
  const parts = Object.fromEntries(readZip(buildDocx({ body: para('Hello.') })));
  for (const [name, data] of Object.entries(changes)) {
    if (data === null) delete parts[name];
    else parts[name] = data;
  }
  return zipSync(parts);
}

describe('hostile DOCX (reliability H3, H4, D6)', () => {
  it('refuses a billion-laughs DOCTYPE in the document and XXE in the content types, before parsing', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><w:document ${W}><w:body><w:p><w:r><w:t>&c;</w:t></w:r></w:p></w:body></w:document>`;
    await refused(withParts({ 'word/document.xml': enc(laughs) }), /word\/document\.xml declares a DOCTYPE/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE Types [<!ENTITY x SYSTEM "file:///etc/passwd">]><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">&x;</Types>`;
    await refused(withParts({ '[Content_Types].xml': enc(xxe) }), /\[Content_Types\]\.xml declares a DOCTYPE/);
  });

  it('drops a core.xml with an external entity without ever parsing it', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE cp [<!ENTITY x SYSTEM "file:///etc/passwd">]><cp:coreProperties xmlns:cp="x">&x;</cp:coreProperties>`;
    const input = buildDocx({
      body: para('Hello.'),
      packageRels: [['rIdCore', 'metadata/core-properties', 'docProps/core.xml']],
      parts: { 'docProps/core.xml': ['application/vnd.openxmlformats-package.core-properties+xml', xxe] },
    });
    const { bytes } = await engine.anonymize(input, CANARY_CONFIG);
    expect([...readZip(bytes).keys()]).not.toContain('docProps/core.xml');
  });

  it('refuses an undeclared entity, malformed XML and text that is not UTF-8', async () => {
    await refused(withParts({ 'word/document.xml': enc(`<w:document ${W}><w:body>&boom;</w:body></w:document>`) }), /not well-formed/);
    await refused(withParts({ 'word/document.xml': enc(`<w:document ${W}><w:body><w:p></w:body>`) }), /not well-formed/);
    await refused(
      withParts({ 'word/document.xml': new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]) }),
      /not well-formed/,
    );
  });

  it('refuses a deflate bomb in a part by the bytes it actually inflates', async () => {
    const bomb = new Uint8Array(200 * 1024 * 1024).fill(0x20);
    await refused(withParts({ 'word/document.xml': bomb }), /expands beyond safe limits|inflate/i);
  });

  it('refuses a package without content types, without a main part, or truncated', async () => {
    await refused(withParts({ '[Content_Types].xml': null }), /no \[Content_Types\]\.xml/);
    await refused(withParts({ '_rels/.rels': null }), /names no main document part/);
    const whole = buildDocx({ body: para('Hello.') });
    for (const cut of [0.3, 0.6, 0.95])
      await refused(whole.subarray(0, Math.floor(whole.length * cut)), /damaged|not a Word document|not supported/);
  });

  it('completes with dangling relationships removed, and the elements that used them', async () => {
    const input = buildDocx({
      body: para('Hello.'),
      sectPr: '<w:sectPr><w:headerReference w:type="default" r:id="rIdGone"/></w:sectPr>',
      rels: [['rIdGone', 'header', 'header9.xml']],
      parts: { 'word/orphan.xml': ['application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml', `<w:hdr ${W}/>`] },
    });
    const parts = readZip((await engine.anonymize(input, CANARY_CONFIG)).bytes);
    expect(new TextDecoder().decode(parts.get('word/_rels/document.xml.rels'))).not.toContain('rIdGone');
    expect(new TextDecoder().decode(parts.get('word/document.xml'))).not.toContain('headerReference');
    // An unreferenced part is dropped too, with its content-type override.
    expect(parts.has('word/orphan.xml')).toBe(false);
    expect(new TextDecoder().decode(parts.get('[Content_Types].xml'))).not.toContain('orphan');
  });

  it('ends deeply nested XML in a result or a problem, never a crash', async () => {
    const depth = 20_000;
    const nested = `<w:document ${W}><w:body>${'<w:customXml w:element="x">'.repeat(depth)}${para('Deep.')}${'</w:customXml>'.repeat(depth)}</w:body></w:document>`;
    const outcome = await engine.anonymize(withParts({ 'word/document.xml': enc(nested) }), CANARY_CONFIG).then(
      () => 'completed',
      (e: unknown) => (e instanceof AnonymizerError ? `${e.problem.status}` : `other: ${String(e)}`),
    );
    expect(['completed', '422']).toContain(outcome);
  });

  it('keeps a picture whose extension declares no content type, and gives it one', async () => {
    const input = buildDocx({
      body: `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="9144" cy="9144"/><wp:docPr id="1" name="P"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`,
      rels: [['rIdImg', 'image', 'media/photo.jpg']],
      parts: { 'word/media/photo.jpg': [null, exifJpeg('x')] },
    });
    const parts = readZip((await engine.anonymize(input, CANARY_CONFIG)).bytes);
    expect(parts.has('word/media/photo.jpg')).toBe(true);
    expect(new TextDecoder().decode(parts.get('word/document.xml'))).toContain('r:embed="rIdImg"');
    expect(new TextDecoder().decode(parts.get('[Content_Types].xml'))).toContain(
      '<Override PartName="/word/media/photo.jpg" ContentType="image/jpeg"/>',
    );
  });
});
