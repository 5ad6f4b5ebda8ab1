import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { startTeamComputers, stopTeam, type ComputerLine, type ComputerProcess } from '../helpers/computer-process';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32, "one listener": two computers (two processes of the real core, two data folders, one real
 * PostgreSQL, the sandbox over HTTP posting its notifications). The notification listener runs on the
 * computer holding `listener:<account>`; a notification it receives reaches the other computer's mirror
 * through the store (`LISTEN/NOTIFY`, the document re-read there). The listener's computer SIGKILLed,
 * the other takes the listener over once the lease ran out, says so (its log, `team status`), checks the
 * same path token (the team's, one address whoever listens), and the next notification reaches its mirror; with the store stopped, it goes on listening. The sandbox is pointed at the listening computer's address, as
 * the office's fixed public address (a tunnel or reverse proxy) would be.
 */

const members = ['ana', 'ben'] as const;
let server: Postgres;
let sandbox: Sandbox;
const homes = members.map(() => tempFolder('signdock-team-listen-'));
let computers: ComputerProcess[] = [];
const took = (line: ComputerLine) => line.log === 'team: this computer took the notification listener duty';
const changed = (documentId: string) => (line: ComputerLine) =>
  Array.isArray(line.documentsChanged) && line.documentsChanged.includes(documentId);

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 3233, autoSign: { enabled: false } })]);
  computers = await startTeamComputers(server, sandbox, members, homes);
}, 240_000);
afterAll(() => stopTeam(computers, [server, sandbox], homes));

/** A document pending one signer, known to every computer's mirror (each re-reads it on its notification). */
async function pendingDocument(title: string) {
  const created = sandbox.services.workflow.create({
    title,
    file: await samplePdf(title),
    signatures: [{ validations: { EM: 'signer@example.com' }, inviteChannel: ['EM'] }],
  });
  return { id: created.id, signatureId: created.signatureIds[0]! };
}

describe('the notification listener of a team', () => {
  it(
    'runs on one computer; the other learns through the store, and takes it over when that one is killed',
    { timeout: 180_000 },
    async () => {
      // One computer takes the listener; the other does not listen.
      const listener = await Promise.race(computers.map((computer) => computer.until(took).then(() => computer)));
      const other = computers.find((computer) => computer !== listener)!;
      const hook = String((await listener.ask({ hook: true }, 'hook')).hook);
      expect(hook).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\//);
      expect((await other.ask({ hook: true }, 'hook')).hook).toBeNull();
      await sandbox.controlClient.setWebhook({ url: hook, retry_base_ms: 50 });

      // A notification the listener's computer receives reaches the other's mirror through the store.
      const first = await pendingDocument('First');
      const seenFirst = computers.map((computer) => computer.until(changed(first.id), computer.lines.length));
      sandbox.services.workflow.sign(first.signatureId);
      await Promise.all(seenFirst);
      for (const computer of computers)
        expect((await computer.ask({ document: first.id }, 'document')).document).toMatchObject({ status: 'CO' });
      // Each took it into its own inbox (the other from the store) and re-read the document there.
      const inboxes = await Promise.all(
        [listener, other].map(async (computer) => (await computer.ask({ inbox: true }, 'inbox')).inbox as { received: number }),
      );
      expect(inboxes[0]!.received).toBeGreaterThan(0);
      expect(inboxes[1]!.received).toBeGreaterThan(0);
      expect(inboxes[1]).toMatchObject({ failed: 0, refused: {} });
      const shared = await server.sql(`SELECT computer, entry->>'documentId' AS document FROM signdock.notifications`);
      expect(shared.rows).toContainEqual({ computer: listener.name, document: first.id });

      // The listener's computer is killed: the other takes the listener over, says so, and listens.
      await listener.kill('SIGKILL');
      await other.until(took);
      const duty = await server.sql(`SELECT computer FROM signdock.duties WHERE name = 'listener'`);
      expect(duty.rows).toEqual([{ computer: other.name }]);
      const status = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
      const shown = await status.status().finally(() => status.close());
      expect(shown.duties).toContainEqual(
        expect.objectContaining({ duty: 'listener', computer: other.name, member: members[computers.indexOf(other)], expired: false }),
      );
      // One address for the team: the new listener checks the same path token (only the port differs
      // here, two computers on one machine; the office's public address follows the listener).
      const hookNow = String((await other.ask({ hook: true }, 'hook')).hook);
      expect(new URL(hookNow).pathname).toBe(new URL(hook).pathname);
      const token = await server.sql(`SELECT token FROM signdock.webhook_credentials`);
      expect(token.rows).toEqual([{ token: new URL(hook).pathname.split('/').pop() }]);
      await sandbox.controlClient.setWebhook({ url: hookNow });
      const second = await pendingDocument('Second');
      const seenSecond = other.until(changed(second.id), other.lines.length);
      sandbox.services.workflow.sign(second.signatureId);
      await seenSecond;
      expect((await other.ask({ document: second.id }, 'document')).document).toMatchObject({ status: 'CO' });

      // The store stopped: once its lease has run out here, the listener still takes notifications (hints:
      // none listening would lose them), and shares them when the store is back.
      const third = await pendingDocument('Third');
      const from = other.lines.length;
      const unrenewed = (line: ComputerLine) =>
        line.log === 'team: the notification listener duty cannot be renewed: the team store did not answer';
      await server.stop();
      try {
        await other.until(() => other.lines.slice(from).filter(unrenewed).length >= 2, from);
        const seenThird = other.until(changed(third.id), other.lines.length);
        sandbox.services.workflow.sign(third.signatureId);
        await seenThird;
      } finally {
        await server.start();
      }
      await other.until(took, from);
    },
  );
});
