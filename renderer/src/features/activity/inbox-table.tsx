import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../../../../shared';
import { InboxRow } from './inbox-row';

/** The notifications of one page, most recent first. */
export function InboxTable({ items, busy }: { items: InboxItem[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table
        className="data-table inbox-table"
        aria-label={t('activity.inbox.tableLabel')}
        aria-busy={busy || undefined}
        data-testid="inbox-table"
      >
        <thead>
          <tr>
            <th scope="col">{t('activity.inbox.columns.time')}</th>
            <th scope="col">{t('activity.inbox.columns.kind')}</th>
            <th scope="col">{t('activity.inbox.columns.document')}</th>
            <th scope="col">{t('activity.inbox.columns.state')}</th>
            <th scope="col" className="cell-number">
              {t('activity.inbox.columns.attempts')}
            </th>
            <th scope="col">{t('activity.inbox.columns.lastError')}</th>
            <th scope="col" className="cell-action">
              {t('activity.inbox.columns.body')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <InboxRow key={item.id} item={item} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
