// The demo's offline cache (a Service Worker at /sw.js). The build (vite.demo.config.ts) fills in the version and the
// list of files to precache: the page, its code, the engine's runtimes, the models and the OCR and pdf.js data. After
// it is installed, the demo reloads and works with the network off. Same-origin GETs only; nothing else is touched.
const VERSION = '__VERSION__';
const PRECACHE = ['__PRECACHE__'];
const CACHE = `local-anonymizer-demo-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Eight at a time rather than addAll: a burst of 250 parallel requests starves the page on slow machines.
      for (let i = 0; i < PRECACHE.length; i += 8) {
        await Promise.all(
          PRECACHE.slice(i, i + 8).map(async (path) => {
            if (await cache.match(path)) return;
            // One retry: a busy local server may drop a connection while the page loads its models.
            const response = await fetch(path, { cache: 'no-cache' }).catch(() => fetch(path, { cache: 'no-cache' }));
            if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
            await cache.put(path, response);
          }),
        );
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('local-anonymizer-demo-') && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    // Online: the server's page (a new build is seen at once); offline: the cached one.
    const response = await fetch(request);
    if (response.ok) await cache.put('/', response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match('/');
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === '/' || url.pathname === '/index.html') event.respondWith(page(request));
    return;
  }
  event.respondWith(fromCacheOrNetwork(request));
});

self.addEventListener('message', (event) => {
  if (event.data === 'version') event.source?.postMessage({ version: VERSION });
});
