/// <reference lib="webworker" />
// The HTTP face as a Service Worker: builds it from src/ and installs it. Nothing else belongs here.
import { installServiceWorkerHost } from '../src/runtime/service-worker-host.js';

installServiceWorkerHost(self as unknown as ServiceWorkerGlobalScope);
