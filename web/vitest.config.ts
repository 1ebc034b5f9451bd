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
    // jsdom renders every route of the app in one test; on a busy 2-core CI machine that takes seconds.
    testTimeout: 30_000,
    unstubGlobals: true,
  },
});
