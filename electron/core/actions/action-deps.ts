import type { Document } from '../../../shared/domain/documents';
import type { ServiceClient } from '../api/service-client';

/** What the document actions need from the core: the account's client (its limiter shared) and the mirror. */
export interface ActionDeps {
  client: (accountId: string) => Promise<ServiceClient>;
  /** Puts a document read from the service into the mirror (read stamp taken before the request). */
  mirror: (accountId: string, document: Document, readAt: number) => void;
  stamp: () => number;
}

/** How long to wait before trying an item again after a refusal that is not about the item. */
export const retryAfterMs = (params: Record<string, unknown> | undefined, fallback = 2_000): number =>
  typeof params?.retryAfterSeconds === 'number' ? params.retryAfterSeconds * 1000 : fallback;
