import { useTranslation } from 'react-i18next';
import type { Signature, TimelineEntry } from '../../../../../shared';
import { formatDateTime } from '../../../lib/format-time';
import { useDocumentLabels } from '../labels';

const knownActions = new Set(['DS', 'SD', 'DC']);
const inboxStates = new Set(['pending', 'done', 'ignored', 'failed']);
const jobKinds = new Set(['cancel', 'invalidate', 'remind', 'autoRemind', 'send', 'document.refresh']);
const outcomes = new Set(['done', 'skipped', 'failed', 'not-found']);

/** What happened to the document, newest first, in words. */
export function Timeline({ entries, signatures }: { entries: TimelineEntry[]; signatures: Signature[] }) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const signerOf = (id: string | null, fallback: string | null) => {
    const index = signatures.findIndex((signature) => signature.id === id);
    const found = signatures[index];
    return found ? labels.signer(found, index) : fallback || t('documents.signerFallback', { n: '?' });
  };
  const words = (entry: TimelineEntry): { text: string; note?: string; seen?: boolean } => {
    switch (entry.kind) {
      case 'created':
        return { text: t('documents.timeline.created') };
      case 'invited':
        return {
          text: t('documents.timeline.invited', { signer: signerOf(entry.signatureId, entry.signer) }),
          note: t('documents.timeline.serviceDate'),
        };
      case 'signed':
        return {
          text: t('documents.timeline.signed', { signer: signerOf(entry.signatureId, entry.signer) }),
          note: t('documents.timeline.serviceDate'),
        };
      case 'evidenceSigned':
        return {
          text: t('documents.timeline.evidenceSigned', { signer: entry.signer ?? t('documents.signerFallback', { n: '?' }) }),
          note: [t('documents.timeline.evidenceDate'), entry.ip, entry.device].filter(Boolean).join(' · '),
        };
      case 'sent':
        return { text: t('documents.timeline.sent', { file: entry.fileName }) };
      case 'status': {
        // When SignDock saw it (a read), not when it happened: "seen at …"; `from` null: as first read.
        const note = entry.firstSeen ? t('documents.timeline.firstRead') : undefined;
        if (entry.signatureId === null) {
          return {
            text: entry.from
              ? t('documents.timeline.document', { from: labels.status(entry.from), to: labels.status(entry.to) })
              : t('documents.timeline.documentFirst', { to: labels.status(entry.to) }),
            note,
            seen: true,
          };
        }
        const signer = signerOf(entry.signatureId, entry.signer);
        return entry.from
          ? {
              text: t('documents.timeline.signer', {
                signer,
                from: labels.signatureStatus(entry.from),
                to: labels.signatureStatus(entry.to),
              }),
              seen: true,
            }
          : entry.firstSeen
            ? { text: t('documents.timeline.signerFirst', { signer, to: labels.signatureStatus(entry.to) }), note, seen: true }
            : { text: t('documents.timeline.signerAdded', { signer, to: labels.signatureStatus(entry.to) }), seen: true };
      }
      case 'notification': {
        const text = knownActions.has(entry.action)
          ? t(`documents.timeline.notification.${entry.action as 'DS' | 'SD' | 'DC'}`, { status: labels.status(entry.newStatus ?? '?') })
          : t('documents.timeline.notification.other', { code: entry.action });
        const who = entry.signatureId ? signerOf(entry.signatureId, null) : null;
        const state = inboxStates.has(entry.state) ? t(`documents.timeline.notificationStates.${entry.state as 'done'}`) : entry.state;
        return { text: who ? `${text} (${who})` : text, note: state };
      }
      case 'action': {
        // "Reminder sent by SignDock" only when it was: otherwise what was tried, and how it ended.
        const words = entry.outcome === 'done' ? 'actions' : 'tried';
        const action = jobKinds.has(entry.action) ? t(`documents.timeline.${words}.${entry.action as 'cancel'}`) : entry.action;
        const outcome = outcomes.has(entry.outcome) ? t(`documents.timeline.outcomes.${entry.outcome as 'done'}`) : entry.outcome;
        const who = signatures.some((signature) => signature.id === entry.target) ? signerOf(entry.target, null) : null;
        return {
          text: t('documents.timeline.action', { action: who ? `${action} (${who})` : action, outcome }),
          note: entry.detail ?? undefined,
        };
      }
    }
  };
  return (
    <section className="timeline" aria-labelledby="document-timeline-heading" data-testid="timeline">
      <h3 id="document-timeline-heading">{t('documents.panel.timeline')}</h3>
      {entries.length === 0 ? <p className="cell-muted">{t('documents.panel.timelineEmpty')}</p> : null}
      <ol className="timeline-list">
        {entries.map((entry, index) => {
          const { text, note, seen } = words(entry);
          const time = formatDateTime(entry.at, i18n.language);
          return (
            <li
              key={`${entry.kind}-${entry.at}-${index}`}
              className={`timeline-entry timeline-${entry.kind}`}
              data-testid="timeline-entry"
              data-kind={entry.kind}
            >
              <span className="timeline-dot" aria-hidden="true" />
              <div>
                <p className="timeline-text">{text}</p>
                <p className="timeline-meta">
                  <time dateTime={entry.at}>{seen ? t('documents.timeline.seenAt', { time }) : time}</time>
                  {note ? ` · ${note}` : ''}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
