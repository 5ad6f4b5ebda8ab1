import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time: 645–681 s against 954–1,166 s at one (the tests mostly wait on the processes they start).
    // Earlier runs at two met chance failures one worker never showed; each was a test waiting for time or sharing
    // a resource, and each was fixed (a team-journal stamp race, a keyring count, a key file read back by
    // ssh-keygen, now given on its standard input). The last run at two, beside two other CPU-bound test runs
    // (load 8–14 on two cores): 1,407 of 1,408 passed, the one failure a new lease test that waited for time (fixed).
    // One limit for both projects below (same sequence.groupOrder): never more than two files at once.
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        // Each file still starts on a fresh module graph of its own, in a worker thread instead of a new process:
        // these 95 files took 101 s against 137 s in processes, and 92 s against 107 s run the other way round
        // (2-core machine, load 5–10), the difference the start of a process per file. These tests start no process of SignDock's and change nothing a thread
        // cannot (process.umask, chdir and signals stay with the integration tests, in processes).
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/sandbox/**/*.test.ts'], pool: 'threads' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          pool: 'forks',
          // Builds the bundles the integration tests start as processes (test/helpers/entry.ts).
          globalSetup: ['test/helpers/bundle-setup.ts'],
        },
      },
    ],
  },
});
