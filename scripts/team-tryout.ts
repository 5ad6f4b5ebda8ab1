// npm run team:tryout: a team (issue 32) on one machine, to evaluate without a database administrator.
// Starts a local, real PostgreSQL (the system's: Debian's /usr/lib/postgresql/<v>/bin, or initdb on the
// PATH) on 127.0.0.1, with its data in a folder it names (--dir, default ~/signdock-team-tryout; as root
// under the temporary folder, and the server runs as the `postgres` user: PostgreSQL refuses root);
// runs `signdock team init` as its administrator; creates a login for each of 2–3 "computers"
// (--computers N) and prints, for each, the exact command lines to run SignDock as that computer.
// Ctrl+C stops the server; the folder stays (run again: same port when free, same logins), delete it to
// start afresh. Password logins over TCP on 127.0.0.1 only; no TLS (one machine: sslmode=disable).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { postgresBinDir, postgresServerUser } from './local-postgres';

const people = [
  { member: 'ana', computer: 'front-desk' },
  { member: 'ben', computer: 'back-office' },
  { member: 'carla', computer: 'legal-laptop' },
];
const database = 'signdock_team';
const admin = 'signdock_admin';

interface Saved {
  port: number;
  adminPassword: string;
  passwords: Record<string, string>;
}

function fail(words: string): never {
  process.stderr.write(`${words}\n`);
  process.exit(1);
}

function binDir(): string {
  return (
    postgresBinDir() ??
    fail(
      'PostgreSQL is not installed on this machine. Install the PostgreSQL server package, then run this again:\n' +
        '  Debian or Ubuntu: sudo apt-get install postgresql\n' +
        '  Fedora: sudo dnf install postgresql-server\n' +
        '  macOS (Homebrew): brew install postgresql@16\n' +
        '(The server need not run as a service: this try-out starts its own, in its own folder.)',
    )
  );
}

/** As root, the user PostgreSQL runs as (it refuses root). */
function serverUser(): { uid: number; gid: number; name: string } | null {
  const user = postgresServerUser();
  if (user === 'self') return null;
  return (
    user ?? fail('Running as root, and there is no "postgres" user to run PostgreSQL as (it refuses root). Run this as an ordinary user.')
  );
}

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

