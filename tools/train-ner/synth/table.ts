/**
 * Tables of people: participant, member, tenant or contact lists with a name column and some of street, postcode +
 * city, phone, birth date, e-mail and customer number, as pipe (Markdown), tab-separated, semicolon (CSV) or
 * space-aligned text, the way they come out of spreadsheets and PDF extraction. One span per cell.
 */
import { heading } from './case-style.js';
import type { Piece } from './core.js';
import type { Frame } from './frame.js';
import type { Ctx, DocPerson, Out } from './render.js';

type Column = 'name' | 'street' | 'place' | 'phone' | 'dob' | 'mail' | 'number';

const HEADERS: Record<Column, [string, string]> = {
  name: ['Name', 'Name'],
  street: ['Straße', 'Address'],
  place: ['PLZ/Ort', 'City'],
  phone: ['Telefon', 'Phone'],
  dob: ['Geburtsdatum', 'DOB'],
  mail: ['E-Mail', 'Email'],
  number: ['Kundennr.', 'Account'],
};

function cell(ctx: Ctx, p: DocPerson, c: Column): Piece {
  switch (c) {
    case 'name':
      return { text: ctx.rng.chance(0.4) ? `${p.last}, ${p.first}` : `${p.first} ${p.last}`, label: 'PER' };
    case 'street':
      return p.str;
    case 'place':
      return p.loc;
    case 'phone':
      return { text: p.tel, label: 'TEL' };
    case 'dob':
      return { text: p.dob, label: 'DATE' };
    case 'mail':
      return { text: p.mail, label: 'MAIL' };
    case 'number':
      return { text: ctx.lex.customerNumber(), label: 'OTH' };
  }
}

export function table(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const li = de ? 0 : 1;
  const cols: Column[] = ['name', ...r.shuffle<Column>(['street', 'place', 'phone', 'dob', 'mail', 'number']).slice(0, r.int(2, 4))];
  // Street before place, as in an address; the other columns in drawn order.
  const [s, p] = [cols.indexOf('street'), cols.indexOf('place')];
  if (s > p && p >= 0) [cols[s], cols[p]] = ['place', 'street'];
  const rows: Piece[][] = [cols.map((c) => ({ text: HEADERS[c][li] }))];
  for (let i = r.int(3, 12); i > 0; i--) {
    const p = ctx.person(`row${i}`);
    rows.push(cols.map((c) => cell(ctx, p, c)));
  }
  const format = r.pick(['pipe', 'tab', 'csv', 'aligned'] as const);
  const widths = cols.map((_, j) => Math.max(...rows.map((row) => (row[j] as Piece).text.length)));
  const out: Out = [];
  if (r.chance(0.7)) {
    const title = r.pick(
      de
        ? ['Teilnehmerliste', 'Mitgliederliste', 'Mieterliste', 'Kontaktliste', 'Adressliste']
        : ['Attendee list', 'Member directory', 'Tenant list', 'Contact list', 'Address list'],
    );
    out.push(
      ...heading(ctx, [title]),
      ...(r.chance(0.5) ? [' ', ...ctx.render(de ? '(Stand: {docdate})' : '(as of {docdate})')] : []),
      '\n\n',
    );
  }
  rows.forEach((row, i) => {
    if (format === 'pipe') {
      out.push('| ', ...row.flatMap((p, j) => [j > 0 ? ' | ' : '', p]), ' |\n');
      if (i === 0) out.push(`|${cols.map(() => '---').join('|')}|\n`);
    } else if (format === 'aligned') {
      // Pad after each cell so that columns line up; the padding is outside every span.
      out.push(...row.flatMap((p, j) => [p, j < row.length - 1 ? ' '.repeat((widths[j] as number) - p.text.length + 2) : '']), '\n');
    } else out.push(...row.flatMap((p, j) => [j > 0 ? (format === 'tab' ? '\t' : ';') : '', p]), '\n');
  });
  if (r.chance(0.3)) out.push('\n', ...f.sentences(ctx, 'general', 1));
  return out;
}
