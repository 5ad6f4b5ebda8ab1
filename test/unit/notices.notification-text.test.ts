import { describe, expect, it } from 'vitest';
import { escapeMarkup, notificationText } from '../../electron/core/notices/notification-text';
import { noticeText } from '../../shared/domain/notice-words';

/** Issue 25 (finding 6): a service title in a desktop notification is never drawn as markup on Linux. */
describe('desktop notification text', () => {
  const title = '<a href="https://evil.example">Open</a> & <b>sign</b>';

  it('escapes &, < and > where the notification server draws markup (Linux)', () => {
    const { body } = noticeText({ kind: 'completed', count: 1, titles: [title] }, 'en');
    const shown = notificationText(body, 'linux');
    expect(shown).toBe('“&lt;a href="https://evil.example"&gt;Open&lt;/a&gt; &amp; &lt;b&gt;sign&lt;/b&gt;”');
    expect(shown).not.toMatch(/[<>]/);
    expect(escapeMarkup('a &amp; b')).toBe('a &amp;amp; b');
  });

  it('leaves the text as it is where it is drawn plain, and drops bidi and C1 controls everywhere', () => {
    expect(notificationText(title, 'darwin')).toBe(title);
    expect(notificationText(title, 'win32')).toBe(title);
    expect(notificationText('invoice\u202efdp.exe\u009b', 'win32')).toBe('invoicefdp.exe');
    expect(notificationText('invoice\u202efdp.exe', 'linux')).toBe('invoicefdp.exe');
  });
});
