import { parseArgs } from 'node:util';
import { grantLines } from '../../core/team/team-schema';
import type { TeamStatus, TeamStore } from '../../core/team/team-store';
import { emit, UsageError, type CliContext } from '../io';
import { terminalSafe } from '../terminal-safe';

export const teamUsage =
  'team init | status          the team store (SIGNDOCK_TEAM_URL): create or upgrade it (once, by its administrator); who and what it sees';

/**
 * `team init`: creates or upgrades the team store's schema and its two roles (idempotent; refused, with
 * nothing written, by a store newer than this app). `team status`: the store, this computer, the member
 * (the database login), the members and computers seen, who holds each duty (the listener, the automatic
 * reminders) and until when, the schema's version.
 */
export async function teamCommand(ctx: CliContext, args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: {} });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${teamUsage}`);
  }
  const [sub, ...rest] = parsed.positionals;
  if ((sub !== 'init' && sub !== 'status') || rest.length > 0) throw new UsageError(`Usage: ${teamUsage}`);
  const store = ctx.core.team;
  if (!store) {
    throw new UsageError(
      'No team is configured: set SIGNDOCK_TEAM_URL to the team store (postgres://LOGIN:PASSWORD@HOST:5432/DATABASE?sslmode=verify-full&sslrootcert=CA.pem).',
    );
  }
  return sub === 'init' ? init(ctx, store) : status(ctx, store);
}

async function init(ctx: CliContext, store: TeamStore): Promise<number> {
  const { from, to } = await store.init();
  const where = store.config.where;
  emit(ctx, { store: where, from, to }, () => {
    const what =
      from === null
        ? `created (schema version ${to})`
        : from === to
          ? `already at schema version ${to}; roles and grants checked`
          : `upgraded from version ${from} to ${to}`;
    return [
      `Team store ${terminalSafe(where)}: ${what}.`,
      'Roles: signdock_member (send, act, read) and signdock_reviewer (read only). For each person, as the administrator:',
      ...grantLines('ana').map((line) => `  ${line}`),
    ].join('\n');
  });
  return 0;
}

const dutyWords: Record<string, string> = { listener: 'Notification listener', 'auto-remind': 'Automatic reminders' };
const clock = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/** "Automatic reminders (account 1a2b3c4d): desk-1 (ana) since …, until …", or free once its lease ran out. */
function dutyLine(d: TeamStatus['duties'][number]): string {
  const what = `  ${dutyWords[d.duty] ?? terminalSafe(d.duty)} (account ${terminalSafe(d.account.slice(0, 8))})`;
  const who = `${terminalSafe(d.computer)} (${terminalSafe(d.member)})`;
  return d.expired
    ? `${what}: free — last held by ${who}, until ${clock(d.until)}; the next computer that asks takes it`
    : `${what}: ${who} since ${clock(d.since)}, until ${clock(d.until)} (renewed while it runs)`;
}

async function status(ctx: CliContext, store: TeamStore): Promise<number> {
  const status = await store.status();
  emit(ctx, status, () =>
    [
      `Team store:  ${terminalSafe(status.store)} (sslmode ${status.sslMode})`,
      `Computer:    ${terminalSafe(status.computer)}`,
      `Member:      ${terminalSafe(status.member)}`,
      `Schema:      version ${status.schemaVersion}`,
      `Members:     ${status.members.map(terminalSafe).join(', ')}`,
      'Computers seen:',
      ...status.computers.map(
        (c) => `  ${terminalSafe(c.computer)} (${terminalSafe(c.member)}), last seen ${c.lastSeen.slice(0, 16).replace('T', ' ')} UTC`,
      ),
      'Duties:',
      ...(status.duties.length === 0 ? ['  none taken yet'] : status.duties.map(dutyLine)),
    ].join('\n'),
  );
  return 0;
}
