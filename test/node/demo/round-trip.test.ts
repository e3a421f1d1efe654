// The demo's chat round trip end to end (issue 36): dist/demo built and served as in demo.test.ts, driven in Debian's
// chromium. A prompt pseudonymized (placeholders out, no original), each placeholder linked to its original, a
// simulated answer streamed through restoreStream() and restored (originals back, an invented placeholder reported),
// the vault kept encrypted across a reload, exported sealed and imported back, cleared; the surrogates style, phone
// width; no request to another origin, no console error, no CSP report. A screenshot goes to artifacts/screenshots/
// (docs/screenshots/ with SCREENSHOTS_DIR).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../chromium.ts';
import { serveDemo } from '../../../tools/demo/serve.mjs';
import type { Guard } from './harness.ts';
import { builtDemo, guardedContext, LOADED, PHONE, root } from './harness.ts';

const shots = process.env['SCREENSHOTS_DIR'] ? join(root, process.env['SCREENSHOTS_DIR']) : join(root, 'artifacts', 'screenshots');
const PROMPT = 'Herr Max Mustermann wohnt in der Hauptstraße 5, 10115 Berlin. Tel. 030 1234567, max@example.de';
const ORIGINALS = ['Max Mustermann', 'Hauptstraße 5', '030 1234567', 'max@example.de'];

let browser: Browser;
let url: string;
let stop: () => Promise<void>;
let removeDist: () => void = () => undefined;
let cspReports: unknown[] = [];
const guard: Guard = { foreign: [], consoleErrors: [] };

const text = async (page: Page, selector: string) => (await page.locator(selector).textContent()) ?? '';

/** Pseudonymizes the prompt box's text and waits for what leaves the device. */
async function pseudonymize(page: Page, prompt: string): Promise<string> {
  await page.fill('#rt-prompt', prompt);
  await page.getByRole('button', { name: 'Pseudonymize' }).click();
  await page
    .locator('#rt-outgoing mark.ent')
    .first()
    .waitFor({ timeout: 2 * LOADED });
  await expect.poll(() => text(page, '#rt-status'), { timeout: LOADED }).toMatch(/replaced/);
  return text(page, '#rt-outgoing');
}

/** Simulates the streamed answer and waits for its end (the report); returns the answer as written and restored. */
async function simulate(page: Page): Promise<{ raw: string; restored: string }> {
  await page.getByRole('button', { name: 'Simulate a streamed answer' }).click();
  // Streamed: the restored answer is busy and grows while chunks arrive.
  await expect.poll(() => page.locator('#rt-restored').getAttribute('aria-busy')).toBe('true');
  await expect.poll(() => text(page, '#rt-answer-status'), { timeout: LOADED }).toMatch(/^Answer streamed in \d+ chunks/);
  expect(await page.locator('#rt-restored').getAttribute('aria-busy')).toBe('false');
  return { raw: await page.locator('#rt-answer').inputValue(), restored: await text(page, '#rt-restored') };
}

