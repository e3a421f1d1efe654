import { describe, expect, it } from 'vitest';
import { RestoreStream, restoreText } from '../../../src/roundtrip/restore.js';
import type { Vault, VaultEntity } from '../../../src/roundtrip/vault.js';
import { emptyVault } from '../../../src/roundtrip/vault.js';
import { annaAsJulia } from '../../helpers/vaults.js';
import { streamThrough } from '../../../tools/streams.js';

const entity = (e: Partial<VaultEntity> & Pick<VaultEntity, 'label' | 'number' | 'placeholder' | 'original'>): VaultEntity => ({
  forms: [{ original: e.original, replacement: e.placeholder }],
  ...e,
});

function labelsVault(): Vault {
  const v = emptyVault('labels');
  v.entities = [
    entity({
      label: 'PER',
      number: 1,
      placeholder: 'PER-1',
      original: 'Anna Schmidt',
      forms: [
        { original: 'Anna Schmidt', replacement: 'PER-1' },
        { original: 'Schmidt', replacement: 'PER-1' },
      ],
    }),
    entity({ label: 'PER', number: 2, placeholder: 'PER-2', original: "Jörg O'Neill" }),
    entity({ label: 'ORG', number: 1, placeholder: 'ORG-1', original: 'Müller & Söhne GmbH' }),
    entity({ label: 'MAIL', number: 1, placeholder: 'MAIL-1', original: 'anna@schmidt.de' }),
    entity({ label: 'PER', number: 10, placeholder: 'PER-10', original: 'Zehn Zehner' }),
  ];
  return v;
}

function surrogatesVault(): Vault {
  const v = emptyVault('surrogates', { dateShiftDays: 12 });
  v.entities = [
    annaAsJulia(['Frau Schmidt', 'Frau Becker']),
    entity({ label: 'LOC', number: 1, placeholder: 'Lingen', original: 'München' }),
    entity({ label: 'TEL', number: 1, placeholder: '+49 30 5550123', original: '+49 89 1234567' }),
    entity({ label: 'PER', number: 2, placeholder: 'PER-2', original: 'Xaver' }),
    entity({ label: 'DATE', number: 1, placeholder: 'October 18, 2023', original: 'March 3, 2024' }),
    entity({ label: 'DATE', number: 2, placeholder: '27.10.2023', original: '12.03.2024' }),
  ];
  return v;
}

/** Every way of cutting `text` in two, and a few in many pieces: each must give what the whole text gives. */
async function streamed(vault: Vault, chunks: string[]): Promise<{ text: string; report: unknown }> {
  const stream = new RestoreStream(vault);
  return { text: await streamThrough(stream, chunks), report: await stream.report };
}

describe('restore: the labels style', () => {
  const vault = labelsVault();
  it.each([
    ['PER-1 wrote.', 'Anna Schmidt wrote.'],
    ['per-1 wrote.', 'Anna Schmidt wrote.'],
    ['PER 1 wrote.', 'Anna Schmidt wrote.'],
    ['PER_1 wrote.', 'Anna Schmidt wrote.'],
    ['PER\\-1 wrote.', 'Anna Schmidt wrote.'],
    ['PER – 1 wrote.', 'Anna Schmidt wrote.'],
    ['**PER-1** wrote.', '**Anna Schmidt** wrote.'],
    ['`PER-1` wrote.', '`Anna Schmidt` wrote.'],
    [
      '[PER-1] and (PER-2) and "ORG-1" and «PER-1» and <PER-1>',
      '[Anna Schmidt] and (Jörg O\'Neill) and "Müller & Söhne GmbH" and «Anna Schmidt» and <Anna Schmidt>',
    ],
    ["PER-1's letter and PER-1s Brief and PER-1’s", "Anna Schmidt's letter and Anna Schmidts Brief and Anna Schmidt’s"],
    ['PER-10 is not PER-1.', 'Zehn Zehner is not Anna Schmidt.'],
    ['Schreiben Sie PER-1 an MAIL-1.', 'Schreiben Sie Anna Schmidt an anna@schmidt.de.'],
  ])('%s', (answer, expected) => {
    expect(restoreText(vault, answer).text).toBe(expected);
  });

  it('never restores what the vault does not hold, and says so', () => {
    const { text, report } = restoreText(vault, 'PER-9 and ORG-2 cost 3 € per 1 kg; Per 1; SUPER-1; PER-12a; PER-1 ok');
    expect(text).toBe('PER-9 and ORG-2 cost 3 € per 1 kg; Per 1; SUPER-1; PER-12a; Anna Schmidt ok');
    expect(report.unknown).toEqual([
      { text: 'PER-9', count: 1 },
      { text: 'ORG-2', count: 1 },
    ]);
    expect(report.restored).toEqual([{ placeholder: 'PER-1', label: 'PER', count: 1, variants: ['PER-1'] }]);
  });

  it('escapes the original as the JSON string or the HTML around it is escaped', () => {
    expect(restoreText(vault, '{"to": "PER-2", "org": "ORG-1"}').text).toBe('{"to": "Jörg O\'Neill", "org": "Müller & Söhne GmbH"}');
    expect(restoreText(vault, '{"note": "f\\u00fcr PER-2"}').text).toBe('{"note": "f\\u00fcr J\\u00f6rg O\'Neill"}');
    expect(restoreText(vault, '<p>Dear PER-2 of ORG-1</p>').text).toBe('<p>Dear Jörg O&#39;Neill of Müller &amp; Söhne GmbH</p>');
    expect(restoreText(vault, 'He said "PER-2" twice.').text).toBe('He said "Jörg O\'Neill" twice.');
  });

  it('restores after markdown emphasis and after a JSON escape ending in a letter, never after a word', async () => {
    const cases: Array<[string, string]> = [
      ['_PER-1_ and __ORG-1__ wrote', '_Anna Schmidt_ and __Müller & Söhne GmbH__ wrote'],
      ['{"body": "Hi\\nPER-1,\\n\\tPER-2\\r\\nok"}', '{"body": "Hi\\nAnna Schmidt,\\n\\tJörg O\'Neill\\r\\nok"}'],
      ['{"body": "\\u201ePER-1\\u201c f\\u00fcr"}', '{"body": "\\u201eAnna Schmidt\\u201c f\\u00fcr"}'],
      ['x_PER-1 PER-1_x \\\\nPER-1 \\u00fcPER-1 snake_PER_1', 'x_PER-1 PER-1_x \\\\nPER-1 \\u00fcPER-1 snake_PER_1'],
    ];
    for (const [answer, expected] of cases) {
      expect(restoreText(vault, answer).text).toBe(expected);
      for (let at = 1; at < answer.length; at++)
        expect((await streamed(vault, [answer.slice(0, at), answer.slice(at)])).text, `cut at ${at}`).toBe(expected);
    }
  });

  it('a word of a surrogate standing for no word of the original (`und` for `&`) is never restored alone', () => {
    const v = emptyVault('surrogates');
    v.entities = [entity({ label: 'ORG', number: 1, placeholder: 'Eckkamp und Partner GmbH', original: 'Oberkamp & Partner GmbH' })];
    expect(restoreText(v, 'Eckkamp und Partner GmbH und Eckkamp, Max und Moritz').text).toBe(
      'Oberkamp & Partner GmbH und Oberkamp, Max und Moritz',
    );
  });

  it('reports a placeholder cut off at the end', () => {
    expect(restoreText(vault, 'Regards, PER-').report.unplaced).toEqual([{ text: 'PER-', reason: 'incomplete', count: 1 }]);
  });
});

