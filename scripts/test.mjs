// npm test: lint and typecheck beside unit + integration (vitest), then end to end (Playwright in Chromium).
// Runs inside a private D-Bus session with an unlocked GNOME Keyring so keychain tests use a real
// Secret Service without touching the user's own keyring. Ends with one line: "N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

// What npm cannot bring: Chromium (browser tests), GNOME Keyring + D-Bus (real-keychain tests), Xvfb
// (headful runs), poppler (looking at PDFs), OpenSSH's server (the SSH tunnel's end-to-end tests start their own), PostgreSQL (the team
// store's tests start a throw-away server of their own). Installed here when we are root with apt; otherwise the run
// stops at once with the exact command. No test is skipped because a system package is missing.
const systemPackages = [
  ['chromium', () => existsSync('/usr/bin/chromium')],
  ['gnome-keyring', () => has('gnome-keyring-daemon')],
  ['dbus', () => has('dbus-daemon')],
  ['dbus-x11', () => has('dbus-launch')],
  ['xvfb', () => has('Xvfb')],
  ['xauth', () => has('xauth')],
  ['poppler-utils', () => has('pdftoppm')],
  ['openssh-server', () => existsSync('/usr/sbin/sshd')],
  [
    'postgresql',
    () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`)),
  ],
];
const only = process.argv[2]; // optional: system (the packages below only; .ci/run runs it beside npm ci) | lint | typecheck | unit | e2e
if (process.platform === 'linux' && process.env.SIGNDOCK_TEST_KEYRING !== '1') {
  const missing = systemPackages.filter(([, present]) => !present()).map(([name]) => name);
  if (missing.length > 0) {
    const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
    if (process.getuid?.() === 0 && has('apt-get')) {
      process.stderr.write(`── system packages: installing ${missing.join(', ')}\n`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
      const install = (names) => apt(['install', '-y', '-qq', '--no-install-recommends', ...names]);
      // All in one apt-get (one resolution, one dpkg run and its triggers); one by one only if that fails, to say which.
      if (apt(['update', '-qq']) && !install(missing)) for (const name of missing) install([name]);
      for (const [name, present] of systemPackages)
        if (missing.includes(name)) process.stderr.write(`   ${name}: ${present() ? 'installed' : 'FAILED'}\n`);
      const still = systemPackages.filter(([, present]) => !present()).map(([name]) => name);
      if (still.length > 0) {
        process.stderr.write(`npm test needs ${still.join(', ')}, which could not be installed. Run as root: ${command}\n`);
        process.exit(1);
      }
    } else {
      process.stderr.write(`npm test needs system packages npm cannot install: ${missing.join(', ')}.\nRun (as root): sudo ${command}\n`);
      process.exit(1);
    }
  }
}
if (only === 'system') process.exit(0);

if (process.env.SIGNDOCK_TEST_KEYRING !== '1' && has('dbus-run-session') && has('gnome-keyring-daemon')) {
  const base = mkdtempSync(join(tmpdir(), 'signdock-keyring-'));
  const env = { ...process.env, XDG_DATA_HOME: join(base, 'data'), XDG_RUNTIME_DIR: join(base, 'run'), SIGNDOCK_TEST_KEYRING: '1' };
  mkdirSync(env.XDG_DATA_HOME, { recursive: true });
  mkdirSync(env.XDG_RUNTIME_DIR, { recursive: true });
  chmodSync(env.XDG_RUNTIME_DIR, 0o700);
  const inner = `echo -n signdock-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec node scripts/test.mjs ${process.argv.slice(2).join(' ')}`;
  const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], { stdio: 'inherit', env });
  process.exit(run.status ?? 1);
}
if (process.env.SIGNDOCK_TEST_KEYRING === '1') process.env.SIGNDOCK_REQUIRE_KEYRING = '1';

const step = (name, command, args) => {
  if (only && only !== name) return 0;
  process.stderr.write(`\n── ${name}: ${[command, ...args].join(' ')}\n`);
  return spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;
};

rmSync('test-results/vitest.json', { force: true });
rmSync('test-results/playwright.json', { force: true });
mkdirSync('test-results', { recursive: true });
/**
 * Lint, typecheck and the renderer's build run beside the unit tests (which mostly wait on the processes they start): their output
 * goes to a file under test-results/ (a pipe nobody reads while vitest runs could fill and stall them) and is
 * printed once vitest is done, with the same headings. About two minutes of a CI run.
 */
const beside = (name, command, args) => {
  if (only && only !== name) return null;
  const file = join('test-results', `${name}.log`);
  const fd = openSync(file, 'w');
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], env: process.env });
  closeSync(fd);
  const status = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return { name, heading: [command, ...args].join(' '), file, status };
};
let failedSteps = 0;
// The renderer the end-to-end tests serve is built beside them too (when both run), so that Playwright's
// global set-up, told by SIGNDOCK_E2E_RENDERER_BUILT, does not build it again after them.
const checks = [
  beside('lint', 'node', ['scripts/lint.mjs']),
  beside('typecheck', 'npm', ['run', '-s', 'typecheck']),
  only ? null : beside('renderer', 'node', ['scripts/build-renderer.mjs']),
].filter(Boolean);
failedSteps +=
  step('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']) === 0
    ? 0
    : 1;
for (const check of checks) {
  const status = await check.status;
  process.stderr.write(`\n── ${check.name} (beside the unit tests): ${check.heading}\n${readFileSync(check.file, 'utf8')}`);
  if (status !== 0) process.stderr.write(`${check.name} failed (exit ${status})\n`);
  else if (check.name === 'renderer') process.env.SIGNDOCK_E2E_RENDERER_BUILT = '1';
  failedSteps += status === 0 ? 0 : 1;
}
failedSteps += step('e2e', 'npx', ['playwright', 'test']) === 0 ? 0 : 1;

const counts = { passed: 0, failed: 0, skipped: 0 };
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitest = (!only || only === 'unit') && readJson('test-results/vitest.json');
if (vitest) {
  counts.passed += vitest.numPassedTests ?? 0;
  counts.failed += vitest.numFailedTests ?? 0;
  counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const playwright = (!only || only === 'e2e') && readJson('test-results/playwright.json');
if (playwright?.stats) {
  counts.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  counts.failed += playwright.stats.unexpected ?? 0;
  counts.skipped += playwright.stats.skipped ?? 0;
}
// A step that failed without failing a test (lint, typecheck, a crash) still fails the run.
if (failedSteps > 0 && counts.failed === 0) counts.failed = failedSteps;
process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
process.exit(failedSteps > 0 ? 1 : 0);
