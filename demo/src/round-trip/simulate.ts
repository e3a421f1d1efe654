// "Simulate a streamed answer": a model's answer made on the page from the pseudonymized prompt itself (no model, no
// request), naming each placeholder of the turn as models write them (`per-1`, `**PER-1**`, `PER-1's`, `PER 1`, a
// surrogate in capitals or by its surname alone) and one placeholder the prompt never had; then cut into random
// chunks and streamed with a visible delay, as an LLM's server-sent events arrive.
import type { PseudonymizedText, TextLabelName } from '../../../src/browser.ts';
import type { Vault, VaultEntity } from '../../../src/roundtrip/vault.ts';

export type AnswerLanguage = 'de' | 'en';

const LINES: Record<AnswerLanguage, Record<TextLabelName, (x: string) => string>> = {
  en: {
    PER: (x) => `${x} is the person concerned.`,
    ORG: (x) => `The matter concerns ${x}.`,
    LOC: (x) => `The place is ${x}.`,
    STR: (x) => `The address is ${x}.`,
    MAIL: (x) => `Replies go to ${x}.`,
    TEL: (x) => `The phone number is ${x}.`,
    DATE: (x) => `The date noted is ${x}.`,
    OTH: (x) => `The reference is ${x}.`,
  },
  de: {
    PER: (x) => `${x} ist die betroffene Person.`,
    ORG: (x) => `Es geht um ${x}.`,
    LOC: (x) => `Der Ort ist ${x}.`,
    STR: (x) => `Die Anschrift lautet ${x}.`,
    MAIL: (x) => `Antworten gehen an ${x}.`,
    TEL: (x) => `Die Telefonnummer ist ${x}.`,
    DATE: (x) => `Das genannte Datum ist der ${x}.`,
    OTH: (x) => `Das Aktenzeichen lautet ${x}.`,
  },
};

const FRAME: Record<
  AnswerLanguage,
  {
    hello: (x: string | null) => string;
    intro: string;
    file: (poss: string) => string;
    copy: (x: string) => string;
    none: string;
    bye: string;
  }
> = {
  en: {
    hello: (x) => (x ? `Dear ${x},` : 'Hello,'),
    intro: 'thank you for your message. Here is what I understood:',
    file: (poss) => `I have updated ${poss} file and will get back to you shortly.`,
    copy: (x) => `I have also copied in ${x}.`,
    none: 'thank you for your message. It names nobody and no personal details.',
    bye: 'Best regards',
  },
  de: {
    hello: (x) => (x ? `Guten Tag ${x},` : 'Guten Tag,'),
    intro: 'vielen Dank für Ihre Nachricht. Das habe ich verstanden:',
    file: (poss) => `Ich habe ${poss} Akte aktualisiert und melde mich in Kürze.`,
    copy: (x) => `In Kopie geht die Antwort an ${x}.`,
    none: 'vielen Dank für Ihre Nachricht. Sie nennt niemanden und keine persönlichen Daten.',
    bye: 'Mit freundlichen Grüßen',
  },
};

const isLabelPlaceholder = (s: string) => /^[A-Z]+-\d+$/u.test(s);

/** A placeholder as a model may write it: the `n`th of a few spellings that restore must still recognize. */
export function mangled(placeholder: string, n: number): string {
  if (isLabelPlaceholder(placeholder)) {
    const spellings = [
      placeholder,
      `**${placeholder}**`,
      placeholder.replace('-', ' '),
      `\`${placeholder}\``,
      placeholder.replace('-', '\\-'),
    ];
    return spellings[n % spellings.length]!;
  }
  const words = placeholder.split(/\s+/u);
  const spellings = [placeholder, `**${placeholder}**`, placeholder.toUpperCase(), words.length > 1 ? words.at(-1)! : placeholder];
  return spellings[n % spellings.length]!;
}

/** The possessive a model writes onto a name (`PER-1's`, German `PER-1s`). */
const possessive = (x: string, language: AnswerLanguage) => (language === 'en' ? `${x}'s` : `${x}s`);

/** The vault's entities a turn named, in the order the prompt first named them. */
export function entitiesOfTurn(result: PseudonymizedText, vault: Vault): VaultEntity[] {
  const out: VaultEntity[] = [];
  for (const d of result.detection.detections) {
    const entity = vault.entities.find(
      (e) =>
        e.label === d.label &&
        (e.placeholder === d.pseudonym || e.forms.some((f) => f.original === d.text && f.replacement === d.pseudonym)),
    );
    if (entity && !out.includes(entity)) out.push(entity);
  }
  return out;
}

/** The answer a model might give to the pseudonymized prompt: it sees only placeholders and writes them back mangled. */
export function simulatedAnswer(result: PseudonymizedText, vault: Vault, language: AnswerLanguage): string {
  const frame = FRAME[language];
  const entities = entitiesOfTurn(result, vault);
  if (entities.length === 0) return `${frame.hello(null)}\n\n${frame.none}\n\n${frame.bye}`;
  const person = entities.find((e) => e.label === 'PER') ?? null;
  const lines = entities.map((e, i) => `- ${LINES[language][e.label](mangled(e.placeholder, i))}`);
  const closing: string[] = [];
  if (person) closing.push(frame.file(possessive(person.placeholder, language)));
  if (vault.style === 'labels') {
    // A placeholder the prompt never had: models invent them; restore leaves it as written and reports it.
    const next = Math.max(0, ...vault.entities.filter((e) => e.label === 'PER').map((e) => e.number)) + 6;
    closing.push(frame.copy(`PER-${next}`));
  }
  const hello = frame.hello(person ? person.placeholder.toLowerCase() : null);
  return [hello, '', frame.intro, '', ...lines, '', closing.join(' '), '', frame.bye].join('\n').replace(/\n{3,}/gu, '\n\n');
}

/** `text` cut into chunks of 1 to `max` characters at random (a placeholder is often cut in two). */
export function randomChunks(text: string, random: () => number = Math.random, max = 9): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    const size = 1 + Math.floor(random() * max);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/**
 * The chunks as a stream, one every `delayMs()` milliseconds; `onChunk` sees each as it is sent (the page shows the
 * raw answer growing). Cancelled by `signal`.
 */
export function streamOf(
  chunks: readonly string[],
  options: { delayMs: () => number; onChunk?: (chunk: string) => void; signal?: AbortSignal },
): ReadableStream<string> {
  let next = 0;
  return new ReadableStream<string>({
    async pull(controller) {
      if (next >= chunks.length) {
        controller.close();
        return;
      }
      await new Promise<void>((resolve) => setTimeout(resolve, options.delayMs()));
      if (options.signal?.aborted) {
        controller.error(options.signal.reason);
        return;
      }
      const chunk = chunks[next++]!;
      options.onChunk?.(chunk);
      controller.enqueue(chunk);
    },
  });
}
