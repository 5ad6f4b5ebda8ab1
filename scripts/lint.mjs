// npm run lint: ESLint (layering, import boundaries, no cycles), knip (unused files, exports and
// dependencies; only when knip.json is present) and Prettier (`prettier --check .`), in that order.
// Stops at the first step that fails, whose own output says what and where; exit code 1.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  ['eslint', ['eslint', '.']],
  ...(existsSync(join(root, 'knip.json')) ? [['knip', ['knip']]] : []),
  ['prettier', ['prettier', '--check', '.']],
];

for (const [name, args] of steps) {
  process.stderr.write(`── lint: ${name} (npx ${args.join(' ')})\n`);
  const run = spawnSync('npx', ['--no-install', ...args], { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    process.stderr.write(`lint failed at ${name}${run.error ? `: ${run.error.message}` : ''}\n`);
    process.exit(1);
  }
}
