import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorLog } from './lib/error-log-store.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/app-router.tsx';
import './app/shell.css';

// spec §9: error logging is enabled in production.
if (import.meta.env.PROD) installErrorLog();

const root = document.getElementById('root');
if (root === null) throw new Error('Falta el elemento #root en index.html');

// The first render as a transition: React yields to the browser every few milliseconds instead of holding
// the main thread for the whole app at once, so a phone keeps answering taps (and typing in the login form
// index.html already shows) while the app starts.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
