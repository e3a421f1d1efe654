/**
 * Drops the last string a regular expression ran on from the engine's memory. JavaScript keeps it for the legacy
 * statics (`RegExp.input`, `RegExp.lastMatch`): after a call over a user's text, the whole text would stay reachable
 * from the realm until the next match elsewhere. Calls that take user text run this before they return.
 */
export function forgetRegExpInput(): void {
  /(?:)/.exec('');
}

/** Runs a call over user text and forgets the regular expressions' last input when it is done, however it ends. */
export async function forgetting<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } finally {
    forgetRegExpInput();
  }
}
