/**
 * Same-origin asset URLs of the browser runtime. Models are served by the app itself: by default the shipped
 * model's manifest at `/models/manifest.json` of the page's origin.
 */
export function defaultModelManifestUrl(base: string): string {
  return new URL('/models/manifest.json', base).href;
}

/** A user-given model directory URL, resolved against the page (a relative URL stays on the app's origin). */
export function modelDirectoryUrl(url: string, base: string): string {
  const abs = new URL(url, base).href;
  return abs.endsWith('/') ? abs : `${abs}/`;
}
