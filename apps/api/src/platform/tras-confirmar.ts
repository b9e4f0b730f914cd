/**
 * Work started once a transaction has committed (deleting stored files, sending a notice) runs on its
 * own, after the answer. It is kept track of here so that a test, or a stopping server, can wait for it
 * rather than guess how long it takes.
 */
const enCurso = new Set<Promise<unknown>>();

export function seguir(trabajo: Promise<unknown>): void {
  const p = trabajo.catch(() => undefined);
  enCurso.add(p);
  void p.finally(() => enCurso.delete(p));
}

/** Resolves once all the after-commit work started so far, and any it started in turn, has ended. */
export async function waitAfterCommit(): Promise<void> {
  while (enCurso.size > 0) await Promise.allSettled([...enCurso]);
}
