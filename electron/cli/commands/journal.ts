import { chmod, readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { writeCsv } from '../../../shared/csv/csv-writer';
import type { OperationOutput } from '../../../shared/contract/operations';
import { describePlan } from '../../core/journal/journal-reseal';
import { call, emit, UsageError, type CliContext } from '../io';

export const journalUsage = 'journal [--verify [--checkpoint FILE]...] [--reseal [--yes]] [--subject ID] [--csv] [--out FILE]';

type Verification = OperationOutput<'journal.verify'>;

/** `journal`: the local audit journal (every action SignDock took); `--verify` checks its chain, seals and length. */
export async function journalCommand(ctx: CliContext, args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        verify: { type: 'boolean' },
        reseal: { type: 'boolean' },
        yes: { type: 'boolean' },
        checkpoint: { type: 'string', multiple: true },
        subject: { type: 'string' },
        csv: { type: 'boolean' },
        out: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${journalUsage}`);
  }
  if (values.checkpoint && !values.verify) throw new UsageError(`--checkpoint goes with --verify.\nUsage: ${journalUsage}`);
  if (values.yes && !values.reseal) throw new UsageError(`--yes goes with --reseal.\nUsage: ${journalUsage}`);
  if (values.reseal) return reseal(ctx, Boolean(values.yes));
  if (values.verify) {
    const checkpoints = await Promise.all((values.checkpoint ?? []).map((file) => readCheckpointArgument(ctx, file)));
    const result = await call<Verification>(ctx, 'journal.verify', checkpoints.length ? { checkpoints } : {});
    emit(ctx, result, () => describeVerification(result));
    return result.ok ? 0 : 1;
  }
  const entries = await call<OperationOutput<'journal.list'>>(ctx, 'journal.list', {
    ...(values.subject ? { subject: values.subject } : {}),
    limit: 100_000,
  });
  // A team's journal (every computer's entries) names the member and the computer of each.
  const team = entries.some((e) => e.member !== undefined);
  const rows = [
    ['seq', 'at', 'account', 'os_user', 'action', 'subject', 'inputs', 'outcome', 'hash', ...(team ? ['member', 'computer'] : [])],
    ...entries.map((e) => [
      String(e.seq),
      e.at,
      e.accountId,
      e.osUser,
      e.action,
      e.subject,
      JSON.stringify(e.inputs),
      JSON.stringify(e.outcome),
      e.hash,
      ...(team ? [e.member ?? '', e.computer ?? ''] : []),
    ]),
  ];
  if (values.csv || values.out) {
    const text = writeCsv(rows, { bom: true });
    if (values.out) {
      // Readable by its user only, like the database it comes from (an existing file keeps no wider mode).
      await writeFile(ctx.path(values.out), text, { mode: 0o600 });
      await chmod(ctx.path(values.out), 0o600);
      ctx.err(`${entries.length} entries written to ${ctx.path(values.out)}\n`);
    } else ctx.out(text);
    return 0;
  }
  emit(ctx, entries, () =>
    entries.length === 0
      ? 'The journal is empty.'
      : entries
          .map(
            (e) =>
              `${String(e.seq).padStart(5)} ${e.at.slice(0, 19)} ${e.computer ? `${e.osUser}@${e.computer}` : e.osUser} ${e.action.padEnd(10)} ${e.subject} ${String(e.outcome.state ?? '')}${e.outcome.error ? `: ${String(e.outcome.error)}` : ''}`,
          )
          .join('\n'),
  );
  return 0;
}

/**
 * `journal --reseal`: a command-line act only (not an operation of the browser or the desktop window).
 * Says what it would seal and take as it is, or why it will not; asks (y/N) in a terminal, takes `--yes`
 * from a script, and refuses in words when it can ask nobody.
 */
async function reseal(ctx: CliContext, yes: boolean): Promise<number> {
  // Through the dispatcher first: the key and the keychain's copy are loaded, and read again, before planning.
  await call<Verification>(ctx, 'journal.verify', {});
  const journal = ctx.core.journal;
  const plan = journal.resealPlan();
  const words = describePlan(plan);
  if (plan.refusal) {
    emit(ctx, { resealed: false, refusal: plan.refusal, verification: plan.verification }, () => words);
    return 1;
  }
  if (!yes) {
    const stdin = ctx.stdin as NodeJS.ReadStream;
    if (!stdin.isTTY)
      throw new UsageError(
        `${words}\nNothing was sealed: resealing needs your yes, and there is no terminal to ask in. Run it in a terminal, or add --yes if a script has checked the above.`,
      );
    ctx.err(`${words}\n`);
    const ask = createInterface({ input: stdin, output: process.stderr, terminal: true });
    const answer = await ask.question('Seal the journal as described? [y/N] ').finally(() => ask.close());
    if (!/^y(es)?$/i.test(answer.trim())) {
      ctx.err('Nothing was sealed.\n');
      return 1;
    }
  } else if (!ctx.json) ctx.err(`${words}\n`);
  const result = journal.reseal(ctx.core.accounts.selectedId() ?? 'local', plan);
  emit(
    ctx,
    { resealed: true, sealedEntries: plan.entries.map((e) => e.seq), verification: result },
    () =>
      `The journal was resealed (${plan.entries.length} entries sealed again; the reseal is journaled).\n${describeVerification(result)}`,
  );
  return result.ok ? 0 : 1;
}

/** A checkpoint kept elsewhere: a counsel export's custody.json (its `journal_checkpoint`) or a checkpoint file. */
async function readCheckpointArgument(ctx: CliContext, file: string): Promise<{ source: string; checkpoint: unknown }> {
  const path = ctx.path(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `--checkpoint ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not JSON (give a custody.json or a journal checkpoint file)'}`,
    );
  }
  const member =
    parsed && typeof parsed === 'object' && 'journal_checkpoint' in parsed
      ? (parsed as { journal_checkpoint: unknown }).journal_checkpoint
      : parsed;
  return { source: path, checkpoint: member };
}

