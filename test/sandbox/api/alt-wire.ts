import type { Prng } from '../core/prng';
import type { WireDocument, WireSignature } from '../core/serialize';

/**
 * The `alt` variant's wire shapes (see core/variant.ts): the default JSON, turned into another one the
 * interface allows. Each change names the line of `shared/service-api.md` (api) or
 * `shared/service-notes.md` (notes) that leaves it open.
 */

/** `2025-01-15T09:00:00.000Z` → `2025-01-15T09:00:00.000000+00:00` (Django's own ISO form): still
 * "ISO 8601 UTC" (api §2.2 `created_date`), with microseconds and an offset instead of `Z`. */
export function altTime(iso: string): string {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(iso);
  if (!match) return iso;
  return `${match[1]}.${(match[2] ?? '').padEnd(6, '0').slice(0, 6)}+00:00`;
}

/** A signature status the client's lists do not hold (api §2.2: "Other signature statuses: not
 * shown"; notes "Treat both as open sets"): a signer who opened the link reads `RD`, not `PE`. */
export const ALT_READ_STATUS = 'RD';

export function altSignature(signature: WireSignature, moment: 'create' | 'read'): Record<string, unknown> {
  const { url, ...rest } = signature;
  const out: Record<string, unknown> = {
    ...rest,
    created_date: altTime(signature.created_date),
    status: signature.status === 'PE' ? ALT_READ_STATUS : signature.status,
  };
  // api §4.2 rules: only "Without invite_channel, the response carries a signing link" is promised.
  if (moment === 'read' || signature.invite_channel.length === 0) out.url = url;
  return out;
}

/**
 * - no `creation_date` (api §2.1 lists no date of a document; "Fields of a document beyond those listed: not shown");
 * - the create answer says `DR` (api §3: "Transitions between DR and PE … not shown"; the document is
 *   sent right after the answer);
 * - on reads, signatures in an order that changes from one read to the next (no order is promised; the
 *   create answer keeps the order sent, notes "Shapes").
 */
export function altDocument(document: WireDocument, prng: Prng, moment: 'create' | 'read'): Record<string, unknown> {
  const { creation_date: _dropped, signatures, ...rest } = document;
  const ordered = moment === 'create' ? signatures : prng.shuffle(signatures);
  return {
    ...rest,
    ...(moment === 'create' && document.status === 'PE' ? { status: 'DR' } : {}),
    signatures: ordered.map((signature) => altSignature(signature, moment)),
  };
}

export interface AltPage<T> {
  next: string | null;
  previous: string | null;
  results: T[];
}

const ALT_DEFAULT_PAGE = 10;
const ALT_MAX_PAGE = 25;

/**
 * `GET /api/v2/documents` (api §4.1: "Query parameters and response shape: not shown"): always a page,
 * with or without `limit` (at most 25 a page, 10 by default), oldest first, `next`/`previous` as
 * relative links, and no `count`.
 */
export function altPaginate<T>(newestFirst: T[], url: URL): AltPage<T> {
  const items = [...newestFirst].reverse();
  const asked = Number(url.searchParams.get('limit'));
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, ALT_MAX_PAGE) : ALT_DEFAULT_PAGE;
  const given = Number(url.searchParams.get('offset'));
  const offset = Number.isInteger(given) && given > 0 ? given : 0;
  const link = (target: number): string => `${url.pathname}?limit=${limit}&offset=${target}`;
  return {
    next: offset + limit < items.length ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: items.slice(offset, offset + limit),
  };
}
