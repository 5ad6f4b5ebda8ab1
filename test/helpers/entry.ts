/**
 * How tests start a SignDock entry point as a process: its bundle (`out/bundle/`, made by
 * `scripts/bundle.mjs` in the global set-up of vitest and Playwright, which then sets
 * `SIGNDOCK_TEST_BUNDLES=1`), else the sources under tsx. The bundle is the same code started
 * without compiling it first: about a second and a half less CPU per process on this machine.
 */
const bundles = {
  'electron/cli/main.ts': 'out/bundle/cli.mjs',
  'electron/web/main.ts': 'out/bundle/web.mjs',
  'test/sandbox/main.ts': 'out/bundle/sandbox.mjs',
} as Record<string, string>;

/** The arguments of `node` that start `source` (a script with no bundle, such as a test's child, under tsx). */
export function entryArgs(source: string): string[] {
  const bundle = bundles[source];
  return bundle && process.env.SIGNDOCK_TEST_BUNDLES === '1' ? [bundle] : ['--import', 'tsx', source];
}
