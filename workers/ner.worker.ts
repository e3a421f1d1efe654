// The NER model off the main thread: builds the service from src/ and exposes it. Nothing else belongs here.
import { expose } from 'comlink';
import { installProblemTransfer } from '../src/errors/wire.js';
import { browserSessionFactory } from '../src/platform/browser/ort.js';
import { createNerService } from '../src/inference/ner-service.js';

installProblemTransfer();
expose(
  createNerService({
    sessionFactory: browserSessionFactory,
    ...(typeof caches === 'undefined' ? {} : { caches }),
  }),
);
