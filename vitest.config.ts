import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/sandbox/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file at a time (vitest's default on two cores). Two were measured at 11 min against 19 (the
    // processes tests start are bundles now), but three runs at two workers each met a different failure
    // that one worker never showed (two fixed, one — ssh-keygen reading a key file just written — not
    // understood yet): a CI that fails by chance costs more than the eight minutes.
    maxWorkers: 1,
    globalSetup: ['test/helpers/bundle-setup.ts'],
    reporters: ['default'],
  },
});
