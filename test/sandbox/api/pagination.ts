/** `GET /api/v2/documents`: a plain array without `limit`; with a positive `limit` (and `offset`),
 * Django REST Framework's limit/offset page `{count, next, previous, results}` with absolute URLs. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed > 0 ? parsed : null;
}

export function paginate<T>(items: T[], url: URL, origin: string): T[] | Page<T> {
  const limit = positiveInt(url.searchParams.get('limit'));
  if (limit === null) return items;
  const offset = positiveInt(url.searchParams.get('offset')) ?? 0;
  const link = (target: number | null): string => {
    const next = new URL(url.pathname + url.search, origin);
    next.searchParams.set('limit', String(limit));
    if (target === null) next.searchParams.delete('offset');
    else next.searchParams.set('offset', String(target));
    return next.toString();
  };
  return {
    count: items.length,
    next: offset + limit < items.length ? link(offset + limit) : null,
    previous: offset <= 0 ? null : link(offset - limit > 0 ? offset - limit : null),
    results: items.slice(offset, offset + limit),
  };
}
