// Face detection off the main thread: builds the service from src/ and exposes it. Nothing else belongs here.
import { expose } from 'comlink';
import { installProblemTransfer } from '../src/errors/wire.js';
import { createFaceApi } from '../src/platform/browser/faces.js';

installProblemTransfer();
expose(createFaceApi());
