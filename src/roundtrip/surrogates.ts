// TEMPORARY STUB until the surrogates branch merges (same signature): do not build on its values.
import type { TextLabelName } from '../spec/types.js';
export type SurrogateLocale = 'de' | 'en';
export interface SurrogateContext {
  random: () => number;
  locale: SurrogateLocale;
  taken: ReadonlySet<string>;
  dateShiftDays: number;
}
const GIVEN = ['Julia', 'Karl', 'Lena', 'Paul', 'Mia', 'Tom', 'Eva', 'Jan'];
const FAMILY = ['Becker', 'Wagner', 'Brandt', 'Vogel', 'Kraft', 'Lorenz', 'Seidel', 'Hahn'];
export function surrogateFor(label: TextLabelName, original: string, ctx: SurrogateContext): string | null {
  const pick = (list: string[]) => {
    for (let i = 0; i < 50; i++) {
      const w = list[Math.floor(ctx.random() * list.length)]!;
      if (!ctx.taken.has(w.toLowerCase())) return w;
    }
    return null;
  };
  const words = original.split(/\s+/u);
  if (label === 'PER' || label === 'ORG' || label === 'LOC') {
    const out = words.map((w, i) => (/^\p{L}\.$/u.test(w) ? 'K.' : i === words.length - 1 ? pick(FAMILY) : pick(GIVEN)));
    return out.some((w) => w === null) ? null : out.join(' ');
  }
  if (label === 'TEL' || label === 'OTH') return original.replace(/\d/gu, () => String(Math.floor(ctx.random() * 10)));
  if (label === 'MAIL') return `${pick(GIVEN)!.toLowerCase()}@example.org`;
  return null;
}
