/**
 * Builds `lexicons/first-names.txt` from the first-name lists of `@faker-js/faker` (MIT) plus a short
 * project-written supplement. Run: `node --import tsx tools/lexicons/build-first-names.ts`.
 *
 * Why filtered: the name rules fire on "known first name + capitalised word", so first names that are also common
 * German or English words, places, months or brands would turn headings and sentence starts into PER spans.
 */
import * as faker from '@faker-js/faker';
import { isHeldOut } from '../train-ner/synth/core.js';
import { readCommonWordsDe, readLexicon, writeLexicon } from './lexicon-files.js';

const commonDe = readCommonWordsDe();
const commonEn = new Set(readLexicon('common-words-en'));
const PLACE_NAMES = new Set(readLexicon('places'));

/** Faker entries dropped because they are ordinary words, places, months, brands or titles far more often than names. */
const EXCLUDE = new Set(
  `Alexandria America Amber Angel April Art Asia August Autumn Baby Baron Beat Bell Belle Bent Berry Bill Blaze Brain
  Brook Brooklyn Brown Buck Bud Buddy Can Carolina Chance Charity Chase Cheyenne Christ Clay Cleveland Columbus Crystal
  Dakota Dallas Daisy Dawn Delta Destiny Diamond Dock Easter Emerald Era Fine Florida Ford Forest Fern General Genesis
  Geneva Georgia Golden Grace Green Harmony Haven Heaven Hope Houston Ivory Ivy Jade Jewel Johnson Joy Judge June Junior
  Justice Kenya King Lafayette Lean Lily Lincoln Line London Loyal Madonna Magnolia Major Marquis Maverick May Medina
  Mercedes Miller Miracle Missouri Montana Name Napoleon Noble Oma Opal Oral Paris Patience Pearl Pink Porter Precious
  Price Prince Princess Prudence Queen Raleigh Ransom Richmond River Rose Royal Ruby Sage Said Santa Savannah Serenity
  Sierra Sincere Sister Sky Stanford Sterling Stone Summer Sunny Toy Trace Trinity Unique Urban Van Verona Violet
  Virginia Vita Viva Walker Ward Wellington Will Olive Hazel Holly Cruz Israel Gust Coy Sim Til Lue Wm Mio Lane Nova`.split(/\s+/u),
);

/**
 * Common German first names (mostly of people born 1940-1990) and a few English/Irish ones that faker's lists lack;
 * written for this project, not taken from any data set.
 */
const SUPPLEMENT = `Agnieszka Aleksandra Angelika Anke Anneliese Annegret Bärbel Birgit Brunhilde Burkhard Carsten Cornelius
  Detlef Detlev Dirk Edeltraud Egon Elfriede Elke Eckhard Erdmute Ewa Friedhelm Gabriele Gerd Gerlinde Gernot Gottlieb
  Günter Günther Hannelore Hartmut Heike Heiko Helge Helmuth Hildegund Holger Horst Ilse Ingeborg Irmgard
  Joachim Jochen Jürgen Jutta Karsten Kerstin Lieselotte Liselotte Lothar Ludger Marlies Meinhard Notburga Olaf Ortrud
  Piotr Rolf Ralf Reimund Rüdiger Siegfried Sieglinde Silke Svetlana Thorsten Torsten Udo Ulf Ulrike Ute Uwe Volker
  Waltraud Waltraut Wilfried Wiltrud Wolfram Ayşe Emine Hatice Rhys Gwilym Siobhan Aoife Niamh Saoirse Ciaran
  Eoin Oisin Callum Hamish Priya`.split(/\s+/u);

/**
 * Common given names of the communities that letters, forms and chats in Germany and English-speaking countries name
 * and faker's locales leave out or barely cover: South Asian, Arabic, West African, East Asian (romanised), Māori.
 * Written for this project from general knowledge, not taken from any data set; filtered like the other locales'
 * names. Short syllables that are words or abbreviations elsewhere (`Dev`, `Raj`, `Uma`, `Ama`, `Jun`) are left out.
 */
