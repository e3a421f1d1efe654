// The offline demo page end to end: dist/demo built by Vite (vite.demo.config.ts) into a temporary folder, served by
// tools/demo/serve.mjs, driven in Debian's chromium by playwright-core. Every request is checked (another origin fails
// the test); the text playground, one document of each type, an invalid file, the same with the network cut after
// load, phone width, and a server without COOP/COEP. Screenshots go to artifacts/screenshots/ (ignored);
// `npm run screenshots` writes them to docs/screenshots/, the README's pictures, when the page has changed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { chromium } from 'playwright-core';
import { unzipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../chromium.ts';
import { createNodeCodec } from '../../../src/platform/node/codec.js';
import type { Raster } from '../../../src/documents/image/raster.js';
import { serveDemo } from '../../../tools/demo/serve.mjs';
import { buildDocx, para } from '../documents/docx/fixtures.js';
import { builtDemo, guardedContext, LAPTOP, LOADED, PHONE, root } from './harness.ts';

const shots = process.env['SCREENSHOTS_DIR'] ? join(root, process.env['SCREENSHOTS_DIR']) : join(root, 'artifacts', 'screenshots');
const corpus = join(root, '..', 'shared', 'corpus');
const TERMINAL = ['COMPLETED', 'ERROR', 'QUOTA_EXCEEDED', 'QUOTA_ERROR', 'PREVIEW_ERROR'];

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// --- fixtures: small files of each type ---

function half(r: Raster): Raster {
  const width = r.width >> 1;
  const height = r.height >> 1;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        const at = (dy: number, dx: number) => r.data[((2 * y + dy) * r.width + 2 * x + dx) * 4 + c]!;
        data[(y * width + x) * 4 + c] = (at(0, 0) + at(0, 1) + at(1, 0) + at(1, 1)) / 4;
      }
    }
  }
  return { width, height, data };
}

async function letterPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([420, 300]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Sehr geehrter Herr Max Mustermann,',
    'bitte rufen Sie mich unter 030 1234567 an oder schreiben',
    'Sie an max.mustermann@example.de.',
    '',
    'Mit freundlichen Grüßen',
    'Erika Musterfrau, Hauptstraße 5, 10115 Berlin',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 30, y: 260 - i * 20, size: 12, font }));
  return Buffer.from(await pdf.save());
}

async function fixtures(): Promise<Record<'png' | 'jpg' | 'bmp' | 'pdf' | 'docx' | 'doc' | 'word6' | 'invalid', Upload>> {
  const codec = createNodeCodec(1e8);
  const camera = readFileSync(join(corpus, 'faces', 'camera.png'));
  const astronaut = half(await codec.decode(new Uint8Array(readFileSync(join(corpus, 'faces', 'astronaut.png'))), 'png'));
  const chelsea = half(await codec.decode(new Uint8Array(readFileSync(join(corpus, 'faces', 'chelsea.png'))), 'png'));
  return {
    png: { name: 'cameraman.png', mimeType: 'image/png', buffer: camera },
    jpg: { name: 'astronaut.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await codec.encode(astronaut, 'jpeg')) },
    bmp: { name: 'cat.bmp', mimeType: 'image/bmp', buffer: Buffer.from(await codec.encode(chelsea, 'bmp')) },
    pdf: { name: 'letter.pdf', mimeType: 'application/pdf', buffer: await letterPdf() },
    docx: {
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(
        buildDocx({
          body: [
            para('Sehr geehrte Frau Müller,'),
            para('vielen Dank für Ihr Schreiben vom 3. März. Bitte melden Sie sich unter anna.mueller@example.de oder 030 1234567.'),
            para('Mit freundlichen Grüßen'),
            para('Jonas Becker, Berlin'),
          ].join(''),
        }),
      ),
    },
    doc: { name: 'memo.doc', mimeType: 'application/msword', buffer: readFileSync(join(root, 'test', 'fixtures', 'doc', 'canaries.doc')) },
    word6: { name: 'Word6.doc', mimeType: 'application/msword', buffer: readFileSync(join(corpus, 'poi-document', 'Word6.doc')) },
    invalid: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Just some notes, not a document.\n') },
  };
}

// --- the browser ---

let dist: string;
let removeDist: () => void = () => undefined;
let url: string;
let origin: string;
let stop: () => Promise<void>;
/** CSP violation reports the server received (report-uri: pages and workers alike); must stay empty. */
let cspReports: unknown[] = [];
let browser: Browser;
let files: Awaited<ReturnType<typeof fixtures>>;
/** Requests to any other origin (aborted); must stay empty. */
const foreign: string[] = [];
/** Console errors and CSP reports from pages and workers; must stay empty. */
const consoleErrors: string[] = [];
const metrics: Record<string, number | string | boolean> = {};

function newContext(viewport = LAPTOP): Promise<BrowserContext> {
  return guardedContext(browser, origin, { foreign, consoleErrors }, viewport);
}

/** Waits until the text playground shows a result with highlights. */
async function textResult(page: Page): Promise<void> {
  await page
    .locator('#tp-original mark.ent')
    .first()
    .waitFor({ timeout: 2 * LOADED });
}

async function uploadAll(page: Page): Promise<void> {
  await page.goto(`${url}#documents`);
  await page.locator('#dropzone').waitFor();
  await page.setInputFiles('#file-input', [files.png, files.jpg, files.pdf, files.docx, files.doc, files.word6, files.invalid]);
  // The BMP arrives by drag and drop, as a person would drop it.
  const bmp = files.bmp;
  await page.evaluate(
    ({ name, type, bytes }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name, { type }));
      document.getElementById('dropzone')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { name: bmp.name, type: bmp.mimeType, bytes: [...bmp.buffer] },
  );
}

