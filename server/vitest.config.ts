import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    // Test files share their worker's module cache instead of importing the app again each (about 3 s of a CPU per
    // file). Each file still opens its own database (test/database.ts), so no state is shared through it.
    isolate: false,
    hookTimeout: 180_000,
    env: { TZ: 'UTC' },
  },
});