const WORLD_SUPPLEMENT = `Aarav Abhishek Aditi Ajay Akash Akshay Alok Amit Amitabh Anand Anil Anita Anjali Ankit Ankita Anupam
  Anuradha Arjun Arun Aruna Arvind Ashok Ashwin Bhavna Chandra Deepa Deepak Deepika Devendra Dinesh Divya Ganesh Gaurav
  Geeta Gita Gopal Harish Harsha Hemant Indira Jagdish Jaya Jayant Jyoti Kamal Kavita Kiran Lakshmi Lalit Madhu
  Mahesh Manish Manoj Meena Mohan Mukesh Naveen Neha Nikhil Nisha Nitin Pankaj Pooja Pradeep Prakash Pranav Prasad
  Pratik Praveen Priyanka Rachana Rahul Rajesh Rajiv Rakesh Ramesh Ravi Rekha Rohan Rohit Sachin Sandeep Sanjay Sanjeev
  Santosh Sarita Shalini Shanti Sharmila Shekhar Shilpa Shreya Siddharth Smita Sneha Sudhir Sunil Sunita Suresh
  Sushma Swati Tanvi Tarun Usha Varun Vijay Vikas Vikram Vinay Vinod Vishal Vivek Yogesh Zoya Adnan Aisha Anwar Asif
  Ayesha Bilal Faisal Farah Farhan Fatima Hamza Hassan Hina Imran Irfan Javed Kamran Khalid Mahmood Nadia Naveed
  Rashid Rizwan Saad Sadia Saima Salman Shahid Shazia Tariq Usman Waqar Yasmin Zainab Zubair Ahmad Amira Ayman Bashir
  Fadi Farid Ghassan Hadi Haitham Hala Hani Hussein Ibrahim Jamal Karim Khaled Layla Mahmoud Majid Marwan Mustafa Nabil
  Nasser Omar Osama Rami Rania Reem Salim Samir Tarek Walid Yousef Youssef Ziad Adebayo Ayodele Babajide Chidi Chidinma
  Chinedu Chioma Chukwuemeka Emeka Folake Funmilayo Funmi Ifeoma Ikenna Kayode Kehinde Nkechi Ngozi Obinna Olamide
  Oluwaseun Seun Segun Taiwo Tunde Femi Yemi Yetunde Kwame Kwabena Efua Kojo Wei Xiaoming Jianguo Zhiwei Haoran Yuxuan
  Zihan Xinyi Yiming Jiahui Weiwei Haruto Yuto Sota Yuki Hiroshi Takashi Kenji Akira Satoshi Yuko Yumi Keiko Haruka
  Aiko Naoko Kazuki Daisuke Takeshi Kenta Shota Ryota Hemi Aroha Wiremu Rangi Manaia Nikau`.split(/\s+/u);

const HOME_LOCALES = ['de', 'de_AT', 'de_CH', 'en'];
/**
 * Locales of the names that letters, forms and chats in Germany and English-speaking countries carry beside German and
 * English ones: European neighbours and origins of migration, Africa, South and East Asia (Latin script only).
 */
const OTHER_LOCALES = `af_ZA cs_CZ cy da en_AU en_CA en_GB en_GH en_IE en_IN en_NG en_US en_ZA es es_MX fi fr fr_BE fr_CH hr
  hu id_ID it lv nb_NO nl nl_BE pl pt_BR pt_PT ro sk sl_SI sr_RS_latin sv tr vi yo_NG zu_ZA az uz_UZ_latin`.split(/\s+/u);

/** The first names of a faker locale, all groups (female, male, generic). */
function firstNamesOf(code: string): string[] {
  const locale = (faker as unknown as Record<string, { person?: { first_name?: Record<string, readonly string[]> } }>)[code];
  return Object.values(locale?.person?.first_name ?? {}).flat();
}

/** One or two capitalised parts joined by a hyphen; drops initials, apostrophe forms and oddities. */
const NAME_SHAPE = /^\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}{2,})?$/u;

function collect(): string[] {
  const names = new Set<string>();
  for (const code of HOME_LOCALES) {
    for (const name of firstNamesOf(code)) if (NAME_SHAPE.test(name) && !EXCLUDE.has(name)) names.add(name.normalize('NFC'));
  }
  // Other locales' names only where they are no common word or place of either language (`Long`, `Sofia`, `Vera`),
  // and not the tenth the synthetic generator holds out for evaluation: its held-out people stay unseen by the rules.
  for (const code of [...OTHER_LOCALES, 'world']) {
    for (const raw of code === 'world' ? WORLD_SUPPLEMENT : firstNamesOf(code)) {
      const name = raw.normalize('NFC');
      const lower = name.toLowerCase();
      if (!NAME_SHAPE.test(name) || EXCLUDE.has(name) || PLACE_NAMES.has(name) || isHeldOut(name)) continue;
      if (commonDe.has(lower) || commonEn.has(lower)) continue;
      names.add(name);
    }
  }
  for (const name of SUPPLEMENT) if (name && !EXCLUDE.has(name)) names.add(name.normalize('NFC'));
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const names = collect();
const path = writeLexicon('first-names', names, {
  license: 'MIT',
  source: '@faker-js/faker first names and project-written supplements (lexicons/README.md)',
  builder: 'tools/lexicons/build-first-names.ts',
});
process.stdout.write(`${names.length} first names: ${path}\n`);
