import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseCsv } from '../../../shared/csv/csv-reader';
import { documentColumns, type DocumentColumn, type DocumentFilter } from '../../../shared/domain/documents';
import { call, emit, UsageError, type CliContext } from '../io';

export const exportDocumentsUsage =
  'export [--status CODE] [--search TEXT] [--signer-status CODE] [--batch ID] [--from DATE] [--to DATE] [--sort COLUMN] [--asc] [--per document|signature] [--out FILE]';

const options = {
  status: { type: 'string', multiple: true },
  search: { type: 'string' },
  'signer-status': { type: 'string' },
  batch: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  sort: { type: 'string' },
  asc: { type: 'boolean' },
  per: { type: 'string' },
  out: { type: 'string' },
} as const;

const code = /^[A-Za-z]{2,8}$/;
const day = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `export`: the documents of the mirror a filter leaves, as the Documents page's "Export CSV" writes
 * them (the same host operation, `documents.export`: the same columns, formula-safe cells, UTF-8 with a
 * BOM), one line per document or per signature. To `--out FILE` (read from the folder the user typed
 * in) or stdout; `--json` prints the lines as objects keyed by the CSV's header.
 */
export async function exportDocumentsCommand(ctx: CliContext, args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${exportDocumentsUsage}`);
  }
  const filter = filterFrom(values);
  const per = values.per ?? 'document';
  if (per !== 'document' && per !== 'signature')
    throw new UsageError(`--per is "document" or "signature", not "${per}".\nUsage: ${exportDocumentsUsage}`);
  const column = (values.sort ?? 'created') as DocumentColumn;
  if (!documentColumns.includes(column)) throw new UsageError(`--sort is one of ${documentColumns.join(', ')}; "${values.sort}" is not.`);
  if (values.out !== undefined && values.out.trim() === '') throw new UsageError('--out needs a file name.');

  const file = await call<{ fileName: string; text: string; rows: number }>(ctx, 'documents.export', {
    selection: { kind: 'query', filter, exceptIds: [] },
    sort: { column, direction: values.asc ? 'asc' : 'desc' },
    per,
  });
  const written = values.out !== undefined ? ctx.path(values.out) : null;
  if (written) {
    await writeFile(written, file.text, { encoding: 'utf8', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`The file "${values.out}" could not be written (${error.code ?? error.message}).`);
    });
    ctx.err(`${file.rows} ${per === 'signature' ? 'signature' : 'document'} line${file.rows === 1 ? '' : 's'} written to ${written}.\n`);
  }
  if (ctx.json) {
    const [header = [], ...records] = parseCsv(file.text).records;
    emit(
      ctx,
      records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? '']))),
      () => '',
    );
  } else if (!written) {
    ctx.out(file.text);
  }
  return 0;
}

type Values = { status?: string[]; search?: string; 'signer-status'?: string; batch?: string; from?: string; to?: string };

/** The filter the options name, each checked before anything is read (a usage error names the option). */
function filterFrom(values: Values): DocumentFilter {
  const statuses = (values.status ?? [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const bad = statuses.find((s) => !code.test(s));
  if (bad !== undefined) throw new UsageError(`--status takes a status code such as PE, CO, CA or DR; "${bad}" is not one.`);
  const signerStatus = values['signer-status']?.trim().toUpperCase();
  if (signerStatus !== undefined && !code.test(signerStatus))
    throw new UsageError(`--signer-status takes a signer's status code such as DE (rejected); "${values['signer-status']}" is not one.`);
  const search = values.search?.trim();
  if (search !== undefined && search.length > 200) throw new UsageError('--search is at most 200 characters.');
  const from = values.from !== undefined ? dayStart('--from', values.from) : undefined;
  const to = values.to !== undefined ? dayStart('--to', values.to) + 86_400_000 : undefined;
  if (from !== undefined && to !== undefined && to <= from) throw new UsageError('--to is before --from.');
  return {
    // PE is the service's pending, rejected ones included (the mirror counts those apart as PE+DE).
    ...(statuses.length ? { statuses: statuses.includes('PE') ? [...statuses, 'PE+DE'] : statuses } : {}),
    ...(search ? { search } : {}),
    ...(signerStatus ? { signerStatus } : {}),
    ...(values.batch?.trim() ? { batchId: values.batch.trim() } : {}),
    ...(from !== undefined ? { createdFrom: from } : {}),
    ...(to !== undefined ? { createdTo: to } : {}),
  };
}

/** Midnight (this computer's time zone) at the start of a YYYY-MM-DD day. */
function dayStart(option: string, text: string): number {
  const match = day.exec(text.trim());
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  if (!match || !date || date.getMonth() !== Number(match[2]) - 1 || date.getDate() !== Number(match[3])) {
    throw new UsageError(`${option} takes a day as YYYY-MM-DD (for example 2026-03-31); "${text}" is not one.`);
  }
  return date.getTime();
}
