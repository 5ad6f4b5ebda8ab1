import { useTranslation } from 'react-i18next';
import type { BagSummary } from '../../../../shared/domain/evidence';
import { formatDate } from '../../lib/format-time';
import { useEvidenceStore } from './evidence-store';
import { CheckCounts } from './check-counts';
import { LookTag } from './look-tag';

/**
 * One page of archived documents. A tick box per row selects it (for an export or a new check); the
 * title is a button that opens the document's evidence (Tab to it, Enter or Space).
 */
export function BagsTable({ bags, busy }: { bags: BagSummary[]; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const { selected, toggle, setSelected, openBag, open } = useEvidenceStore();
  const onPage = bags.map((b) => b.bagPath);
  const allTicked = onPage.length > 0 && onPage.every((p) => selected.includes(p));
  return (
    <div className="table-scroll">
      <table
        className="data-table evidence-table"
        aria-label={t('evidence.tableLabel')}
        aria-busy={busy || undefined}
        data-testid="bags-table"
      >
        <thead>
          <tr>
            <th scope="col" className="cell-tick">
              <input
                type="checkbox"
                aria-label={t('evidence.selectAll')}
                checked={allTicked}
                onChange={(event) =>
                  setSelected(event.target.checked ? [...new Set([...selected, ...onPage])] : selected.filter((p) => !onPage.includes(p)))
                }
              />
            </th>
            <th scope="col">{t('evidence.columns.document')}</th>
            <th scope="col">{t('evidence.columns.result')}</th>
            <th scope="col" className="evidence-cell-checks">
              {t('evidence.columns.checks')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bags.map((bag) => (
            <tr
              key={bag.bagPath}
              className={bag.bagPath === open ? 'is-selected' : undefined}
              data-testid="bag-row"
              data-verdict={bag.verdict}
            >
              <td className="cell-tick">
                <input
                  type="checkbox"
                  aria-label={t('evidence.selectOne', { title: bag.title })}
                  checked={selected.includes(bag.bagPath)}
                  onChange={(event) => toggle(bag.bagPath, event.target.checked)}
                />
              </td>
              <td className="cell-title">
                <button type="button" className="evidence-open" onClick={() => openBag(bag.bagPath)} data-testid="bag-open">
                  {bag.title}
                </button>
                <span className="cell-sub">
                  {bag.documentDate ? formatDate(`${bag.documentDate}T12:00:00Z`, i18n.language) : t('evidence.panel.none')}
                </span>
              </td>
              <td>
                <LookTag verdict={bag.verdict} trust={bag.trust} testId="bag-verdict" />
                {bag.problems.length > 0 ? (
                  <span className="cell-sub evidence-changed">
                    {bag.verdict === 'incomplete' ? t('evidence.review.notAllThere') : t('evidence.changedOnDisk')}
                  </span>
                ) : null}
              </td>
              <td className="evidence-cell-checks">
                <CheckCounts counts={bag.counts} testId="bag-counts" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
