// Server-side commands for browser tests: they drive the browser context through Playwright.
import type { BrowserCommand } from 'vitest/node';
import type { Frame, Route } from 'playwright-core';

/** The route that cuts the network while a test is offline, kept to take it off again. */
let cut: ((route: Route) => Promise<void>) | null = null;

/**
 * Cuts (true) or restores (false) the test page's network: every HTTP request of the test's frame, and of the Service
 * Workers it registered, is aborted, as offline. Requests a Service Worker answers itself never reach the network, so
 * they still work. The test runner's own traffic (its WebSocket, the orchestrating page and the frames of other test
 * files, which may load modules meanwhile under a full run) goes on: Playwright's `setOffline` would cut it too, and a
 * route over the whole context once held a full run's commands until they timed out.
 */
export const setOffline: BrowserCommand<[offline: boolean]> = async (ctx, offline) => {
  const context = ctx.context;
  if (cut) await context.unroute('**/*', cut);
  cut = null;
  if (!offline) return;
  const frame: Frame = await ctx.frame();
  cut = (route: Route) => {
    let from: Frame | null;
    try {
      from = route.request().frame();
    } catch {
      // A Service Worker's request has no frame.
      from = null;
    }
    return from === null || from === frame ? route.abort('internetdisconnected') : route.fallback();
  };
  await context.route('**/*', cut);
};
