import type { Server } from 'node:http';

/** dist/demo of this repository. */
export declare const DEFAULT_ROOT: string;
/** The Content-Security-Policy header the server sends (the page's meta tag says the same). */
export declare const CSP: string;
/**
 * Serves `root` on 127.0.0.1 (`port` 0: a free one); `isolation: false` leaves out COOP/COEP; `cspReports` adds a
 * `report-uri` to the policy and collects the reports (from pages and workers) in `reports`.
 */
export declare function serveDemo(options?: {
  root?: string;
  port?: number;
  isolation?: boolean;
  cspReports?: boolean;
}): Promise<{ server: Server; url: string; reports: unknown[]; close: () => Promise<void> }>;
