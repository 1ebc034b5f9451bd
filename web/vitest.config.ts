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
    // Test files share their worker's module cache instead of importing React, antd and the app again each (two
    // thirds of the suite's CPU). setup.ts unmounts and clears the storages after every test.
    isolate: false,
    // jsdom renders every route of the app in one test; on a busy 2-core CI machine that takes seconds.
    testTimeout: 30_000,
    unstubGlobals: true,
  },
});
