/**
 * Which of the choices the interface leaves open the sandbox makes. `default` is the table "What it
 * does where the interface is silent" in README.md; `alt` flips each of them to another allowed choice
 * (README.md, "The `alt` variant"), so that the client is proved against more than one reading of
 * `shared/service-api.md`. Chosen by `startSandbox({ variant })`, `--variant`, or the environment
 * variable below (so that test files and child processes need no change to run against `alt`).
 */
export type SandboxVariant = 'default' | 'alt';

export const VARIANT_ENV = 'SIGNDOCK_SANDBOX_VARIANT';

export function resolveVariant(option: SandboxVariant | undefined, env: NodeJS.ProcessEnv = process.env): SandboxVariant {
  const chosen = option ?? env[VARIANT_ENV] ?? 'default';
  if (chosen === '' || chosen === 'default') return 'default';
  if (chosen === 'alt') return 'alt';
  throw new Error(`Unknown sandbox variant "${chosen}" (${VARIANT_ENV}): use "default" or "alt".`);
}
