/** Injected by Vite `define` from apps/web/package.json. */
declare const __APP_VERSION__: string;
