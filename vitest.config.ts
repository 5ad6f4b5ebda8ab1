import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/sandbox/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine, while most files
    // here wait on child processes, servers and disks. At least two keep both cores busy (CI time, issue 33).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default'],
  },
});
