import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { noticeText } from '../../../shared/domain/notice-words';
import { useClient } from '../lib/client-context';

/**
 * In the web UI, the host's grouped notices (a batch sent, documents completed, signers who rejected)
 * become browser notifications, in the UI's language; the desktop app shows its own from the main
 * process. Permission is asked for the first time there is something to say; refused, nothing is shown.
 */
export function useBrowserNotices(i18n: I18n, isDesktop: boolean): void {
  const client = useClient();
  useEffect(() => {
    if (isDesktop || typeof window === 'undefined' || !('Notification' in window)) return;
    return client.subscribe('notices', (notice) => {
      const show = () => {
        const { title, body } = noticeText(notice, i18n.language.startsWith('es') ? 'es' : 'en');
        new Notification(title, { body, tag: `signdock-${notice.kind}` });
      };
      if (Notification.permission === 'granted') show();
      else if (Notification.permission === 'default')
        void Notification.requestPermission().then((answer) => (answer === 'granted' ? show() : undefined));
    });
  }, [client, i18n, isDesktop]);
}
