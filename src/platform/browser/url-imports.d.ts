// Vite's `?url` imports (asset URLs resolved at build time), for the browser adapters.
declare module '*?url' {
  const url: string;
  export default url;
}
