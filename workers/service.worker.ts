/// <reference lib="webworker" />
// The HTTP face as a Service Worker: builds it from src/ and installs it. Nothing else belongs here.
import { installServiceWorkerHost } from '../src/platform/browser/service-worker-host.js';

installServiceWorkerHost(self as unknown as ServiceWorkerGlobalScope);
