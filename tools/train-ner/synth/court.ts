/**
 * Court decision excerpts: court, case number, parties with addresses and representatives, the bench, the operative
 * part and reasons from the shared court bank. Judicial titles ("Richterin am Amtsgericht", "District Judge") stay
 * outside PER; the court is ORG, the case number OTH.
 */
import { block, heading } from './case-style.js';
import type { Frame } from './frame.js';
import type { Ctx, DocPerson, Out } from './render.js';

/** Judicial titles by the judge's gender, with the accusative article ("durch die Richterin …, den Richter …"). */
const JUDGES_DE: Record<'f' | 'm', string[]> = {
  f: ['die Vorsitzende Richterin am Landgericht', 'die Richterin am Amtsgericht', 'die Richterin am Oberlandesgericht', 'die Richterin'],
  m: ['den Vorsitzenden Richter am Landgericht', 'den Richter am Amtsgericht', 'den Richter am Oberlandesgericht', 'den Richter'],
};
const JUDGES_EN: Record<'f' | 'm', string[]> = {
  f: ['Her Honour Judge', 'District Judge', 'Mrs Justice', 'Judge'],
  m: ['His Honour Judge', 'District Judge', 'Mr Justice', 'Judge'],
};

/** A party: a person with address, or a company with its managing director (person C, then not a party). */
function party(ctx: Ctx, p: DocPerson | null): Out {
  const de = ctx.lang === 'de';
  if (p) return [{ text: `${p.first} ${p.last}`, label: 'PER' }, ', ', ...ctx.addressLine(p)];
  return ctx.render(
    de ? '{org}, vertreten durch den Geschäftsführer {C.full}, {str}, {loc}' : '{org}, a company registered at {str}, {loc}',
  );
}

export function courtDecision(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const claimant = ctx.person('A');
  const defendant = r.chance(0.5) ? ctx.person('C') : null;
  const judges = ['B', 'D', 'E'].slice(0, r.int(1, 3)).map((k) => ctx.person(k));
  const judgeEn = r.pick(JUDGES_EN[ctx.person('B').female ? 'f' : 'm']);
  const out: Out = [...heading(ctx, ctx.render(de ? '{court}' : 'IN THE {court}')), '\n'];
  out.push(
    ...ctx.render(de ? r.pick(['Az.: {az}', 'Aktenzeichen: {az}', 'Geschäftsnummer: {az}']) : r.pick(['Case No: {az}', 'Claim No. {az}'])),
    '\n\n',
  );
  if (de) {
    out.push(...heading(ctx, [r.pick(['Im Namen des Volkes\n\nUrteil', 'Urteil', 'Beschluss'])]), '\n\n', 'In dem Rechtsstreit\n\n');
    out.push(...block(ctx, party(ctx, claimant)), '\n', claimant.female ? '– Klägerin –' : '– Kläger –', '\n\n');
    if (r.chance(0.6)) out.push('Prozessbevollmächtigte: ', ...ctx.render('Rechtsanwälte {org2}, {str}, {loc}'), '\n\n');
    out.push(
      'gegen\n\n',
      ...block(ctx, party(ctx, defendant)),
      '\n',
      defendant && !defendant.female ? '– Beklagter –' : '– Beklagte –',
      '\n\n',
    );
    out.push('hat das ', ...ctx.render('{court}'), ' durch ');
    judges.forEach((j, i) => {
      out.push(i === 0 ? '' : i === judges.length - 1 ? ' und ' : ', ', r.pick(JUDGES_DE[j.female ? 'f' : 'm']), ' ');
      out.push({ text: r.chance(0.5) ? `${j.first} ${j.last}` : j.last, label: 'PER' });
    });
    out.push(' auf die mündliche Verhandlung vom ', ...ctx.render('{date}'), ' für Recht erkannt:\n\n');
  } else {
    out.push(
      'BETWEEN:\n\n',
      ...block(ctx, party(ctx, claimant)),
      '\nClaimant\n\n- and -\n\n',
      ...block(ctx, party(ctx, defendant)),
      '\nDefendant\n\n',
    );
    out.push('Before: ', judgeEn, ' ', ...ctx.render(r.chance(0.5) ? '{B.full}' : '{B.last}'), '\n');
    out.push('Hearing date: ', ...ctx.render('{date}'), '\n', 'Judgment handed down: ', ...ctx.render('{docdate}'), '\n');
    if (r.chance(0.6)) out.push(...ctx.render('{D.ref} (instructed by {org2}) for the Claimant'), '\n');
    out.push('\n', ...heading(ctx, ['JUDGMENT']), '\n\n');
  }
  const paragraphs = r.int(2, 4);
  for (let i = 0; i < paragraphs; i++) {
    if (de && i === 1) out.push(...heading(ctx, [r.pick(['Tatbestand', 'Gründe', 'Entscheidungsgründe'])]), '\n\n');
    out.push(de ? '' : `${i + 1}. `, ...f.sentences(ctx, 'court', r.int(2, 4)), '\n\n');
  }
  if (de)
    out.push(
      ...block(
        ctx,
        judges.flatMap((p, i) => [i > 0 ? '     ' : '', { text: p.last, label: 'PER' as const }]),
      ),
    );
  else out.push(...block(ctx, [judgeEn, ' ', { text: ctx.person('B').last, label: 'PER' }]));
  return out;
}
