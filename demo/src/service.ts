// The document service of this page (createBrowserAnonymizer): an organization with three projects, documents in
// IndexedDB, processed by a jobs worker in this tab. Started on first need, so the text playground loads alone.
import type { ExternalUploadConfig, LocalAnonymizer, OrganizationSetup } from '../../src/browser.ts';
import { createBrowserAnonymizer, TEXT_LABELS } from '../../src/browser.ts';

const ALL_TEXT: ExternalUploadConfig['textAnonymization'] = { labelsConfig: TEXT_LABELS.map((name) => ({ name, config: null })) };

/** The demo's organization: what the Projects section shows and the inbox uploads into. */
export const DEMO_SETUP: OrganizationSetup = {
  orgId: 1,
  defaultProjectId: 1,
  projects: [
    {
      id: 1,
      name: 'Inbox',
      description: 'Every text label as a pseudonym (PER-1 …); faces blurred; words with PII in images masked.',
      isStoringPII: true,
      deleteCompletedDocumentsAfterHours: 24,
      deleteNonCompletedDocumentsAfterHours: 24,
      config: {
        textAnonymization: ALL_TEXT,
        imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'BLUR' }] },
      },
    },
    {
      id: 2,
      name: 'HR letters',
      description: 'Names, addresses, e-mail and phone numbers with per-label rules; faces pixelated. Originals are not kept.',
      isStoringPII: false,
      deleteCompletedDocumentsAfterHours: 1,
      deleteNonCompletedDocumentsAfterHours: 1,
      config: {
        textAnonymization: {
          labelsConfig: [
            { name: 'PER', config: { type: 'FULL_PSEUDONYMIZATION', pseudonym: '[Name]' } },
            { name: 'STR', config: null },
            { name: 'LOC', config: null },
            { name: 'MAIL', config: { type: 'SUPPRESSION', suppressionLength: 5 } },
            {
              name: 'TEL',
              config: {
                type: 'PARTIAL_PSEUDONYMIZATION',
                pseudonym: '*',
                partialPseudonymizationStart: 1,
                partialPseudonymizationStop: -3,
                useNumericPartialPseudonymization: true,
              },
            },
            {
              name: 'DATE',
              config: {
                type: 'DATE_PSEUDONYMIZATION',
                pseudonym: '[date]',
                replaceDay: true,
                replaceMonth: true,
                replaceYear: false,
                dateLocale: 'AUTO',
                showWeekday: false,
              },
            },
          ],
          whitelist: [{ value: 'Personalabteilung', labelName: 'ORG' }],
        },
        imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'PIXELATE' }] },
      },
    },
    {
      id: 3,
      name: 'Scratch',
      description: 'Temporary: its documents are deleted when the last tab of this page closes. Faces and all text in images masked.',
      isTemporary: true,
      isStoringPII: true,
      config: {
        textAnonymization: ALL_TEXT,
        imageAnonymization: {
          labelsConfig: [
            { name: 'face', anonymizationType: 'MASK' },
            { name: 'text', anonymizationType: 'MASK' },
          ],
        },
      },
    },
  ],
};

let started: Promise<LocalAnonymizer> | null = null;

/** The service, started on the first call (the jobs worker, the IndexedDB store, retention). */
export function documentService(): Promise<LocalAnonymizer> {
  started ??= createBrowserAnonymizer({ setup: DEMO_SETUP }).catch((err: unknown) => {
    started = null;
    throw err;
  });
  return started;
}