const secret = () => randomBytes(12).toString('base64url');
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, computers: { type: 'string', default: '3' } } });
  const count = Number(values.computers);
  if (count !== 2 && count !== 3) fail('--computers is 2 or 3.');
  const owner = serverUser();
  const dir = resolve(values.dir ?? join(owner ? tmpdir() : homedir(), 'signdock-team-tryout'));
  const cluster = join(dir, 'postgres');
  const bin = binDir();
  mkdirSync(dir, { recursive: true });
  const savedFile = join(dir, 'tryout.json');
  const saved: Saved = existsSync(savedFile)
    ? (JSON.parse(readFileSync(savedFile, 'utf8')) as Saved)
    : { port: 0, adminPassword: secret(), passwords: {} };
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: dir };
  const own = (path: string) => owner && chownSync(path, owner.uid, owner.gid);
  if (owner) {
    own(dir);
    const reach = spawnSync('test', ['-w', dir], as);
    if (reach.status !== 0)
      fail(`PostgreSQL runs as the user ${owner.name}, which cannot reach ${dir}: choose a folder it can reach with --dir.`);
  }

  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    process.stdout.write(`Creating a PostgreSQL cluster in ${cluster} …\n`);
    const pwfile = join(dir, 'admin-password');
    writeFileSync(pwfile, `${saved.adminPassword}\n`, { mode: 0o600 });
    own(pwfile);
    const init = spawnSync(
      join(bin, 'initdb'),
      ['-D', cluster, '-U', admin, `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8'],
      { ...as, env, cwd: dir, encoding: 'utf8' },
    );
    if (init.status !== 0) fail(`initdb failed:\n${init.stderr}`);
  }
  if (!saved.port || !(await portFree(saved.port))) saved.port = await freePort();
  writeFileSync(savedFile, JSON.stringify(saved, null, 2), { mode: 0o600 });

  let log = '';
  const server: ChildProcess = spawn(
    join(bin, 'postgres'),
    ['-D', cluster, '-p', String(saved.port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
    { ...as, env, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((done) => server.once('exit', done));
  let stopping = false;
  void exited.then((code) => {
    if (!stopping) fail(`PostgreSQL stopped (${code}):\n${log.slice(-2000)}`);
  });
  const stop = async (problem?: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping PostgreSQL …\n');
    server.kill('SIGINT'); // fast shutdown
    await exited;
    if (problem) fail(problem);
    process.stdout.write(`Stopped. The team's data stays in ${dir}: run "npm run team:tryout" again to carry on, or delete that folder.\n`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const socket = (db: string) => ({ host: dir, port: saved.port, user: admin, database: db });
  for (const deadline = Date.now() + 60_000; ;) {
    const client = new pg.Client(socket('postgres'));
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) break;
    if (Date.now() > deadline) fail(`PostgreSQL did not start within a minute:\n${log.slice(-2000)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  const sql = async (db: string, text: string) => {
    const client = new pg.Client(socket(db));
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  if ((await sql('postgres', `SELECT 1 FROM pg_database WHERE datname = '${database}'`)).rowCount === 0)
    await sql('postgres', `CREATE DATABASE ${database}`);

  const url = (login: string, password: string) =>
    `postgres://${login}:${encodeURIComponent(password)}@127.0.0.1:${saved.port}/${database}?sslmode=disable`;
  process.stdout.write('Running "signdock team init" as the administrator …\n');
  const init = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'electron/cli/main.ts', '--home', join(dir, 'administrator'), 'team', 'init'],
    {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, SIGNDOCK_TEAM_URL: url(admin, saved.adminPassword), SIGNDOCK_COMPUTER_NAME: 'administrator' },
      encoding: 'utf8',
    },
  );
  if (init.status !== 0) await stop(`team init failed:\n${init.stderr}`);

  // The README's three lines, for each person.
  const chosen = people.slice(0, count);
  for (const { member } of chosen) {
    saved.passwords[member] ??= secret();
    const exists = (await sql('postgres', `SELECT 1 FROM pg_roles WHERE rolname = '${member}'`)).rowCount !== 0;
    await sql('postgres', `${exists ? 'ALTER' : 'CREATE'} ROLE ${member} LOGIN PASSWORD '${saved.passwords[member]}'`);
    await sql('postgres', `GRANT signdock_member TO ${member}; GRANT CONNECT ON DATABASE ${database} TO ${member}`);
  }
  writeFileSync(savedFile, JSON.stringify(saved, null, 2), { mode: 0o600 });

  const lines = [
    '',
    `The team store is running: PostgreSQL on 127.0.0.1:${saved.port}, database ${database}, its data in ${dir}.`,
    `Open a terminal for each computer (in this folder, ${process.cwd()}) and run its line:`,
  ];
  for (const { member, computer } of chosen) {
    const vars = [
      `SIGNDOCK_HOME=${quote(join(dir, computer))}`,
      `SIGNDOCK_TEAM_URL=${quote(url(member, saved.passwords[member]!))}`,
      `SIGNDOCK_COMPUTER_NAME=${computer}`,
    ].join(' ');
    lines.push('', `  ${computer} (member ${member}):`, `    ${vars} npm start`, `    CLI: ${vars} npm run -s cli -- team status`);
  }
  lines.push(
    '',
    'Each computer keeps its own data folder; the same file sent from two of them is sent once. Press Ctrl+C to stop the server.',
    '',
  );
  process.stdout.write(lines.join('\n'));
}

main().catch((error: unknown) => fail(`The try-out could not start: ${error instanceof Error ? error.message : String(error)}`));
