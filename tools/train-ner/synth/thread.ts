/**
 * E-mail threads: the newest message with a full signature, then one or two earlier messages quoted below it, either
 * Gmail-style ("Am … schrieb … <…>:" with "> " prefixes) or Outlook-style ("-----Original Message-----" header
 * block). Names, addresses and numbers recur across the quoted messages, as they do in real threads.
 */
import { block } from './case-style.js';
import type { Frame } from './frame.js';
import type { Ctx, Out } from './render.js';
import { DE_SUBJECTS } from './sentences-de.js';
import { EN_SUBJECTS } from './sentences-en.js';

/** Prefixes every line of `out` with `depth` quote marks; entity pieces never contain line breaks. */
function quote(out: Out, depth: number): Out {
  const mark = '> '.repeat(depth);
  return [mark, ...out.map((p) => (typeof p === 'string' ? p.replace(/\n/gu, `\n${mark}`) : p))];
}

const time = (ctx: Ctx) => `${ctx.rng.int(7, 22)}:${String(ctx.rng.int(0, 59)).padStart(2, '0')}`;

/** Company footer under a signature: address line and, in German mails, the legally required register details. */
function footer(ctx: Ctx): Out {
  const r = ctx.rng;
  const out: Out = ['\n', ...ctx.render('{org}'), '\n', ...ctx.render('{str}, {loc}')];
  if (r.chance(0.5)) out.push('\n', ...ctx.render(ctx.lang === 'de' ? 'Tel. {tel} · Fax {tel}' : 'T {tel} | www.example.com'));
  if (ctx.lang === 'de' && r.chance(0.5))
    out.push('\n', 'Geschäftsführer: ', ...ctx.render('{C.full}'), ' · ', { text: `HRB ${r.int(1000, 99999)}`, label: 'OTH' });
  return block(ctx, out);
}

/** One message body from person `from` to person `to` (keys of the document's people). */
function message(f: Frame, ctx: Ctx, from: 'A' | 'B', to: 'A' | 'B', signed: boolean): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const addressee = ctx.person(to);
  const greeting: Out = r.chance(0.7)
    ? [
        r.pick(de ? ['Hallo ', 'Hi ', addressee.female ? 'Liebe ' : 'Lieber '] : ['Hi ', 'Dear ', 'Hello ']),
        { text: addressee.first, label: 'PER' },
        ',',
      ]
    : [r.pick(de ? ['Guten Tag,', 'Liebe Kolleginnen und Kollegen,'] : ['Hello,', 'Hi all,'])];
  const out: Out = [
    ...greeting,
    '\n\n',
    ...f.sentences(ctx, r.pick(['general', 'employment', 'invoice', 'tenancy', 'insurance'] as const), r.int(1, 4)),
    '\n\n',
    r.pick(de ? ['Viele Grüße', 'Beste Grüße', 'VG'] : ['Thanks', 'Best', 'Kind regards']),
    '\n',
  ];
  if (signed) out.push(...f.signature(ctx, from));
  else out.push({ text: ctx.person(from).first, label: 'PER' });
  return out;
}

export function emailThread(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const a = ctx.person('A');
  const b = ctx.person('B');
  const subject = ctx.render(r.pick(de ? DE_SUBJECTS : EN_SUBJECTS));
  const re = de ? r.pick(['AW: ', 'Re: ', 'WG: ']) : r.pick(['Re: ', 'RE: ', 'Fwd: ']);
  const out: Out = [
    de ? 'Von: ' : 'From: ',
    { text: `${a.first} ${a.last}`, label: 'PER' },
    ' <',
    { text: a.mail, label: 'MAIL' },
    '>\n',
    de ? 'An: ' : 'To: ',
    { text: b.mail, label: 'MAIL' },
    '\n',
    de ? 'Betreff: ' : 'Subject: ',
    re,
    ...subject,
    '\n\n',
    ...message(f, ctx, 'A', 'B', true),
  ];
  if (r.chance(0.6)) out.push(...footer(ctx));
  const earlier = r.int(1, 2);
  const outlook = r.chance(0.4);
  for (let i = 1; i <= earlier; i++) {
    const [fromKey, toKey] = i % 2 === 1 ? (['B', 'A'] as const) : (['A', 'B'] as const);
    const [from, to] = [ctx.person(fromKey), ctx.person(toKey)];
    const body = message(f, ctx, fromKey, toKey, r.chance(0.5));
    out.push('\n\n');
    if (outlook) {
      out.push(
        de ? '-----Ursprüngliche Nachricht-----\nVon: ' : '-----Original Message-----\nFrom: ',
        { text: `${from.first} ${from.last}`, label: 'PER' },
        ' <',
        { text: from.mail, label: 'MAIL' },
        '>\n',
      );
      out.push(
        de ? 'Gesendet: ' : 'Sent: ',
        ...ctx.render('{weekday}, {date}'),
        ` ${time(ctx)}\n`,
        de ? 'An: ' : 'To: ',
        { text: `${to.first} ${to.last}`, label: 'PER' },
        '\n',
      );
      out.push(de ? 'Betreff: ' : 'Subject: ', ...subject, '\n\n', ...body);
    } else {
      const intro: Out = de
        ? [
            'Am ',
            ...ctx.render('{date}'),
            ` um ${time(ctx)} schrieb `,
            { text: `${from.first} ${from.last}`, label: 'PER' },
            ' <',
            { text: from.mail, label: 'MAIL' },
            '>:',
          ]
        : [
            'On ',
            ...ctx.render('{weekday}, {date}'),
            ` at ${time(ctx)}, `,
            { text: `${from.first} ${from.last}`, label: 'PER' },
            ' <',
            { text: from.mail, label: 'MAIL' },
            '> wrote:',
          ];
      out.push(...quote(intro, i - 1), '\n', ...quote(body, i));
    }
  }
  return out;
}
