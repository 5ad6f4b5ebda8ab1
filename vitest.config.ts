import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/sandbox/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on two cores: the processes tests start are bundles now (about a quarter of
    // tsx's CPU each), so the suite waits on them more than it computes (11.4 min against 19.4 at one).
    maxWorkers: 2,
    globalSetup: ['test/helpers/bundle-setup.ts'],
    reporters: ['default'],
  },
});
