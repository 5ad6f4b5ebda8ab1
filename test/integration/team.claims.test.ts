import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchRepo } from '../../electron/core/batches/batch-repo';
import type { ClaimAnswer, ClaimRequest } from '../../electron/core/batches/sent-ledger';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamSentLedger } from '../../electron/core/team/team-ledger';
import { TeamSentCache } from '../../electron/core/team/team-sent-cache';
import { TeamStore } from '../../electron/core/team/team-store';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 32, the claim protocol of the team's sent-file ledger on a real PostgreSQL, with three
 * "computers" (three stores, three members, three SQLite data folders) in this process so the race is
 * exact: all three claim the same files at the same moment. One takes each file; the others wait for
 * its create and hear who sent it, from where, as what. A released claim goes to a waiting computer; a
 * row claims again after a restart; Send again is never blocked; a claim held too long is named; a
 * stopped store stops the claim with words.
 */

const members = ['ana', 'ben', 'carla'] as const;
let server: Postgres;
const folders: ReturnType<typeof tempFolder>[] = [];
const opened: { db: Db; store: TeamStore }[] = [];

function computer(index: number, options: { waitMs?: number } = {}) {
  const member = members[index]!;
  const folder = tempFolder('signdock-claims-');
  folders.push(folder);
  const db = openDatabase(join(folder.path, 'signdock.db'));
  const store = new TeamStore(parseTeamUrl(server.url(member, `pw-${member}-2718`), `desk-${index + 1}`), '0.1.0');
  opened.push({ db, store });
  const ledger = new TeamSentLedger({
    store,
    cache: new TeamSentCache(db),
    repo: new BatchRepo(db),
    accountKey: () => Promise.resolve('account-under-test'),
    pollMs: 20,
    waitMs: options.waitMs ?? 20_000,
  });
  return { member, name: `desk-${index + 1}`, ledger };
}

const hash = (n: number) => n.toString(16).padStart(64, '0');
const request = (file: number, itemId: string, again = false): ClaimRequest => ({
  accountId: 'local-account',
  sha256: hash(file),
  itemId,
  title: `contract ${file}`,
  signers: [],
  again,
});
const never = (): AbortSignal => new AbortController().signal;

beforeAll(async () => {
  server = await startPostgres();
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-2718'; GRANT signdock_member TO ${member};`);
}, 120_000);
afterAll(async () => {
  for (const { db, store } of opened) {
    await store.close();
    db.close();
  }
  await server?.remove();
  for (const folder of folders) folder.remove();
});

describe("the team's sent-file claims", () => {
  it('of three computers claiming the same files at once, one takes each; the others hear by whom', async () => {
    const desks = members.map((_, index) => computer(index));
    const files = Array.from({ length: 20 }, (_, n) => n + 1);
    const answers = await Promise.all(
      files.map((file) =>
        Promise.all(
          desks.map(async (desk, index): Promise<{ desk: number; answer: ClaimAnswer }> => {
            const claim = request(file, `row-${file}-${index}`);
            const answer = await desk.ledger.claim(claim, never());
            // The winner's create answers a moment later.
            if (answer.taken) {
              await new Promise((resolve) => setTimeout(resolve, 30));
              await desk.ledger.settle(claim, { state: 'sent', documentId: `doc-${file}`, status: 'PE' });
            }
            return { desk: index, answer };
          }),
        ),
      ),
    );
    for (const [n, perDesk] of answers.entries()) {
      const winners = perDesk.filter(({ answer }) => answer.taken);
      expect(winners, `file ${n + 1}`).toHaveLength(1);
      const winner = desks[winners[0]!.desk]!;
      for (const { desk, answer } of perDesk.filter(({ answer }) => !answer.taken)) {
        expect(answer).toMatchObject({
          taken: false,
          sent: { documentId: `doc-${n + 1}`, member: winner.member, computer: winner.name, status: 'PE' },
        });
        // Kept in that computer's cache: the draft rows' look-up says it too.
        expect(desks[desk]!.ledger.find('local-account', hash(n + 1))).toMatchObject({
          member: winner.member,
          computer: winner.name,
          title: `contract ${n + 1}`,
        });
      }
    }
    const claims = await server.sql(
      `SELECT count(*)::int AS n, count(DISTINCT sha256)::int AS files FROM signdock.sent_claims WHERE state = 'sent'`,
    );
    expect(claims.rows).toEqual([{ n: 20, files: 20 }]);
  });

  it('a claim let go (certainly not created) goes to a computer waiting for it', async () => {
    const [first, second] = [computer(0), computer(1)];
    const mine = request(100, 'row-100-a');
    expect(await first.ledger.claim(mine, never())).toEqual({ taken: true });
    const waiting = second.ledger.claim(request(100, 'row-100-b'), never());
    await first.ledger.settle(mine, { state: 'released' });
    expect(await waiting).toEqual({ taken: true });
  });

  it('the same row claims again after a restart; Send again is never blocked; a claim held too long is named', async () => {
    const [first, second] = [computer(0), computer(1, { waitMs: 100 })];
    const row = request(200, 'row-200-a');
    expect(await first.ledger.claim(row, never())).toEqual({ taken: true });
    // The same row (its computer restarted), from a fresh store: its own claim.
    expect(await computer(0).ledger.claim(row, never())).toEqual({ taken: true });
    const held = await second.ledger.claim(request(200, 'row-200-b'), never());
    expect(held).toMatchObject({ taken: false, inFlight: { member: 'ana', computer: 'desk-1', title: 'contract 200' } });
    await first.ledger.settle(row, { state: 'sent', documentId: 'doc-200', status: 'PE' });
    expect(await second.ledger.claim(request(200, 'row-200-c', true), never())).toEqual({ taken: true });
  });

  it('with the store stopped, a claim fails in words: nothing is to be sent', async () => {
    const desk = computer(2);
    await desk.ledger.claim(request(300, 'row-300-a'), never());
    await server.stop();
    try {
      await expect(desk.ledger.claim(request(301, 'row-301-a'), never())).rejects.toMatchObject({
        code: 'team.unreachable',
        message: expect.stringMatching(
          /^Team store unreachable — sending and bulk actions wait: the team store \(127\.0\.0\.1:\d+\/postgres\) cannot be reached/,
        ),
      });
    } finally {
      await server.start();
    }
  });
});
