import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postgresBinDir, postgresServerUser } from '../../scripts/local-postgres';
import { freePort } from './ssh-server';

/**
 * A throw-away PostgreSQL for the team store's tests: Debian's binaries (/usr/lib/postgresql/<v>/bin,
 * the `postgresql` package `npm test` installs), a fresh cluster in a temporary folder, on a free port
 * of 127.0.0.1, password logins (scram-sha-256) over TCP. PostgreSQL refuses to run as root, so as root
 * the cluster belongs to the `postgres` user the Debian package creates (else `nobody`) and its
 * processes run as that user. Each cluster is a copy of one initdb made once (`clusterTemplate`). Ready when a connection succeeds (tried again as each attempt fails,
 * never a fixed sleep). With `tls`: a CA and a server certificate for 127.0.0.1 made by openssl, and
 * TCP logins refused without TLS (`hostssl` only).
 */

export interface Postgres {
  port: number;
  /** The superuser, its password, and a URL with both (sslmode as asked). */
  admin: { user: string; password: string };
  url(user?: string, password?: string, extra?: string): string;
  /** With `tls`: the CA certificate's file (for sslrootcert). */
  caFile: string | null;
  /** Runs SQL as the superuser. */
  sql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** Stops the server (fast shutdown); `start` brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

const ADMIN_USER = 'signdock_admin';

function binDir(): string {
  const dir = postgresBinDir();
  if (!dir) throw new Error('PostgreSQL is not installed: apt-get install postgresql (npm test installs it).');
  return dir;
}

/** As root, the user the server runs as (PostgreSQL refuses root); else this process's own. */
function serverUser(): { uid: number; gid: number } | null {
  const user = postgresServerUser();
  if (user === null) throw new Error('Running as root and no postgres or nobody user to run PostgreSQL as.');
  return user === 'self' ? null : user;
}

function openssl(dir: string, args: string[]): void {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args[0]}: ${run.stderr}`);
}

/** A CA and a server certificate for 127.0.0.1 and localhost, signed by it (real openssl). */
function makeCertificates(dir: string): void {
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=SignDock test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
  ]);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr']);
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    dir,
    ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2'].concat([
      '-extfile',
      'san.ext',
      '-out',
      'server.crt',
    ]),
  );
  chmodSync(join(dir, 'server.key'), 0o600);
}

/**
 * The initdb of this machine's PostgreSQL, made once and copied for each server (initdb takes seconds on a
 * busy machine, a copy a fraction of one): `<tmp>/signdock-pg-template-<key>/` holding `data/` and the
 * superuser's `password`, keyed by the binaries, the server's user and initdb's options, kept for later runs.
 * Made in a folder of its own and renamed into place, so a test never sees half of one; when two processes
 * make it at once, the first rename wins and the other uses it.
 */
function clusterTemplate(bin: string, owner: { uid: number; gid: number } | null): { data: string; password: string } {
  const options = ['-U', ADMIN_USER, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-sync'];
  const key = createHash('sha256')
    .update(JSON.stringify([bin, owner, options]))
    .digest('hex')
    .slice(0, 16);
  const final = join(tmpdir(), `signdock-pg-template-${key}`);
  const read = (folder: string) => ({ data: join(folder, 'data'), password: readFileSync(join(folder, 'password'), 'utf8').trim() });
  // Only a template of our own (another user of a shared /tmp could have put one there).
  const ours = () => existsSync(join(final, 'password')) && statSync(final).uid === (owner?.uid ?? process.getuid?.());
  if (ours()) return read(final);
  const making = mkdtempSync(`${final}.making-`);
  const password = `admin-${randomBytes(12).toString('hex')}`;
  writeFileSync(join(making, 'pwfile'), `${password}\n`);
  if (owner) {
    chownSync(making, owner.uid, owner.gid);
    chownSync(join(making, 'pwfile'), owner.uid, owner.gid);
  }
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: making };
  const init = spawnSync(join(bin, 'initdb'), ['-D', join(making, 'data'), ...options, `--pwfile=${join(making, 'pwfile')}`], {
    ...as,
    env,
    cwd: making,
    encoding: 'utf8',
  });
  rmSync(join(making, 'pwfile'));
  if (init.status !== 0) {
    rmSync(making, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr}`);
  }
  writeFileSync(join(making, 'password'), `${password}\n`, { mode: 0o600 });
  try {
    renameSync(making, final);
  } catch {
    if (!ours()) return read(making); // someone else's is in the way: this one stays private
    rmSync(making, { recursive: true, force: true }); // another process of ours made it first
  }
  return read(final);
}

export async function startPostgres(options: { tls?: boolean } = {}): Promise<Postgres> {
  const bin = binDir();
  const owner = serverUser();
  const template = clusterTemplate(bin, owner);
  const dir = mkdtempSync(join(tmpdir(), 'signdock-pg-'));
  const data = join(dir, 'data');
  const admin = { user: ADMIN_USER, password: template.password };
  if (options.tls) makeCertificates(dir);
  const own = (path: string) => owner && chownSync(path, owner.uid, owner.gid);
  own(dir);
  for (const name of readdirSync(dir)) own(join(dir, name));
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: dir };
  // A fresh cluster: the template's files, owners and modes kept (cp -a).
  const copy = spawnSync('cp', ['-a', template.data, data], { encoding: 'utf8' });
  if (copy.status !== 0) throw new Error(`copying the PostgreSQL template failed: ${copy.stderr}`);
  if (options.tls) {
    // Logins over TCP only with TLS: a client with sslmode=disable is refused.
    writeFileSync(
      join(data, 'pg_hba.conf'),
      'local all all trust\nhostssl all all 127.0.0.1/32 scram-sha-256\nhostssl all all ::1/128 scram-sha-256\n',
    );
    own(join(data, 'pg_hba.conf'));
  }
  const port = await freePort();
  const settings = ['-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off'];
  if (options.tls)
    settings.push('-c', 'ssl=on', '-c', `ssl_cert_file=${join(dir, 'server.crt')}`, '-c', `ssl_key_file=${join(dir, 'server.key')}`);
  let child: ChildProcess | null = null;
  let log = '';

  const url = (user = admin.user, password = admin.password, extra = '') =>
    `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres${extra ? `?${extra}` : ''}`;
  const connectionConfig = () => ({
    host: dir, // the unix socket: trust, no TLS needed
    port,
    user: admin.user,
    database: 'postgres',
  });

  const start = async () => {
    child = spawn(join(bin, 'postgres'), ['-D', data, ...settings], { ...as, env, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<never>((_, reject) =>
      child?.once('exit', (code) => reject(new Error(`PostgreSQL exited (${code}) while starting:\n${log}`))),
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client(connectionConfig());
      const attempt = client.connect().then(
        () => true,
        () => false,
      );
      const ready = await Promise.race([attempt, exited]);
      await client.end().catch(() => undefined);
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
      // The next attempt once the server has had a moment (it answers "starting up" meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT'); // fast shutdown: sessions are cut, as when the server goes away
    await gone;
  };
  await start();

  return {
    port,
    admin,
    url,
    caFile: options.tls ? join(dir, 'ca.crt') : null,
    async sql(text, values) {
      const client = new pg.Client(connectionConfig());
      await client.connect();
      try {
        return await client.query(text, values);
      } finally {
        await client.end();
      }
    },
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
