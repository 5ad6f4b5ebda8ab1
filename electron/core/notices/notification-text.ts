import { bidiAndC1Controls } from '../../../shared/domain/text-controls';

/**
 * A desktop notification's title or body as the platform draws it. On Linux the notification server
 * may draw a subset of HTML in the text (`<b>`, `<i>`, `<a href>`, `<img>`), so a document title from
 * the service such as `<a href="https://evil">Open</a>` would become a link: there `&`, `<` and `>` are
 * written as entities, which such a server shows as the characters themselves. Elsewhere (macOS,
 * Windows) the text is plain and stays as it is. Everywhere, bidirectional and C1 controls are dropped.
 */
export function notificationText(text: string, platform: NodeJS.Platform = process.platform): string {
  const plain = text.replace(bidiAndC1Controls, '');
  return platform === 'linux' ? escapeMarkup(plain) : plain;
}

/** `&`, `<` and `>` as the entities a markup-drawing notification server shows as text. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
