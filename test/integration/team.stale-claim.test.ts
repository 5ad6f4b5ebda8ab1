import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { teamAccountKey } from '../../electron/core/team/team-wiring';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32: a claim whose create is uncertain — its computer died between request and answer — is
 * resolved by the look-up that exists today, by whichever computer next touches the file. The claim is
 * written as a dead computer leaves it (`sending`, an hour old). When the service made nothing, the
 * claim is let go and the file is sent once by the computer that found it; when the dead computer's
 * request had made the document, the next computer finds it, settles the claim as sent by the dead one,
 * and leaves the file out.
 */

let server: Postgres;
let sandbox: Sandbox;
const made = tempFolder('signdock-stale-made-');
const lost = tempFolder('signdock-stale-lost-');
const homes = [tempFolder('signdock-stale-home-'), tempFolder('signdock-stale-home-'), tempFolder('signdock-stale-home-')];
const members = ['ana', 'ben'] as const;

const env = (index: number): Record<string, string> => ({
  SIGNDOCK_API_KEY: sandbox.key,
  SIGNDOCK_BASE_URL: sandbox.url,
  SIGNDOCK_TEAM_URL: server.url(members[index], `pw-${members[index]}-1618`),
  SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
  // A claim older than a second counts as left by a computer that died (the default is five minutes).
  SIGNDOCK_CLAIM_STALE_MS: '1000',
});
const send = (index: number, folder: string) => [
  '--home',
  homes[index]!.path,
  'send',
  folder,
  '--signer',
  'EM=signer@example.com;invite=EM',
];

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 34 })]);
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-1618'; GRANT signdock_member TO ${member};`);
  await writePdfs(made.path, 1, 'made');
  await writePdfs(lost.path, 1, 'lost');
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [made, lost, ...homes]) folder.remove();
});

describe('a claim left by a computer that died mid-create', () => {
  it('is let go when the service made nothing, and the file is sent once by the computer that found it', { timeout: 120_000 }, async () => {
    // What a computer leaves when it dies between its claim and its request: a claim in `sending`, no document.
    const file = join(lost.path, 'lost-001.pdf');
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    await claimAsDeadComputer(sha256, 'lost 001', []);
    const before = (await sandbox.controlClient.stats()).creates.total;
    const ben = await runCli(send(1, lost.path), { env: env(1) });
    expect(ben.code, ben.stdout + ben.stderr).toBe(0);
    expect(ben.stdout).toMatch(/^sent {4}lost-001\.pdf → /m);
    expect((await sandbox.controlClient.stats()).creates.total).toBe(before + 1);
    const claims = await server.sql(`SELECT state, member FROM signdock.sent_claims WHERE sha256 = $1 ORDER BY claim_id`, [sha256]);
    expect(claims.rows).toEqual([
      { state: 'released', member: 'ana' },
      { state: 'sent', member: 'ben' },
    ]);
  });
  it(
    'is settled by the next computer: the document the dead one made is found, and the file is not sent again',
    { timeout: 120_000 },
    async () => {
      // The dead computer's request reached the service: the document exists (made here by a computer outside
      // the team, with the same file, title and signers), and its claim is still `sending`, an hour old.
      const outside = await runCli(['--home', homes[2]!.path, 'send', made.path, '--signer', 'EM=signer@example.com;invite=EM'], {
        env: { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url },
      });
      expect(outside.code, outside.stderr).toBe(0);
      const before = (await sandbox.controlClient.stats()).creates.total;
      const signers = (await server.sql(`SELECT signers FROM signdock.sent_claims WHERE member = 'ben' LIMIT 1`)).rows[0]!
        .signers as unknown;
      const sha256 = createHash('sha256')
        .update(readFileSync(join(made.path, 'made-001.pdf')))
        .digest('hex');
      await claimAsDeadComputer(sha256, 'made 001', signers);

      const ben = await runCli(send(1, made.path), { env: env(1) });
      expect(ben.stdout).toMatch(/^skipped made-001\.pdf: Already sent on \d{4}-\d\d-\d\d by ana from desk-1 as “made 001”/m);
      expect((await sandbox.controlClient.stats()).creates.total).toBe(before);
      const claim = await server.sql(`SELECT state, member, computer, document_id FROM signdock.sent_claims WHERE sha256 = $1`, [sha256]);
      expect(claim.rows).toMatchObject([{ state: 'sent', member: 'ana', computer: 'desk-1' }]);
      expect(claim.rows[0]!.document_id).toBeTruthy();
    },
  );
});

/** The claim a computer leaves when it dies mid-create: ana's, from desk-1, `sending`, an hour old. */
async function claimAsDeadComputer(sha256: string, title: string, signers: unknown): Promise<void> {
  const ana = new TeamStore(parseTeamUrl(server.url('ana', 'pw-ana-1618'), 'desk-1'), '0.1.0');
  try {
    await ana.ready();
    await ana.query(
      `INSERT INTO signdock.sent_claims (account, sha256, item_id, title, signers, computer, claimed_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, 'desk-1', now() - interval '1 hour')`,
      [teamAccountKey(sandbox.url, sandbox.key), sha256, randomUUID(), title, JSON.stringify(signers)],
    );
  } finally {
    await ana.close();
  }
}
