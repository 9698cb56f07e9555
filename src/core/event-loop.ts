/**
 * Resolves once the event loop has been through its poll phase: requests that arrived while the caller ran are
 * read and served first. For a request whose work is long and has no I/O of its own to wait on (better-sqlite3 is
 * synchronous, and a resolved promise does not let I/O in), so that the requests beside it do not wait for all of
 * it. One `setImmediate` is not enough: called from an I/O callback, it runs before that poll phase.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