describe('demo page: the chat round trip (dist/demo in Chromium)', () => {
  beforeAll(async () => {
    const built = await builtDemo();
    removeDist = built.remove;
    const server = await serveDemo({ root: built.dist, port: 0, cspReports: true });
    cspReports = server.reports;
    url = server.url;
    stop = server.close;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    mkdirSync(shots, { recursive: true });
  }, 6 * LOADED);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
    removeDist();
  });

  it(
    'sends placeholders only, restores a streamed answer, keeps the vault encrypted across a reload, exports and clears it',
    async () => {
      const context = await guardedContext(browser, url.replace(/\/$/, ''), guard);
      const page = await context.newPage();
      await page.goto(`${url}#chat`);
      await page.locator('#rt-prompt').waitFor();
      expect(await page.locator('nav.tabs a[href="#chat"]').getAttribute('aria-current')).toBe('page');

      // What leaves the device: placeholders, no original.
      const outgoing = await pseudonymize(page, PROMPT);
      expect(outgoing).toBe('Herr PER-1 wohnt in der STR-1, LOC-1. Tel. TEL-1, MAIL-1');
      for (const original of ORIGINALS) expect(outgoing).not.toContain(original);
      // A placeholder focused (keyboard) names its original and lights it up in the prompt.
      const placeholder = page.locator('#rt-outgoing mark.l-PER');
      expect(await placeholder.getAttribute('tabindex')).toBe('0');
      await placeholder.focus();
      expect(await page.locator('#tooltip').isVisible()).toBe(true);
      expect(await text(page, '#tooltip')).toContain('“Max Mustermann” → “PER-1”');
      expect(await text(page, '#rt-original mark.linked')).toBe('Max Mustermann');
      // The vault lists each entity with its placeholder and original.
      const vault = page.locator('#rt-vault tbody tr');
      expect(await vault.count()).toBe(5);
      expect(await vault.first().textContent()).toMatch(/PER.*PER-1.*Max Mustermann/);

      // The simulated answer: placeholders as models write them, streamed, restored on the page.
      const answer = await simulate(page);
      expect(answer.raw).toContain('per-1');
      expect(answer.raw).toMatch(/PER-1s|\*\*[A-Z]+-1\*\*|`[A-Z]+-1`/);
      for (const original of ORIGINALS) expect(answer.raw).not.toContain(original);
      for (const original of ORIGINALS) expect(answer.restored).toContain(original);
      expect(answer.restored).not.toMatch(/\b(?:PER|STR|LOC|TEL|MAIL)[-\s\\]*1\b/i);
      expect(await page.locator('#rt-restored mark.ent').count()).toBeGreaterThanOrEqual(5);
      expect(await page.locator('#rt-report-restored li').count()).toBe(5);
      expect(await text(page, '#rt-report-unknown')).toMatch(/PER-\d+/);
      await page.locator('#rt-restored mark.l-PER').first().hover();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shots, 'demo-chat-laptop.png'), fullPage: true });

      // Kept across a reload, in the encrypted store.
      await page.reload();
      await expect.poll(() => page.locator('#rt-vault tbody tr').count(), { timeout: LOADED }).toBe(5);
      expect(await text(page, '#rt-vault-where')).toMatch(/encrypted/);
      expect(await text(page, '#rt-vault')).toContain('Max Mustermann');
      // The next turn goes on with the same mapping.
      expect(await pseudonymize(page, 'Bitte rufen Sie Herrn Max Mustermann zurück.')).toContain('PER-1');

      // Exported sealed under a passphrase: no original in the file.
      await page.fill('#rt-passphrase', 'correct horse battery staple');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
      const file = readFileSync((await download.path())!, 'utf8');
      expect(JSON.parse(file)).toMatchObject({ format: 'local-anonymizer-vault', kdf: { name: 'PBKDF2' }, cipher: { name: 'AES-GCM' } });
      for (const original of ORIGINALS) expect(file).not.toContain(original);

      // Imported back under the same passphrase, after a clear.
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect.poll(() => page.locator('#rt-vault tbody tr').count()).toBe(0);
      await page.setInputFiles('#rt-import-file', (await download.path())!);
      await expect.poll(() => page.locator('#rt-vault tbody tr').count(), { timeout: LOADED }).toBe(5);
      expect(await text(page, '#rt-vault-outcome')).toContain('Imported: 5 entries');

      // Cleared: the answer can no longer be restored, and a reload finds nothing.
      await page.fill('#rt-answer', answer.raw);
      await expect.poll(() => text(page, '#rt-restored')).toContain('Max Mustermann');
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect.poll(() => page.locator('#rt-vault tbody tr').count()).toBe(0);
      await expect.poll(() => text(page, '#rt-restored')).not.toContain('Max Mustermann');
      expect(await text(page, '#rt-report-unknown')).toContain('PER-1');
      await page.reload();
      await expect.poll(() => text(page, '#rt-vault'), { timeout: LOADED }).toContain('Empty');

      // Surrogates: realistic stand-ins out, the originals back.
      await page.getByLabel(/Surrogates/).check();
      await page.fill('#rt-prompt', PROMPT);
      await page.getByRole('button', { name: 'Pseudonymize' }).click();
      await expect.poll(() => text(page, '#rt-vault-summary'), { timeout: 2 * LOADED }).toMatch(/5 entries · style surrogates/);
      const fake = await text(page, '#rt-outgoing');
      expect(fake).not.toContain('PER-1');
      expect(fake).not.toContain('Mustermann');
      expect((await simulate(page)).restored).toContain('Max Mustermann');
      // Phone width: no horizontal scrolling.
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect.poll(() => page.locator('#rt-vault tbody tr').count()).toBe(0);
      await context.close();
    },
    6 * LOADED,
  );

  it('made no request to another origin, logged no error and broke no rule of the CSP', () => {
    expect(guard.foreign).toEqual([]);
    expect(guard.consoleErrors).toEqual([]);
    expect(cspReports).toEqual([]);
  });
});
