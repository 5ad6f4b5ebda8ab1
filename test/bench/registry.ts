import type { Bench } from './bench';

/** Every bench, by name. Each loads its module only when run. */
export const benches: Record<string, () => Promise<Bench>> = {
  mirror: async () => (await import('./mirror.bench')).mirrorBench,
  webhooks: async () => (await import('./webhooks.bench')).webhooksBench,
  send: async () => (await import('./send.bench')).sendBench,
  idle: async () => (await import('./idle.bench')).idleBench,
  preflight: async () => (await import('./preflight.bench')).preflightBench,
  documents: async () => (await import('./documents.bench')).documentsBench,
  verify: async () => (await import('./verify.bench')).verifyBench,
  team: async () => (await import('./team.bench')).teamBench,
};
