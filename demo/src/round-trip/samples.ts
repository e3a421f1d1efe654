// Sample prompts for the chat round trip: a request to a language model that names people, places and numbers.

export const PROMPT_SAMPLES: ReadonlyArray<{ name: string; text: string }> = [
  {
    name: 'German prompt',
    text:
      'Bitte schreibe eine freundliche Antwort an Herrn Max Mustermann. Er wohnt in der Hauptstraße 5, 10115 Berlin, ' +
      'und ist unter 030 1234567 oder max.mustermann@example.de erreichbar. Herr Mustermann hat am 03.03.2025 bei der ' +
      'Muster Versicherung AG einen Wasserschaden gemeldet.',
  },
  {
    name: 'English prompt',
    text:
      "Please draft a polite reply to Ms Margaret O'Connell, 14 Willow Crescent, Oxford OX2 6LP (phone +44 1865 203 447, " +
      'm.oconnell@example-mail.co.uk). She reported water damage to Harbour Mutual Insurance Ltd on 3 March 2025. ' +
      "Ms O'Connell would like an answer this week.",
  },
];
