import { app, Notification } from 'electron';
import type { EventPayload } from '../../shared/contract/events';
import type { Core } from '../core/host';
import { noticeText } from '../../shared/domain/notice-words';
import { notificationText } from '../core/notices/notification-text';

const words = {
  en: {
    doneTitle: 'Batch sent',
    cancelledTitle: 'Batch cancelled',
    sent: (n: number) => (n === 1 ? '1 document sent' : `${n} documents sent`),
    failed: (n: number) => (n === 1 ? '1 not sent' : `${n} not sent`),
    uncertain: (n: number) => `${n} being verified`,
  },
  es: {
    doneTitle: 'Lote enviado',
    cancelledTitle: 'Lote cancelado',
    sent: (n: number) => (n === 1 ? '1 documento enviado' : `${n} documentos enviados`),
    failed: (n: number) => (n === 1 ? '1 no se envió' : `${n} no se enviaron`),
    uncertain: (n: number) => `${n} en verificación`,
  },
};

/**
 * A desktop notification when a batch the app saw running ends (done or cancelled), with its counts,
 * in the language of the settings. Returns the unsubscribe function.
 */
export function notifyWhenBatchesEnd(core: Core): () => void {
  const running = new Set<string>();
  return core.events.subscribe((message) => {
    if (message.event !== 'batches.changed') return;
    const { batch } = message.payload as EventPayload<'batches.changed'>;
    if (batch.state === 'sending' || batch.state === 'checking' || batch.state === 'paused') {
      running.add(batch.id);
      return;
    }
    if (!running.delete(batch.id) || (batch.state !== 'done' && batch.state !== 'cancelled')) return;
    if (!Notification.isSupported() || !core.settings.get().notifications.batchDone) return;
    const setting = core.settings.get().language;
    const say = words[setting === 'system' ? (app.getLocale().toLowerCase().startsWith('es') ? 'es' : 'en') : setting];
    const { sent, failed, uncertain } = batch.progress.byState;
    const body = [say.sent(sent), failed > 0 ? say.failed(failed) : null, uncertain > 0 ? say.uncertain(uncertain) : null]
      .filter(Boolean)
      .join(' · ');
    new Notification({
      title: notificationText(batch.state === 'done' ? say.doneTitle : say.cancelledTitle),
      body: notificationText(body),
    }).show();
  });
}

/**
 * Desktop notifications for documents completed and signers who rejected (grouped by the core's
 * notices, each kind as its setting says). Batches have their own notification above.
 */
export function notifyDocumentNotices(core: Core): () => void {
  return core.events.subscribe((message) => {
    if (message.event !== 'notices' || !Notification.isSupported()) return;
    const notice = message.payload as EventPayload<'notices'>;
    if (notice.kind === 'batchDone') return;
    const setting = core.settings.get().language;
    const language = setting === 'system' ? (app.getLocale().toLowerCase().startsWith('es') ? 'es' : 'en') : setting;
    const { title, body } = noticeText(notice, language);
    // Service titles go into the text: escaped where the notification server draws markup (Linux).
    new Notification({ title: notificationText(title), body: notificationText(body) }).show();
  });
}
