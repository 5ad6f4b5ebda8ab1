/** A tiny path router: routes are regular expressions whose groups become parameters. */
export interface Route<H> {
  name: string;
  method: string;
  pattern: RegExp;
  handler: H;
  /** The path as written, for listings (`/documents/:id`). */
  template?: string;
}

export type Match<H> =
  | { kind: 'found'; route: Route<H>; params: string[] }
  | { kind: 'method-not-allowed'; allowed: string[]; name: string }
  | { kind: 'not-found' };

export function matchRoute<H>(routes: readonly Route<H>[], method: string, path: string): Match<H> {
  const allowed: string[] = [];
  let name = '';
  for (const route of routes) {
    const found = route.pattern.exec(path);
    if (!found) continue;
    if (route.method === method) {
      return { kind: 'found', route, params: found.slice(1).map((part) => decodeURIComponent(part ?? '')) };
    }
    allowed.push(route.method);
    name = route.name;
  }
  return allowed.length > 0 ? { kind: 'method-not-allowed', allowed, name } : { kind: 'not-found' };
}

/** `/api/v2/documents/:id/cancel` style path with an optional trailing slash. */
export function path(template: string): RegExp {
  const source = template
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}
