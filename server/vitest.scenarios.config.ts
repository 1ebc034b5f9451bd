import { defineConfig } from 'vitest/config';

/**
 * The bench's and the soak's calls against the 100,000-message demo (bench/scenarios.test.ts). Apart from the suite:
 * it seeds the full demo, so scripts/test.mjs runs it alone, once, on PGlite, after the suite has passed.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['bench/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 900_000,
    env: { TZ: 'UTC' },
  },
});