describe('restore: the surrogates style', () => {
  const vault = surrogatesVault();
  it.each([
    ['Julia Becker wrote.', 'Anna Schmidt wrote.'],
    ['Dear Frau Becker,', 'Dear Frau Schmidt,'],
    ['Dear Ms Becker,', 'Dear Ms Schmidt,'],
    ['Julia will call.', 'Anna will call.'],
    ["Beckers Antrag and Becker's file", "Schmidts Antrag and Schmidt's file"],
    ['JULIA BECKER', 'ANNA SCHMIDT'],
    ['Julia\nBecker in Lingen', 'Anna\nSchmidt in München'],
    ['Call +49 30 5550123.', 'Call +49 89 1234567.'],
    ['PER-2 met Julia Becker', 'Xaver met Anna Schmidt'],
    ['Beckerstraße and Lingenfeld stay', 'Beckerstraße and Lingenfeld stay'],
    ['Am 18. Oktober 2023 (2023-10-18) und am 27. Oktober 2023', 'Am 3. März 2024 (2024-03-03) und am 12. März 2024'],
    ['on October 27, 2023, not October 28, 2023', 'on March 12, 2024, not October 28, 2023'],
  ])('%s', (answer, expected) => {
    expect(restoreText(vault, answer).text).toBe(expected);
  });
});

describe('restore: streamed', () => {
  const answers: Array<[Vault, string]> = [
    [labelsVault(), 'Dear PER-1, **ORG-1** wrote to per_1 and PER 10 (PER-10s) about MAIL-1; PER-9. PER-'],
    [labelsVault(), '{"name": "PER-2", "x": "f\\u00fcr ORG-1"} <b>PER-2</b>'],
    [surrogatesVault(), 'Julia Becker, Frau Becker und Beckers Akte in Lingen; JULIA BECKER ruft +49 30 5550123 an. PER-2'],
  ];
  it.each(answers)("split at every offset, and into single characters, gives the whole answer's restore (%#)", async (vault, answer) => {
    const whole = restoreText(vault, answer);
    for (let k = 0; k <= answer.length; k++) {
      const cut = await streamed(vault, [answer.slice(0, k), answer.slice(k)]);
      expect(cut.text, `cut at ${k}`).toBe(whole.text);
      expect(cut.report).toEqual(whole.report);
    }
    expect((await streamed(vault, [...answer])).text).toBe(whole.text);
  });

  it("passes on what a chunk completes at once, holding back only a placeholder's beginning", async () => {
    const stream = new RestoreStream(labelsVault());
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    void writer.write('Hello PER-1, how is P');
    expect((await reader.read()).value).toBe('Hello Anna Schmidt, how is ');
    void writer.write('ER-2 today');
    expect((await reader.read()).value).toBe("Jörg O'Neill today");
    void writer.close();
    expect((await reader.read()).done).toBe(true);
  });
});
