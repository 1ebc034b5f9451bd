import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: { TZ: 'UTC' },
    restoreMocks: true,
    // Each file in its own module cache: without isolation (tried: a third of the CPU) the app's lazy notification
    // holder, once loaded by an earlier file, shows a load error a second time beside a tab's own alert, and tests
    // that look for the message once fail depending on the order of the files.
    // jsdom renders every route of the app in one test; on a busy 2-core CI machine that takes seconds.
    testTimeout: 30_000,
    unstubGlobals: true,
  },
});
