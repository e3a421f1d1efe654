// The text engine off the main thread: builds the service from src/ and exposes it. Nothing else belongs here.
import { expose } from 'comlink';
import { createAnonymizer } from '../src/platform/browser/text.js';
import { installProblemTransfer } from '../src/errors/wire.js';
import type { TextWorkerApi } from '../src/engine/text-api.js';

installProblemTransfer();
const anonymizer = createAnonymizer();

const api: TextWorkerApi = {
  text: (request, options) => anonymizer.text(request, options),
  detect: (text, options) => anonymizer.detect(text, options),
  getTextLabels: () => anonymizer.getTextLabels(),
};
expose(api);
