// Server-side commands for browser tests: they drive the browser context through Playwright.
import type { BrowserCommand } from 'vitest/node';
import type { Page, Route } from 'playwright-core';

const blockAll = (route: Route) => route.abort('internetdisconnected');

/**
 * Cuts (true) or restores (false) the page's network: every HTTP request of the context is aborted, as offline.
 * (Playwright's `setOffline` would also cut the test runner's own WebSocket.) Requests a Service Worker answers
 * itself never reach the network, so they still work.
 */
export const setOffline: BrowserCommand<[offline: boolean]> = async (ctx, offline) => {
  const context = (ctx as unknown as { page: Page }).page.context();
  if (offline) await context.route('**/*', blockAll);
  else await context.unroute('**/*', blockAll);
};
