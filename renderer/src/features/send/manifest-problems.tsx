import { useTranslation } from 'react-i18next';
import type { Batch } from '../../../../shared';
import { Notice } from '../../components/notice';
import { useErrorText } from '../../lib/use-error-text';

/** What the last manifest import could not apply: rows naming files not added, files with no row, bad cells. */
export function ManifestProblems({ problems }: { problems: Batch['manifestProblems'] }) {
  const { t } = useTranslation();
  const { explain } = useErrorText();
  if (problems.length === 0) return null;
  return (
    <Notice tone="warning" testId="manifest-problems">
      <p className="notice-title">{t('send.manifest.problemsTitle', { count: problems.length })}</p>
      <p>{t('send.manifest.problemsBody')}</p>
      <ul className="problem-list">
        {problems.map((problem, index) => (
          <li key={index}>
            <span className="problem-where">{problem.row !== null ? t('send.manifest.row', { row: problem.row }) : t('send.manifest.general')}</span>
            <span>{explain(problem)}</span>
          </li>
        ))}
      </ul>
    </Notice>
  );
}
