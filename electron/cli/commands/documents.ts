import { terminalSafe } from '../terminal-safe';
import type { Document } from '../../../shared/domain/documents';
import { documentStatusLabel } from '../../../shared/domain/status-codes';
import { call, emit, UsageError, type CliContext } from '../io';
import { parseArgs } from 'node:util';

type Listed = Omit<Document, 'raw'>;

/** `list [--status CODE] [--search TEXT] [--limit N]`: documents from the mirror (run `sync` first). */
export async function listCommand(ctx: CliContext, args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { status: { type: 'string' }, search: { type: 'string' }, limit: { type: 'string', default: '500' } },
    }));
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)}\nUsage: list [--status CODE] [--search TEXT] [--limit N]`,
    );
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a whole number of at least 1.');
  const documents: Listed[] = [];
  let total = 0;
  for (let offset = 0; documents.length < limit;) {
    const page = await call<{ total: number; documents: Listed[] }>(ctx, 'documents.list', {
      ...(values.status ? { status: values.status.toUpperCase() } : {}),
      ...(values.search ? { search: values.search } : {}),
      limit: Math.min(500, limit - documents.length),
      offset,
    });
    total = page.total;
    documents.push(...page.documents);
    offset += page.documents.length;
    if (page.documents.length === 0 || offset >= page.total) break;
  }
  emit(ctx, documents, () => {
    if (documents.length === 0) return 'No documents match. (Run "sync" to read them from the service.)';
    const lines = documents.map((d) => {
      const signers = d.signatures.map((s) => `${terminalSafe(s.displayName || s.id.slice(0, 8))} ${terminalSafe(s.status)}`).join('; ');
      return `${terminalSafe(d.id)}  ${terminalSafe(d.status).padEnd(2)}  ${terminalSafe((d.createdAt ?? '').slice(0, 10))}  ${terminalSafe(d.title)}${signers ? `  [${signers}]` : ''}`;
    });
    return `${lines.join('\n')}\n${documents.length} of ${total} documents.`;
  });
  return 0;
}

/** `show <document-id>`: one document from the mirror with its signatures. */
export async function showCommand(ctx: CliContext, args: string[]): Promise<number> {
  const [documentId, ...rest] = args;
  if (!documentId || rest.length > 0) throw new UsageError('Usage: show <document-id>');
  const document = await call<Document & { readAt: string | null }>(ctx, 'documents.get', { documentId });
  emit(ctx, document, () => {
    const lines = [
      terminalSafe(document.title),
      `  id:      ${terminalSafe(document.id)}`,
      `  status:  ${terminalSafe(documentStatusLabel(document.status))} (${terminalSafe(document.status)})`,
      `  created: ${terminalSafe(document.createdAt ?? 'unknown')}`,
      ...(document.cancelReason ? [`  cancelled because: ${terminalSafe(document.cancelReason)}`] : []),
      `  last read from the service: ${document.readAt ?? 'never'}`,
      `  signers:`,
      ...document.signatures.map(
        (s) =>
          `    - ${terminalSafe(s.displayName || '(no name)')}  ${terminalSafe(s.status)}  ${terminalSafe(s.id)}${s.url ? `\n      link: ${terminalSafe(s.url)}` : ''}`,
      ),
    ];
    return lines.join('\n');
  });
  return 0;
}