/** Waits until `count` documents are listed, all at a terminal status; returns name → status. */
async function settled(page: Page, count: number): Promise<Record<string, string>> {
  await page.waitForFunction(
    ({ count, terminal }) => {
      const rows = [...document.querySelectorAll<HTMLElement>('#inbox-list tr[data-status]')];
      return rows.length === count && rows.every((r) => terminal.includes(r.dataset.status!));
    },
    { count, terminal: TERMINAL },
    { timeout: 2 * LOADED, polling: 250 },
  );
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('#inbox-list tr[data-status]')].map((r) => [
        r.querySelector('.doc-name button')!.textContent!,
        r.dataset.status!,
      ]),
    ),
  );
}

function rowOf(page: Page, name: string) {
  return page.locator('#inbox-list tr', { has: page.getByRole('button', { name: `Open ${name}`, exact: true }) });
}

async function downloadBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

/** A screenshot under `shots`, once the toast has gone. */
async function snap(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('toast')?.classList.contains('show'), null, { timeout: LOADED });
  await page.waitForTimeout(300); // its fade-out
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** Scrolls an element to the top of the viewport. */
async function scrollTo(page: Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

const MAGIC: Record<string, string> = { png: '89504e47', jpg: 'ffd8ff', bmp: '424d', pdf: '25504446', docx: '504b0304', doc: 'd0cf11e0' };

/** Every completed document's result downloads, in its own format and changed; a Word 6 DOC and the invalid file fail clearly. */
async function checkDocuments(page: Page): Promise<void> {
  const statuses = await settled(page, 7);
  expect(statuses).toEqual({
    'cameraman.png': 'COMPLETED',
    'astronaut.jpg': 'COMPLETED',
    'cat.bmp': 'COMPLETED',
    'letter.pdf': 'COMPLETED',
    'letter.docx': 'COMPLETED',
    'memo.doc': 'COMPLETED',
    'Word6.doc': 'ERROR',
  });
  // The invalid file never became a document: its problem is shown with its name.
  const alert = page.locator('#inbox-alerts .problem', { hasText: 'notes.txt' });
  await expect.poll(() => alert.count()).toBe(1);
  expect(await alert.textContent()).toMatch(/not supported/i);
  // A Word 6 document (older than Word 97) ends in ERROR with the ProblemDetail's title and detail in its row.
  for (const name of ['Word6.doc']) {
    const problem = rowOf(page, name).locator('.row-problem');
    await problem.waitFor({ timeout: LOADED });
    expect((await problem.textContent())!.length).toBeGreaterThan(10);
  }
  for (const [key, name] of [
    ['png', 'cameraman.png'],
    ['jpg', 'astronaut.jpg'],
    ['bmp', 'cat.bmp'],
    ['pdf', 'letter.pdf'],
    ['docx', 'letter.docx'],
    ['doc', 'memo.doc'],
  ] as const) {
    const result = await downloadBytes(page, () =>
      rowOf(page, name)
        .getByRole('button', { name: `Download the result: ${name}` })
        .click(),
    );
    expect(result.bytes.subarray(0, MAGIC[key]!.length / 2).toString('hex'), name).toBe(MAGIC[key]);
    expect(result.bytes.equals(files[key].buffer), `${name} changed`).toBe(false);
    expect(result.name).toMatch(/_anonymized\./);
  }
}

describe('demo page (dist/demo in Chromium)', () => {
  beforeAll(async () => {
    files = await fixtures();
    // DEMO_DIST=dist/demo reuses a build (npm run build:demo); by default the test builds its own.
    const built = await builtDemo();
    dist = built.dist;
    removeDist = built.remove;
    if (built.buildMs !== null) metrics.buildMs = built.buildMs;
    const server = await serveDemo({ root: dist, port: 0, cspReports: true });
    cspReports = server.reports;
    url = server.url;
    origin = url.replace(/\/$/, '');
    stop = server.close;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    mkdirSync(shots, { recursive: true });
  }, 6 * LOADED);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
    removeDist();
    mkdirSync(join(root, 'artifacts'), { recursive: true });
    writeFileSync(
      join(root, 'artifacts', 'demo-e2e.json'),
      JSON.stringify({ ...metrics, foreign, consoleErrors, cspReports }, null, 2) + '\n',
    );
    process.stdout.write(`demo e2e: ${JSON.stringify(metrics)}\n`);
  });

  it(
    'anonymizes typed text with highlights; counts the bytes and time to the first result',
    async () => {
      const context = await newContext();
      const finished: Request[] = [];
      context.on('requestfinished', (r) => finished.push(r));
      const page = await context.newPage();
      await page.goto(url);
      // The German sample is anonymized at once: the cold start.
      await textResult(page);
      await page.waitForTimeout(100);
      metrics.firstTextResultMs = Number(await page.evaluate(() => document.documentElement.dataset.firstTextResultMs));
      // What ended before the page's own first result, by the page's clock, not by when this test saw the result: on a
      // loaded machine that is seconds later, and what the page fetches meanwhile (the offline cache) is not the first load.
      const firstResultAt = await page.evaluate(() => performance.timeOrigin + Number(document.documentElement.dataset.firstTextResultMs));
      let bytes = 0;
      let requests = 0;
      for (const r of finished) {
        const { startTime, responseEnd } = r.timing();
        if (responseEnd >= 0 && startTime + responseEnd > firstResultAt) continue;
        requests++;
        bytes += (await r.sizes()).responseBodySize;
      }
      metrics.bytesBeforeFirstTextResult = bytes;
      metrics.requestsBeforeFirstTextResult = requests;
      metrics.crossOriginIsolated = await page.evaluate(() => crossOriginIsolated);
      expect(metrics.crossOriginIsolated).toBe(true);
      expect(bytes).toBeLessThan(20_000_000);

      await page.fill('#tp-text', 'Herr Max Mustermann wohnt in der Hauptstraße 5, 10115 Berlin. Tel. 030 1234567');
      await page.locator('#tp-text').pressSequentially(', max@example.de');
      await expect
        .poll(() => page.locator('#tp-anonymized').textContent(), { timeout: LOADED })
        .toBe('Herr PER-1 wohnt in der STR-1, LOC-1. Tel. TEL-1, MAIL-1');
      expect(await page.locator('#tp-original mark.l-PER').first().textContent()).toBe('Max Mustermann');
      const mark = page.locator('#tp-original mark.l-TEL');
      expect(await mark.getAttribute('tabindex')).toBe('0');
      expect(await mark.getAttribute('data-tip')).toMatch(/Phone \(TEL\)\nscore 0\.\d\d.*\n.*→ “TEL-1”/s);
      // Keyboard focus shows the same tooltip as hover.
      await mark.focus();
      expect(await page.locator('#tooltip').isVisible()).toBe(true);
      expect(await page.locator('#tp-detections tbody tr').count()).toBe(5);

      // Masks, a per-label SUPPRESSION, a whitelist entry.
      await page.getByLabel('Masks').check();
      await page.locator('summary', { hasText: 'Per-label replacement' }).click();
      await page.getByLabel('Phone replacement').selectOption('SUPPRESSION');
      await page.getByLabel('Mask length').fill('5');
      await page.locator('summary', { hasText: 'Whitelist' }).click();
      await page.getByRole('button', { name: '+ Add whitelist entry' }).click();
      await page.getByLabel('whitelist entry 1: text').fill('10115 Berlin');
      await page.getByLabel('whitelist entry 1: label').selectOption('LOC');
      await expect
        .poll(() => page.locator('#tp-anonymized').textContent(), { timeout: LOADED })
        .toBe('Herr *** wohnt in der ***, 10115 Berlin. Tel. *****, ***');
      const text = await downloadBytes(page, () => page.getByRole('button', { name: 'Download .txt' }).click());
      expect(text.bytes.toString('utf8')).toBe('Herr *** wohnt in der ***, 10115 Berlin. Tel. *****, ***');

      await page.getByRole('button', { name: 'German letter' }).click();
      await expect.poll(() => page.locator('#tp-original mark').count(), { timeout: LOADED }).toBeGreaterThan(20);
      await page.getByLabel('Pseudonyms').check();
      await expect.poll(() => page.locator('#tp-anonymized').textContent(), { timeout: LOADED }).toContain('PER-1');
      await page.locator('#tp-original mark.l-PER').first().hover();
      await snap(page, 'demo-text-laptop');

      // Projects, models and security: what they show, and a picture of each.
      await page.goto(`${url}#projects`);
      await page.locator('article.project').nth(2).waitFor();
      expect(await page.locator('#view-projects').textContent()).toContain('no originals');
      await snap(page, 'demo-projects-laptop');
      await page.goto(`${url}#models`);
      await page.locator('article.model').nth(1).waitFor();
      expect(await page.locator('#view-models').textContent()).toMatch(/ner-de-en-small.*2\.42 MB/s);
      await snap(page, 'demo-models-laptop');
      await page.goto(`${url}#security`);
      await page.locator('#csp-report').waitFor();
      expect(await page.locator('#csp-report').textContent()).toContain('nothing blocked');
      await snap(page, 'demo-security-laptop');
      await context.close();
    },
    4 * LOADED,
  );

  it(
    'anonymizes a PNG with a face, a JPG, a BMP, a PDF, a DOCX and a DOC; a Word 6 DOC and an invalid file fail clearly',
    async () => {
      const context = await newContext();
      const page = await context.newPage();
      const t0 = Date.now();
      await uploadAll(page);
      await checkDocuments(page);
      metrics.documentsMs = Date.now() - t0;

      // Filter, sort, page as the list endpoint does.
      await page.locator('#inbox-status').selectOption('ERROR');
      await expect.poll(() => page.locator('#inbox-list tr[data-status]').count()).toBe(1);
      await page.locator('#inbox-status').selectOption('');
      await page.locator('#inbox-sort').selectOption('name=ASC');
      await page.locator('#inbox-size').selectOption('5');
      await expect.poll(() => page.locator('#inbox-list tr[data-status]').count()).toBe(5);
      expect(await page.locator('.pager').textContent()).toContain('1–5 of 7');
      expect(await page.locator('#inbox-list .doc-name button').first().textContent()).toBe('astronaut.jpg');
      await page.getByRole('button', { name: 'Next →' }).click();
      await expect.poll(() => page.locator('#inbox-list tr[data-status]').count()).toBe(2);
      await page.getByRole('button', { name: '← Previous' }).click();
      await page.locator('#inbox-size').selectOption('10');
      await expect.poll(() => page.locator('#inbox-list tr[data-status]').count()).toBe(7);
      await scrollTo(page, '#view-documents');
      await snap(page, 'demo-documents-laptop');

      // The PNG side by side, the face box drawn over both.
      await page.getByRole('button', { name: 'Open cameraman.png' }).click();
      await expect.poll(() => page.locator('#viewer .figure img').count(), { timeout: LOADED }).toBe(2);
      expect(await page.locator('#viewer polygon.img-face').count()).toBeGreaterThanOrEqual(2);
      await scrollTo(page, '#viewer');
      await snap(page, 'demo-viewer-image-laptop');
      const record = await downloadBytes(page, () => page.getByRole('button', { name: 'Download PII record' }).click());
      expect(JSON.parse(record.bytes.toString('utf8')).pageData[0].imagesData[0].detections[0].label).toBe('face');
      const original = await downloadBytes(page, () => page.getByRole('button', { name: 'Download original' }).click());
      expect(original.bytes.equals(files.png.buffer)).toBe(true);

      // The PDF: pages rendered with pdf.js, entity boxes over them.
      await page.getByRole('button', { name: 'Open letter.pdf' }).click();
      await expect.poll(() => page.locator('#viewer canvas').count(), { timeout: LOADED }).toBe(2);
      expect(await page.locator('#viewer rect.box').count()).toBeGreaterThanOrEqual(6);
      expect(await page.locator('#viewer .summary').textContent()).toMatch(/\d+ entities/);
      await scrollTo(page, '#viewer');
      await snap(page, 'demo-viewer-pdf-laptop');

      // The DOCX: its text on both sides, entities marked (originals on one side, replacements on the other).
      await page.getByRole('button', { name: 'Open letter.docx' }).click();
      await expect.poll(() => page.locator('#viewer .word-pages').count(), { timeout: LOADED }).toBe(2);
      expect(await page.locator('#viewer .word-par').count()).toBeGreaterThanOrEqual(2);
      await scrollTo(page, '#viewer');
      await snap(page, 'demo-viewer-docx-laptop');

      // A Word 6 document opens with its problem.
      await page.getByRole('button', { name: 'Open Word6.doc' }).click();
      await page.locator('#viewer .problem').waitFor();

      // A Word 97 DOC: its stories as text too.
      await page.getByRole('button', { name: 'Open memo.doc' }).click();
      await expect.poll(() => page.locator('#viewer .word-pages').count(), { timeout: LOADED }).toBe(2);

      // Delete.
      await rowOf(page, 'cat.bmp').getByRole('button', { name: 'Delete: cat.bmp' }).click();
      await expect.poll(() => page.locator('#inbox-list tr[data-status]').count()).toBe(6);

      // Phone width: the same store, no horizontal scrolling.
      const phone = await context.newPage();
      await phone.setViewportSize(PHONE);
      await phone.goto(`${url}#documents`);
      await expect.poll(() => phone.locator('#inbox-list tr[data-status]').count(), { timeout: LOADED }).toBe(6);
      expect(await phone.locator('#inbox-list .row-problem').count()).toBe(1);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await scrollTo(phone, '#inbox-list-h');
      await snap(phone, 'demo-documents-phone');
      await phone.goto(`${url}#text`);
      await textResult(phone);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await phone.evaluate(() => window.scrollTo(0, 0));
      await snap(phone, 'demo-text-phone');
      await scrollTo(phone, '#tp-result-h');
      await snap(phone, 'demo-result-phone');
      await context.close();
    },
    6 * LOADED,
  );

  it(
    "edits a project's own recognizers: a 422 shows each bad field, a saved list applies to the project's next document",
    async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(`${url}#projects`);
      const editor = page.locator('article.project').first().locator('details.recognizers');
      await editor.locator('summary').click();
      const area = editor.locator('textarea');
      const save = editor.getByRole('button', { name: 'Save recognizers' });
      await area.fill('[{"id": "fruit", "label": "FRUIT", "pattern": "(", "score": 0.9}]');
      await save.click();
      const problem = editor.locator('.problem');
      await problem.waitFor();
      expect(await problem.locator('li').allTextContents()).toEqual([
        'textAnonymization.recognizers[0].label must be one of PER, STR, MAIL, TEL, LOC, ORG, DATE, OTH',
        'textAnonymization.recognizers[0].pattern must be a valid regular expression (Unicode mode)',
      ]);
      expect(await problem.textContent()).toContain('HTTP 422 · VALIDATION_FAILED');
      await area.fill('[{"id": "fruit", "label": "OTH", "pattern": "Blaubeere", "score": 0.9}]');
      await save.click();
      await expect.poll(() => editor.locator('.recognizers-outcome').textContent()).toContain('Saved: 1 recognizer');
      expect(await page.locator('article.project').first().locator('pre.json').textContent()).toContain('"pattern": "Blaubeere"');

      // The Inbox (the first project) anonymizes the code word of a new document by the saved recognizer.
      await page.locator('a[href="#documents"]').first().click();
      await page.locator('#dropzone').waitFor();
      const body = buildDocx({ body: para('Das Kennwort lautet Blaubeere.') });
      await page.setInputFiles('#file-input', [{ name: 'kennwort.docx', mimeType: files.docx.mimeType, buffer: Buffer.from(body) }]);
      expect(await settled(page, 1)).toEqual({ 'kennwort.docx': 'COMPLETED' });
      const result = await downloadBytes(page, () =>
        rowOf(page, 'kennwort.docx').getByRole('button', { name: 'Download the result: kennwort.docx' }).click(),
      );
      const xml = new TextDecoder().decode(unzipSync(new Uint8Array(result.bytes))['word/document.xml']);
      expect([...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/gu)].map((m) => m[1]).join('')).toBe('Das Kennwort lautet OTH-1.');
      await context.close();
    },
    6 * LOADED,
  );

  it(
    'works with the network cut after load (the offline cache), reload included',
    async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(url);
      await textResult(page);
      await page
        .locator('html[data-offline-ready]')
        .waitFor({ timeout: LOADED })
        .catch(async (err: unknown) => {
          throw new Error(`offline cache not ready: ${await page.locator('#env-offline').textContent()} (${String(err)})`);
        });
      await context.setOffline(true);
      const t0 = Date.now();
      await page.reload();
      await textResult(page);
      await page.fill('#tp-text', 'Frau Erika Musterfrau, erika@example.org');
      await expect.poll(() => page.locator('#tp-anonymized').textContent(), { timeout: LOADED }).toBe('Frau PER-1, MAIL-1');
      await uploadAll(page);
      await checkDocuments(page);
      metrics.offlineMs = Date.now() - t0;
      await context.close();
    },
    6 * LOADED,
  );

  it(
    'without COOP/COEP runs on one thread with the same result',
    async () => {
      const plain = await serveDemo({ root: dist, port: 0, isolation: false, cspReports: true });
      const context = await browser.newContext({ viewport: LAPTOP });
      const plainOrigin = plain.url.replace(/\/$/, '');
      await context.route('**/*', (route) => {
        if (route.request().url().startsWith(plainOrigin)) return route.continue();
        foreign.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      try {
        const page = await context.newPage();
        await page.goto(plain.url);
        expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
        await page.fill('#tp-text', 'Herr Max Mustermann, Tel. 030 1234567');
        await expect.poll(() => page.locator('#tp-anonymized').textContent(), { timeout: LOADED }).toBe('Herr PER-1, Tel. TEL-1');
        expect(await page.locator('#env').textContent()).toContain('single-threaded');
      } finally {
        await context.close();
        await plain.close();
        cspReports.push(...plain.reports);
      }
    },
    4 * LOADED,
  );

  it('made no request to another origin, logged no error and broke no rule of the CSP (pages and workers)', () => {
    expect(foreign).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(cspReports).toEqual([]);
  });
});
