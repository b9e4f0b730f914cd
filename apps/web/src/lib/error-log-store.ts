import { create } from 'zustand';

export type ErrorLogEntry = { id: number; message: string; stack: string | null; url: string; time: string };

const MAX_ENTRIES = 50;

type ErrorLogState = {
  logs: ErrorLogEntry[];
  add: (error: unknown) => void;
  clear: () => void;
};

let nextId = 1;

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? null };
  return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)), stack: null };
}

export const useErrorLog = create<ErrorLogState>()((set) => ({
  logs: [],
  add: (error) =>
    set((state) => ({
      logs: [
        { id: nextId++, ...describe(error), url: window.location.href, time: new Date().toISOString() },
        ...state.logs,
      ].slice(0, MAX_ENTRIES),
    })),
  clear: () => set({ logs: [] }),
}));

/** Records uncaught errors and unhandled rejections; returns the uninstaller. */
export function installErrorLog(): () => void {
  const onError = (event: ErrorEvent) => useErrorLog.getState().add(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => useErrorLog.getState().add(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
