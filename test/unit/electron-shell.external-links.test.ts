import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideExternalLink, linkForLog, PROJECT_PAGES, type LinkAllowList } from '../../electron/main/external-links';

// Issue 15, finding 6: any https:// link went to shell.openExternal. Now only the selected account's
// service and the project's pages do; everything else stays in the page, shown for copying.
const service = 'https://connect.signatura.co/api/v2';
const allow: LinkAllowList = { serviceBaseUrl: service, projectPages: ['https://docs.signdock.example/guide/'] };
const opens = (url: string, list: LinkAllowList = allow) => decideExternalLink(url, list).open;

describe('external links: only the allow-list reaches the system browser', () => {
  it('opens the selected service (any path on its origin) and the project pages', () => {
    expect(decideExternalLink('https://connect.signatura.co/sign/abc?x=1', allow)).toEqual({
      open: true,
      url: 'https://connect.signatura.co/sign/abc?x=1',
    });
    expect(opens('https://docs.signdock.example/guide/')).toBe(true);
    expect(opens('https://docs.signdock.example/guide/sending/batches')).toBe(true);
    expect(opens('https://docs.signdock.example/guide')).toBe(true);
  });

  it('refuses every other site, even over https', () => {
    expect(decideExternalLink('https://evil.example/phish', allow)).toEqual({ open: false, reason: 'notAllowed' });
    expect(opens('https://connect.signatura.co.evil.example/')).toBe(false);
    expect(opens('https://connect.signatura.co:8443/')).toBe(false);
    expect(opens('https://docs.signdock.example/guides-elsewhere')).toBe(false);
    expect(opens('https://docs.signdock.example/')).toBe(false);
    expect(opens('https://connect.signatura.co/', { serviceBaseUrl: null, projectPages: [] })).toBe(false);
  });

  it('refuses other schemes, user names in addresses, and plain http away from this computer', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'ms-msdt:/id', 'mailto:a@b.c', 'not a url']) {
      expect(opens(url)).toBe(false);
    }
    expect(decideExternalLink('https://user:pw@connect.signatura.co/', allow)).toEqual({ open: false, reason: 'credentials' });
    expect(opens('http://connect.signatura.co/sign/abc', { serviceBaseUrl: 'http://connect.signatura.co', projectPages: [] })).toBe(false);
  });

  it('the demo sandbox on this computer: its own http address only', () => {
    const demo = { serviceBaseUrl: 'http://127.0.0.1:45123', projectPages: [] };
    expect(opens('http://127.0.0.1:45123/sign/abc', demo)).toBe(true);
    expect(opens('http://127.0.0.1:9999/', demo)).toBe(false);
    expect(opens('http://localhost:45123/', demo)).toBe(false);
  });

  it('any address off the allow-list is refused (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const host = new URL(url).host;
        fc.pre(host !== 'connect.signatura.co' && host !== 'docs.signdock.example');
        expect(opens(url)).toBe(false);
      }),
    );
  });

  it('a refused link is logged by scheme and host only (signing links are secrets)', () => {
    expect(linkForLog('https://evil.example/sign/SECRET-TOKEN?k=1')).toBe('https://evil.example');
    expect(PROJECT_PAGES.every((page) => page.startsWith('https://') && page.endsWith('/'))).toBe(true);
  });
});
