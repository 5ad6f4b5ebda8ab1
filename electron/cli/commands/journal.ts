import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { writeCsv } from '../../../shared/csv/csv-writer';
import type { OperationOutput } from '../../../shared/contract/operations';
import { call, emit, UsageError, type CliContext } from '../io';

export const journalUsage = 'journal [--verify] [--subject ID] [--csv] [--out FILE]';

/** `journal`: the local audit journal (every action SignDock took); `--verify` checks its hash chain. */
export async function journalCommand(ctx: CliContext, args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { verify: { type: 'boolean' }, subject: { type: 'string' }, csv: { type: 'boolean' }, out: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${journalUsage}`);
  }
  if (values.verify) {
    const result = await call<OperationOutput<'journal.verify'>>(ctx, 'journal.verify', {});
    emit(ctx, result, () => (result.ok ? `The journal is intact: ${result.entries} entries, each linked to the one before.` : `The journal was altered: ${result.problem}.`));
    return result.ok ? 0 : 1;
  }
  const entries = await call<OperationOutput<'journal.list'>>(ctx, 'journal.list', { ...(values.subject ? { subject: values.subject } : {}), limit: 100_000 });
  const rows = [
    ['seq', 'at', 'account', 'os_user', 'action', 'subject', 'inputs', 'outcome', 'hash'],
    ...entries.map((e) => [String(e.seq), e.at, e.accountId, e.osUser, e.action, e.subject, JSON.stringify(e.inputs), JSON.stringify(e.outcome), e.hash]),
  ];
  if (values.csv || values.out) {
    const text = writeCsv(rows, { bom: true });
    if (values.out) {
      await writeFile(ctx.path(values.out), text);
      ctx.err(`${entries.length} entries written to ${ctx.path(values.out)}\n`);
    } else ctx.out(text);
    return 0;
  }
  emit(ctx, entries, () =>
    entries.length === 0
      ? 'The journal is empty.'
      : entries.map((e) => `${String(e.seq).padStart(5)} ${e.at.slice(0, 19)} ${e.osUser} ${e.action.padEnd(10)} ${e.subject} ${String(e.outcome.state ?? '')}${e.outcome.error ? `: ${String(e.outcome.error)}` : ''}`).join('\n'),
  );
  return 0;
}
