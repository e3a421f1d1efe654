// A complete app: text through the text engine (its NER model in a worker), files through the document engine (faces,
// OCR and pdf.js in workers). Everything runs in this browser; the package's files come from this app's own origin.
import { createAnonymizer, createBrowserDocumentAnonymizer } from 'local-anonymizer/browser';
import type { AnonymizerError } from 'local-anonymizer/browser';

const out = document.querySelector<HTMLPreElement>('#out')!;
const text = createAnonymizer();
const documents = createBrowserDocumentAnonymizer();

const show = (value: unknown) => (out.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const fail = (err: unknown) => show((err as AnonymizerError).problem ?? String(err));

/** Text → PseudonymizedText (spec: POST /external/v1/text). */
export async function anonymizeText(value: string) {
  return text.text({ text: value, textLabels: ['PER', 'TEL', 'MAIL', 'LOC'], usePseudonyms: true });
}

/** A PDF, JPEG, PNG or BMP → the anonymized file (same type) and the spec's PII record. */
export async function anonymizeFile(bytes: Uint8Array) {
  return documents.anonymizeDocument(bytes);
}

document.querySelector('#anonymize')!.addEventListener('click', () => {
  anonymizeText(document.querySelector<HTMLTextAreaElement>('#text')!.value).then(show, fail);
});
document.querySelector<HTMLInputElement>('#file')!.addEventListener('change', async (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (!file) return;
  try {
    const { file: result, piiRecord } = await anonymizeFile(new Uint8Array(await file.arrayBuffer()));
    show({ bytes: result.length, piiRecord });
  } catch (err) {
    fail(err);
  }
});

// For the app test: the two calls, reachable from the page.
Object.assign(globalThis, { anonymizeText, anonymizeFile });
