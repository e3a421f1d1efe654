/**
 * Support tickets: a header with ticket number, reporter (name, user name or handle, mail), customer number and
 * assignee, then a timeline of comments by customer and agents. Ticket numbers, user names, handles and IP
 * addresses are OTH (labels.md); "#" and field labels stay outside the spans.
 */
import { heading } from './case-style.js';
import type { Frame } from './frame.js';
import type { Lang } from './lexicon.js';
import type { Ctx, DocPerson, Out } from './render.js';

const COMMENTS: Record<Lang, string[]> = {
  de: [
    'Seit dem {date} kann ich mich nicht mehr in mein Kundenkonto einloggen, die Fehlermeldung lautet "Zugang gesperrt".',
    'Die Lieferung an {A.addr} ist laut Sendungsverfolgung zugestellt, bei mir aber nie angekommen.',
    'Bitte ändern Sie meine Rechnungsanschrift auf {str}, {loc}.',
    'Ich habe den Betrag am {date} von meinem Konto IBAN {iban} überwiesen, die Mahnung kam trotzdem.',
    'Können Sie mich bitte unter {A.tel} zurückrufen? Ich bin ab {time} erreichbar.',
    'Vielen Dank, {A.first}, ich habe die Sperre aufgehoben und ein neues Passwort an {A.mail} geschickt.',
    'Ich habe das Ticket an {C.full} aus dem Team Abrechnung weitergegeben.',
    'Die Kollegin {C.last} meldet sich bis {weekday} bei Ihnen.',
    'Die Bestellung vom {date} wurde storniert, die Gutschrift erhalten Sie in den nächsten Tagen.',
    'Der Techniker von {org2} kommt am {date} zwischen 8 und 12 Uhr vorbei.',
    'Mein Kollege {B.first} hat das Problem auf dem Testsystem nachgestellt.',
    'Leider besteht das Problem weiterhin, auch nach dem Update vom {date}.',
  ],
  en: [
    'I have been locked out of my account since {date}; the error says "access denied".',
    'Tracking shows the parcel was delivered to {A.addr}, but it never arrived.',
    'Please update my billing address to {str}, {loc}.',
    'I paid the invoice on {date} from account {iban} and still received a reminder.',
    'Could you call me back on {A.tel}? I am available after {time}.',
    'Thanks {A.first}, I have unlocked the account and sent a reset link to {A.mail}.',
    'I have passed this on to {C.full} in our billing team.',
    'My colleague {C.first} will get back to you by {weekday}.',
    'Your order from {date} has been cancelled and the refund is on its way.',
    'An engineer from {org2} will visit on {date} between 8am and noon.',
    '{B.first} from second-line support reproduced the issue on staging.',
    'The problem persists after the update on {date}.',
  ],
};

/** Ticket numbers in common help-desk styles (OTH), with the "#" printed outside. */
function ticketNumber(ctx: Ctx): { hash: boolean; id: string } {
  const r = ctx.rng;
  return r.weighted<{ hash: boolean; id: string }>([
    [2, { hash: true, id: r.digits(r.int(5, 7)) }],
    [2, { hash: false, id: `INC${r.digits(7)}` }],
    [1, { hash: false, id: `TCK-${r.int(2019, 2026)}-${r.digits(5)}` }],
    [1, { hash: true, id: `${r.pick(['SUP', 'HD', 'CS', 'IT'])}-${r.int(100, 99999)}` }],
  ]);
}

export function supportTicket(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const a = ctx.person('A');
  const agent = ctx.person('B');
  const t = ticketNumber(ctx);
  const id: Out = [t.hash ? '#' : '', { text: t.id, label: 'OTH' }];
  const handle = (p: DocPerson): Out => {
    const h = ctx.lex.handle(p);
    return r.chance(0.4) ? ['@', { text: h, label: 'OTH' }] : [{ text: h, label: 'OTH' }];
  };
  const out: Out = [
    ...heading(ctx, [
      '[Ticket ',
      ...id,
      '] ',
      r.pick(
        de
          ? ['Login nicht möglich', 'Lieferung fehlt', 'Falsche Rechnung', 'Adressänderung']
          : ['Cannot log in', 'Missing delivery', 'Wrong invoice', 'Change of address'],
      ),
    ]),
    '\n',
    `Status: ${r.pick(de ? ['Offen', 'In Bearbeitung', 'Wartet auf Kunde', 'Gelöst'] : ['Open', 'In progress', 'Pending customer', 'Resolved'])}`,
    `   ${de ? 'Priorität' : 'Priority'}: ${r.pick(de ? ['niedrig', 'normal', 'hoch'] : ['low', 'normal', 'high'])}\n`,
  ];
  const reporter: Out = r.chance(0.6)
    ? [{ text: `${a.first} ${a.last}`, label: 'PER' }, ' (', ...handle(a), ')']
    : [...handle(a), ' <', { text: a.mail, label: 'MAIL' }, '>'];
  out.push(de ? 'Erstellt von: ' : 'Reported by: ', ...reporter, '\n');
  out.push(de ? 'Erstellt am: ' : 'Created: ', ...ctx.render('{docdate}'), ` ${r.int(7, 22)}:${String(r.int(0, 59)).padStart(2, '0')}\n`);
  if (r.chance(0.6)) out.push(de ? 'Kundennummer: ' : 'Customer ID: ', ...ctx.render('{no}'), '\n');
  if (r.chance(0.3)) out.push(de ? 'Firma: ' : 'Company: ', ...ctx.render('{org}'), '\n');
  if (r.chance(0.25))
    out.push('IP: ', { text: `${r.int(10, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`, label: 'OTH' }, '\n');
  out.push(
    de ? 'Zugewiesen an: ' : 'Assignee: ',
    ...(r.chance(0.5) ? handle(agent) : [{ text: `${agent.first} ${agent.last}`, label: 'PER' as const }]),
    '\n',
  );
  const used = new Set<string>();
  for (let i = r.int(2, 5); i > 0; i--) used.add(f.pattern(r, COMMENTS[f.lang]));
  [...used].forEach((pat, i) => {
    const author = i % 2 === 0 ? a : agent;
    out.push('\n', '— ', ...ctx.render('{date}'), ` ${r.int(7, 22)}:${String(r.int(0, 59)).padStart(2, '0')}, `);
    out.push(
      { text: r.chance(0.5) ? author.first : `${author.first} ${author.last}`, label: 'PER' },
      author === agent ? ' (Support)' : '',
      ':\n',
    );
    out.push(...ctx.render(pat));
  });
  if (r.chance(0.3)) out.push('\n\n', ...f.signature(ctx, 'B'));
  return out;
}
