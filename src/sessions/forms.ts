/*
 * A form of an entity in its surrogate's words: the session gives `Anna Schmidt` the surrogate `Julia Becker` once,
 * and every later form of her (`Schmidt`, `A. Schmidt`, `Schmidts`, `SCHMIDT`) the same words of the surrogate
 * (`Becker`, `J. Becker`, `Beckers`, `BECKER`), so the model reads one person and restore finds each form again.
 * The surrogate generator keeps the original's word count and the role of each word, which is what makes this a
 * matter of aligning words.
 */

const ENDINGS = ["'s", '\u2019s', 's'] as const;

/** `word` as a word of `original` (equal but for case, or the initial of it), with a genitive ending split off. */
function alignWord(word: string, original: string): { ending: string } | null {
  const w = word.toLowerCase();
  const o = original.toLowerCase();
  if (w === o) return { ending: '' };
  if (/^\p{L}\.$/u.test(word) && o.startsWith(w[0]!)) return { ending: '' };
  for (const e of ENDINGS) if (w === o + e) return { ending: word.slice(word.length - e.length) };
  return null;
}

/** A surrogate word put in the shape of the form's word: an initial for an initial, capitals for capitals. */
function shaped(word: string, fake: string): string {
  if (/^\p{L}\.$/u.test(word)) return `${fake[0]!.toUpperCase()}.`;
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase()) return fake.toUpperCase();
  if (letters !== '' && letters === letters.toLowerCase()) return fake.toLowerCase();
  return fake;
}

/**
 * The replacement of `form` given the entity's fullest `original` and its `surrogate`: the surrogate's words at the
 * places the form's words stand in the original, or null when the form is no run of the original's words.
 */
export function surrogateForm(form: string, original: string, surrogate: string): string | null {
  const words = form.trim().split(/\s+/u);
  const real = original.trim().split(/\s+/u);
  const fake = surrogate.trim().split(/\s+/u);
  if (real.length !== fake.length) return form.trim().toLowerCase() === original.trim().toLowerCase() ? surrogate : null;
  const strip = (s: string) => s.replace(/,$/u, '');
  for (let at = 0; at + words.length <= real.length; at++) {
    const out: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = strip(words[i]!);
      const aligned = alignWord(word, strip(real[at + i]!));
      if (!aligned) break;
      const comma = words[i]!.endsWith(',') ? ',' : '';
      out.push(shaped(word.slice(0, word.length - aligned.ending.length), strip(fake[at + i]!)) + aligned.ending + comma);
    }
    if (out.length === words.length) return out.join(' ');
  }
  return null;
}
