// This tab's job runner: builds it from src/ and exposes it. Nothing else belongs here.
import { expose } from 'comlink';
import { installProblemTransfer } from '../src/errors/wire.js';
import { createJobsHost } from '../src/platform/browser/jobs-host.js';

installProblemTransfer();
expose(createJobsHost(self.location.href));
