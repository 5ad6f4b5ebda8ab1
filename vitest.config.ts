import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/sandbox/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time: 645–681 s against 954–1,166 s at one (the tests mostly wait on the processes they start).
    // Earlier runs at two met chance failures one worker never showed; each was a test waiting for time or sharing
    // a resource, and each was fixed (a team-journal stamp race, a keyring count, a key file read back by
    // ssh-keygen, now given on its standard input). The last run at two, beside two other CPU-bound test runs
    // (load 8–14 on two cores): 1,407 of 1,408 passed, the one failure a new lease test that waited for time (fixed).
    maxWorkers: 2,
    globalSetup: ['test/helpers/bundle-setup.ts'],
    reporters: ['default'],
  },
});
