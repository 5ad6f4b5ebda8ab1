import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../../../../shared';
import { CopyButton } from '../../components/copy-button';
import { ChevronIcon } from '../../components/icons';
import { Tag } from '../../components/tag';
import { formatCompactDateTime, formatCount, formatDateTime, shortId } from '../../lib/format-time';
import { useActivityLabels } from './labels';

const stateTone = { pending: 'warning', done: 'success', ignored: 'neutral', failed: 'danger' } as const;

/** The body as received, indented when it is JSON (the copy button copies it exactly as received). */
function readable(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

export const INBOX_COLUMNS = 7;

/** One notification; its body opens in a row below (keyboard: the Show button). */
export function InboxRow({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation();
  const labels = useActivityLabels();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const when = formatDateTime(item.receivedAt, i18n.language, { seconds: true });
  const compact = formatCompactDateTime(item.receivedAt, i18n.language);
  const kind = labels.kind(item.kind);
  const none = t('activity.none');

  return (
    <>
      <tr className={open ? 'is-open' : undefined} data-testid="inbox-row" data-state={item.state}>
        <td className="cell-time">
          <time dateTime={item.receivedAt} title={when}>
            {compact}
          </time>
          {item.duplicates > 0 ? (
            <span className="cell-sub">{t('activity.inbox.repeats', { repeats: formatCount(item.duplicates, i18n.language) })}</span>
          ) : null}
        </td>
        <td className="cell-kind">
          {kind.known ? (
            kind.text
          ) : (
            <span className="cell-kind-unknown">
              <span className="mono">{kind.text}</span>
              <Tag>{t('activity.inbox.unknownKind')}</Tag>
            </span>
          )}
        </td>
        <td className="mono" title={item.documentId ?? undefined}>
          {item.documentId ? shortId(item.documentId) : none}
        </td>
        <td>
          <Tag tone={stateTone[item.state]}>{labels.inboxState(item.state)}</Tag>
        </td>
        <td className="cell-number">{formatCount(item.attempts, i18n.language)}</td>
        <td className="cell-error" title={item.lastError ?? undefined}>
          {item.lastError ?? none}
        </td>
        <td className="cell-action">
          <button
            type="button"
            className="row-toggle"
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            aria-label={`${open ? t('activity.inbox.hideBody') : t('activity.inbox.showBody')}: ${t('activity.inbox.bodyLabel', { when })}`}
            onClick={() => setOpen((value) => !value)}
            data-testid="inbox-row-toggle"
          >
            <span>{open ? t('activity.inbox.hideBody') : t('activity.inbox.showBody')}</span>
            <ChevronIcon />
          </button>
        </td>
      </tr>
      {open ? (
        <tr className="inbox-body-row">
          <td colSpan={INBOX_COLUMNS}>
            <section id={bodyId} className="raw-body" aria-label={t('activity.inbox.bodyLabel', { when })}>
              <pre data-testid="inbox-raw">{readable(item.raw)}</pre>
              <CopyButton
                text={item.raw}
                label={t('activity.inbox.copyBody')}
                copiedLabel={t('activity.webhook.copied')}
                failedLabel={t('activity.webhook.copyFailed')}
              />
            </section>
          </td>
        </tr>
      ) : null}
    </>
  );
}
