import { AppError } from '../../../shared/contract/errors';
import type { OperationOutput, OperationParsedInput } from '../../../shared/contract/operations';
import {
  attentionSettingsSchema,
  defaultAttentionSettings,
  type AttentionSettings,
  type DocumentFilter,
  type DocumentSelection,
  type Signature,
} from '../../../shared/domain/documents';
import type { Db } from '../db/database';
import { ActivityQueries } from './activity-query';
import { DashboardQueries } from './dashboard-query';
import type { DocumentQueries } from './document-query';
import type { DocumentReader } from './document-reader';
import { documentHeader, documentRow, exportCsv, signatureHeader, signatureRows } from './documents-csv';
import type { MirrorDocument, MirrorFilter } from './mirror-types';
import { TimelineQueries } from './timeline-query';

/** The most documents one export or selection covers. */
export const maxSelected = 100_000;
const attentionKey = 'documents.attention';

export interface DocumentsServiceDeps {
  db: Db;
  queries: DocumentQueries;
  reader: DocumentReader;
  /** The account in use (throws the plain `noAccount` error when there is none). */
  account: () => string;
  /** `GET /api/v2/signatures/{id}` with the account's client. */
  readSignature: (accountId: string, signatureId: string) => Promise<Signature>;
  settings: { getValue(key: string): unknown; setValue(key: string, value: unknown): void };
  now?: () => number;
}

/** The contract's `documents.*` operations of the Documents page, over the mirror. */
export class DocumentsService {
  private readonly dashboards: DashboardQueries;
  private readonly timelines: TimelineQueries;
  private readonly activity: ActivityQueries;

  constructor(private readonly deps: DocumentsServiceDeps) {
    this.dashboards = new DashboardQueries(deps.db, deps.queries);
    this.timelines = new TimelineQueries(deps.db);
    this.activity = new ActivityQueries(deps.db);
  }

  query(input: OperationParsedInput<'documents.query'>): OperationOutput<'documents.query'> {
    const accountId = this.deps.account();
    const page = this.deps.queries.page({
      accountId,
      ...mirrorFilter(input.filter),
      sort: { key: input.sort.column, direction: input.sort.direction },
      limit: input.limit,
      ...(input.after ? { after: input.after } : {}),
      ...(input.before ? { before: input.before } : {}),
    });
    return { ...page, documents: page.documents.map(({ raw: _raw, accountId: _account, readAt: _read, ...document }) => document) };
  }

  dashboard(input: OperationParsedInput<'documents.dashboard'>): OperationOutput<'documents.dashboard'> {
    const now = (this.deps.now ?? Date.now)();
    return this.dashboards.dashboard(this.deps.account(), mirrorFilter(input.filter), input.period, this.attention(), now);
  }

  /** The Activity feed: changes the mirror learned, newest first. */
  feed(limit: number): OperationOutput<'documents.activity'> {
    return this.activity.feed(this.deps.account(), limit);
  }

  detail(documentId: string): OperationOutput<'documents.detail'> {
    const accountId = this.deps.account();
    const document = this.deps.reader.get(accountId, documentId);
    if (!document) throw notInMirror(documentId);
    const { accountId: _account, ...rest } = document;
    return { document: rest, timeline: this.timelines.timeline(accountId, document) };
  }

  async signature(signatureId: string): Promise<Signature> {
    const accountId = this.deps.account();
    return this.deps.readSignature(accountId, signatureId);
  }

  export(input: OperationParsedInput<'documents.export'>): OperationOutput<'documents.export'> {
    const accountId = this.deps.account();
    const perSignature = input.per === 'signature';
    const lines: string[][] = [perSignature ? signatureHeader : documentHeader];
    for (const document of this.selected(accountId, input.selection, { key: input.sort.column, direction: input.sort.direction })) {
      if (perSignature) lines.push(...signatureRows(document));
      else lines.push(documentRow(document));
    }
    const stamp = new Date((this.deps.now ?? Date.now)()).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return { fileName: `documents-${perSignature ? 'signatures-' : ''}${stamp}.csv`, text: exportCsv(lines), rows: lines.length - 1 };
  }

  /**
   * The documents a selection names, in the sort's order (a list of ids in the order given), read in
   * chunks. For actions on a selection as much as for the export.
   */
  *selected(
    accountId: string,
    selection: DocumentSelection,
    sort: { key: MirrorSortKey; direction: 'asc' | 'desc' },
  ): Generator<MirrorDocument> {
    if (selection.kind === 'ids') {
      for (const id of selection.ids) {
        const document = this.deps.reader.get(accountId, id);
        if (document) yield document;
      }
      return;
    }
    const except = new Set(selection.exceptIds);
    const keys = this.deps.queries.allKeys(accountId, mirrorFilter(selection.filter), sort, maxSelected);
    for (let start = 0; start < keys.length; start += 500) {
      for (const document of this.deps.reader.byKeys(keys.slice(start, start + 500))) {
        if (!except.has(document.id)) yield document;
      }
    }
  }

  /** The ids a selection names (at most the export's bound), for an action on them. */
  selectionIds(selection: DocumentSelection): { ids: string[] } {
    const accountId = this.deps.account();
    const ids: string[] = [];
    for (const document of this.selected(accountId, selection, { key: 'created', direction: 'desc' })) ids.push(document.id);
    return { ids };
  }

  attention(): AttentionSettings {
    const parsed = attentionSettingsSchema.safeParse(this.deps.settings.getValue(attentionKey));
    return parsed.success ? parsed.data : defaultAttentionSettings;
  }

  setAttention(patch: Partial<AttentionSettings>): AttentionSettings {
    const next = { ...this.attention(), ...patch };
    this.deps.settings.setValue(attentionKey, next);
    return next;
  }
}

type MirrorSortKey = NonNullable<Parameters<DocumentQueries['page']>[0]['sort']>['key'];

/** The contract's filter as the mirror's. */
export function mirrorFilter(filter: DocumentFilter): MirrorFilter {
  return {
    ...(filter.statuses?.length ? { statuses: filter.statuses } : {}),
    ...(filter.search?.trim() ? { search: filter.search } : {}),
    ...(filter.signerStatus ? { signerStatuses: [filter.signerStatus] } : {}),
    ...(filter.batchId ? { batchId: filter.batchId } : {}),
    ...(filter.createdFrom !== undefined ? { createdFrom: filter.createdFrom } : {}),
    ...(filter.createdTo !== undefined ? { createdTo: filter.createdTo } : {}),
  };
}

function notInMirror(id: string): AppError {
  return new AppError({
    kind: 'NotFound',
    code: 'documentNotInMirror',
    params: { id },
    message: `No document with id ${id} is known for this account. Run a sync if it was created elsewhere.`,
  });
}
