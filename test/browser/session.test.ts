import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../src/platform/browser/text.js';
import { createSession } from '../../src/sessions/session.js';
import { openVaultStore } from '../../src/platform/browser/vault-store.js';

/** The LLM round trip in the page: surrogates from the fetched word lists, a streamed restore, the vault kept encrypted. */
describe('a round-trip session in Chromium', () => {
  it('pseudonymizes two turns with one mapping, restores a streamed answer and keeps the vault in IndexedDB', async () => {
    const session = createSession(createAnonymizer({ ner: false }), { style: 'surrogates' });
    const first = await session.pseudonymize('Sehr geehrte Frau Anna Schmidt, bitte rufen Sie 030 1234567 an.');
    const [per, tel] = first.detection.detections.map((d) => d.pseudonym!);
    expect(first.pseudonymizedText).toBe(`Sehr geehrte Frau ${per}, bitte rufen Sie ${tel} an.`);
    expect(per).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/u);
    const surname = per!.split(' ')[1]!;
    expect((await session.pseudonymize('Frau Schmidt hat angerufen.')).pseudonymizedText).toBe(`Frau ${surname} hat angerufen.`);

    const answer = `Liebe Frau ${surname}, ${per} erreicht man unter ${tel}.`;
    const chunks = answer.match(/.{1,3}/gsu)!;
    const restored = new ReadableStream<string>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    }).pipeThrough(session.restoreStream());
    let text = '';
    const reader = restored.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value;
    expect(text).toBe('Liebe Frau Schmidt, Anna Schmidt erreicht man unter 030 1234567.');

    const store = await openVaultStore(`vaults-${crypto.randomUUID()}`);
    await store.put('chat', session.vault());
    const again = createSession(createAnonymizer({ ner: false }), { vault: (await store.get('chat'))! });
    expect(again.restore(per!).text).toBe('Anna Schmidt');
    store.close();
  });
});