const sealWords = { sealed: 'sealed', unsealed: 'not sealed', notChecked: 'its seal not checked' } as const;
const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`;

/** What was proved, then what was not, in that order; on failure each problem in its own words. */
export function describeVerification(r: Verification): string {
  const lines: string[] = [];
  if (r.ok) {
    const seals =
      r.sealed === r.entries && r.entries > 0
        ? `, each sealed with the journal key (${r.key})`
        : r.sealed > 0
          ? `, ${r.sealed} of them sealed with the journal key (${r.key})`
          : '';
    const anchor = r.checkpoint
      ? r.checkpoint.count === r.entries
        ? `; the head matches the checkpoint of ${when(r.checkpoint.at)} (${r.checkpoint.source}, ${sealWords[r.checkpoint.seal]}${r.checkpoint.timestamped ? ', timestamped' : ''})`
        : `; entry ${r.checkpoint.count} matches the checkpoint of ${when(r.checkpoint.at)} (${r.checkpoint.source})`
      : '; no checkpoint to hold it against';
    lines.push(`The journal is intact: ${r.entries} entries, unbroken${seals}${anchor}.`);
  } else {
    // Entries no seal of this key vouches for are not proof of an edit: said as what they are.
    const unproved = r.problems.every((p) => ['unsealedEntry', 'otherKeyEntry', 'wrongKey'].includes(p.kind));
    lines.push(`${unproved ? 'The journal cannot be vouched for' : 'The journal was altered'} (${r.entries} entries read):`);
    for (const p of r.problems) lines.push(`  - ${p.message}.`);
  }
  if (r.cannot.length) lines.push('What this check cannot prove:', ...r.cannot.map((c) => `  - ${c}`));
  return lines.join('\n');
}
