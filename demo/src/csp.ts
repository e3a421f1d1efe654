// Loads the page's Content-Security-Policy blocked (CSP violation events of the document), for the Security section.

/** Blocked loads this page saw. */
export const violations: Array<{ directive: string; blocked: string }> = [];

/** Starts recording CSP violations (call early). */
export function recordViolations(): void {
  document.addEventListener('securitypolicyviolation', (e) => {
    violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI || '(inline)' });
    document.documentElement.dataset.cspViolations = String(violations.length);
  });
}
