import { describe, expect, it } from 'vitest';
import { handleRecognizer } from '../../../../src/detection/contact/handles.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['OTH']), language: 'auto' as const };
const spans = (text: string): Span[] => (handleRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => `${s.label}:${text.slice(s.start, s.end)}`);

describe('handleRecognizer: profile links', () => {
  it.each([
    ['https://www.linkedin.com/in/jana-vogt-83a1b2/', 'https://www.linkedin.com/in/jana-vogt-83a1b2/'],
    ['Profil: linkedin.com/in/pkrause', 'linkedin.com/in/pkrause'],
    ['de.linkedin.com/in/pkrause, bitte', 'de.linkedin.com/in/pkrause'],
    ['https://www.xing.com/profile/Jana_Vogt7/cv', 'https://www.xing.com/profile/Jana_Vogt7/cv'],
    ['Code: github.com/pkrause91.', 'github.com/pkrause91'],
    ['https://github.com/pkrause91/dotfiles', 'https://github.com/pkrause91/dotfiles'],
    ['gitlab.com/jvogt', 'gitlab.com/jvogt'],
    ['(https://twitter.com/jvogt_hh)', 'https://twitter.com/jvogt_hh'],
    ['https://x.com/jvogt_hh', 'https://x.com/jvogt_hh'],
    ['https://www.instagram.com/jana.backt/', 'https://www.instagram.com/jana.backt/'],
    ['https://www.facebook.com/peter.krause.5', 'https://www.facebook.com/peter.krause.5'],
    ['facebook.com/profile.php?id=100004711', 'facebook.com/profile.php?id=100004711'],
    ['https://www.reddit.com/user/Spaetzle_Fan', 'https://www.reddit.com/user/Spaetzle_Fan'],
    ['t.me/jvogt_hh', 't.me/jvogt_hh'],
    ['Video: https://www.tiktok.com/@jana.backt!', 'https://www.tiktok.com/@jana.backt'],
    ['https://mastodon.social/@pkrause', 'https://mastodon.social/@pkrause'],
  ])('finds the link in %j', (text, expected) => {
    expect(found(text)).toEqual([`OTH:${expected}`]);
  });

  it.each([
    ['https://github.com/features/actions', 'a page of the network'],
    ['https://twitter.com/search?q=anonymisierung', 'a search page'],
    ['https://www.linkedin.com/company/beispiel-gmbh', 'a company page'],
    ['https://www.instagram.com/explore/', 'a site page'],
    ['Siehe www.stadt-beispiel.de/datenschutz', 'a generic public link'],
    ['https://example.org/docs/about', 'a generic link'],
    ['mygithub.com/pkrause', 'another host that ends like a network'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('handleRecognizer: handles and user names', () => {
  it.each([
    ['Schreib mir auf Twitter @jvogt_hh', 'OTH:@jvogt_hh'],
    ['@Jana danke dir!', 'OTH:@Jana'],
    ['Insta: @jana.backt.', 'OTH:@jana.backt'],
    ['Mastodon: @pkrause@chaos.social', 'OTH:@pkrause@chaos.social'],
    ['Beitrag von u/Spaetzle_Fan', 'OTH:u/Spaetzle_Fan'],
    ['/u/Spaetzle_Fan schrieb', 'OTH:/u/Spaetzle_Fan'],
    ['Mein Benutzername ist pk_1991', 'OTH:pk_1991'],
    ['Benutzername: jvogt', 'OTH:jvogt'],
    ['Status: Open   Priority: high\nReported by: mpitkanen', 'OTH:mpitkanen'],
    ['Assignee: tizian_harnos', 'OTH:tizian_harnos'],
    ['Username: jana.v', 'OTH:jana.v'],
    ['Login-Name pkrause91', 'OTH:pkrause91'],
    ['Discord: hafenkind#2291', 'OTH:hafenkind#2291'],
    ['Skype: peter.krause.hh', 'OTH:peter.krause.hh'],
    ['user id 48213', 'OTH:48213'],
    ['Twitter-Handle ist @jvogt_hh', 'OTH:@jvogt_hh'],
    ['Opened by @anna-k on 2 May', 'OTH:@anna-k'],
    ['Benutzer: lkoenig', 'OTH:lkoenig'],
    ['User: tmorris', 'OTH:tmorris'],
    ['Nutzerkennung XK40217', 'OTH:XK40217'],
    ['Anmeldename: b.aydin', 'OTH:b.aydin'],
    ['Benutzer-ID 77120', 'OTH:77120'],
    ['Sign-in name: rwhite_02', 'OTH:rwhite_02'],
    ['Benutzerkonto: fhansen', 'OTH:fhansen'],
    ['Gemeldet von: Vasquez Morales, Elena (evasquez) Abteilung', 'OTH:evasquez'],
    ['Meine Kollegin Hanna Öztürk (hoeztuerk) hat', 'OTH:hoeztuerk'],
    ['Anna Schmidt (aschmidt2) schrieb', 'OTH:aschmidt2'],
  ])('finds the handle in %j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it.each([
    ['Kontakt: jana.vogt@example.org', 'an e-mail address'],
    ['Danke @all für die Hilfe', 'a chat broadcast'],
    ['Mr Colin Marsh (solicitor), Brown & Co', 'a role in brackets after a name'],
    ['Siemens (siemens.com) liefert', 'a domain in brackets'],
    ['Berlin (deutsch) und Paris', 'a word in brackets'],
    ['@Override public void run()', 'a code annotation'],
    ['@media print { }', 'a CSS rule'],
    ['Preis @ 5 Euro', 'an at sign alone'],
    ['Datei logo@2x.png', 'a file name'],
    ['1000 U/min', 'a unit'],
    ['Benutzername und Passwort eingeben', 'a label without a value'],
    ['Username: Jana', 'a capitalised name: the name rules decide'],
    ['we handle 500 requests', 'a verb'],
    ['Twitter 2023 war ein Krisenjahr', 'a network name before a year'],
    ['Login mit Ihrem Passwort', 'a label before a sentence'],
    ['Der Benutzer ist gesperrt', 'an account word before a sentence'],
    ['Reported by: customer', 'a word after a ticket field'],
    ['Assignee: Maria Schmidt', 'a capitalised name after a ticket field: the name rules decide'],
    ['The user is admin', 'an account word without a colon'],
    ['Benutzer: Bitte neu anmelden', 'a capitalised word after an account word'],
    ['Kennung: 40217', 'digits alone after an account word'],
    ['Instagram und TikTok', 'network names alone'],
    ['@2024', 'no letter'],
    ['first and last name plus @kanzlei-beispiel.com', 'the domain of an e-mail address'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('reads a mention by a known first name as the person, when PER is asked for too', () => {
    const both = { labels: new Set<TextLabelName>(['OTH', 'PER']), language: 'auto' as const };
    const all = (text: string): string[] =>
      (handleRecognizer.detect(text, both) as Span[]).map((s) => `${s.label}:${text.slice(s.start, s.end)}`);
    expect(all('@Jakub did you see it?')).toEqual(['PER:Jakub']);
    expect(all('ping @jvogt_hh and @Zorbax')).toEqual(['OTH:@jvogt_hh', 'OTH:@Zorbax']);
  });

  it('gives UTF-16 offsets after astral characters', () => {
    const text = '😀𠮷 @jvogt_hh';
    expect(spans(text).map((s) => [s.start, s.end])).toEqual([[5, 14]]);
  });

  it.each([
    ['at chain', '@a'.repeat(25_000)],
    ['dotted handle', `@${'a.'.repeat(25_000)}`],
    ['profile paths', `github.com/${'a/'.repeat(25_000)}`],
    ['hosts', `${'a.'.repeat(25_000)}com/@x`],
    ['labels without values', 'Benutzername: '.repeat(3_500)],
    ['reddit chain', 'u/abcd'.repeat(8_000)],
  ])('returns on adversarial input: %s', (_name, text) => {
    expect(Array.isArray(handleRecognizer.detect(text, ctx))).toBe(true);
  });
});

describe("handleRecognizer: a user's own pages, chat speakers, personal domains", () => {
  const USERS = ['mkeller', 'jschulz', 'a.nowak', 'tim_b'];
  const HOSTS = ['https://example.org', 'http://www.uni-bonn.de', 'people.cs.example.edu'];
  it.each(USERS.flatMap((u) => HOSTS.map((h) => [`${h}/~${u}`, `${h}/~${u}/cv.html`] as const)))(
    'the whole link of %s, and with a page after it',
    (link, withPage) => {
      expect(found(`Mehr unter ${link} oder per Mail.`)).toEqual([`OTH:${link}`]);
      expect(found(`See ${withPage}.`)).toEqual([`OTH:${withPage}`]);
    },
  );

  const SPEAKERS = ['anna_k', 'max99', 'jo_2000', 'lisa.m_1'];
  it.each(SPEAKERS)('the chat speaker %s at a line start, after a time stamp too', (who) => {
    expect(found(`${who}: hey, kommst du heute?\nok`)).toEqual([`OTH:${who}`]);
    expect(found(`[12:03] ${who}: bin gleich da`)).toEqual([`OTH:${who}`]);
    expect(found(`davor\n09:41 ${who}: ok`)).toEqual([`OTH:${who}`]);
  });

  it.each(['Hinweis: bitte lesen', 'geb.am: 21/06/1967', 'note: see below', 'Version 2: neu', 'http://x.de: down'])(
    'no speaker in %j',
    (text) => {
      expect(found(text)).toEqual([]);
    },
  );

  it.each([
    ['Meine Seite: www.jonas-becker.de', 'www.jonas-becker.de'],
    ['Portfolio unter anna.schmidt.de ansehen', 'anna.schmidt.de'],
    ['Visit my homepage at emilywright.com for more.', 'emilywright.com'],
    ['My blog: https://peterjackson.net/posts', 'https://peterjackson.net/posts'],
  ])('a personal domain in %j', (text, domain) => {
    expect(found(text)).toEqual([`OTH:${domain}`]);
  });

  it.each([
    'Infos auf www.stadt-koeln.de',
    'see www.open-source.org',
    'Bestellen bei www.anna-apotheke-shop.de',
    'Visit paulaner.com',
    'www.marktplatz.de',
  ])('no personal domain in %j', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("handleRecognizer: a post's author", () => {
  const INTROS = [
    'posted by',
    'Originally posted by',
    'Quote from',
    'reply from',
    'Zitat von',
    'Beitrag von',
    'Antwort von',
    'geschrieben von',
  ];
  const AUTHORS = ['jdoe_88', 'kater_karlo', 'mmueller85', 'sunny.girl', 'tenancynerd'];
  it.each(INTROS.flatMap((i) => AUTHORS.map((a) => [`${i} ${a}: Das sehe ich anders.`, a] as const)))('%s', (text, author) => {
    expect(found(text)).toEqual([`OTH:${author}`]);
  });
  it.each(['Zitat von Anna Schmidt: gut', 'Antwort von heute', 'posted by the admin', 'Beitrag von gestern', 'Posted by darin'])(
    '%j names no handle',
    (text) => {
      expect(found(text)).toEqual([]);
    },
  );
});
