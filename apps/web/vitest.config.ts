import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify('test'),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // The users are in Colombia: dates are checked as Bogotá (UTC−5) shows them, where a UTC
    // midnight is still the day before.
    env: { TZ: 'America/Bogota' },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
