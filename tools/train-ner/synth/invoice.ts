/**
 * Invoices: seller letterhead with register and VAT numbers, buyer block (a person or a company for the attention of
 * a person), invoice and customer numbers, line items with amounts (not PII), payment terms with IBAN. Register,
 * VAT, tax, invoice, customer and account numbers are OTH; the register court is ORG.
 */
import { block, heading } from './case-style.js';
import type { Frame } from './frame.js';
import type { Lang } from './lexicon.js';
import type { Ctx, Out } from './render.js';

const ITEMS: Record<Lang, string[]> = {
  de: [
    'Wartung Heizungsanlage',
    'Beratung (Std.)',
    'Versandkosten',
    'Montage Küche',
    'Fahrtkosten',
    'Softwarelizenz (12 Monate)',
    'Reinigung Treppenhaus',
    'Ersatzteil Pumpe',
  ],
  en: [
    'Boiler service',
    'Consultancy (hours)',
    'Delivery',
    'Kitchen fitting',
    'Call-out charge',
    'Software licence (12 months)',
    'Window cleaning',
    'Replacement part',
  ],
};

const TERMS: Record<Lang, string[]> = {
  de: [
    'Bitte überweisen Sie den Rechnungsbetrag bis zum {date} auf das unten genannte Konto.',
    'Der Betrag wird am {date} von Ihrem Konto IBAN {iban} abgebucht.',
    'Zahlbar innerhalb von 14 Tagen ohne Abzug an {bank}, IBAN {iban}.',
    'Bei Rückfragen zu dieser Rechnung erreichen Sie {B.ref} unter {B.tel}.',
    'Die Leistung wurde am {date} in der {A.str}, {A.loc} erbracht.',
    'Bitte geben Sie bei der Zahlung Ihre Kundennummer {no} an.',
    'Vielen Dank für Ihren Auftrag vom {date}.',
    'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  ],
  en: [
    'Please pay the balance by {date} to the account below.',
    'The amount will be collected by Direct Debit from account {iban} on {date}.',
    'Payment due within 30 days to {bank}, IBAN {iban}.',
    'Queries about this invoice: {B.ref}, {B.tel}.',
    'Work carried out on {date} at {A.str}, {A.loc}.',
    'Please quote your account number {no} with your payment.',
    'Thank you for your order of {date}.',
    'Late payments may incur interest under the Late Payment of Commercial Debts (Interest) Act 1998.',
  ],
};

/** Seller identifiers: VAT id, tax or company number, register court (DE). */
function sellerIds(ctx: Ctx): Out {
  const r = ctx.rng;
  if (ctx.lang === 'de') {
    const out: Out = ['USt-IdNr.: ', { text: `DE${r.digits(9)}`, label: 'OTH' }];
    if (r.chance(0.5)) out.push(' · Steuernr.: ', { text: `${r.digits(2)}/${r.digits(3)}/${r.digits(5)}`, label: 'OTH' });
    if (r.chance(0.6))
      out.push('\n', { text: `Amtsgericht ${ctx.lex.city('de')}`, label: 'ORG' }, ', ', { text: `HRB ${r.int(100, 99999)}`, label: 'OTH' });
    return out;
  }
  const vat = r.chance(0.7) ? `GB ${r.digits(3)} ${r.digits(4)} ${r.digits(2)}` : `GB${r.digits(9)}`;
  return ['VAT Reg. No. ', { text: vat, label: 'OTH' }, ' · Company No. ', { text: r.digits(8), label: 'OTH' }];
}

export function invoice(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const out: Out = [...block(ctx, ctx.render('{org}\n{str}\n{loc}'))];
  if (r.chance(0.6)) out.push('\n', ...ctx.render(r.chance(0.5) ? 'Tel. {tel}' : de ? 'E-Mail: {mail}' : 'Email: {mail}'));
  out.push('\n\n');
  // Buyer: a private customer, or a company for the attention of a person.
  if (r.chance(0.6)) out.push(...block(ctx, ctx.addressBlock(ctx.person('A'))));
  else out.push(...block(ctx, ctx.render(de ? '{org2}\nz. Hd. {C.ref}\n{str}\n{loc}' : '{org2}\nFAO {C.full}\n{str}\n{loc}')));
  out.push('\n\n', ...heading(ctx, [de ? 'Rechnung' : r.pick(['Invoice', 'Tax invoice'])]), '\n\n');
  const meta: Out[] = [
    [de ? 'Rechnungsnummer: ' : 'Invoice no.: ', { text: ctx.lex.customerNumber(), label: 'OTH' }],
    [de ? 'Rechnungsdatum: ' : 'Invoice date: ', ...ctx.render('{docdate}')],
  ];
  if (r.chance(0.7)) meta.push([de ? 'Kundennummer: ' : 'Account no.: ', ...ctx.render('{no}')]);
  if (r.chance(0.5)) meta.push([de ? 'Leistungsdatum: ' : 'Date of supply: ', ...ctx.render('{date}')]);
  if (r.chance(0.3)) meta.push([de ? 'Ihre Bestellung: ' : 'Your PO: ', ...ctx.render('{no}')]);
  for (const m of meta) out.push(...m, '\n');
  out.push('\n', de ? 'Pos.  Beschreibung  Menge  Betrag' : 'Item  Description  Qty  Amount', '\n');
  const items = r.shuffle([...ITEMS[f.lang]]).slice(0, r.int(1, 4));
  items.forEach((item, i) => out.push(`${i + 1}  ${item}  ${r.int(1, 12)}  `, ...ctx.render('{amount}'), '\n'));
  out.push(de ? 'Gesamtbetrag: ' : 'Total due: ', ...ctx.render('{amount}'), '\n\n');
  const used = new Set<string>();
  for (let i = r.int(1, 3); i > 0; i--) used.add(f.pattern(r, TERMS[f.lang]));
  out.push(...[...used].flatMap((pat, i) => [i > 0 ? ' ' : '', ...ctx.render(pat)]), '\n\n');
  out.push(...ctx.render(de ? 'Bankverbindung: {bank} · IBAN {iban}' : 'Bank: {bank} · IBAN {iban}'), '\n', ...sellerIds(ctx));
  if (r.chance(0.5)) out.push('\n', de ? 'Geschäftsführer: ' : 'Director: ', ...ctx.render('{B.full}'));
  return out;
}
