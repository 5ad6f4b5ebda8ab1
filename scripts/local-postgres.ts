// Finding a local PostgreSQL to start, shared by `npm run team:tryout` and the tests' throw-away server
// (test/helpers/postgres.ts): where its programs are, and which user it runs as when we are root.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folder holding initdb and postgres: Debian's newest, else the one `pg_config` names; null when none. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest) return join(root, newest, 'bin');
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = config.status === 0 ? config.stdout.trim() : '';
  return dir && existsSync(join(dir, 'initdb')) ? dir : null;
}

/**
 * As root, the user PostgreSQL runs as (it refuses root): `postgres`, else `nobody`; `'self'` when we are
 * not root; null when root and neither user exists.
 */
export function postgresServerUser(): { uid: number; gid: number; name: string } | 'self' | null {
  if (process.getuid?.() !== 0) return 'self';
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), name };
  }
  return null;
}
