import { AsyncLocalStorage } from 'node:async_hooks';

// Work nobody is waiting for at a screen (the jobs) marks itself once, and every transaction it opens,
// however deep in a module, goes to PGlite's background lane without passing a flag down each call.
const store = new AsyncLocalStorage<true>();

/** Runs fn so that every transaction it opens is background work (TxOptions.background). */
export function runInBackground<T>(fn: () => Promise<T>): Promise<T> {
  return store.run(true, fn);
}

/** Whether the caller runs inside runInBackground. */
export function inBackground(): boolean {
  return store.getStore() === true;
}
