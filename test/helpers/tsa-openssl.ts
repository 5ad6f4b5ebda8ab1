import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * openssl as the referee of RFC 3161 tokens, and as a client that asks a TSA without SignDock (so a token
 * SignDock would refuse on receipt can still be put in a bag): `openssl ts -query` → POST → the reply.
 * Tokens are verified at their own time (`-attime` their genTime, as SignDock does): a certificate vouches
 * only for tokens made while it was valid.
 */
function run(args: string[]): { status: number | null; out: string } {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Asks the TSA at `url` for a token over the file `data` (SHA-256, with its certificates) and writes the reply to `out`. */
export async function opensslStamp(url: string, data: string, out: string): Promise<void> {
  const query = run(['ts', '-query', '-data', data, '-sha256', '-cert', '-out', `${out}.tsq`]);
  if (query.status !== 0) throw new Error(query.out);
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: readFileSync(`${out}.tsq`),
  });
  writeFileSync(out, Buffer.from(await reply.arrayBuffer()));
}

/** The token's genTime as `openssl ts -reply -text` prints it ("Time stamp: Dec  1 20:30:00 2026 GMT"). */
export function opensslTime(token: string): Date {
  const text = run(['ts', '-reply', '-in', token, '-text']).out;
  const line = /Time stamp: (.+)/.exec(text)?.[1];
  if (!line) throw new Error(`no time in the token:\n${text}`);
  return new Date(line.replace(/\.\d+/, ''));
}

/** `openssl ts -verify` of `token` over the file `data`, certificates checked at the token's genTime. */
export function opensslVerify(token: string, data: string, caFile: string): { ok: boolean; out: string } {
  const attime = String(Math.floor(opensslTime(token).getTime() / 1000));
  const result = run(['ts', '-verify', '-in', token, '-data', data, '-CAfile', caFile, '-attime', attime]);
  return { ok: result.status === 0 && result.out.includes('Verification: OK'), out: result.out };
}
