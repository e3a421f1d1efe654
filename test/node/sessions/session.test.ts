import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import { createSession } from '../../../src/sessions/session.js';
import { seeded } from '../../../tools/seeded-random.js';

const rules = createAnonymizer({ ner: false });

describe('a session: one mapping for every turn', () => {
  it('labels: the same person is PER-1 in every turn, by surname alone too, and the answer comes back', async () => {
    const session = createSession(rules);
    const first = await session.pseudonymize('Sehr geehrte Frau Anna Schmidt, Ihre E-Mail anna.schmidt@example.de ist angekommen.');
    expect(first.pseudonymizedText).toBe('Sehr geehrte Frau PER-1, Ihre E-Mail MAIL-1 ist angekommen.');
    const second = await session.pseudonymize('Bitte rufen Sie Frau Schmidt an, nicht Herrn Bernd Krause.');
    expect(second.pseudonymizedText).toBe('Bitte rufen Sie Frau PER-1 an, nicht Herrn PER-2.');
    expect(second.detection.detections.map((d) => [d.text, d.pseudonym])).toEqual([
      ['Schmidt', 'PER-1'],
      ['Bernd Krause', 'PER-2'],
    ]);
    const { text, report } = session.restore('Ich schreibe **PER-1** (MAIL-1) und per_2; PER-7 kenne ich nicht.');
    expect(text).toBe('Ich schreibe **Anna Schmidt** (anna.schmidt@example.de) und Bernd Krause; PER-7 kenne ich nicht.');
    expect(report.unknown).toEqual([{ text: 'PER-7', count: 1 }]);
  });

  it("a vault carried to a new session continues it (the CLI's next turn)", async () => {
    const a = createSession(rules);
    await a.pseudonymize('Herr Bernd Krause wohnt in der Lindenstraße 5.');
    const b = createSession(rules, { vault: a.vault() });
    expect((await b.pseudonymize('Krause und Frau Petra Lang kommen.')).pseudonymizedText).toBe('PER-1 und Frau PER-2 kommen.');
    expect(b.restore('PER-2 und PER-1, STR-1').text).toBe('Petra Lang und Bernd Krause, Lindenstraße 5');
  });

  it('scope none: every turn starts afresh', async () => {
    const session = createSession(rules, { scope: 'none' });
    await session.pseudonymize('Herr Bernd Krause ruft an.');
    expect((await session.pseudonymize('Frau Petra Lang ruft an.')).pseudonymizedText).toBe('Frau PER-1 ruft an.');
    expect(session.restore('PER-1').text).toBe('Petra Lang');
    expect(session.vault().entities).toHaveLength(1);
  });

  it('surrogates: realistic, consistent across turns, a part of a name gets the part of its surrogate, and all comes back', async () => {
    const session = createSession(rules, { style: 'surrogates', random: seeded(7) });
    const first = await session.pseudonymize('Sehr geehrte Frau Anna Schmidt, wir rufen Sie unter 030 1234567 an.');
    const [per, tel] = first.detection.detections;
    expect(per!.pseudonym).not.toMatch(/PER|Schmidt/u);
    expect(per!.pseudonym!.split(' ')).toHaveLength(2);
    expect(tel!.pseudonym).toMatch(/^0\d{2} \d{7}$/u);
    const surname = per!.pseudonym!.split(' ')[1]!;
    const second = await session.pseudonymize('Hat Frau Schmidt zurückgerufen?');
    expect(second.pseudonymizedText).toBe(`Hat Frau ${surname} zurückgerufen?`);
    const answer = `Frau ${surname} (${per!.pseudonym}) erreichen Sie unter ${tel!.pseudonym}. ${surname.toUpperCase()}S AKTE`;
    expect(session.restore(answer).text).toBe('Frau Schmidt (Anna Schmidt) erreichen Sie unter 030 1234567. SCHMIDTS AKTE');
  });

  it("surrogates: an e-mail address made of a person's name takes her surrogate", async () => {
    const session = createSession(rules, { style: 'surrogates', random: seeded(3) });
    const out = await session.pseudonymize('Frau Anna Schmidt (anna.schmidt@gmx.de, a.schmidt@example.org) ruft an.');
    const [per, mail, initial] = out.detection.detections.map((d) => d.pseudonym!);
    const [given, family] = per!.toLowerCase().split(' ');
    expect(mail).toBe(`${given}.${family}@gmx.de`);
    expect(initial).toMatch(new RegExp(`^${given![0]}\\.${family}@example\\.(com|org|net)$`, 'u'));
    expect(session.restore(`${mail} / ${initial}`).text).toBe('anna.schmidt@gmx.de / a.schmidt@example.org');
  });

  it('turns given at once are taken in order', async () => {
    const session = createSession(rules);
    const [a, b] = await Promise.all([
      session.pseudonymize('Herr Bernd Krause.'),
      session.pseudonymize('Frau Petra Lang und Herr Krause.'),
    ]);
    expect(a.pseudonymizedText).toBe('Herr PER-1.');
    expect(b.pseudonymizedText).toBe('Frau PER-2 und Herr PER-1.');
  });
});
