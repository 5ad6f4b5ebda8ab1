/**
 * Which links SignDock hands to the system browser (`shell.openExternal`). Plain Node, no Electron,
 * so tests run it as it is. Only two kinds of address are opened:
 *
 * - the selected account's service: same scheme, host and port as its address (signing links,
 *   the service's own pages); `http://` only when that address itself is on this computer (the
 *   demo sandbox);
 * - the project's pages (`PROJECT_PAGES`): same origin, and a path under the page's.
 *
 * Everything else — other sites, `file:`, `javascript:`, custom schemes that start programs,
 * addresses with a user name or password in them — is refused; the page keeps showing the link,
 * which the person can copy.
 */

/**
 * The project's pages (https, each a prefix ending with `/`). SignDock publishes none yet (its
 * packaging names only `signdock.invalid`); add them here when it does.
 */
export const PROJECT_PAGES: readonly string[] = [];

export interface LinkAllowList {
  /** The selected account's service address (`https://connect.signatura.co/api/v2`), or null. */
  serviceBaseUrl: string | null;
  projectPages: readonly string[];
}

export type LinkDecision = { open: true; url: string } | { open: false; reason: 'invalid' | 'scheme' | 'credentials' | 'notAllowed' };

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

const parse = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/** https anywhere; http only on this computer. */
const safeScheme = (url: URL): boolean => url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));

/** Whether `raw` may be opened in the system browser, and the address to open. */
export function decideExternalLink(raw: string, allow: LinkAllowList): LinkDecision {
  const url = parse(raw);
  if (!url) return { open: false, reason: 'invalid' };
  if (!safeScheme(url)) return { open: false, reason: 'scheme' };
  if (url.username || url.password) return { open: false, reason: 'credentials' };

  const service = allow.serviceBaseUrl ? parse(allow.serviceBaseUrl) : null;
  if (service && safeScheme(service) && service.origin === url.origin) return { open: true, url: url.href };

  for (const page of allow.projectPages) {
    const prefix = parse(page);
    if (!prefix || prefix.protocol !== 'https:' || prefix.origin !== url.origin) continue;
    const bare = prefix.pathname.replace(/\/$/, '');
    if (url.pathname === bare || url.pathname.startsWith(`${bare}/`)) return { open: true, url: url.href };
  }
  return { open: false, reason: 'notAllowed' };
}

/** The part of a refused link that may go in the log: its scheme and host, never its path (signing links are secrets). */
export function linkForLog(raw: string): string {
  const url = parse(raw);
  return url ? `${url.protocol}//${url.host}` : '(not an address)';
}
